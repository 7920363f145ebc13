"""A player follows an event on a phone as well as on a desktop: the round's matches are
cards on a phone, the cross-table fits or says that it scrolls, and the traveller's headings
never print over each other. Each in English and Chinese, at 1366 px and 390 px."""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from tests.factories import enter, make_event, make_team

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {
    "1366": {"width": 1366, "height": 900},
    "390": {"width": 390, "height": 844},
}
# Each test runs in both languages at both sizes: test_…[en-US-390] and so on.
pytestmark = [
    pytestmark,
    pytest.mark.parametrize("size", SIZES),
    pytest.mark.parametrize("locale", ["en-US", "zh-CN"]),
]


def league(teams: int, name: str = "Winter league"):
    """Return a round robin of ``teams`` teams whose round 1 has board 1 played in both
    rooms of every match, 1 IMP to the away team (400 against 430), and marked final."""
    event = make_event(name=name)
    for number in range(1, teams + 1):
        make_team(event, f"长城{number}队" if number % 2 else f"Team {number}")
    actions.make_round_robin(event, user=None)
    for match in event.matches.filter(round=1):
        enter(match, 1, "open", "3NT", "N", "=")
        enter(match, 1, "closed", "3NT", "N", "+1")
        actions.mark_final(match, confirm=True, user=None)
    return event


def box(page: Page, selector: str) -> dict:
    """Return where an element is drawn and how wide its content is."""
    return page.locator(selector).first.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                           height: r.height, scrollWidth: el.scrollWidth,
                           clientWidth: el.clientWidth}; }"""
    )


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.fixture
def shown(page: Page, size):
    """Return a function that opens a path at the test's size, in its language."""

    def show(path: str) -> Page:
        page.set_viewport_size(SIZES[size])
        page.goto(path)
        return page

    return show


def test_a_rounds_matches_are_cards_on_a_phone_and_rows_on_a_desktop(shown, size, locale):
    event = league(5)
    page = shown(f"/events/{event.pk}/")
    matches = page.locator("table.event-matches tr[data-match]")
    expect(matches).to_have_count(2)
    screen = SIZES[size]["width"]
    for match in matches.all():
        card = match.bounding_box()
        assert card["x"] >= 0 and card["x"] + card["width"] <= screen
        for part in ("a[href^='/matches/']", ".status-final", "td.imps", "td.vp"):
            shown = match.locator(part).bounding_box()
            assert shown["x"] + shown["width"] <= card["x"] + card["width"], part
    holder = box(page, "section.round .table-responsive")
    assert holder["scrollWidth"] <= holder["clientWidth"]  # nothing hidden to the right
    assert page_width(page) <= screen
    first = matches.first
    if size == "390":
        expect(first).to_have_css("display", "grid")
        assert first.bounding_box()["height"] < 110  # rows were about 140 px tall
        expect(first.get_by_role("cell", name="IMP0 : 1")).to_be_visible()  # labelled
        expect(page.locator("table.event-matches thead th").first).not_to_be_in_viewport()
    else:
        expect(first).to_have_css("display", "table-row")
        expect(page.locator("table.event-matches thead th").first).to_be_visible()
    imps = "IMPs" if locale == "en-US" else "IMP"
    expect(page.get_by_role("columnheader", name=imps, exact=True)).to_have_count(1)
    expect(first.get_by_role("cell").nth(2)).to_contain_text("0 : 1")  # still a table's row


def test_a_cross_table_of_eight_teams_fits_and_shows_every_vp_whole(shown, size, locale):
    event = league(8)
    page = shown(f"/events/{event.pk}/cross-table/")
    grid = box(page, ".cross-table")
    holder = box(page, ".table-responsive")
    assert holder["scrollWidth"] <= holder["clientWidth"], "the cross-table scrolls"
    assert page_width(page) <= SIZES[size]["width"]
    expect(page.locator("[data-scroll-hint]")).to_be_hidden()
    vps = page.locator(".cross-table .vp")
    expect(vps).to_have_count(8)  # four matches, each seen from both sides
    assert "10.31" in vps.all_inner_texts()  # 1 IMP of 16 boards on the WBF scale
    for vp in vps.all():
        drawn = vp.evaluate(
            "el => { const r = el.getBoundingClientRect(); return {right: r.right,"
            " scroll: el.scrollWidth, client: el.clientWidth}; }"
        )
        assert drawn["right"] <= grid["right"] and drawn["scroll"] <= drawn["client"]


def test_a_big_cross_table_scrolls_in_its_box_which_says_so_on_a_phone(shown, size, locale):
    event = league(14)
    page = shown(f"/events/{event.pk}/cross-table/")
    expect(page.locator(".cross-table .vp")).to_have_count(14)
    hint = page.locator("[data-scroll-hint]")
    assert page_width(page) <= SIZES[size]["width"]  # the page never grows sideways
    if size == "390":
        holder = box(page, ".table-responsive")
        assert holder["scrollWidth"] > holder["clientWidth"]
        words = "scrolls sideways" if locale == "en-US" else "左右滚动"
        expect(hint).to_be_visible()
        expect(hint).to_contain_text(words)
    else:
        expect(hint).to_be_hidden()


def test_the_travellers_team_heading_never_prints_over_the_contract(shown, size, locale):
    event = league(4)
    page = shown(f"/events/{event.pk}/rounds/1/boards/1/")
    teams = page.locator(".traveller thead th.teams-col")
    contract = page.locator(".traveller thead tr").nth(1).locator("th").first
    expect(contract).to_have_text("Contract" if locale == "en-US" else "定约")
    words = teams.evaluate(
        """th => { const range = document.createRange(); range.selectNodeContents(th);
                   return Math.max(...[...range.getClientRects()].map(r => r.right)); }"""
    )
    assert words <= teams.bounding_box()["x"] + teams.bounding_box()["width"] + 0.5
    assert words <= contract.bounding_box()["x"]
    assert page_width(page) <= SIZES[size]["width"]
    hint = page.locator("[data-scroll-hint]")
    if size == "390":
        expect(hint).to_be_visible()  # 13 columns do not fit a phone
    else:
        expect(hint).to_be_hidden()
