"""The table and the director always agree, in real browsers: a phone for each side of a
table (390 px, its own browser) and one for the director, in Chinese and in English.

- the director corrects a board while the table's entry waits: every phone shows the
  director's result, never the table's;
- both sides enter different results at the same moment: one is refused with the other
  shown, and the board's history keeps both;
- a result accepted at the table is changed only with the other side's own phone, and
  not once the table has seen the other room's;
- a match marked final, then reopened, reaches the phones; a revoked or renewed link
  leaves the phone with no form and what it had not sent on show;
- a call for the director closes itself when the director enters its board.
"""

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import DirectorCall, EntryStatus, Result, TableEntry
from matches.models.stages import first_stage
from matches.presenters.score_words import score_words
from matches.scoring import Contract
from tests.browser.helpers import (
    POLL,
    board,
    cut_network,
    log_in,
    restore_network,
    tap_result,
    type_row,
)
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
LOCALES = ["zh-CN", "en-US"]
PASSWORD = "tables and director"
WORDS = {
    "zh-CN": {
        "director": "裁判录入：",
        "refused": "未被接受",
        "dismiss": "知道了",
        "waiting_other": "请确认，或表示不同意",
        "final": "本场比赛成绩已确认",
        "closed": "关于第 1 副的裁判呼叫已结束：该副牌的成绩已保存。",
        "called": "已呼叫裁判",
        "replaced": "裁判已为这张牌桌更换了新链接",
        "withdrawn": "裁判已收回这张牌桌的链接",
        "unsent": "这部手机尚未发送的内容",
        "own_phone": "须由东西方在自己的手机上确认",
        "call": "请呼叫裁判",
    },
    "en-US": {
        "director": "The director entered ",
        "refused": "was refused",
        "dismiss": "Dismiss",
        "waiting_other": "Accept it, or say it is not agreed",
        "final": "This match is final",
        "closed": "The call for the director about board 1 is closed: the board's result is saved.",
        "called": "The director is called",
        "replaced": "replaced this table's link",
        "withdrawn": "withdrawn by the director",
        "unsent": "What this phone had not sent",
        "own_phone": "East-West accept it on their own phone",
        "call": "call the director",
    },
}


@pytest.fixture
def match(db):
    """Return a 4-board match, its tables open, and a chief director to log in as."""
    event = make_event(name="周二队式赛", boards_per_match=4, boards_per_segment=4)
    match = make_match(event, home=make_team(event, "北京队"), away=make_team(event, "上海队"))
    actions.open_tables(first_stage(event), round_number=1, user=None)
    make_user("td", chief=True, password=PASSWORD)
    return match


def table_of(match, room="open"):
    return match.rooms.get(room=room)


def words(locale: str, contract: str, declarer: str, tricks: int, number: int) -> str:
    """Return the score in words as the phones show it, in ``locale``'s language."""
    with translation.override("zh-hans" if locale.startswith("zh") else "en"):
        return score_words(Contract.parse(contract), declarer, tricks, number)


def director_types(page: Page, match, number: int, room="open", *row):
    """The director types a row of the room sheet and leaves it."""
    page.goto(f"/director/matches/{match.pk}/{room}/")
    page.locator(f"#id_b{number}-contract").click()
    type_row(page, *row, end="Tab")
    expect(page.locator(f"#row-{number}")).to_have_attribute("data-saved", "true")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_directors_correction_while_an_entry_waits_shows_on_every_phone(
    page, phones, match, locale
):
    text = WORDS[locale]
    north_south = phones(table_of(match), locale, side="NS")
    east_west = phones(table_of(match), locale, side="EW")
    tap_result(north_south, 4, "H", "S", "+1")  # 4♥ +1: +450
    expect(board(north_south, 1)).to_have_attribute("data-status", "waiting")
    expect(board(east_west, 1)).to_have_attribute("data-status", "waiting", timeout=POLL)
    # board 2 is entered with the network cut: it waits on the phone
    cut_network(north_south.context)
    tap_result(north_south, 2, "S", "N", "=")
    log_in(page, "td", PASSWORD)
    director_types(page, match, 1, "open", "4H", "S", "", "=")  # +420, as it was played
    director_types(page, match, 2, "open", "3NT", "N", "", "=")
    entry = TableEntry.objects.get(board__number=1)
    assert entry.status == EntryStatus.SUPERSEDED
    stored = words(locale, "4H", "S", 10, 1)

    def shows_the_directors_result(phone):
        card = board(phone, 1)
        expect(card).to_have_attribute("data-status", "director", timeout=POLL)
        expect(card.locator(".board-words")).to_contain_text(text["director"] + stored)
        expect(card).not_to_contain_text("+450")

    for phone in (east_west, phones(table_of(match), locale, side="EW")):
        shows_the_directors_result(phone)
    # North-South's phone, back on the network: the same; and the entry it kept reaches
    # the server and is refused, the director's result standing
    restore_network(north_south.context)
    shows_the_directors_result(north_south)
    failure = board(north_south, 2).locator(".board-local")
    expect(failure).to_contain_text(text["refused"], timeout=POLL)
    failure.get_by_role("button", name=text["dismiss"]).click()
    expect(failure).to_be_hidden()
    expect(board(north_south, 2)).to_have_attribute("data-status", "director")
    assert Result.objects.get(board__number=2, room="open").level == 3


@pytest.mark.parametrize("locale", LOCALES)
def test_two_different_entries_at_once_one_is_refused_with_the_other_shown_and_both_kept(
    page, phones, match, locale
):
    text = WORDS[locale]
    north_south = phones(table_of(match), locale, side="NS")
    east_west = phones(table_of(match), locale, side="EW")
    tap_result(north_south, 2, "S", "W", "=")  # both tap "send" at the same moment
    tap_result(east_west, 3, "S", "W", "-1")
    refusal = re.compile(re.escape(text["waiting_other"]))

    def refused_phones():
        return [
            phone
            for phone in (north_south, east_west)
            if phone.locator(".entry-error").filter(has_text=refusal).is_visible()
        ]

    for _ in range(20):  # the second answer may still be on its way
        if refused_phones():
            break
        north_south.wait_for_timeout(250)
    refused = refused_phones()
    assert len(refused) == 1, "one of the two entries is refused, the other shown"
    phone = refused[0]
    expect(phone.locator(".entry-error")).to_be_visible()
    expect(board(phone, 1)).to_have_attribute("data-status", "waiting", timeout=POLL)
    expect(board(phone, 1).locator(".decide .btn-success")).to_be_visible()
    assert sorted(TableEntry.objects.values_list("status", flat=True)) == ["refused", "waiting"]
    assert not Result.objects.exists()
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/boards/1/history/")
    expect(page.locator(".table-entries tbody tr")).to_have_count(2)
    expect(page.locator(".table-entries tr[data-status=refused]")).to_have_count(1)
    expect(page.locator(".table-entries tr[data-status=waiting]")).to_have_count(1)


def test_one_phone_cannot_change_an_accepted_result_alone(page, phones, match):
    text = WORDS["en-US"]
    north_south = phones(table_of(match), side="NS")
    tap_result(north_south, 3, "NT", "N", "=")
    board(north_south, 1).get_by_role("button", name="Hand to East-West to accept").click()
    board(north_south, 1).locator(".decide .btn-success").click()
    expect(board(north_south, 1)).to_have_attribute("data-status", "accepted")
    # the same phone changes it to 7NT: only East-West's own phone may accept the change
    board(north_south, 1).get_by_role("button", name="Change board 1").click()
    north_south.locator("#table-entry [data-level='7']").click()
    north_south.locator("#table-entry [type=submit]").click()
    card = board(north_south, 1)
    expect(card).to_have_attribute("data-status", "waiting")
    expect(card).to_contain_text(text["own_phone"])
    expect(card.get_by_role("button", name="Hand to East-West to accept")).to_have_count(0)
    expect(card.locator(".decide")).to_be_hidden()
    assert str(Result.objects.get(board__number=1, room="open").contract) == "3NT"
    east_west = phones(table_of(match), side="EW")
    board(east_west, 1).locator(".decide .btn-success").click()
    expect(board(east_west, 1)).to_have_attribute("data-status", "accepted")
    assert str(Result.objects.get(board__number=1, room="open").contract) == "7NT"
    # once the table has seen the other room's result, only the director changes it
    for number in range(2, 5):
        enter(match, number, "open", "4S", "N", "=")
    for number in range(1, 5):
        enter(match, number, "closed", "4S", "N", "=")
    expect(board(north_south, 1)).to_contain_text("Other room", timeout=POLL)
    expect(board(north_south, 1)).to_contain_text(text["call"])
    expect(board(north_south, 1).get_by_role("button", name="Change board 1")).to_have_count(0)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_match_marked_final_then_reopened_reaches_the_phones(page, phones, match, locale):
    text = WORDS[locale]
    north_south = phones(table_of(match), locale, side="NS")
    expect(north_south.locator("#table-entry")).to_be_visible()
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/")
    page.locator("#match-status form button.btn-success").click()
    page.locator(".final-confirmation button.btn-success").click()
    expect(page.locator(".match-status")).to_have_class(re.compile("text-bg-success"))
    expect(north_south.get_by_text(text["final"])).to_be_visible(timeout=10_000)
    expect(north_south.locator("#table-entry")).to_have_count(0)
    page.locator("#id_reopen_reason").fill("Board 3 was fouled")
    page.locator("#match-status form button.btn-outline-danger").click()
    expect(page.locator(".match-status")).to_have_class(re.compile("text-bg-warning"))
    expect(north_south.locator("#table-entry")).to_be_visible(timeout=10_000)
    expect(north_south.get_by_text(text["final"])).to_have_count(0)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_revoked_then_renewed_link_leaves_the_phone_no_form_and_its_queue_on_show(
    page, phones, match, locale
):
    text = WORDS[locale]
    table = table_of(match)
    north_south = phones(table, locale, side="NS")
    cut_network(north_south.context)
    tap_result(north_south, 4, "S", "N", "=")  # kept on the phone, not sent
    actions.revoke_table(table, user=None)
    restore_network(north_south.context)
    connection = north_south.locator("#table-connection")
    expect(connection).to_contain_text(text["withdrawn"], timeout=POLL)
    expect(connection).to_contain_text(text["unsent"])
    assert connection.inner_text().count(text["withdrawn"]) == 1  # said once
    expect(north_south.locator("#entry")).to_be_hidden()
    expect(north_south.locator(".side-choice")).to_be_hidden()
    expect(board(north_south, 1).locator(".board-local")).to_contain_text(
        words(locale, "4S", "N", 10, 1)
    )
    assert not TableEntry.objects.exists()
    # renewed: a new link; renewed again, a phone still holding that link is told it was
    # replaced
    old = phones(actions.renew_table(table, user=None), locale, side="EW")
    expect(old.locator("#entry")).to_be_visible()
    actions.renew_table(table, user=None)
    expect(old.locator("#table-connection")).to_contain_text(text["replaced"], timeout=POLL)
    expect(old.locator("#entry")).to_be_hidden()
    old.reload()
    expect(old.get_by_text(text["replaced"])).to_be_visible()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_call_for_the_director_closes_itself_when_the_director_enters_the_board(
    page, phones, match, locale
):
    text = WORDS[locale]
    north_south = phones(table_of(match), locale, side="NS")
    east_west = phones(table_of(match), locale, side="EW")
    tap_result(north_south, 4, "S", "N", "=")
    decide = board(east_west, 1).locator(".decide")
    expect(decide).to_be_visible(timeout=POLL)
    decide.locator(".decide-dispute summary").click()
    decide.locator("textarea[name=reason]").fill("4H")
    decide.locator(".decide-dispute button[type=submit]").click()
    expect(north_south.locator("#table-calls")).to_contain_text(text["called"], timeout=POLL)
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{match.event_id}/stages/1/rounds/1/monitor/")
    expect(page.locator(".monitor-calls li.call")).to_have_count(1)
    director_types(page, match, 1, "open", "4H", "N", "", "=")
    page.goto(f"/director/events/{match.event_id}/stages/1/rounds/1/monitor/")
    expect(page.locator(".monitor-calls li.call")).to_have_count(0)
    for phone in (north_south, east_west):
        expect(phone.locator("#table-calls")).to_contain_text(text["closed"], timeout=POLL)
        expect(phone.locator("#table-calls")).not_to_contain_text(text["called"])
    assert DirectorCall.objects.get().closed_because == "result"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_post_the_server_fails_on_is_set_aside_and_the_phone_goes_on(phones, match, locale):
    """A post answered with a server error is tried again a few times, then set aside on
    its board with "Send again", and the phone sends what comes next meanwhile."""
    text = {"zh-CN": ("未能保存", "重新发送"), "en-US": ("was not taken", "Send again")}[locale]
    north_south = phones(table_of(match), locale, side="NS")
    failed = []

    def fail_board_1(route):
        if "board=1&" in (route.request.post_data or ""):
            failed.append(route.request.url)
            route.fulfill(status=500, body="Server Error (500)", content_type="text/html")
        else:
            route.continue_()

    north_south.route("**/enter/", fail_board_1)
    tap_result(north_south, 4, "S", "N", "=")
    local = board(north_south, 1).locator(".board-local")
    expect(local).to_contain_text(text[0], timeout=POLL)
    assert len(failed) == 3  # tried three times, then set aside
    tap_result(north_south, 3, "NT", "S", "=")  # the next board goes through meanwhile
    expect(board(north_south, 2)).to_have_attribute("data-status", "waiting", timeout=POLL)
    north_south.unroute("**/enter/", fail_board_1)
    local.get_by_role("button", name=text[1]).click()
    expect(board(north_south, 1)).to_have_attribute("data-status", "waiting", timeout=POLL)
    assert sorted(TableEntry.objects.values_list("board__number", flat=True)) == [1, 2]
