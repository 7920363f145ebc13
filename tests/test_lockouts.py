"""Login lock-outs stop a guesser and nobody else: they count one user name from one
address, do not grow while they last, and only superusers see and lift them."""

import datetime
import io
import re

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.factories import make_user
from tests.redis import require_redis

pytestmark = pytest.mark.django_db

RIGHT = "correct horse battery"


@pytest.fixture(autouse=True)
def fresh_axes_handler():
    """axes keeps its handler once made: make it afresh from each test's settings."""
    from axes.handlers.proxy import AxesProxyHandler

    AxesProxyHandler.implementation = None
    yield
    AxesProxyHandler.implementation = None


def browser(address: str, language: str = "en") -> Client:
    """Return a browser at a client address, asking for pages in ``language``."""
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = language
    return client


def log_in(client, username, password=RIGHT, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def guess(client, username, times=5, **extra):
    """Fail to log in ``times`` times; the fifth failure is answered with the lock-out."""
    for n in range(1, times + 1):
        expected = 429 if n >= 5 else 200
        assert log_in(client, username, "wrong", **extra).status_code == expected, n


def logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


def test_five_wrong_passwords_lock_that_name_at_that_address_and_nothing_else():
    make_user("player1")
    make_user("player2")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")

    refused = log_in(guesser, "player1")
    assert refused.status_code == 429
    assert "Too many failed logins for this user name from your address" in refused.text
    assert 'role="alert"' in refused.text and "<h1" in refused.text  # the site's layout
    assert not logged_in(refused)

    assert logged_in(log_in(browser("198.51.100.20"), "player1"))  # the player, elsewhere
    assert logged_in(log_in(browser("203.0.113.7"), "player2"))  # a clubmate on that Wi-Fi


def test_the_lock_out_page_reads_in_chinese():
    make_user("player1")
    guesser = browser("203.0.113.7", "zh-hans")
    guess(guesser, "player1")
    page = log_in(guesser, "player1")
    assert page.status_code == 429
    assert '<html lang="zh-hans">' in page.text
    assert "这个用户名从您的网络地址登录失败次数过多" in page.text


def test_a_name_typed_in_another_case_counts_as_the_same_name():
    make_user("player1")
    guesser = browser("203.0.113.7")
    for name in ("player1", "PLAYER1", "Player1", "pLayer1", "ｐｌａｙｅｒ１"):
        log_in(guesser, name, "wrong")
    assert log_in(guesser, "player1").status_code == 429


def test_attempts_during_a_lock_out_do_not_extend_it():
    make_user("director1")
    guesser = browser("203.0.113.7")
    guess(guesser, "director1")

    def minutes_pass(minutes):
        for attempt in AccessAttempt.objects.all():
            attempt.attempt_time -= datetime.timedelta(minutes=minutes)
            attempt.save()

    minutes_pass(50)
    assert log_in(guesser, "director1", "wrong again").status_code == 429  # during the lock
    minutes_pass(11)  # an hour and a minute after the fifth failure
    assert logged_in(log_in(guesser, "director1"))


def test_only_superusers_see_the_login_lock_outs_and_lift_them(director_client):
    make_user("player1")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")
    lockouts, unlock = reverse("director-lockouts"), reverse("director-unlock")
    lock = {"username": "player1", "ip_address": "203.0.113.7"}

    chiefs = director_client.get(lockouts)  # a chief director: the table codes' lock-outs
    assert chiefs.status_code == 200
    assert "player1" not in chiefs.text and "Login lock-outs" not in chiefs.text
    assert director_client.post(unlock, lock).status_code == 403
    assert log_in(guesser, "player1").status_code == 429  # still locked

    admin = Client()
    admin.force_login(make_user("admin", superuser=True))
    admin.cookies["django_language"] = "en"
    page = admin.get(lockouts).text
    assert "player1" in page and "203.0.113.7" in page
    admin.post(unlock, lock)
    assert "No lock-outs in force." in admin.get(lockouts).text
    assert logged_in(log_in(guesser, "player1"))


def test_a_director_who_is_not_a_chief_director_is_not_shown_the_way_to_the_lock_outs(
    td_client,
):
    assert reverse("director-lockouts") not in td_client.get(reverse("director")).text
    assert td_client.get(reverse("director-lockouts")).status_code == 403


def test_a_superuser_locked_out_cannot_be_unlocked_by_a_director(director_client):
    make_user("root", superuser=True)
    guesser = browser("203.0.113.7")
    guess(guesser, "root")
    director_client.post(reverse("director-unlock"), {"username": "root"})
    assert log_in(guesser, "root").status_code == 429


def test_a_user_name_longer_than_any_account_can_have_is_refused_by_the_form():
    page = log_in(browser("203.0.113.7"), "x" * 256, "wrong")
    assert page.status_code == 200
    assert "A user name has at most 150 characters; this one has 256." in page.text


def test_a_long_user_name_on_the_admin_login_is_no_server_error():
    # The admin's own login form has no such check: the failed-login record still fits
    # its column (a server error on PostgreSQL before).
    response = browser("203.0.113.7").post(
        reverse("admin:login"), {"username": "x" * 256, "password": "wrong"}
    )
    assert response.status_code == 200


def test_with_redis_the_lock_outs_are_counted_there_and_listed_for_superusers(redis_settings):
    redis_settings.AXES_HANDLER = "matches.auth.accounts.CachedLockouts"
    make_user("player1")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")
    assert log_in(guesser, "player1").status_code == 429
    assert logged_in(log_in(browser("198.51.100.20"), "player1"))
    prefix = redis_settings.CACHES["default"]["KEY_PREFIX"]
    assert any(b"axes" in key for key in require_redis().scan_iter(match=f"{prefix}:*"))

    admin = Client()
    admin.force_login(make_user("admin", superuser=True))
    assert "203.0.113.7" in admin.get(reverse("director-lockouts")).text
    admin.post(reverse("director-unlock"), {"username": "player1", "ip_address": "203.0.113.7"})
    assert logged_in(log_in(guesser, "player1"))


def test_with_redis_axes_reset_lifts_every_lock_out(redis_settings):
    redis_settings.AXES_HANDLER = "matches.auth.accounts.CachedLockouts"
    make_user("player1")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")
    assert log_in(guesser, "player1").status_code == 429
    out = io.StringIO()
    call_command("axes_reset", stdout=out)
    assert "attempts removed" in out.getvalue()
    assert logged_in(log_in(guesser, "player1"))


def superuser_browser(language="en") -> Client:
    admin = Client()
    admin.force_login(make_user("admin", superuser=True))
    admin.cookies["django_language"] = language
    return admin


def field_and_errors(page: str, name: str) -> tuple[str, str]:
    """Return the input called ``name`` and the errors shown beside it."""
    field = re.search(rf'<input[^>]*name="{name}"[^>]*aria-invalid[^>]*>', page)
    errors = re.search(rf'<div[^>]*id="unlock-{name}-errors"[^>]*>(.*?)</div>', page, re.S)
    return (field[0] if field else ""), (errors[1] if errors else "")


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Enter a valid IPv4 or IPv6 address."),
        ("zh-hans", "输入一个有效的 IPv4 或 IPv6 地址。"),
    ],
)
def test_an_unlock_for_an_address_that_is_no_ip_address_is_refused_beside_the_field(
    language, message
):
    make_user("player1")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")
    lock = {"username": "player1", "ip_address": "not-an-ip"}
    response = superuser_browser(language).post(reverse("director-unlock"), lock)
    assert response.status_code == 200
    field, errors = field_and_errors(response.text, "ip_address")
    assert "is-invalid" in field and 'value="not-an-ip"' in field
    assert message in errors
    assert log_in(guesser, "player1").status_code == 429  # nothing was unlocked


def test_an_unlock_for_a_user_name_holding_a_nul_is_refused_beside_the_field():
    response = superuser_browser().post(reverse("director-unlock"), {"username": "pla\x00yer"})
    assert response.status_code == 200
    field, errors = field_and_errors(response.text, "username")
    assert "is-invalid" in field and "Null characters are not allowed." in errors


def test_a_superuser_lifts_a_lock_out_by_typing_its_name_and_address():
    make_user("player1")
    guesser = browser("203.0.113.7")
    guess(guesser, "player1")
    admin = superuser_browser()
    page = admin.get(reverse("director-lockouts")).text
    assert 'id="unlock-username"' in page and 'id="unlock-ip_address"' in page
    lock = {"username": "player1", "ip_address": " 203.0.113.7 "}
    page = admin.post(reverse("director-unlock"), lock, follow=True).text
    assert "player1 can log in again from 203.0.113.7." in page
    assert logged_in(log_in(guesser, "player1"))


def test_the_admin_login_is_held_to_the_same_limit_per_address_as_the_apps(settings):
    settings.LOGIN_RATE = "5/m"
    guesser = browser("203.0.113.8")
    tries = [
        guesser.post(reverse("admin:login"), {"username": f"name{n}", "password": "wrong"})
        for n in range(5)
    ]
    assert [t.status_code for t in tries] == [200] * 5  # each name once: no lock-out
    refused = guesser.post(reverse("admin:login"), {"username": "name5", "password": "wrong"})
    assert refused.status_code == 429
    assert "Too many login attempts from your address" in refused.text
    assert log_in(guesser, "name6", "wrong").status_code == 429  # one count for both doors
    assert browser("203.0.113.9").post(reverse("admin:login")).status_code == 200
