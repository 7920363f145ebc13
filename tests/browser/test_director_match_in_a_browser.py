"""The director's side of a match, in both languages on a desktop (1366 px) and a phone
(390 px): the running score on the match page and the room sheets, and "Mark final",
which shows the result to be confirmed before it is done.

长城队 (Great Wall) plays 华山队 (Huashan) over 16 boards; boards 1 and 2 are complete:
4S made by North in the open room against one down in the closed room (+470: 10 IMPs),
and a flat 3NT. Home by 10 over 16 boards is 12.80 : 7.20 on the WBF 2013 scale.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Seating
from tests.browser import helpers
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "the director's side"
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
WORDS = {
    "en-US": {
        "mark": "Mark the match final",
        "yes": "Yes, mark it final",
        "saved": "Match status saved.",
        "boards": "2 of 16 boards complete in both rooms",
        "confirm": "长城队 10 : 0 华山队, VP 12.80 : 7.20 — confirm?",
    },
    "zh-CN": {
        "mark": "确认为最终成绩",
        "yes": "是，确认为最终成绩",
        "saved": "本场比赛的状态已保存。",
        "boards": "2 / 16 副两室均已录完",
        "confirm": "长城队 10 : 0 华山队，VP 12.80 : 7.20 — 确认？",
    },
}
CASES = [(locale, size) for locale in WORDS for size in SIZES]
IDS = [f"{locale}-{size}" for locale, size in CASES]


@pytest.fixture
def match():
    event = make_event(name="春季团体赛")
    home, away = make_team(event, "长城队"), make_team(event, "华山队")
    match = make_match(event, home=home, away=away)
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "-1")
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "=")
    make_user("td", chief=True, password=PASSWORD)
    return match


def open_as_director(page: Page, size: str, path: str):
    """Log in as the director in a window of ``size`` px and open ``path``."""
    page.set_viewport_size(SIZES[size])
    helpers.log_in(page, "td", PASSWORD)
    page.goto(path)


def shoot(page: Page, name: str):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_the_director_sees_the_score_and_confirms_the_result_before_marking_final(
    page: Page, match, locale, size
):
    words = WORDS[locale]
    open_as_director(page, size, f"/director/matches/{match.pk}/")
    score = page.locator("#match-score")
    expect(score).to_contain_text("10 : 0")
    expect(score).to_contain_text("12.80 : 7.20")
    expect(score).to_contain_text(words["boards"])

    page.get_by_role("button", name=words["mark"], exact=True).click()
    expect(page.locator(".confirm-result")).to_have_text(words["confirm"])
    expect(page.locator(".match-status")).not_to_have_class("text-bg-success")  # not yet
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shoot(page, f"match-confirm-{locale}-{size}")
    page.get_by_role("button", name=words["yes"], exact=True).click()
    expect(page.get_by_text(words["saved"])).to_be_visible()
    match.refresh_from_db()
    assert match.is_final


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_the_room_sheet_shows_the_running_score_and_follows_each_save(
    page: Page, match, locale, size
):
    page.set_viewport_size(SIZES[size])
    enter(match, 3, "closed", "2H", "E", "=")  # E-W +110 in the closed room: Great Wall's
    helpers.log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/open/")
    score = page.locator("#match-score")
    expect(score).to_contain_text("10 : 0")
    page.locator("#id_b3-contract").focus()
    helpers.type_row(page, "2H", "E", "SA", "+2")  # E-W +170 here: 60 to Huashan, 2 IMPs
    expect(score).to_contain_text("10 : 2")
    expect(score).to_contain_text("3")  # boards complete
    shoot(page, f"room-sheet-score-{locale}-{size}")


SHEET_WORDS = {
    "en-US": {
        "keys": "Keys",
        "alt": "Go to a board: type its number, then Enter.",
        "no_board": "There is no board 40 in this match: its boards are 1 to 16.",
    },
    "zh-CN": {
        "keys": "快捷键",
        "alt": "跳到某副牌：输入牌号，再按 Enter。",
        "no_board": "本场比赛没有第 40 副：牌号为 1 至 16。",
    },
}


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_go_to_board_n_with_a_key_and_a_field_and_the_keys_are_told(
    page: Page, match, locale, size
):
    words = SHEET_WORDS[locale]
    open_as_director(page, size, f"/director/matches/{match.pk}/open/")
    expect(page.locator("#id_b3-contract")).to_be_focused()  # the first empty row
    page.keyboard.press("Alt+g")
    expect(page.locator("#goto-board")).to_be_focused()
    page.keyboard.type("40")
    page.keyboard.press("Enter")
    expect(page.locator("#goto-board-error")).to_have_text(words["no_board"])
    page.keyboard.press("Escape")
    expect(page.locator("#id_b3-contract")).to_be_focused()  # back where it was
    page.keyboard.press("Alt+g")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(page.locator("#id_b12-contract")).to_be_focused()
    expect(page.locator("#goto-board-error")).to_have_count(0)
    helpers.type_row(page, "3NT", "N", "S2", "=")
    expect(page.locator("#row-12[data-saved=true]")).to_be_attached()

    page.get_by_text(words["keys"], exact=True).click()
    expect(page.get_by_text(words["alt"])).to_be_visible()
    shoot(page, f"room-sheet-keys-{locale}-{size}")


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_go_to_board_without_javascript_opens_the_sheet_on_that_row(
    browser, live_server, match, locale, size
):
    context = browser.new_context(
        base_url=live_server.url, locale=locale, viewport=SIZES[size], java_script_enabled=False
    )
    page = context.new_page()
    helpers.log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/closed/")
    page.locator("#goto-board").fill("9")
    page.locator("#goto-board").press("Enter")
    expect(page).to_have_url(f"{live_server.url}/director/matches/{match.pk}/closed/#row-9")
    page.locator("#goto-board").fill("40")
    page.locator("#goto-board").press("Enter")
    expect(page.locator("#goto-board-error")).to_have_text(SHEET_WORDS[locale]["no_board"])
    context.close()


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_a_refused_row_is_upper_cased_with_a_one_line_error_and_its_detail_on_focus(
    page: Page, match, locale, size
):
    open_as_director(page, size, f"/director/matches/{match.pk}/open/")
    helpers.type_row(page, "8nt", "n", "h10", "=")  # the level is refused
    contract = page.locator("#id_b3-contract")
    expect(contract).to_have_value("8NT")
    expect(page.locator("#id_b3-lead")).to_have_value("H10")
    error = page.locator("#id_b3-contract_error")
    expect(error).to_be_visible()
    line = page.locator("#id_b3-lead").evaluate("e => e.getBoundingClientRect().height")
    assert error.evaluate("e => e.getBoundingClientRect().height") < line  # one line
    contract.focus()
    box = error.bounding_box()
    assert box["height"] > 0 and error.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    shoot(page, f"room-sheet-refused-{locale}-{size}")


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_the_director_downloads_the_files_from_one_menu_players_see_a_quiet_line(
    page: Page, match, locale, size
):
    words = {
        "en-US": ("Downloads", "Blank table sheets, to print", "Data files:"),
        "zh-CN": ("下载", "空白记分表（打印）", "数据文件："),
    }[locale]
    open_as_director(page, size, f"/director/events/{match.event_id}/")
    menu = page.locator(".downloads-menu")
    expect(menu.get_by_role("link", name=words[1])).to_be_hidden()  # closed until asked
    menu.locator("summary").click()
    link = menu.get_by_role("link", name=words[1])
    expect(link).to_be_visible()
    box = page.locator(".downloads-list").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]  # on the screen
    shoot(page, f"downloads-{locale}-{size}")
    link.click()
    expect(page).to_have_url(re.compile(r"/rounds/1/table-sheets/$"))

    page.goto(f"/events/{match.event_id}/")
    expect(page.locator(".event-files")).to_contain_text(words[2])
    expect(page.get_by_role("link", name="USEBIO")).to_have_count(1)  # in the quiet line only
    expect(page.locator(".event-files").get_by_role("link", name="USEBIO")).to_be_visible()


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_blank_table_sheets_carry_the_table_the_imp_columns_and_signatures_one_page_each(
    page: Page, match, locale, size, tmp_path
):
    make_match(match.event)  # table 2
    words = {
        "en-US": (
            "Table 2",
            "Difference",
            "IMP total",
            "N-S signature",
            "E-W signature",
            "Winning team",
            "captain",
            "Losing team",
            "captain",
        ),
        "zh-CN": (
            "第 2 桌",
            "分差",
            "IMP 合计",
            "南北签字",
            "东西签字",
            "胜队",
            "队长",
            "负队",
            "队长",
        ),
    }[locale]
    open_as_director(
        page, size, f"/director/events/{match.event_id}/stages/1/rounds/1/table-sheets/"
    )
    sheets = page.locator("article.table-sheet")
    expect(sheets).to_have_count(4)  # 2 matches × 2 rooms
    second = sheets.nth(2)
    expect(second.locator(".sheet-table-number")).to_have_text(words[0])
    expect(second.locator("thead")).to_contain_text(words[1])
    expect(second.locator("thead th.imp-col")).to_have_count(4)  # each team: 分差, IMP
    expect(second.locator("tfoot")).to_contain_text(words[2])
    # The players' signatures, then the captains' lines of the printed team sheet (seed
    # 002: 胜队（号）队长 / 负队（号）队长), each with a line to write on.
    expect(second.locator(".signature-label")).to_have_text(list(words[3:]))
    expect(second.locator(".sheet-captains .signature-line")).to_have_count(4)
    page.emulate_media(media="print")
    shoot(page, f"table-sheets-print-{locale}-{size}")
    assert helpers.pdf_pages(page, tmp_path) == 4


LONG_NAME = "Birchwood Bridge Club of the Northern Counties"


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_a_long_team_name_on_a_blank_table_sheet_is_written_whole_on_screen_and_paper(
    page: Page, locale, size, tmp_path
):
    event = make_event(name="春季团体赛")
    make_match(event, home=make_team(event, "长城队"), away=make_team(event, LONG_NAME))
    make_user("td", chief=True, password=PASSWORD)
    open_as_director(page, size, f"/director/events/{event.pk}/stages/1/rounds/1/table-sheets/")
    # on the screen it is shown, and on paper the sheet is laid out across an A4 page's
    # 186 mm between its margins (703 CSS pixels), whatever the screen it is printed from
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        if media == "print":
            page.set_viewport_size({"width": 703, "height": 1000})
        head = page.locator("article.table-sheet").first.locator("th.team-head").nth(1)
        expect(head).to_have_text(LONG_NAME)
        # nothing of it hidden: the name wraps in its column instead of being cut off, within
        # the four lines (five on paper) an 80-character name is clamped to (the header has it
        # whole)
        assert head.evaluate("th => th.scrollWidth <= th.clientWidth"), media
        name = head.locator(".team-head-name")
        assert name.evaluate("span => span.scrollHeight <= span.clientHeight + 1"), media
    shoot(page, f"table-sheets-long-name-print-{locale}-{size}")
    assert helpers.pdf_pages(page, tmp_path) == 2


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_round_2s_line_ups_come_carried_over_and_are_saved_when_the_director_confirms(
    page: Page, locale, size
):
    event = make_event(name="周二队式赛")
    for name in ("长城队", "华山队", "泰山队", "黄山队"):
        make_team(event, name)
    actions.make_round_robin(event, user=None)
    for match in event.matches.filter(round=1):
        home, away = list(match.home.players.all()), list(match.away.players.all())
        seats = {
            ("open", "N"): home[3],
            ("open", "S"): home[2],
            ("closed", "E"): home[1],
            ("closed", "W"): home[0],
            ("closed", "N"): away[0],
            ("closed", "S"): away[1],
            ("open", "E"): away[2],
            ("open", "W"): away[3],
        }
        actions.set_seating(match, 1, seats, user=None)
    make_user("td", chief=True, password=PASSWORD)
    words = {
        "en-US": ("As in round 1: not saved yet", "Confirm and save the line-ups"),
        "zh-CN": ("同第 1 轮：尚未保存", "确认并保存出场名单"),
    }[locale]
    open_as_director(page, size, f"/director/events/{event.pk}/stages/1/rounds/2/lineups/")
    expect(page.locator(".lineup-proposed")).to_have_count(2)
    expect(page.locator(".lineup-proposed").first).to_have_text(words[0])
    wall = event.teams.get(name="长城队")
    match = event.matches.filter(round=2).filter(home=wall).first() or event.matches.get(
        round=2, away=wall
    )
    ns_room = "open" if match.home_id == wall.pk else "closed"
    north = page.locator(f"#id_m{match.pk}-s1-{ns_room}_N")
    expect(north.locator("option:checked")).to_have_text("长城队 D")  # D and C sat N-S in round 1
    assert not Seating.objects.filter(match__round=2).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shoot(page, f"lineups-carried-{locale}-{size}")
    page.get_by_role("button", name=words[1]).click()
    expect(page).to_have_url(re.compile(r"\?stage=1&round=2$"))
    assert Seating.objects.filter(match__round=2).count() == 16
