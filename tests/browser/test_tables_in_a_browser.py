"""The table page on the players' phones (390 px, no login), in a real browser: North-South
enters, East-West accepts on their own phone or on the same one, a result not agreed calls
the director, and nothing is lost nor stored twice while the network is cut.

Each phone is a browser context of its own (its own storage, its own service worker).
"""

import re

import pytest
from playwright.sync_api import expect

from matches import actions
from matches.models import DirectorCall, Result, TableEntry
from matches.models.stages import first_stage
from tests.browser.helpers import POLL, board, cut_network, restore_network, tap_result
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {
    "zh-CN": {
        "4S+1": "南北 4♠ 超一 +450",
        "3NT-2": "东西 3NT 宕二 −200",
        "side": "南北",
        "other": "东西",
        "hand": "交给东西方确认",
        "accepted": "已确认",
        "waiting": "等待发送",
        "director": "裁判录入：",
    },
    "en-US": {
        "4S+1": "N-S 4♠ +1 +450",
        "3NT-2": "E-W 3NT −2 −200",
        "side": "North-South",
        "other": "East-West",
        "hand": "Hand to East-West to accept",
        "accepted": "Accepted",
        "waiting": "Waiting to send",
        "director": "The director entered",
    },
}


@pytest.fixture
def table(db):
    """Return the open room of a 4-board match, its tables open."""
    event = make_event(name="周二队式赛", boards_per_match=4, boards_per_segment=4)
    make_match(event, home=make_team(event, "北京队"), away=make_team(event, "上海队"))
    tables = actions.open_tables(first_stage(event), round_number=1, user=None)
    return next(t for t in tables if t.room == "open")


def history_counts(table):
    return {
        r.board.number: r.history.count()
        for r in Result.objects.filter(board__match=table.match, room=table.room)
    }


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_north_south_enters_and_east_west_accepts_on_their_own_phone(phones, table, locale):
    words = WORDS[locale]
    north_south = phones(table, locale, side="NS")
    east_west = phones(table, locale, side="EW")
    expect(north_south.locator("#table-entry")).to_be_visible()
    tap_result(north_south, 4, "S", "N", "+1")
    expect(board(north_south, 1)).to_have_attribute("data-status", "waiting")
    expect(board(north_south, 1).locator(".board-words")).to_have_text(words["4S+1"])
    expect(board(north_south, 1).get_by_role("button", name=words["hand"])).to_be_visible()
    expect(board(north_south, 2)).to_have_class(re.compile("is-current"))  # on to board 2
    # East-West's phone sees the entry waiting, with its Accept
    expect(board(east_west, 1)).to_have_attribute("data-status", "waiting", timeout=POLL)
    expect(board(east_west, 1).locator(".board-words")).to_have_text(words["4S+1"])
    expect(board(east_west, 1).get_by_role("button", name=words["hand"])).to_be_hidden()
    board(east_west, 1).locator(".decide .btn-success").click()
    expect(board(east_west, 1)).to_have_attribute("data-status", "accepted")
    expect(board(north_south, 1)).to_have_attribute("data-status", "accepted", timeout=POLL)
    expect(board(north_south, 1)).to_contain_text(words["accepted"])
    result = Result.objects.get(board__match=table.match, board__number=1, room="open")
    assert (str(result.contract), result.declarer, result.tricks) == ("4S", "N", 11)
    assert history_counts(table) == {1: 1}
    assert "entered by NS" in result.history.get().history_change_reason


def test_the_same_phone_hands_over_to_east_west_who_accept_or_call_the_director(phones, table):
    words = WORDS["zh-CN"]
    phone = phones(table, "zh-CN", side="NS")
    tap_result(phone, 4, "S", "N", "+1")
    expect(board(phone, 1)).to_have_attribute("data-status", "waiting")
    decide = board(phone, 1).locator(".decide")
    expect(decide).to_be_hidden()  # North-South's own phone: not theirs to accept
    board(phone, 1).get_by_role("button", name=words["hand"]).click()
    expect(decide).to_be_visible()
    expect(decide).to_contain_text("东西方：这个结果对吗？")
    decide.get_by_role("button", name="确认").click()
    expect(board(phone, 1)).to_have_attribute("data-status", "accepted")
    # board 2, typed as on the room sheet, not agreed: the director is called
    phone.locator("#id_contract").fill("3nt")
    phone.locator("label[for=declarer-E]").click()
    phone.locator("#id_result").fill("-2")
    expect(phone.locator(".entry-preview")).to_have_text("东西 3NT 宕二 −100")  # E-W not vul
    phone.locator("#table-entry [type=submit]").click()
    expect(board(phone, 2)).to_have_attribute("data-status", "waiting")
    board(phone, 2).get_by_role("button", name=words["hand"]).click()
    board(phone, 2).locator(".decide-dispute summary").click()
    board(phone, 2).get_by_label("哪里不对？（选填）").fill("打的是 3NT−1")
    board(phone, 2).get_by_role("button", name="不同意，呼叫裁判").click()
    expect(board(phone, 2)).to_have_attribute("data-status", "disputed")
    expect(phone.locator("#table-calls")).to_contain_text("已呼叫裁判")
    call = DirectorCall.objects.get()
    assert call.dispute and call.board.number == 2 and call.reason == "打的是 3NT−1"
    # and the button that is always there
    phone.locator(".table-call summary").click()
    phone.get_by_label("原因（选填）").fill("慢打")
    with phone.expect_response(lambda r: r.url.endswith("/call/")) as answer:
        phone.locator(".call-form [type=submit]").click()
    assert answer.value.status == 200
    assert DirectorCall.objects.filter(dispute=False, reason="慢打").count() == 1
    assert history_counts(table) == {1: 1}


def test_boards_entered_with_the_network_cut_are_sent_once_when_it_returns(phones, table):
    words = WORDS["en-US"]
    north_south = phones(table, side="NS")
    context = north_south.context
    # the service worker keeps the page before the network goes
    north_south.wait_for_function(
        """async () => { await navigator.serviceWorker.ready;
          const cache = await caches.open("scoresheet-tables-1");
          return !!navigator.serviceWorker.controller && !!(await cache.match(location.href)); }"""
    )
    cut_network(context)
    tap_result(north_south, 4, "S", "N", "+1")
    tap_result(north_south, 2, "H", "S", "=")
    tap_result(north_south, 3, "NT", "E", "-2")
    for number in (1, 2, 3):
        expect(board(north_south, number).locator(".board-local")).to_contain_text(words["waiting"])
    expect(north_south.locator("#table-connection")).to_contain_text("Waiting to send: 3.")
    # East-West accept board 1 on this phone, still offline
    board(north_south, 1).get_by_role("button", name=words["hand"]).click()
    board(north_south, 1).locator("[data-local-accept]").click()
    expect(board(north_south, 1)).to_contain_text("Accepted: waiting to send.")
    # with no network the page still opens, from the service worker, with all that waits
    reloaded = north_south.reload()
    assert reloaded.from_service_worker
    expect(north_south.locator("#table-connection")).to_contain_text("Waiting to send: 4.")
    expect(board(north_south, 1).locator(".board-local")).to_contain_text(words["4S+1"])
    expect(board(north_south, 3).locator(".board-local")).to_contain_text(words["3NT-2"])
    assert not TableEntry.objects.exists()
    # the first answer back is lost on the way: the phone sends it again, with its key
    lost = []

    def lose_first_answer(route):
        if lost:
            route.continue_()
            return
        lost.append(route.fetch())  # the server takes it...
        route.abort()  # ...and the phone never hears so

    north_south.route("**/enter/", lose_first_answer)
    restore_network(context)
    expect(north_south.locator("#table-connection")).to_be_empty(timeout=POLL)
    expect(board(north_south, 1)).to_have_attribute("data-status", "accepted")
    for number in (2, 3):
        expect(board(north_south, number)).to_have_attribute("data-status", "waiting")
    assert lost and lost[0].status == 200
    east_west = phones(table, side="EW")
    for number in (2, 3):
        board(east_west, number).locator(".decide .btn-success").click()
        expect(board(east_west, number)).to_have_attribute("data-status", "accepted")
    assert history_counts(table) == {1: 1, 2: 1, 3: 1}
    entries = TableEntry.objects.filter(table=table)
    assert sorted(e.board.number for e in entries) == [1, 2, 3]  # each entry stored once
    assert {e.status for e in entries} == {"accepted"}


def test_a_board_the_director_entered_meanwhile_shows_as_the_directors(phones, table):
    words = WORDS["en-US"]
    phone = phones(table, side="NS")
    cut_network(phone.context)
    tap_result(phone, 4, "S", "N", "+1")
    expect(board(phone, 1).locator(".board-local")).to_contain_text(words["waiting"])
    enter(table.match, 1, "open", "3NT", "S", "=", user=make_user(director=True))
    restore_network(phone.context)
    expect(board(phone, 1)).to_have_attribute("data-status", "director", timeout=POLL)
    expect(board(phone, 1)).to_contain_text(words["director"])
    expect(board(phone, 1)).to_contain_text("N-S 3NT = +400")
    expect(board(phone, 1).get_by_role("alert")).to_contain_text("the director's result stands")
    result = Result.objects.get(board__match=table.match, board__number=1, room="open")
    assert str(result.contract) == "3NT" and result.history.count() == 1


def test_a_tables_code_typed_on_a_phone_opens_its_page(phones, table):
    phone = phones(table)
    phone.goto("/t/")
    phone.get_by_label("Table code").fill(f"{table.code[:3].lower()} {table.code[3:]}")
    phone.get_by_role("button", name="Open the table").click()
    expect(phone).to_have_url(re.compile(f"/t/{table.token}/$"))
    expect(phone.locator("h1")).to_have_text("Open room")
