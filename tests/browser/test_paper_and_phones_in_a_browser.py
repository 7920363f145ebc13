"""The pages on paper and on a 390 px phone, with the longest team names allowed (80 characters).

Printing: a 16-board segment with the director's adjustments prints on exactly one A4 page in
either language; 32 boards print on two. Phones: nothing is wider than the screen except
inside a box that scrolls sideways; the scorecard's board column stays in view while the
sheet scrolls; the traveller keeps names on one line and its IMP column in view.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Board
from tests.browser.helpers import log_in
from tests.factories import enter, make_event, make_match, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
LONG_CHINESE = ("北京市桥牌协会青年代表队" * 8)[:80]
LONG_ENGLISH = ("The Remarkably Long Named Bridge Club of the Far Countryside, Team " * 2)[:80]

# Elements sticking out past the right edge of the window, not inside a box that scrolls.
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll)/.test(style.overflowX) && box !== document.documentElement
          && box !== document.body) return true;
    }
    return false;
  };
  return [...document.body.querySelectorAll("*")]
    .filter(el => el.getBoundingClientRect().right > width + 1 && !scrolls(el))
    .map(el => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
}"""


def team(event, name):
    """Return a team of the event with four players (a long team name, ordinary players)."""
    players = [f"{name[:10]} {seat}" for seat in ("A", "B", "C", "D")]
    return actions.add_team(event, name=name, players=players, user=None)


def pdf_pages(page: Page) -> int:
    pdf = page.pdf(prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def played(match, boards=16):
    for number in range(1, boards + 1):
        enter(match, number, "open", "4S", "N", "=", "HK")
        enter(match, number, "closed", "4S", "N", "-1", "DA")


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_a_16_board_match_with_adjustments_prints_on_one_a4_page(page: Page, locale):
    event = make_event(name=LONG_CHINESE)
    match = make_match(event, home=team(event, LONG_CHINESE), away=team(event, LONG_ENGLISH))
    played(match)
    for number in (3, 7, 11):
        board = Board.objects.get(match=match, number=number)
        reason = "Fouled board: the cards were in the wrong pockets " * 2
        actions.set_artificial_score(board, home_imps=3, away_imps=-3, reason=reason, user=None)
    actions.add_imp_penalty(match, team=match.away, imps=3, reason="Slow play, " * 10, user=None)
    home, away = list(match.home.players.all()), list(match.away.players.all())
    seats = {
        ("open", "N"): home[0],
        ("open", "S"): home[1],
        ("closed", "E"): home[2],
        ("closed", "W"): home[3],
        ("open", "E"): away[0],
        ("open", "W"): away[1],
        ("closed", "N"): away[2],
        ("closed", "S"): away[3],
    }
    actions.set_seating(match, 1, seats, user=None)

    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".scorecard-notes li")).to_have_count(4)
    assert pdf_pages(page) == 1


def test_two_segments_print_on_two_pages(page: Page):
    match = make_match(make_event(boards_per_match=32, boards_per_segment=16))
    played(match, 32)
    page.goto(f"/matches/{match.pk}/")
    assert pdf_pages(page) == 2


@pytest.fixture
def long_event():
    event = make_event(name="Phones 手机")
    teams = [team(event, name) for name in (LONG_CHINESE, LONG_ENGLISH, "上海队", "Wuhan")]
    first = make_match(event, home=teams[0], away=teams[1], round=1)
    second = make_match(event, home=teams[2], away=teams[3], round=1)
    played(first)
    for number in range(1, 9):
        enter(second, number, "open", "3NT", "S", "+1", "SQ")
    return event, teams, first


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_public_page_is_wider_than_the_screen_with_80_character_names(
    page: Page, long_event, viewport
):
    event, teams, match = long_event
    page.set_viewport_size(viewport)
    for url in (
        f"/events/{event.pk}/",
        f"/events/{event.pk}/cross-table/",
        f"/events/{event.pk}/rounds/1/",
        f"/events/{event.pk}/teams/{teams[0].pk}/",
        f"/events/{event.pk}/rounds/1/boards/5/",
        f"/matches/{match.pk}/",
    ):
        page.goto(url)
        assert page.evaluate(OVERFLOWING) == [], url


def test_the_directors_pages_fit_a_phone_too(page: Page, long_event):
    event, _teams, match = long_event
    make_user("td", chief=True, password="phones and names")
    log_in(page, "td", "phones and names")
    page.set_viewport_size(PHONE)
    for url in (
        f"/director/events/{event.pk}/",
        f"/director/matches/{match.pk}/open/",
        f"/director/matches/{match.pk}/",
        f"/director/events/{event.pk}/stages/1/rounds/1/table-sheets/",
    ):
        page.goto(url)
        assert page.evaluate(OVERFLOWING) == [], url


@pytest.mark.parametrize("locale", ["zh-CN"])
def test_the_standings_keep_vp_on_screen_beside_an_80_character_name(page: Page, long_event):
    event, teams, _match = long_event
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.goto(f"/events/{event.pk}/")
        vp = page.locator(f'.standings tr[data-team="{teams[0].pk}"] .total-vp')
        box = vp.bounding_box()
        assert box["x"] + box["width"] <= viewport["width"], viewport


def test_the_scorecards_board_column_stays_in_view_while_the_sheet_scrolls(page: Page, long_event):
    _event, _teams, match = long_event
    page.set_viewport_size(PHONE)
    page.goto(f"/matches/{match.pk}/")
    box = page.locator(".segment .table-responsive").first
    box.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    assert box.evaluate("box => box.scrollLeft") > 300  # it did scroll
    board = page.locator('tr[data-board="9"] .board-col')
    cell = board.bounding_box()
    assert 0 <= cell["x"] < 40, cell
    expect(board).to_be_visible()
    imps = page.locator('tr[data-board="9"] .away-imp')  # the IMPs, now beside the board number
    assert imps.bounding_box()["x"] + imps.bounding_box()["width"] <= PHONE["width"]
    link = board.locator("a")
    size = link.bounding_box()
    assert size["height"] >= 44 and size["width"] >= 36, size


@pytest.mark.parametrize("locale", ["zh-CN"])
def test_the_traveller_keeps_names_on_one_line_and_the_imps_in_view(page: Page, long_event):
    event, teams, match = long_event
    page.set_viewport_size(PHONE)
    page.goto(f"/events/{event.pk}/rounds/1/boards/5/")
    name = page.locator(f'tr[data-match="{match.pk}"] .home-name')
    one_line = name.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
    assert name.bounding_box()["height"] <= one_line * 1.5  # one line, cut with …
    assert name.evaluate("el => el.scrollWidth > el.clientWidth")  # it is cut ...
    name.focus()  # ... and a tap shows the whole name
    assert name.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert name.evaluate("el => el.getBoundingClientRect().height") > one_line * 2
    imps = page.locator(f'tr[data-match="{match.pk}"] .imps')
    box = imps.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    expect(imps).to_have_text("+12")  # board 5, N-S vulnerable: 4♠= 620 and 4♠-1 100


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_round_board_links_and_badges_are_whole_and_big_enough_to_tap(page: Page, long_event):
    event, _teams, _match = long_event
    page.set_viewport_size(PHONE)
    page.goto(f"/events/{event.pk}/rounds/1/")
    links = page.locator(".board-links a")
    expect(links).to_have_count(16)
    for index in range(16):
        box = links.nth(index).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    for badge in page.locator(".badge").all():
        assert badge.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), badge.text_content()


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_blank_table_sheets_print_one_a4_page_for_each_room_of_each_match(
    page: Page, long_event, locale
):
    event, _teams, _match = long_event
    make_user("td", chief=True, password="paper for the tables")
    log_in(page, "td", "paper for the tables")
    page.goto(f"/director/events/{event.pk}/")
    page.locator(
        f'.round-progress a[href="/director/events/{event.pk}/stages/1/rounds/1/table-sheets/"]'
    ).click()
    expect(page.locator("article.table-sheet")).to_have_count(4)  # 2 matches × 2 rooms
    dealer = "北" if locale == "zh-CN" else "North"
    expect(page.locator('.table-sheet tr[data-board="5"] td').nth(1)).to_have_text(dealer)
    assert pdf_pages(page) == 4


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_team_charts_labels_are_legible(page: Page, long_event, viewport):
    event, teams, _match = long_event
    played(make_match(event, home=teams[0], away=teams[2], round=2))  # a chart from round 2
    page.set_viewport_size(viewport)
    page.goto(f"/events/{event.pk}/teams/{teams[0].pk}/")
    ticks = page.locator(".progress-chart text.tick")
    expect(ticks.first).to_be_visible()
    heights = [box["height"] for box in (t.bounding_box() for t in ticks.all())]
    assert min(heights) >= 11, heights  # rendered pixels, whatever the SVG's scale


def test_the_room_sheet_labels_each_field_on_a_phone_and_cuts_no_placeholder(
    page: Page, long_event
):
    _event, _teams, match = long_event
    make_user("td", chief=True, password="labels on a phone")
    log_in(page, "td", "labels on a phone")
    page.set_viewport_size(PHONE)
    page.goto(f"/director/matches/{match.pk}/closed/")
    assert page.locator(".sheet-row input[placeholder]").count() == 0
    label = page.locator("#row-1 label[for=id_b1-declarer]")
    expect(label).to_be_visible()
    box = label.bounding_box()
    assert box["width"] > 10 and box["height"] >= 10
    for field in page.locator("#row-1 input.form-control").all():
        assert field.bounding_box()["height"] >= 44  # big enough to tap
