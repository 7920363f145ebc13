"""Rate limits per address hold under a burst: sign-ups at once make no more accounts than
the limit, and the login limit is a sliding window (no window edge lets twice the limit
through). The limits are atomic on each cache the app uses: memory, the database, Redis.

On PostgreSQL (DATABASE_URL=postgres://…) the database cache is tested with threads too.
"""

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse

from matches import actions
from matches.apps import create_cache_tables
from matches.auth import ratelimit
from tests.clock import FakeClock
from tests.threads import at_once

PASSWORD = "a long pass phrase 42"
TIMEOUT = 60


class Turns:
    """Requests from many threads that take turns at the database (SQLite takes one writer
    at a time), except that a sign-up waits, out of turn, until every other request has
    either reached its sign-up too or been answered: so every request of the burst is past
    its rate-limit check before the first account is written, as on a busy server."""

    def __init__(self, count):
        self.count, self.reached, self.answered = count, 0, 0
        self.turn = threading.Condition()

    def request(self, post):
        with self.turn:
            response = post()
            self.answered += 1
            self.turn.notify_all()
            return response

    def before_sign_up(self):
        self.reached += 1
        self.turn.notify_all()
        gathered = self.turn.wait_for(
            lambda: self.reached + self.answered >= self.count, timeout=TIMEOUT
        )  # the sign-ups answered first count twice: one is enough
        assert gathered, "the burst never gathered"


@pytest.mark.django_db(transaction=True)
def test_twelve_sign_ups_at_once_from_one_address_make_no_more_than_five_accounts(
    settings, monkeypatch
):
    assert settings.SIGNUP_RATE == "5/h"
    turns, sign_up = Turns(12), actions.sign_up

    def sign_up_when_all_are_in(**kwargs):
        turns.before_sign_up()
        return sign_up(**kwargs)

    monkeypatch.setattr(actions, "sign_up", sign_up_when_all_are_in)

    def visitor(index):
        client = Client(REMOTE_ADDR="203.0.113.7")
        client.cookies["django_language"] = "en"
        data = {"username": f"bot{index}", "password1": PASSWORD, "password2": PASSWORD}
        return turns.request(lambda: client.post(reverse("signup"), data).status_code)

    before = User.objects.count()
    answers = at_once(12, visitor)
    assert User.objects.count() - before == 5, sorted(answers)
    assert sorted(answers) == [302] * 5 + [429] * 7


@pytest.mark.django_db
def test_a_login_burst_straddling_a_window_edge_is_refused(settings, monkeypatch):
    """Five attempts, then five more 59 seconds later: with fixed one-minute windows one
    of the two tries (ten seconds apart in the minute) has a window's edge between its
    bursts and lets ten through in a minute. A sliding window lets five through in any
    minute, and five again once the first five are a minute old."""
    settings.LOGIN_RATE = "5/m"
    clock = FakeClock(1_800_000_000.0)
    monkeypatch.setattr(time, "time", clock)
    client = Client(REMOTE_ADDR="203.0.113.7")
    names = (f"nobody{n}" for n in range(100))  # each name once: no lock-out (axes)

    def burst():
        posts = [{"username": next(names), "password": "wrong"} for _ in range(5)]
        return [client.post(reverse("login"), data).status_code != 429 for data in posts]

    for start in (clock.now, clock.now + 1030):  # 10 s further into the minute
        clock.now = start
        assert burst() == [True] * 5
        clock.now = start + 59
        assert burst() == [False] * 5, "the second burst of the minute went through"
        clock.now = start + 60.5
        assert burst() == [True] * 5  # a minute after the first burst


def attempts_at_once(count, rate):
    request = RequestFactory().post("/", REMOTE_ADDR="198.51.100.9")
    return at_once(count, lambda _: ratelimit.attempt("test", request, rate).allowed)


@pytest.mark.django_db
def test_the_limit_in_memory_lets_exactly_the_limit_through_threads_at_once(settings):
    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"}
    settings.CACHES = {**settings.CACHES, "shared": memory}
    assert sum(attempts_at_once(24, "7/m")) == 7


def test_the_limit_in_redis_lets_exactly_the_limit_through_threads_at_once(redis_settings):
    assert sum(attempts_at_once(24, "7/m")) == 7


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="database writes from many threads at once need PostgreSQL: set DATABASE_URL",
)
@pytest.mark.django_db(transaction=True)
def test_the_limit_in_the_database_cache_lets_exactly_the_limit_through_threads_at_once(
    settings,
):
    table = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "shared_cache"}
    settings.CACHES = {**settings.CACHES, "shared": table}
    create_cache_tables()
    assert sum(attempts_at_once(24, "7/m")) == 7
    caches["shared"].clear()
    assert sum(attempts_at_once(24, "7/m")) == 7  # expired or cleared slots are taken again


def turns_and_notes_at_once(count):
    """Have ``count`` threads at once each try to take one address's turn and put its own
    address on one list; return how many took the turn and the list."""
    request = RequestFactory().post("/", REMOTE_ADDR="198.51.100.9")

    def work(index):
        ratelimit.note("test-list", f"203.0.113.{index}", 60, 50)
        return ratelimit.hold("test-turn", request, 60).allowed

    taken = sum(at_once(count, work))
    return taken, sorted(ratelimit.noted("test-list", 50))


CACHES_AT_ONCE = {
    "memory": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "turns"},
    "database": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "shared_cache",
    },
}


@pytest.mark.parametrize("cache", CACHES_AT_ONCE)
@pytest.mark.django_db(transaction=True)
def test_one_caller_of_many_at_once_takes_a_turn_and_every_address_noted_stays_listed(
    settings, cache
):
    if cache == "database" and connection.vendor != "postgresql":
        pytest.skip("database writes from many threads at once need PostgreSQL: DATABASE_URL")
    settings.CACHES = {**settings.CACHES, "shared": CACHES_AT_ONCE[cache]}
    create_cache_tables()
    taken, listed = turns_and_notes_at_once(24)
    assert taken == 1
    assert listed == sorted(f"203.0.113.{index}" for index in range(24))


def test_in_redis_one_caller_of_many_at_once_takes_a_turn_and_every_address_stays_listed(
    redis_settings,
):
    taken, listed = turns_and_notes_at_once(24)
    assert taken == 1 and len(listed) == 24


@pytest.mark.django_db
def test_a_turn_says_how_long_it_is_held_and_is_free_once_given_back():
    request = RequestFactory().post("/", REMOTE_ADDR="198.51.100.9")
    turn = ratelimit.hold("test-turn", request, 40)
    assert turn and not ratelimit.hold("test-turn", request, 40)
    assert 39 <= ratelimit.held("test-turn", request) <= 40
    turn.give_back()
    assert ratelimit.held("test-turn", request) == 0 and ratelimit.hold("test-turn", request, 9)


def test_an_ipv6_address_counts_as_its_64_network():
    request = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    assert ratelimit.client_address(request) == "2001:db8:1:2::/64"
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.7")
    assert ratelimit.client_address(request) == "203.0.113.7"


@pytest.mark.parametrize(
    ("rate", "parsed"),
    [("20/m", (20, 60)), ("5/h", (5, 3600)), ("3/2d", (3, 172800)), ("1/s", (1, 1))],
)
def test_rates_read_as_the_settings_write_them(rate, parsed):
    assert ratelimit.parse_rate(rate) == parsed
