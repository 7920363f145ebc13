"""Players read a board's hand record on the traveller; a director uploads a round's deals.

Each traveller test also saves a screenshot under screenshots/ (git-ignored) to look at.
"""

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import Page, expect

from matches import actions
from matches.models.stages import first_stage
from tests.background import run_tasks
from tests.browser.helpers import pdf_pages
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("analysed_once")]
DATA = Path(__file__).resolve().parents[1] / "data"
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
PASSWORD = "hand records 52"


@pytest.fixture
def match():
    # about how hand records show, not when: the director publishes them before play
    event = make_event(name="俱乐部周二队式赛", hands_public="director")
    actions.publish_hands(first_stage(event), round_number=1, user=None)
    match = make_match(event, home=make_team(event, "杭州队"), away=make_team(event, "Lions"))
    with translation.override("en"):
        call_command(
            "import_deals",
            event.pk,
            DATA / "deals_with_comments_and_statistics.pbn",
            "--round",
            "1",
            stdout=io.StringIO(),
        )
    enter(match, 4, "open", "4H", "S", "=")
    enter(match, 4, "closed", "3NT", "N", "-1", lead="HT")
    return match


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("width", [1366, 390])
def test_the_traveller_shows_the_hand_diagram_double_dummy_and_par(
    page: Page, match, locale, width
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"/events/{match.event_id}/rounds/1/boards/4/")
    diagram = page.locator(".hand-diagram")
    expect(diagram).to_be_visible()
    expect(diagram.locator(".hd-hand")).to_have_count(4)
    expect(page.locator(".hd-number")).to_have_text("4")
    expect(page.locator(".dd-table tbody tr")).to_have_count(4)
    expect(page.locator(".par-score")).to_be_visible()
    expect(page.locator(".vs-par").first).to_be_visible()
    # Hearts and diamonds are red; spades and clubs are not.
    heart = page.locator(".hd-north .suit-h").first
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(200, 16, 46)"
    spade = page.locator(".hd-north .suit-s").first
    assert spade.evaluate("e => getComputedStyle(e).color") != "rgb(200, 16, 46)"
    # The diagram fits the screen: nothing of it is cut off or makes the page scroll sideways.
    box = diagram.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for hand in diagram.locator(".hd-hand").all():
        hand_box = hand.bounding_box()
        assert hand_box["x"] >= 0 and hand_box["x"] + hand_box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"traveller-hands-{locale}-{width}.png"), full_page=True)


def rotated_deals(tmp_path) -> Path:
    """Return a copy of the 16-board file with every deal turned a seat: deals no test has
    solved yet, so the analysis takes real time."""
    text = (DATA / "deals_with_comments_and_statistics.pbn").read_bytes().decode("utf-8-sig")
    for seat, turned in (("N:", "e:"), ("E:", "s:"), ("S:", "w:"), ("W:", "n:")):
        text = text.replace(f'[Deal "{seat}', f'[Deal "{turned}')
    path = tmp_path / "round-1.pbn"
    path.write_text(text.upper().replace("[DEAL", "[Deal"), encoding="utf-8")
    return path


def test_a_director_uploads_deals_and_sees_progress_then_the_hand_records(page: Page, tmp_path):
    director = make_user("td", director=True, password=PASSWORD)
    event = make_event(user=director, name="Club teams")  # td directs the event
    make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.goto(f"/director/events/{event.pk}/deals/")
    progress = []
    page.on(
        "response",
        lambda response: progress.append(response) if "/jobs/" in response.url else None,
    )
    page.get_by_label("Deals file", exact=False).set_input_files(str(rotated_deals(tmp_path)))
    page.get_by_role("button", name="Import deals").click()
    expect(page.locator(".job-text")).to_have_text("Waiting for a worker…")  # answered at once
    run_tasks()  # the worker's turn, while the page asks how far it has gone
    expect(
        page.get_by_text("Round 1: 16 deals imported, with double dummy and par.")
    ).to_be_visible(timeout=60_000)
    page.get_by_role("link", name="The round's hand records").click()
    expect(page.get_by_role("heading", name="Hand records: Round 1")).to_be_visible()
    expect(page.locator(".hand-diagram")).to_have_count(16)
    assert any(".json" in response.url for response in progress), "the page asked how far"
    assert {response.status for response in progress} == {200}

    page.goto(f"/director/events/{event.pk}/deals/")
    page.get_by_label("Deals file", exact=False).set_input_files(str(DATA / "deals_broken.pbn"))
    page.get_by_role("button", name="Import deals").click()
    # beside the field, and again as a link at the top of the page (the error summary)
    expect(page.get_by_text("Board 3: West has 12 cards, not 13.", exact=True)).to_be_visible()
    expect(page.locator("#error-summary")).to_contain_text("West has 12 cards")


@pytest.mark.parametrize(("per_page", "pages"), [(4, 4), (6, 3)])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_hand_record_sheet_prints_four_or_six_boards_to_an_a4_page(
    page: Page, match, per_page, pages, locale, tmp_path
):
    page.goto(f"/events/{match.event_id}/stages/1/rounds/1/hands/?per_page={per_page}")
    expect(page.locator(".hand-diagram")).to_have_count(16)
    page.emulate_media(media="print")
    assert pdf_pages(page, tmp_path, format="A4", print_background=True) == pages
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / f"hand-records-{locale}-{per_page}.pdf").write_bytes(
        (tmp_path / "print.pdf").read_bytes()
    )


CLIPPED = """() => {
  const clipped = [];
  for (const board of document.querySelectorAll(".hand-sheet-board")) {
    const frame = board.getBoundingClientRect();
    for (const part of board.querySelectorAll(".hd-hand, .hd-seat, .dd-table, .par")) {
      const box = part.getBoundingClientRect();
      const outside = box.left < frame.left - 0.5 || box.right > frame.right + 0.5
        || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5;
      if (outside || part.scrollWidth > part.clientWidth + 1) {
        clipped.push(board.querySelector("h2").textContent + " " + part.className);
      }
    }
  }
  return clipped;
}"""


# Each print test: both languages, from a desktop's window and a phone's.
LANGUAGES_AND_WIDTHS = pytest.mark.parametrize(
    ("locale", "width"), [(locale, width) for locale in ("en-US", "zh-CN") for width in (1366, 390)]
)


def open_at(page: Page, width: int, path: str):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(path)


@pytest.mark.parametrize("per_page", [4, 6])
@LANGUAGES_AND_WIDTHS
def test_no_hand_is_clipped_on_the_printed_sheet_west_dealer_and_vulnerable_included(
    page: Page, match, per_page, locale, width
):
    open_at(page, width, f"/events/{match.event_id}/stages/1/rounds/1/hands/?per_page={per_page}")
    page.emulate_media(media="print")
    expect(page.locator(".hand-diagram")).to_have_count(16)
    west = page.locator(".hand-sheet-board").nth(3).locator(".hd-west .hd-seat")  # board 4
    expect(west.locator(".hd-dealer")).to_have_count(1)
    expect(west.locator(".hd-vul")).to_have_count(1)
    page.set_viewport_size({"width": 718, "height": 1047})  # A4 less its 10 mm margins, 96 dpi
    SHOTS.mkdir(exist_ok=True)
    page.locator(".hand-sheet-board").nth(3).screenshot(
        path=str(SHOTS / f"hand-record-west-{locale}-{per_page}-{width}.png")
    )
    assert page.evaluate(CLIPPED) == []


@LANGUAGES_AND_WIDTHS
def test_the_scorecard_prints_on_one_a4_page_with_the_rounds_deals(
    page: Page, match, locale, width, tmp_path
):
    open_at(page, width, f"/matches/{match.pk}/")
    expect(page.locator(".hand-records-list details")).to_have_count(16)  # on the screen
    printable = page.locator(".hand-records-list a[href$='/rounds/1/hands/']")
    expect(printable).to_be_visible()  # the hand records' own sheet
    page.emulate_media(media="print")
    expect(page.locator(".hand-records-list")).to_be_hidden()
    assert pdf_pages(page, tmp_path, landscape=True) == 1  # the scorecard's own page
    page.goto(f"/events/{match.event_id}/stages/1/rounds/1/hands/?per_page=6")
    assert pdf_pages(page, tmp_path) == 3
