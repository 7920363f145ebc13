"""The room sheet after a dispute, in a real browser, where the players' phones and the
director meet: North-South and East-West play boards 3 and 4 on their own phones (390 px),
East-West do not agree board 3 and say why, and accept North-South's 2♥× by West, down 2,
on board 4. The director opens board 3 from the call on the monitor: the row shows the
entry not agreed and its reason; the fix is typed and Enter goes on to board 5, past the
table's accepted board 4; typing over board 4 on purpose asks first, naming what it would
replace, and nothing changes until the director answers.

Each phone is a browser context of its own; the director is a third one, in the same
language, on a desktop or on a 390 px phone.
"""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Result
from matches.models.stages import first_stage
from matches.scoring import Contract
from tests.browser.helpers import POLL, board, log_in, shot, tap_result, type_row
from tests.factories import make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a dispute at table 1"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en-US": {
        "reason": "One down: the ♥K was onside",
        "disputed": "Not agreed at the table: 4♥ by East, = (E-W 620), entered by N-S. "
        "E-W said: “One down: the ♥K was onside”",
        "accepted": "Accepted at the table",
        "open": "Open board 3",
        "asks": "This board's result was accepted at the table: 2♥X by West, −2 (N-S 500). "
        "Replace it?",
        "replace": "Replace it",
        "keep": "Keep the table’s result",
        "what is wrong": "What is wrong? (optional)",
        "not agreed": "Not agreed: call the director",
    },
    "zh-CN": {
        "reason": "宕一：红心K在飞牌位置",
        "disputed": "牌桌上有异议：东家主打 4♥，结果 =（东西 620），由南北方录入。"
        "东西方说：“宕一：红心K在飞牌位置”",
        "accepted": "牌桌已确认",
        "open": "打开第 3 副",
        "asks": "本副牌的成绩已在牌桌上确认：西家主打 2♥×，结果 −2（南北 500）。要替换吗？",
        "replace": "替换",
        "keep": "保留牌桌上的成绩",
        "what is wrong": "哪里不对？（选填）",
        "not agreed": "不同意，呼叫裁判",
    },
}


@pytest.fixture
def table(db):
    """Return the open room of a 6-board match, its tables open, boards 1 and 2 played and
    accepted at the table already."""
    event = make_event(name="周二队式赛", boards_per_match=6, boards_per_segment=6)
    make_match(event, home=make_team(event, "北京队"), away=make_team(event, "上海队"))
    make_user("td", chief=True, password=PASSWORD)
    tables = actions.open_tables(first_stage(event), round_number=1, user=None)
    table = next(t for t in tables if t.room == "open")
    for number, (contract, declarer, tricks) in {1: ("4S", "N", 10), 2: ("3NT", "S", 9)}.items():
        entry = {
            "contract": Contract.parse(contract),
            "declarer": declarer,
            "tricks": tricks,
            "lead": "",
        }
        made = actions.enter_at_table(
            table, board=number, entry=entry, side="NS", device="ns", key=f"board-{number}"
        )
        actions.accept_at_table(made, side="EW", device="ew", key=f"board-{number}-ok")
    return table


def retype_row(page: Page, number: int, *values: str):
    """Type over a row's fields (contract, declarer, lead, result), then Enter."""
    for name, value in zip(("contract", "declarer", "lead", "result"), values, strict=True):
        page.locator(f"#id_b{number}-{name}").fill(value)
    page.locator(f"#id_b{number}-result").press("Enter")


def the_tables_result(table, number) -> tuple[str, str, int, int]:
    result = Result.objects.get(board__match=table.match, board__number=number, room="open")
    return str(result.contract), result.declarer, result.tricks, result.version


def play_boards_3_and_4_on_the_phones(phones, table, locale):
    """North-South enter 4♥ by East, made, on board 3 and 2♥× by West, down 2, on board 4;
    East-West do not agree board 3 (saying why) and accept board 4, on their own phone."""
    words = WORDS[locale]
    north_south = phones(table, locale, side="NS")
    east_west = phones(table, locale, side="EW")
    tap_result(north_south, 4, "H", "E", "=")
    expect(board(north_south, 3)).to_have_attribute("data-status", "waiting")
    tap_result(north_south, 2, "H", "W", "-2", doubling="X")
    expect(board(north_south, 4)).to_have_attribute("data-status", "waiting")

    expect(board(east_west, 3)).to_have_attribute("data-status", "waiting", timeout=POLL)
    board(east_west, 3).locator(".decide-dispute summary").click()
    board(east_west, 3).get_by_label(words["what is wrong"]).fill(words["reason"])
    board(east_west, 3).get_by_role("button", name=words["not agreed"]).click()
    expect(board(east_west, 3)).to_have_attribute("data-status", "disputed")
    expect(board(east_west, 4)).to_have_attribute("data-status", "waiting", timeout=POLL)
    board(east_west, 4).locator(".decide .btn-success").click()
    expect(board(east_west, 4)).to_have_attribute("data-status", "accepted")
    assert the_tables_result(table, 4) == ("2HX", "W", 6, 1)


@pytest.mark.parametrize(
    ("locale", "viewport"),
    [("en-US", DESKTOP), ("zh-CN", PHONE), ("zh-CN", DESKTOP), ("en-US", PHONE)],
    ids=["english-desktop", "chinese-phone", "chinese-desktop", "english-phone"],
)
def test_after_a_dispute_the_room_sheet_shows_the_entry_skips_the_tables_result_and_asks(
    page: Page, phones, table, locale, viewport
):
    words = WORDS[locale]
    play_boards_3_and_4_on_the_phones(phones, table, locale)

    # The director opens board 3 from the call on the monitor.
    page.set_viewport_size(viewport)
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{table.match.event_id}/stages/1/rounds/1/monitor/")
    page.get_by_role("link", name=words["open"]).click()
    row_3, row_4 = page.locator("#row-3"), page.locator("#row-4")
    expect(page.locator("#id_b3-contract")).to_be_focused()
    expect(row_3).to_have_attribute("data-state", "disputed")
    expect(row_3.locator(".row-table")).to_have_text(words["disputed"])
    expect(page.locator("#id_b3-contract")).to_have_accessible_description(words["disputed"])
    expect(row_4.locator(".table-mark")).to_have_accessible_name(words["accepted"])
    expect(page.locator("#id_b4-contract")).to_have_value("2HX")
    shot(page, f"room-sheet-dispute-{locale}-{viewport['width']}")

    # The fix, then Enter: on to board 5, past the table's accepted board 4.
    type_row(page, "4H", "E", "", "-1")
    expect(page.locator("#id_b5-contract")).to_be_focused()
    expect(row_3).to_have_attribute("data-saved", "true")
    expect(row_3).to_have_attribute("data-state", "director")
    expect(row_3.locator(".row-table")).to_have_count(0)  # settled: nothing not agreed now
    type_row(page, "1NT", "N", "", "=")  # the next slip goes to board 5, as it should
    expect(page.locator("#row-5")).to_have_attribute("data-saved", "true")
    expect(page.locator("#id_b6-contract")).to_be_focused()
    assert the_tables_result(table, 3)[:3] == ("4H", "E", 9)
    assert the_tables_result(table, 4) == ("2HX", "W", 6, 1)

    # Typing over the table's result on purpose asks first, naming it; keeping it saves nothing.
    retype_row(page, 4, "3NT", "S", "", "=")
    question = row_4.get_by_role("alert")
    expect(question).to_contain_text(words["asks"])
    expect(row_4).not_to_have_attribute("data-saved", "true")
    expect(page.locator("#sheet-failures")).to_contain_text("4")
    shot(page, f"room-sheet-asks-{locale}-{viewport['width']}")
    assert the_tables_result(table, 4) == ("2HX", "W", 6, 1)
    question.get_by_role("button", name=words["keep"]).click()
    expect(row_4).to_have_attribute("data-saved", "true")
    expect(page.locator("#id_b4-contract")).to_have_value("2HX")
    expect(row_4.locator(".table-mark")).to_be_visible()
    expect(page.locator("#sheet-failures")).to_be_hidden()
    assert the_tables_result(table, 4) == ("2HX", "W", 6, 1)

    # ... and replacing it, once the director says so, goes through.
    retype_row(page, 4, "3NT", "S", "", "=")
    row_4.get_by_role("button", name=words["replace"]).click()
    expect(row_4).to_have_attribute("data-saved", "true")
    expect(row_4).to_have_attribute("data-state", "director")
    expect(row_4.locator(".table-mark")).to_have_count(0)
    assert the_tables_result(table, 4) == ("3NT", "S", 9, 2)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the sheet is {width}px wide"
