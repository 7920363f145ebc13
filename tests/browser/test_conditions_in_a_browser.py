"""The conditions of contest federations write (issue 34), played through in a real
browser, in Chinese and in English: an eight-team knockout after a round robin, with the
WBF carry-over, and a four-team double elimination decided by segments won, each to its
final ranking.

The results go in behind the scenes; the director marks each stage's last match final on
its page, as a director does. Then what a player sees: the carry-over's working on the
bracket and the scorecard, "2 : 1 节" where segments decide, the final ranking with 冠军,
亚军, 季军 and 第四名, and no VP scale or standings table on a knockout's pages; at
1366 px and on a 390 px phone (nothing wider than the screen).
"""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Match
from tests.browser.helpers import SIZES, fits_the_screen, log_in, shot
from tests.conditions import (
    number,
    round_robin_cup,
    segments_cup,
    win_by_ten,
    win_two_segments,
)
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "conditions of contest 34"
WORDS = {
    "zh-CN": {
        "working": "⅓ × 10 IMP = 3.333… → 3.3",
        "carried": "含带入分 0.0 : 3.3",
        "segments": "2 : 1 节",
        "ranking": "最终排名",
        "places": ["冠军", "亚军", "季军", "第四名"],
        "standings": "排名表",
        "decided": "按节分",
    },
    "en-US": {
        "working": "⅓ × 10 IMPs = 3.333… → 3.3",
        "carried": "Carry-over included: 0.0 : 3.3",
        "segments": "2 : 1 segments",
        "ranking": "Final ranking",
        "places": ["Winner", "Runner-up", "Third place", "Fourth place"],
        "standings": "Standings",
        "decided": "Segments won",
    },
}


def mark_final_in_the_browser(page: Page, match):
    page.goto(f"/director/matches/{match.pk}/")
    page.locator("form:has(input[name=status][value=final]) button.btn-success").click()
    page.locator("form.final-confirmation button.btn-success").click()
    expect(page.locator("form.final-confirmation")).to_have_count(0)
    assert Match.objects.get(pk=match.pk).is_final


def play_through(page: Page, stage, director, play):
    """Play every match as it is made; the last of each round marked final in the browser."""
    while waiting := list(stage.matches_here().filter(status="provisional").order_by("pk")):
        *others, last = waiting
        for match in others:
            play(match, director)
        play(last, director, final=False)
        mark_final_in_the_browser(page, last)


@pytest.mark.parametrize("locale", WORDS)
def test_an_eight_team_knockout_with_the_wbf_carry_over_to_its_ranking(page: Page, locale):
    words = WORDS[locale]
    director = make_user("td", chief=True, password=PASSWORD)
    event, stage = round_robin_cup(director, carry_over="wbf", level_rule="extra-boards")
    log_in(page, "td", PASSWORD)
    play_through(page, stage, director, win_by_ten)
    assert stage.matches_here().count() == 7

    page.context.clear_cookies()
    first = stage.matches_here().get(round=1, home__name="Team 1")
    assert number(first.away) == 8 and str(first.carry_away) == "3.3"  # Team 8 won their RR match
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        page.goto(f"/events/{event.pk}/stages/2/")
        quarter = page.locator(".bracket-match[data-round='1'][data-position='0']")
        expect(quarter).to_contain_text(words["carried"])
        expect(page.locator("body")).not_to_contain_text("VP")
        assert fits_the_screen(page)
        shot(page, f"wbf-knockout-{locale}-{size}")
        page.goto(first.get_absolute_url())
        expect(page.locator(".carry-working").first).to_contain_text(words["working"])
        assert fits_the_screen(page)
        shot(page, f"wbf-scorecard-{locale}-{size}")

    page.goto(f"/events/{event.pk}/")
    ranking = page.locator("section.outcome")
    expect(ranking.locator("h2")).to_have_text(words["ranking"])
    places = ranking.locator("li.outcome-place")
    for index, name in enumerate(words["places"][:2]):
        expect(places.nth(index)).to_contain_text(f"Team {index + 1}")
        expect(places.nth(index)).to_contain_text(name)
    expect(places).to_have_count(8)


@pytest.mark.parametrize("locale", WORDS)
def test_a_double_elimination_decided_by_segments_won_to_its_ranking(page: Page, locale):
    words = WORDS[locale]
    director = make_user("td", chief=True, password=PASSWORD)
    event, stage = segments_cup(director)
    actions.start_stage(stage, user=director)
    log_in(page, "td", PASSWORD)
    play_through(page, stage, director, win_two_segments)

    page.context.clear_cookies()
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        page.goto(f"/events/{event.pk}/stages/1/")
        expect(page.locator(".bracket-match .segments-won").first).to_have_text(words["segments"])
        expect(page.locator("p.text-body-secondary").first).to_contain_text(words["decided"])
        assert fits_the_screen(page)
        shot(page, f"segments-bracket-{locale}-{size}")
        page.goto(f"/events/{event.pk}/")
        ranking = page.locator("section.outcome")
        expect(ranking.locator("h2")).to_have_text(words["ranking"])
        places = ranking.locator("li.outcome-place")
        expect(places).to_have_count(4)
        for index, name in enumerate(words["places"]):
            expect(places.nth(index)).to_contain_text(f"Team {index + 1}")
            expect(places.nth(index)).to_contain_text(name)
        expect(page.locator("h2", has_text=words["standings"])).to_have_count(0)
        expect(page.locator("table.standings")).to_have_count(0)
        assert fits_the_screen(page)
        shot(page, f"segments-ranking-{locale}-{size}")
        match = stage.matches_here().order_by("pk").first()
        page.goto(match.get_absolute_url())
        expect(page.locator(".summary-segments")).to_have_text(words["segments"])
        shot(page, f"segments-scorecard-{locale}-{size}")
