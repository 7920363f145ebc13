"""A knockout's bracket with its placing matches printed, as a director prints it for the
noticeboard: a match for third place, a full play-off of eight teams, and one of six (its
byes shown), each on one A4 page (the page's own landscape sheet), in English and in
Chinese."""

import pytest
from playwright.sync_api import Page, expect

from matches.choices import PlacingChoice
from tests.browser.helpers import pdf_pages, shot
from tests.factories import make_user
from tests.test_placing_matches import knockout, matches, win

pytestmark = pytest.mark.django_db(transaction=True)
LOCALES = ("en-US", "zh-CN")
NAMES = {  # names as long as clubs give them
    1: "Shanghai Pudong Bridge Club",
    2: "Beijing Capital Sports",
    3: "Shenzhen Nangang Power",
    4: "Guangzhou Hongmian Bridge",
    5: "Chengdu Jinsha Yunya",
    6: "Hangzhou West Lake Team",
    7: "Tianjin Binhai Bridge Society",
    8: "Wuhan Donghu University",
}


def played(teams, placing):
    """Return a knockout of ``teams`` played to its end, the better seed winning."""
    director = make_user("td", chief=True)
    stage = knockout(teams, director, placing=placing)
    for team in stage.event.teams.all():
        team.name = NAMES[int(team.name.split()[-1])]
        team.save()
    for number in range(1, 10):
        waiting = [m for m in matches(stage, round=number) if not m.is_final]
        if not waiting and not matches(stage, round=number):
            break
        for match in waiting:
            win(match, match.home, director)
    return stage


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    ("teams", "placing", "cards"),
    [
        (4, PlacingChoice.THIRD, 4),
        (8, PlacingChoice.ALL, 12),
        (6, PlacingChoice.ALL, 11),  # byes in both the main bracket and the play-off
    ],
)
def test_a_bracket_with_its_placing_matches_prints_on_one_a4_page(
    page: Page, locale, teams, placing, cards, tmp_path
):
    stage = played(teams, placing)
    page.goto(f"/events/{stage.event_id}/stages/1/")
    expect(page.locator(".bracket-match")).to_have_count(cards)
    assert pdf_pages(page, tmp_path, landscape=True, format="A4") == 1
    page.emulate_media(media="print")
    shot(page, f"placing-print-{teams}-{locale}")
