"""An eight-team double elimination (双败淘汰) played to its winner in a real browser, in
Chinese and in English.

The director sets the stage's format and starts it on the stage's page, and marks the
last match of each round final on its page (which makes the matches whose teams are now
known); the results, and the other matches' "final", go in behind the scenes. The better
seed wins every match but the grand final, which the losers' bracket winner takes: a
second final follows. Then what a player sees: the winners' and losers' brackets and both
finals on the stage page, at 1366 px and on a 390 px phone (nothing wider than the
screen), printed on A4; the event page leading with the final ranking.
"""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Match
from tests.browser.helpers import SIZES, fits_the_screen, log_in, pdf_pages, shot
from tests.double_elimination import number, open_matches, play
from tests.factories import make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "two defeats and out 12"
WORDS = {
    "zh-CN": {
        "winners": "胜者组",
        "losers": "败者组",
        "finals": "总决赛",
        "final": "总决赛",
        "second": "第二场总决赛",
        "first_round": "胜者组第 1 轮",
        "losers_final": "败者组决赛",
        "ranking": "最终排名",
        "winner": "冠军",
        "runner_up": "亚军",
    },
    "en-US": {
        "winners": "Winners' bracket",
        "losers": "Losers' bracket",
        "finals": "Finals",
        "final": "Grand final",
        "second": "Second final",
        "first_round": "Winners' bracket round 1",
        "losers_final": "Losers' bracket final",
        "ranking": "Final ranking",
        "winner": "Winner",
        "runner_up": "Runner-up",
    },
}


def home_wins(match) -> bool:
    """The better seed wins, but for the grand final: the losers' bracket winner's."""
    return match.bracket != "final" and number(match.home) < number(match.away)


def mark_final_in_the_browser(page: Page, match):
    page.goto(f"/director/matches/{match.pk}/")
    page.locator("form:has(input[name=status][value=final]) button.btn-success").click()
    page.locator("form.final-confirmation button.btn-success").click()
    expect(page.locator("form.final-confirmation")).to_have_count(0)
    assert Match.objects.get(pk=match.pk).is_final


@pytest.mark.parametrize("locale", WORDS)
def test_an_eight_team_double_elimination_played_to_its_winner(page: Page, locale, tmp_path):
    words = WORDS[locale]
    director = make_user("td", chief=True, password=PASSWORD)
    event = make_event(director, name="Club Cup", boards_per_match=2, boards_per_segment=2)
    for n in range(1, 9):
        make_team(event, f"Team {n}")
    log_in(page, "td", PASSWORD)

    # The director makes stage 1 a double elimination and starts it.
    page.goto(f"/director/events/{event.pk}/stages/1/")
    page.locator("form.stage-form select[name=kind]").select_option("double-elimination")
    page.locator("form.stage-form button[type=submit]").click()
    expect(page.locator("form.stage-form select[name=kind]")).to_have_value("double-elimination")
    page.locator(f"form[action='/director/events/{event.pk}/stages/1/start/'] button").click()
    stage = event.stages.get(number=1)
    expect(page.locator("#bracket .bracket-match")).to_have_count(15 - 1)  # no second final yet
    assert stage.matches_here().count() == 4

    # Round by round: the last match of each is marked final by the director's click.
    rounds = 0
    while waiting := open_matches(stage):
        rounds += 1
        *others, last = waiting
        for match in waiting:
            play(match, home_wins(match))
        for match in others:
            actions.mark_final(match, user=director)
        mark_final_in_the_browser(page, last)
    assert rounds == 7 and stage.matches_here().count() == 15

    # What a player sees: both brackets and both finals, the winner in the last.
    page.context.clear_cookies()
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        page.goto(f"/events/{event.pk}/stages/1/")
        for key in ("winners", "losers", "finals"):
            expect(
                page.locator(".bracket-section > h2").filter(has_text=words[key])
            ).to_be_visible()
        rounds_shown = page.locator(".bracket-round > h3")
        expect(rounds_shown.first).to_have_text(words["first_round"])
        expect(rounds_shown.filter(has_text=words["losers_final"])).to_be_visible()
        expect(rounds_shown.filter(has_text=words["second"])).to_be_visible()
        expect(page.locator(".bracket-match")).to_have_count(15)
        second = page.locator(".bracket-match[data-bracket='final-2']")
        expect(second.locator(".winner .bracket-name")).to_have_text("Team 1")
        grand = page.locator(".bracket-match[data-bracket='final']")
        expect(grand.locator(".winner .bracket-name")).to_have_text("Team 2")
        assert fits_the_screen(page)
        shot(page, f"double-elimination-{locale}-{size}")
    assert pdf_pages(page, tmp_path, landscape=True) <= 2

    page.goto(f"/events/{event.pk}/")
    ranking = page.locator("section.outcome")
    expect(ranking.locator("h2")).to_have_text(words["ranking"])
    places = ranking.locator("li.outcome-place")
    expect(places).to_have_count(8)
    expect(places.nth(0)).to_contain_text("Team 1")
    expect(places.nth(0)).to_contain_text(words["winner"])
    expect(places.nth(1)).to_contain_text("Team 2")
    expect(places.nth(1)).to_contain_text(words["runner_up"])
    expect(places.nth(2)).to_contain_text("Team 3")
    expect(places.nth(2)).to_contain_text(words["losers_final"])
    expect(places.nth(7)).to_contain_text("Team 8")
    assert fits_the_screen(page)
