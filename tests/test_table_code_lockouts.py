"""Table codes typed at /t/ never stop a club: a right code opens its table however many
wrong codes the club's phones typed before it (up to a generous allowance), however many
phones type the same card's code, and however many join at once. A guesser past an
address's allowance types one code at a time and waits between wrong ones, longer each
time, told the real wait; chief directors see those addresses and lift their waits.
(matches/auth/code_lockouts.py; the arithmetic of guessing is in docs/tables.md.)"""

import html
import re
import time

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.auth import code_lockouts
from matches.text import wait_words
from tests.clock import FakeClock
from tests.factories import make_match, make_user
from tests.redis import require_redis
from tests.threads import at_once

pytestmark = pytest.mark.django_db
CLUB = "203.0.113.7"  # the club's router: every phone there reaches the server from it
WRONG = "No table has the code"
LOCKOUTS, LIFT = "/director/lockouts/", "/director/lockouts/codes/lift/"


@pytest.fixture
def tables(db):
    match = make_match()
    opened = actions.open_tables(match.stage, round_number=match.round, user=None)
    return {table.room: table for table in opened}


@pytest.fixture
def clock(monkeypatch):
    """time.time() as the test sets it (the memory cache's expiry follows it)."""
    clock = FakeClock(1_800_000_000.0)
    monkeypatch.setattr(time, "time", clock)
    return clock


@pytest.fixture
def small_allowance(settings):
    """Three wrong codes an hour before an address waits: 15 s, doubling, at most 10 min."""
    settings.TABLE_CODE_WRONG_RATE = "3/h"
    settings.TABLE_CODE_WAIT = 15
    settings.TABLE_CODE_MAX_WAIT = 600
    return settings


def phone(address=CLUB, language="en", user=None) -> Client:
    """Return a phone (or a director's browser) at a client address, in ``language``."""
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = language
    if user is not None:
        client.force_login(user)
    return client


def type_code(client, code):
    return client.post("/t/", {"code": code})


def wrong_code(number: int) -> str:
    """Return the ``number``th of many codes no table has (the test's codes all differ)."""
    return f"ZZ{number:04d}".translate(str.maketrans("01", "XY"))


def said(response) -> str:
    """Return what a page says, as a person reads it (tags out, spaces run together)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def opened(response, table) -> bool:
    return response.status_code == 302 and response["Location"] == f"/t/{table.token}/"


def guess_until_waiting(client, wrong=4):
    """Type ``wrong`` wrong codes (the small allowance's three, then one that waits)."""
    answers = [type_code(client, wrong_code(n)) for n in range(wrong)]
    assert [a.status_code for a in answers] == [200] * (wrong - 1) + [429]
    return answers[-1]


# --- a club's phones ------------------------------------------------------------------------


def test_25_wrong_codes_from_a_clubs_phones_do_not_stop_a_right_one(tables):
    for clumsy in range(5):
        slips = phone()
        for slip in range(5):
            answer = type_code(slips, wrong_code(clumsy * 5 + slip))
            assert answer.status_code == 200 and WRONG in said(answer)
    assert opened(type_code(phone(), tables["open"].code), tables["open"])


def test_a_right_code_is_never_counted_however_often_it_is_typed(tables):
    for _ in range(60):  # the old limit refused the 21st code a minute, right or wrong
        assert opened(type_code(phone(), tables["closed"].code), tables["closed"])
    answer = type_code(phone(), wrong_code(1))
    assert answer.status_code == 200 and "waits between codes" not in said(answer)


def test_forty_phones_typing_one_cards_code_all_get_in(tables):
    table = tables["open"]  # the old limit locked a card after 30 tries from anywhere
    for number in range(40):
        address = CLUB if number % 2 else f"198.51.100.{number}"
        assert opened(type_code(phone(address), table.code), table), number


@pytest.mark.django_db(transaction=True)
def test_24_phones_joining_at_once_from_one_address_all_get_in(tables):
    codes = [tables["open"], tables["closed"]]

    def join(index):
        return opened(type_code(phone(), codes[index % 2].code), codes[index % 2])

    assert at_once(24, join) == [True] * 24


def test_a_withdrawn_tables_code_and_a_malformed_one_are_not_counted(small_allowance, tables):
    withdrawn = actions.revoke_table(tables["open"], user=None)
    club = phone()
    for _ in range(5):
        answer = type_code(club, withdrawn.code)
        assert answer.status_code == 200 and "withdrawn by the director" in said(answer)
        assert type_code(club, "12").status_code == 200
    guess_until_waiting(club)


def test_the_last_wrong_codes_of_the_allowance_say_how_many_are_left(tables):
    club = phone()
    answers = [type_code(club, wrong_code(n)) for n in range(32)]
    assert "waits between codes" not in said(answers[24])
    assert "After 5 more wrong codes from your address, it waits between codes." in said(
        answers[25]
    )
    assert "After 1 more wrong code from your address, it waits between codes." in said(answers[29])
    assert answers[30].status_code == 429 and "again in 15 seconds" in said(answers[30])
    assert answers[31].status_code == 429 and WRONG not in said(answers[31])


# --- a guesser ----------------------------------------------------------------------------


def test_past_its_allowance_an_address_waits_between_codes_longer_each_time(
    small_allowance, tables, clock
):
    guesser, table = phone(), tables["open"]
    waiting = said(guess_until_waiting(guesser))
    assert WRONG in waiting and "type the code again in 15 seconds" in waiting
    assert "scanning the QR code on your table's card opens your table" in waiting
    clock.now += 5
    refused = type_code(phone(), table.code)  # another phone there, the right code
    assert refused.status_code == 429 and "type the code again in 10 seconds" in said(refused)
    assert WRONG not in said(refused)  # not looked up: no answer about the code
    for wait, words in [
        (15, "30 seconds"),
        (30, "60 seconds"),
        (60, "2 minutes"),
        (120, "4 minutes"),
        (240, "8 minutes"),
        (480, "10 minutes"),
        (600, "10 minutes"),
    ]:
        clock.now += 10 if wait == 15 else wait
        answer = type_code(guesser, wrong_code(wait))
        assert answer.status_code == 429 and f"type the code again in {words}" in said(answer)
    clock.now += 600
    assert opened(type_code(phone(), table.code), table)  # its turn, and right: no wait
    assert opened(type_code(phone(), table.code), table)


def test_the_allowance_comes_back_as_the_wrong_codes_grow_an_hour_old(
    small_allowance, tables, clock
):
    guesser = phone()
    guess_until_waiting(guesser)
    clock.now += 3601
    assert [type_code(guesser, wrong_code(9)).status_code for _ in range(3)] == [200] * 3


def test_another_address_is_never_held_back_by_a_guessers_wait(small_allowance, tables):
    guess_until_waiting(phone())
    elsewhere = phone("198.51.100.20")
    assert type_code(elsewhere, wrong_code(7)).status_code == 200
    assert opened(type_code(elsewhere, tables["open"].code), tables["open"])


def test_an_ipv6_phone_waits_with_its_64_network(small_allowance, tables):
    guess_until_waiting(phone("2001:db8:1:2::10"))
    neighbour = type_code(phone("2001:db8:1:2:aaaa::1"), tables["open"].code)
    assert neighbour.status_code == 429
    assert opened(type_code(phone("2001:db8:1:3::1"), tables["open"].code), tables["open"])


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_wrong_codes_at_once_gets_no_more_answers_than_the_allowance_and_a_turn(
    small_allowance, tables
):
    answers = at_once(24, lambda index: said(type_code(phone(), wrong_code(index))))
    assert sum(WRONG in answer for answer in answers) == 4
    assert sum("type the code again in" in answer for answer in answers) == 21  # one: both


def test_the_wait_reads_in_chinese(small_allowance, tables):
    waiting = guess_until_waiting(phone(language="zh-hans"))
    assert '<html lang="zh-hans">' in waiting.content.decode()
    assert "您的网络地址输错牌桌代码次数过多：请在 15 秒后再输入代码。" in said(waiting)


def test_a_logged_in_director_is_never_held_back(small_allowance, tables):
    director = phone(user=make_user(director=True))
    for number in range(8):
        assert type_code(director, wrong_code(number)).status_code == 200
    assert opened(type_code(director, tables["open"].code), tables["open"])
    assert opened(type_code(phone(), tables["open"].code), tables["open"])  # nothing counted


# --- the chief directors' list --------------------------------------------------------------


def test_a_chief_director_sees_an_address_waiting_and_lifts_its_wait(small_allowance, tables):
    guesser = phone()
    guess_until_waiting(guesser)
    chief = phone("198.51.100.1", user=make_user("chief", chief=True))
    page = chief.get(LOCKOUTS)
    assert page.status_code == 200
    row = re.search(r"<tr><td>203\.0\.113\.7</td>.*?</tr>", page.content.decode(), re.S)
    assert row and '<td class="text-end">4</td>' in row[0], said(page)
    assert re.search(r"<td>\d\d:\d\d:\d\d</td>", row[0])  # until when it waits
    assert "Login lock-outs" not in said(page)  # those are the superusers'

    lifted = chief.post(LIFT, {"address": CLUB}, follow=True)
    assert "Phones at 203.0.113.7 may type table codes again." in said(lifted)
    assert "No address is held back from typing table codes." in said(lifted)
    assert opened(type_code(guesser, tables["open"].code), tables["open"])
    assert [type_code(guesser, wrong_code(8)).status_code for _ in range(3)] == [200] * 3


def test_only_chief_directors_and_superusers_see_the_code_lock_outs_and_lift_them(
    small_allowance, tables
):
    guess_until_waiting(phone())
    director = phone("198.51.100.1", user=make_user("td", director=True))
    player = phone("198.51.100.2", user=make_user("player"))
    for someone in (director, player):
        assert someone.get(LOCKOUTS).status_code == 403
        assert someone.post(LIFT, {"address": CLUB}).status_code == 403
    anonymous = phone("198.51.100.3")
    assert anonymous.get(LOCKOUTS)["Location"].startswith(reverse("login"))
    assert anonymous.post(LIFT, {"address": CLUB})["Location"].startswith(reverse("login"))
    assert type_code(phone(), tables["open"].code).status_code == 429  # still waiting

    root = phone("198.51.100.4", user=make_user("root", superuser=True))
    page = said(root.get(LOCKOUTS))
    assert "203.0.113.7" in page and "Login lock-outs" in page and "Table codes" in page


def test_the_dashboard_shows_chief_directors_the_way_to_the_lock_outs():
    chief = phone(user=make_user("chief", chief=True)).get(reverse("director")).content.decode()
    td = phone(user=make_user("td", director=True)).get(reverse("director")).content.decode()
    assert f'href="{LOCKOUTS}"' in chief and f'href="{LOCKOUTS}"' not in td


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "“203.0.113” is not an address"), ("zh-hans", "“203.0.113”不是地址")],
)
def test_lifting_something_that_is_no_address_says_so(language, message):
    chief = phone(language=language, user=make_user("chief", chief=True))
    page = chief.post(LIFT, {"address": "203.0.113"})
    assert page.status_code == 200 and message in said(page)


def test_lifting_an_address_that_is_not_waiting_says_so():
    chief = phone(user=make_user("chief", chief=True))
    page = said(chief.post(LIFT, {"address": "2001:db8:1:2::/64"}, follow=True))
    assert "Nothing to lift: 2001:db8:1:2::/64 is not held back from typing table codes." in page


def test_an_ipv6_network_is_listed_and_lifted_as_one(small_allowance, tables):
    guess_until_waiting(phone("2001:db8:1:2::10"))
    chief = phone(user=make_user("chief", chief=True))
    assert "2001:db8:1:2::/64" in said(chief.get(LOCKOUTS))
    chief.post(LIFT, {"address": "2001:db8:1:2::/64"})
    assert opened(type_code(phone("2001:db8:1:2::99"), tables["open"].code), tables["open"])


def test_the_lock_out_page_reads_in_chinese(small_allowance, tables):
    guess_until_waiting(phone())
    page = said(phone(language="zh-hans", user=make_user("chief", chief=True)).get(LOCKOUTS))
    for words in ("牌桌代码", "输错次数", "等待至", "解除"):
        assert words in page, words


def test_with_redis_the_waits_are_shared_and_lifted_there(redis_settings, tables):
    redis_settings.TABLE_CODE_WRONG_RATE = "3/h"
    guess_until_waiting(phone())
    assert type_code(phone(), tables["open"].code).status_code == 429
    assert [lockout.address for lockout in code_lockouts.code_lockouts()] == [CLUB]
    prefix = redis_settings.CACHES["default"]["KEY_PREFIX"]
    assert any(b"table-code" in key for key in require_redis().scan_iter(match=f"{prefix}:*"))
    assert code_lockouts.lift(CLUB)
    assert opened(type_code(phone(), tables["open"].code), tables["open"])


@pytest.mark.parametrize(
    ("seconds", "english", "chinese"),
    [
        (1, "1 second", "1 秒"),
        (90, "90 seconds", "90 秒"),
        (120, "2 minutes", "2 分钟"),
        (121, "3 minutes", "3 分钟"),
        (3600, "1 hour", "1 小时"),
        (7200, "2 hours", "2 小时"),
    ],
)
def test_a_wait_reads_as_a_person_says_it(seconds, english, chinese):
    for language, words in (("en", english), ("zh-hans", chinese)):
        with translation.override(language):
            assert wait_words(seconds) == words
