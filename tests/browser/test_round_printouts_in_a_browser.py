"""Printing at the end of the evening, as a director does it: every scorecard of a round
from the round's page, one match a page; an 8-board match's scorecard on one page (in one
segment or two of 4 boards); the knockout's bracket filling its page; and on paper no
link's address or link-only text (the menus, the buttons, the "Scorecard" links), in both
languages.

Three 8-board matches of round 1 are played out, 长城队 against 华山队 at table 1."""

import pytest
from playwright.sync_api import Page, expect

from tests import congress
from tests.browser.helpers import log_in, pdf_pages
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "end of the evening"
WORDS = {
    "en-US": {
        "link": "Every scorecard of this round, to print",
        "table": "Table 1",
        "title": "Scorecards: Round 1",
        "scorecard": "Scorecard",
    },
    "zh-CN": {
        "link": "打印本轮全部记分表",
        "table": "第 1 桌",
        "title": "记分表：第 1 轮",
        "scorecard": "记分表",
    },
}
# What paper would show of a link beside its text: its address (a[href]::after) or nothing.
LINK_TEXT_ON_PAPER = """() => [...document.querySelectorAll("a[href]")]
  .filter(a => a.offsetParent !== null)
  .map(a => getComputedStyle(a, "::after").content)
  .filter(content => content && !["none", "normal", '""'].includes(content))"""
# Elements shown on paper that only a screen can use: menus, buttons, forms, link lists.
SCREEN_ONLY_ON_PAPER = """() => [...document.querySelectorAll(
    "nav, button, form, .navbar, .language-switch, .board-links, .hand-records-list")]
  .filter(el => el.offsetParent !== null || getComputedStyle(el).display !== "none")
  .filter(el => el.getClientRects().length > 0)
  .map(el => el.tagName + "." + el.className)"""


def played(match, boards=8):
    for number in range(1, boards + 1):
        enter(match, number, "open", "4S", "N", "=", "HK")
        enter(match, number, "closed", "4S", "N", "-1", "DA")


def round_played(segment=8):
    event = make_event(name="周一俱乐部赛", boards_per_match=8, boards_per_segment=segment)
    matches = [make_match(event, home=make_team(event, "长城队"), away=make_team(event, "华山队"))]
    matches += [make_match(event) for _ in range(2)]
    for match in matches:
        played(match)
    make_user("td", chief=True, password=PASSWORD)
    return event, matches


@pytest.mark.parametrize("locale", WORDS)
def test_the_director_prints_every_scorecard_of_the_round_one_match_a_page(
    page: Page, locale, tmp_path
):
    event, matches = round_played()
    words = WORDS[locale]
    log_in(page, "td", PASSWORD)
    page.goto(f"/events/{event.pk}/rounds/1/")
    page.emulate_media(media="print")  # the round's page on paper: no link-only text
    expect(page.get_by_role("link", name=words["scorecard"], exact=True)).to_have_count(0)
    expect(page.get_by_role("link", name=words["link"])).to_have_count(0)
    assert page.evaluate(LINK_TEXT_ON_PAPER) == []
    page.emulate_media(media="screen")
    page.get_by_role("link", name=words["link"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words["title"])
    sheets = page.locator("article.scorecard-sheet")
    expect(sheets).to_have_count(3)
    expect(sheets.first.locator("h2").first).to_contain_text(f"{words['table']} · 长城队 – 华山队")
    expect(sheets.nth(2).locator(".scorecard tbody tr")).to_have_count(8)
    page.emulate_media(media="print")
    assert page.evaluate(LINK_TEXT_ON_PAPER) == []
    assert page.evaluate(SCREEN_ONLY_ON_PAPER) == []
    assert pdf_pages(page, tmp_path, landscape=True) == 3


@pytest.mark.parametrize(("locale", "segment"), [("en-US", 8), ("zh-CN", 4)])
def test_an_8_board_scorecard_prints_on_one_page_without_link_text(
    page: Page, locale, segment, tmp_path
):
    _, matches = round_played(segment)
    page.goto(f"/matches/{matches[0].pk}/")
    expect(page.locator(".scorecard tbody tr")).to_have_count(8)
    page.emulate_media(media="print")
    assert page.evaluate(LINK_TEXT_ON_PAPER) == []
    assert page.evaluate(SCREEN_ONLY_ON_PAPER) == []
    assert pdf_pages(page, tmp_path, landscape=True) == 1


# A4 landscape less its 10 mm margins, in CSS pixels (96 to the inch): 277 by 190 mm.
PAGE_WIDTH, PAGE_HEIGHT = 1047, 718


@pytest.mark.parametrize("locale", WORDS)
def test_the_bracket_fills_its_printed_page(page: Page, locale, tmp_path):
    event = congress.knockout()
    page.goto(f"/events/{event.pk}/stages/2/")
    expect(page.locator("#bracket .bracket-match")).to_have_count(3)
    assert pdf_pages(page, tmp_path, landscape=True) == 1
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PAGE_WIDTH, "height": PAGE_HEIGHT})
    box = page.locator("#bracket").bounding_box()
    assert box["width"] > 0.9 * PAGE_WIDTH and box["height"] > 0.6 * PAGE_HEIGHT
    assert page.evaluate(LINK_TEXT_ON_PAPER) == []
    assert page.evaluate(SCREEN_ONLY_ON_PAPER) == []
