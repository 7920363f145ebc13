"""A player follows the event from the standings to a team and on to a match's scorecard."""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from tests.factories import enter, make_event, make_team

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event():
    event = make_event(name="Winter league", vp_scale="printed-25")
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm"):
        make_team(event, name)
    actions.make_round_robin(event, user=None)
    for match in event.matches.filter(round=1):
        enter(match, 1, "open", "4H", "N", "=")  # 420
        enter(match, 1, "closed", "4H", "N", "-1")  # -50: 10 IMPs to the home team
        actions.mark_final(match, confirm=True, user=None)  # counts in the official standings
    return event


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_player_goes_from_the_standings_to_a_team_and_its_scorecard(page: Page, event, locale):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/events/{event.pk}/")
    leader = page.locator("table.standings tbody tr").first
    expect(leader.locator(".total-vp")).to_have_text("18")  # 17 or the bye's 18
    team_name = leader.locator("a").inner_text()
    leader.locator("a").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(team_name)
    expect(page.locator(".progress-chart")).to_have_count(0)  # one round: no chart yet
    expect(page.locator("table.team-matches")).to_be_visible()
    page.locator("table.team-matches tbody tr[data-match] a[href^='/matches/']").first.click()

    expect(page.locator(".home-team")).to_be_visible()
    expect(page.locator(".summary-imps")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_the_standings_refresh_by_themselves_when_a_result_is_saved(page: Page, event):
    page.clock.install()
    page.goto(f"/events/{event.pk}/rounds/2/")
    match = event.matches.filter(round=2).first()
    row = page.locator(f'tr[data-match="{match.pk}"] .imps')
    expect(row).to_have_text("—")  # not started
    enter(match, 1, "open", "3NT", "N", "+1")  # 430
    enter(match, 1, "closed", "3NT", "N", "-1")  # -50: 480, 10 IMPs
    page.clock.run_for(16_000)
    expect(row).to_have_text("10 : 0")
