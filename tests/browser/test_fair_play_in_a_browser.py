"""Fair play on a player's phone: between boards, the public scorecard, traveller, hand
records and event page say "not yet public" where a board another table still has to play
would be; once the last table has played it, it appears there with the next live refresh."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import Page, expect

from matches import actions
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_team

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("analysed_once")]
DATA = Path(__file__).parent.parent / "data"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def round_in_play(tmp_path):
    """Two matches of 4 boards sharing the round's deals: every table has played board 1;
    board 2 waits for match 2's closed room."""
    event = make_event(
        name="Club teams", boards_per_match=4, boards_per_segment=4, results_public="tables"
    )
    teams = [make_team(event, name) for name in ("Ash", "Birch", "Cedar", "Damson")]
    first = actions.add_match(event, round=1, home=teams[0], away=teams[1], user=None)
    second = actions.add_match(event, round=1, home=teams[2], away=teams[3], user=None)
    text = (DATA / "deals_with_comments_and_statistics.pbn").read_text()
    four = tmp_path / "four.pbn"
    four.write_text(text[: text.index('[Board "5"]')])
    with translation.override("en"):
        call_command("import_deals", event.pk, four, "--round", "1", stdout=io.StringIO())
    for match in (first, second):
        enter(match, 1, "open", "3NT", "N", "=")
        enter(match, 1, "closed", "3NT", "N", "=")
    enter(first, 2, "open", "4H", "N", "=")
    enter(first, 2, "closed", "4H", "N", "=")
    enter(second, 2, "open", "4H", "N", "=")
    return event, first, second


def test_a_phone_sees_not_yet_public_then_the_board_once_the_last_table_plays_it(
    page: Page, round_in_play
):
    event, first, second = round_in_play
    page.set_viewport_size(PHONE)
    page.clock.install()
    pages = {
        "scorecard": (page, f"/matches/{first.pk}/", '#live tr[data-board="2"]'),
        "traveller": (page.context.new_page(), f"/events/{event.pk}/rounds/1/boards/2/", "#live"),
        "hands": (page.context.new_page(), f"/events/{event.pk}/stages/1/rounds/1/hands/", "#live"),
        "event": (page.context.new_page(), f"/events/{event.pk}/", "#live"),
    }
    for tab, url, where in pages.values():
        tab.set_viewport_size(PHONE)
        tab.goto(url)
        expect(tab.locator(where).first).to_contain_text("not yet public")
    expect(pages["scorecard"][0].locator("#live")).not_to_contain_text("620")
    expect(pages["hands"][0].locator(".hd-number")).to_have_count(1)  # board 1's alone

    enter(second, 2, "closed", "4H", "N", "=")  # the last table plays board 2
    page.clock.run_for(15_500)
    expect(pages["scorecard"][0].locator('#live tr[data-board="2"]')).to_contain_text("620")
    expect(pages["traveller"][0].locator("#live")).to_contain_text("620")
    expect(pages["hands"][0].locator(".hd-number")).to_have_count(2)
    expect(pages["event"][0].locator("#live")).not_to_contain_text("not yet public")
