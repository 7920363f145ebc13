"""A director types a whole room sheet with the keyboard only; players read the scorecard.

The open room's sixteen results are seed 000's worked examples 例一 to 例十六 (as in the
demo data); the closed room is entered beforehand. Expected totals, from Law 77 and the
IMP scale: the home team wins boards 1, 7, 8, 9, 11, 12, 15 (1+13+15+12+12+9+14 = 76 IMPs),
the away team boards 2, 4, 5, 6, 10, 13, 14, 16 (7+5+11+13+15+7+14+13 = 85); board 3 is
level. Away by 9 over 16 boards is the printed scale's 8-11 column: 13 VP to 17.

Every save is slowed to at least 300 ms (Chromium's network emulation adds the latency to
each request), and the director types on without waiting for any of them.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches.demo import RESULTS
from matches.models import Result
from tests.browser import helpers
from tests.browser.helpers import cut_network, restore_network, type_row
from tests.factories import enter, make_event, make_match, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "keyboard only 16"
SAVE_LATENCY_MS = 300
PHONE = {"width": 390, "height": 844}


def log_in(page: Page, username: str = "td"):
    helpers.log_in(page, username, PASSWORD)


def slow_every_request(page: Page, latency_ms: int = SAVE_LATENCY_MS):
    """Make every request of the page take at least ``latency_ms`` (Chromium's emulation)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def save_durations(page: Page) -> list[float]:
    """Return how long each save of a row took, in milliseconds, as the browser measured."""
    return page.evaluate(
        """performance.getEntriesByType("resource")
             .filter(e => /\\/director\\/matches\\/\\d+\\/(open|closed)\\/\\d+\\/$/.test(e.name))
             .map(e => e.duration)"""
    )


@pytest.fixture
def match():
    match = make_match(make_event(vp_scale="printed-25"))
    for number, (_open, closed) in RESULTS.items():
        contract, declarer, lead, result = closed
        enter(match, number, "closed", contract, declarer, result, lead.replace("10", "T"))
    make_user("td", chief=True, password=PASSWORD)
    return match


def open_room(match) -> dict:
    """Return what the database holds for the open room: {board: (contract, decl, lead, result)}."""
    return {
        r.board.number: (str(r.contract), r.declarer, r.lead, r.result_text)
        for r in Result.objects.filter(board__match=match, room="open").select_related("board")
    }


SEATS_IN_CHINESE = {"N": "北", "E": "东", "S": "南", "W": "西"}


@pytest.mark.parametrize(
    ("locale", "viewport"),
    [("en-US", None), ("zh-CN", PHONE)],
    ids=["english-desktop", "chinese-phone"],
)
def test_a_director_types_16_boards_ahead_without_waiting_and_every_board_is_saved_as_typed(
    page: Page, match, locale, viewport
):
    log_in(page)
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(f"/director/matches/{match.pk}/open/")
    expect(page.locator("#id_b1-contract")).to_be_focused()  # the first empty row, on load
    slow_every_request(page)

    for number, (typed, _closed) in RESULTS.items():
        contract, declarer, lead, result = typed
        if locale.startswith("zh") and number % 2:
            declarer = SEATS_IN_CHINESE[declarer]  # typed as 北/东/南/西 on odd boards
        end = "Tab" if number == 16 else "Enter"  # the last row: Tab out of its result
        type_row(page, contract, declarer, lead, result, end=end)

    expect(page.locator("form.sheet-row[data-saved=true]")).to_have_count(16, timeout=30_000)
    expect(page.locator("#sheet-failures")).to_be_hidden()
    expected = {
        number: (c, d, lead.replace("10", "T"), r)
        for number, ((c, d, lead, r), _closed) in RESULTS.items()
    }
    assert open_room(match) == expected
    durations = save_durations(page)
    assert len(durations) == 16
    assert min(durations) >= SAVE_LATENCY_MS, durations
    expect(page.locator("#row-16 .ew")).to_contain_text("2980")  # 7NT×× by East, vulnerable
    expect(page.locator("#row-16 input[name=b16-contract]")).to_have_value("7NTXX")

    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".home-total")).to_have_text("76")
    expect(page.locator(".away-total")).to_have_text("85")
    expect(page.locator(".home-vp")).to_have_text("13")
    expect(page.locator(".away-vp")).to_have_text("17")
    expect(page.locator(".pending")).to_have_count(0)


def test_a_row_answered_while_the_director_types_in_it_keeps_focus_and_every_character(
    page: Page, match
):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    slow_every_request(page, 600)
    type_row(page, "4S", "N", "", "=")  # board 1 goes; straight back into it while it is saving
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("+1")  # Tab selected the "=": the result is now "+1", not committed
    expect(page.locator("#row-1")).to_have_attribute("data-announce", re.compile("Board 1 saved"))
    expect(page.locator("#id_b1-result")).to_be_focused()
    expect(page.locator("#id_b1-result")).to_have_value("+1")
    expect(page.locator("#row-1 .saved-mark")).to_be_hidden()  # edited since: no ✓
    assert open_room(match)[1] == ("4S", "N", "", "=")


def test_each_save_and_each_failure_is_announced_in_one_live_region(page: Page, match):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    live = page.locator("#sheet-live")
    expect(live).to_have_attribute("aria-live", "polite")
    live.evaluate("region => { region.dataset.first = 'yes'; }")  # to tell it is the same one
    type_row(page, "4H", "E", "SQ", "=")
    expect(live).to_have_text("Board 1 saved: E-W 420")
    expect(page.locator("#sheet-count")).to_have_text("1 of 16 boards saved")
    type_row(page, "8NT", "N", "", "=")
    expect(live).to_have_text("Board 2 not saved: The level must be 1 to 7 (you wrote “8NT”).")
    expect(live).to_have_attribute("data-first", "yes")  # permanent: never replaced
    expect(page.locator("#sheet-live")).to_have_count(1)


def test_a_bad_row_is_marked_and_listed_at_the_top_while_the_director_carries_on(page: Page, match):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    type_row(page, "8NT", "N", "", "=")
    expect(page.locator("#id_b2-contract")).to_be_focused()  # the cursor moved on at once
    type_row(page, "3S", "S", "CQ", "-2", end="Enter")

    error = page.locator("#id_b1-contract_error")
    expect(error).to_have_text("The level must be 1 to 7 (you wrote “8NT”).")
    expect(error).to_have_attribute("role", "alert")
    expect(page.locator("#id_b1-contract")).to_have_value("8NT")
    expect(page.locator("#id_b1-contract")).to_have_attribute(
        "aria-describedby", re.compile("id_b1-contract_error")
    )
    expect(page.locator("#row-2[data-saved=true] .ew")).to_contain_text("200")
    expect(page.locator("#id_b3-contract")).to_be_focused()
    failures = page.locator("#sheet-failures")
    expect(failures).to_have_text("Not saved yet: 1")

    failures.get_by_role("link", name="Board 1").click()
    expect(page.locator("#id_b1-contract")).to_be_focused()
    page.keyboard.type("3NT")
    page.keyboard.press("Enter")
    expect(page.locator("#row-1[data-saved=true] .ns")).to_contain_text("400")
    expect(failures).to_be_hidden()


def test_pass_with_other_fields_is_refused_on_the_sheet_with_a_message_beside_each(
    page: Page, match
):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    type_row(page, "PASS", "N", "SQ", "=")
    for name in ("declarer", "lead", "result"):
        expect(page.locator(f"#id_b1-{name}_error")).to_contain_text("A passed-out board has no")
    assert 1 not in open_room(match)


def test_tab_out_of_a_rows_last_field_saves_it(page: Page, match):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    type_row(page, "2S", "S", "HK", "+1", end="Tab")
    expect(page.locator("#id_b2-contract")).to_be_focused()
    expect(page.locator("#row-1[data-saved=true] .ns")).to_contain_text("140")


def test_clicking_away_from_a_row_saves_it(page: Page, match):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    type_row(page, "2S", "S", "HK", "+1", end=None)
    page.locator("h1").click()
    expect(page.locator("#row-1[data-saved=true] .ns")).to_contain_text("140")


def test_editing_a_saved_row_takes_its_tick_away_until_it_is_saved_again(page: Page, match):
    enter(match, 1, "open", "2S", "S", "+1", "HK")
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    expect(page.locator("#row-1 .saved-mark")).to_be_visible()
    page.locator("#id_b1-result").fill("=")
    expect(page.locator("#row-1 .saved-mark")).to_be_hidden()
    expect(page.locator("#row-1")).not_to_have_attribute("data-saved", "true")
    page.locator("#id_b1-result").press("Enter")
    expect(page.locator("#row-1 .saved-mark")).to_be_visible()
    expect(page.locator("#row-1 .ns")).to_contain_text("110")


def test_leaving_the_page_with_an_unsaved_row_asks_first(page: Page, match):
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    page.keyboard.type("4S")  # typed, not committed
    dialogs = []

    def dismiss(dialog):
        dialogs.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.evaluate("window.location.href = '/'")  # a script navigation, as a link would
    page.wait_for_timeout(500)
    assert dialogs == ["beforeunload"]
    expect(page.locator("#id_b1-contract")).to_have_value("4S")


def type_board_3(page: Page):
    """Correct board 3 to 3NT by South, lead ♠5, made: the row was saved as 3NT by North."""
    for name, value in (("contract", "3NT"), ("declarer", "S"), ("lead", "S5"), ("result", "=")):
        page.locator(f"#id_b3-{name}").fill(value)
    expect(page.locator("#row-3 .saved-mark")).to_be_hidden()  # edited: no ✓ until saved
    page.locator("#id_b3-result").press("Enter")


def expect_kept_and_refused(page: Page, message: str):
    row = page.locator("#row-3")
    alert = row.locator(".row-message[role=alert]")
    expect(alert).to_contain_text(message)
    for name, value in (("contract", "3NT"), ("declarer", "S"), ("lead", "S5"), ("result", "=")):
        expect(page.locator(f"#id_b3-{name}")).to_have_value(value)
    expect(row.locator(".saved-mark")).to_have_count(0)
    expect(row).not_to_have_attribute("data-saved", "true")
    expect(page.locator("#sheet-failures")).to_contain_text("3")
    alert_id = alert.get_attribute("id")
    expect(page.locator("#id_b3-contract")).to_have_attribute(
        "aria-describedby", re.compile(alert_id)
    )
    expect(page.locator("#sheet-live")).to_contain_text(message[:20])
    expect(page.locator("nav.navbar")).to_have_count(1)  # no login page pasted into the row


def test_a_save_after_the_session_ended_keeps_the_typed_row_and_says_what_to_do(page: Page, match):
    enter(match, 3, "open", "3NT", "N", "=")  # saved before: it must lose its ✓ too
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    page.context.clear_cookies(name="sessionid")  # the session ends
    page.locator("#id_b3-declarer").fill("S")
    page.locator("#id_b3-lead").fill("S5")
    page.locator("#id_b3-lead").press("Enter")
    expect_kept_and_refused(page, "Your session ended; board 3 was not saved.")
    expect(page.locator("#row-3 .row-message a")).to_have_attribute("target", "_blank")

    # Log in again in another tab, then Enter in the row: saved.
    other = page.context.new_page()
    log_in(other)
    other.close()
    page.locator("#id_b3-result").press("Enter")
    expect(page.locator("#row-3[data-saved=true] .ns")).to_contain_text("400")
    expect(page.locator("#row-3 .row-message")).to_have_count(0)
    assert open_room(match)[3] == ("3NT", "S", "S5", "=")


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (403, "Board 3 was not saved: the server refused it (403)."),
        (500, "Board 3 was not saved: the server had an error (500)."),
        (503, "Board 3 was not saved: the database did not answer."),
    ],
)
def test_a_refused_or_failed_save_keeps_the_typed_row_and_says_so(
    page: Page, match, status, message
):
    enter(match, 3, "open", "3NT", "N", "=")
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    page.route("**/open/3/", lambda route: route.fulfill(status=status, body="no"))
    type_board_3(page)
    expect_kept_and_refused(page, message)
    assert open_room(match)[3] == ("3NT", "N", "", "=")  # as it was

    page.unroute("**/open/3/")
    page.locator("#id_b3-result").press("Enter")
    expect(page.locator("#row-3[data-saved=true] .ns")).to_contain_text("400")


@pytest.mark.parametrize("busy_answers", [1, 3])
def test_a_save_the_busy_database_turned_away_is_tried_again_and_goes_through(
    page: Page, match, busy_answers
):
    enter(match, 3, "open", "3NT", "N", "=")
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    tries = []

    def busy_then_through(route):
        tries.append(route.request.method)
        if len(tries) <= busy_answers:  # SQLite's "database table is locked", for a moment
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route("**/open/3/", busy_then_through)
    type_board_3(page)
    expect(page.locator("#row-3[data-saved=true] .ns")).to_contain_text("400")
    expect(page.locator("#row-3 .row-message")).to_have_count(0)  # nothing to tell
    expect(page.locator("#sheet-failures")).not_to_contain_text("3")
    assert tries == ["POST"] * (busy_answers + 1)
    assert open_room(match)[3] == ("3NT", "S", "S5", "=")


def test_a_network_failure_keeps_the_row_and_it_is_sent_when_the_connection_is_back(
    page: Page, match
):
    enter(match, 3, "open", "3NT", "N", "=")
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    cut_network(page.context)
    type_board_3(page)
    expect_kept_and_refused(page, "Board 3 was not saved: no connection to the server.")
    restore_network(page.context)
    expect(page.locator("#row-3[data-saved=true] .ns")).to_contain_text("400")


@pytest.mark.parametrize("locale", ["zh-CN"])
def test_a_player_reads_the_scorecard_in_chinese_on_a_phone(page: Page, match):
    enter(match, 1, "open", "2S", "S", "+1", "HK")
    page.set_viewport_size(PHONE)
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".summary-imps")).to_have_text("1 : 0")
    for text in ("牌号", "局况", "开室", "闭室", "定约", "首攻", "分差", "全场合计"):
        expect(page.get_by_text(text, exact=True).first).to_be_attached()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def test_a_final_matchs_sheet_is_read_only_until_the_director_reopens_it(page: Page, match):
    from matches import actions

    enter(match, 1, "open", "4S", "N", "=")
    actions.mark_final(match, user=None, confirm=True)
    log_in(page)
    page.goto(f"/director/matches/{match.pk}/open/")
    contract = page.locator("#id_b1-contract")
    contract.click()
    page.keyboard.type("5S")
    page.keyboard.press("Enter")
    expect(contract).to_have_value("4S")  # nothing typed, nothing sent: no "5S" left on screen
    expect(page.locator("#row-1 .saved-mark")).to_be_visible()

    page.locator("#id_reopen_reason").fill("Board 1 was scored in the wrong room")
    page.get_by_role("button", name="Reopen the match").click()
    expect(page.locator(".sheet")).not_to_have_attribute("data-readonly", "true")
    page.locator("#id_b1-contract").fill("5S")
    page.locator("#id_b1-contract").press("Enter")
    expect(page.locator("#row-1[data-saved=true] .ns")).to_contain_text("450")
