"""A director types a whole room sheet with the keyboard only; players read the scorecard.

The open room's sixteen results are seed 000's worked examples 例一 to 例十六 (as in the
demo data); the closed room is entered beforehand. Expected totals, from Law 77 and the
IMP scale: the home team wins boards 1, 7, 8, 9, 11, 12, 15 (1+13+15+12+12+9+14 = 76 IMPs),
the away team boards 2, 4, 5, 6, 10, 13, 14, 16 (7+5+11+13+15+7+14+13 = 85); board 3 is
level. Away by 9 over 16 boards is the printed scale's 8-11 column: 13 VP to 17.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches.demo import RESULTS
from tests.factories import enter, make_event, make_match, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "keyboard only 16"


def log_in(page: Page, username: str):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    expect(page.get_by_text(username)).to_be_visible()


@pytest.fixture
def match():
    match = make_match(make_event(vp_scale="printed-25"))
    for number, (_open, closed) in RESULTS.items():
        contract, declarer, lead, result = closed
        enter(match, number, "closed", contract, declarer, result, lead.replace("10", "T"))
    make_user("td", director=True, password=PASSWORD)
    return match


def test_a_director_types_a_16_board_room_sheet_with_the_keyboard_only(page: Page, match):
    log_in(page, "td")
    page.goto(f"/director/matches/{match.pk}/open/")
    page.locator("#id_b1-contract").focus()

    for number, (typed, _closed) in RESULTS.items():
        contract, declarer, lead, result = typed
        row = page.locator(f"#row-{number}")
        expect(row.locator(f"#id_b{number}-contract")).to_be_focused()
        page.keyboard.type(contract)
        page.keyboard.press("Tab")
        page.keyboard.type(declarer)
        page.keyboard.press("Tab")
        page.keyboard.type(lead)
        page.keyboard.press("Tab")
        page.keyboard.type(result)
        page.keyboard.press("Enter")
        expect(page.locator(f"#row-{number}[data-saved=true]")).to_be_visible()

    expect(page.locator("#row-16 .ew")).to_have_text("2980")  # 7NTXX by East, vulnerable
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".home-total")).to_have_text("76")
    expect(page.locator(".away-total")).to_have_text("85")
    expect(page.locator(".away-net")).to_have_text("9")
    expect(page.locator(".home-vp")).to_have_text("13")
    expect(page.locator(".away-vp")).to_have_text("17")
    expect(page.locator('tr[data-board="8"] .home-imp')).to_have_text("15")
    expect(page.locator(".pending")).to_have_count(0)


def test_a_bad_row_keeps_the_cursor_and_the_next_row_still_saves(page: Page, match):
    log_in(page, "td")
    page.goto(f"/director/matches/{match.pk}/open/")
    page.locator("#id_b1-contract").focus()
    page.keyboard.type("8NT")
    for text in ("N", "", "="):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    page.keyboard.press("Enter")
    error = page.locator("#id_b1-contract_error")
    expect(error).to_have_text("The level must be 1 to 7 (you wrote “8NT”).")
    expect(page.locator("#id_b1-contract")).to_be_focused()
    expect(page.locator("#id_b1-contract")).to_have_value("8NT")

    page.locator("#id_b2-contract").focus()
    for text in ("3S", "S", "CQ"):
        page.keyboard.type(text)
        page.keyboard.press("Tab")
    page.keyboard.type("-2")
    page.keyboard.press("Enter")
    expect(page.locator("#row-2[data-saved=true] .ew")).to_have_text("200")
    expect(error).to_be_visible()


@pytest.mark.parametrize("locale", ["zh-CN"])
def test_a_player_reads_the_scorecard_in_chinese_on_a_phone(page: Page, match):
    enter(match, 1, "open", "2S", "S", "+1", "HK")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".summary-imps")).to_have_text("1 : 0")
    for text in ("牌号", "局况", "开室", "闭室", "定约", "首攻", "分差", "全场合计"):
        expect(page.get_by_text(text, exact=True).first).to_be_attached()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def test_the_scorecard_prints_one_a4_page_per_16_boards(page: Page):
    match = make_match(make_event(boards_per_match=32, boards_per_segment=16))
    for number in range(1, 33):
        enter(match, number, "open", "4S", "N", "=")
        enter(match, number, "closed", "4S", "N", "-1")
    page.goto(f"/matches/{match.pk}/")
    pdf = page.pdf(prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 2
