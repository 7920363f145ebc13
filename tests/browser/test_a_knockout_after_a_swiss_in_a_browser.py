"""A 3-round Swiss of eight teams, then a knockout of its top four, run by the director in
a browser: the knockout's deals are uploaded for its own round 1 (the semi-finals), and
every page of the semi-finals (the round's tab, the table cards, the monitor, the line-ups,
the hand records) shows the semi-finals alone, not the Swiss's round 1 of the same number;
the Swiss's round 1 keeps its own hand records."""

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.scoring import board_dealer, board_vulnerability
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import analyse
from tests.background import run_tasks
from tests.browser.helpers import log_in
from tests.factories import make_swiss_then_knockout, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a knockout after a swiss"
SWISS_DEAL = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
KNOCKOUT_PBN = """[Event "Semi-finals"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]

[Event "Semi-finals"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
"""


@pytest.fixture
def event(tmp_path):
    director = make_user("td", chief=True, password=PASSWORD)
    event, swiss, knockout, semi_finals = make_swiss_then_knockout(director, name="Spring cup")
    hands = Hands.parse(SWISS_DEAL)
    found = analyse([(hands, board_dealer(b), board_vulnerability(b)) for b in (1, 2)])
    deals = [(board, hands, analysis) for board, analysis in zip((1, 2), found, strict=True)]
    actions.import_deals(swiss, 1, deals, source="swiss-1.pbn", user=director)
    semi_teams = {team.name for match in semi_finals for team in (match.home, match.away)}
    out = sorted({team.name for team in event.teams.all()} - semi_teams)
    return event, sorted(semi_teams), out


def shows_only(locator, teams, others):
    for name in teams:
        expect(locator).to_contain_text(name)
    for name in others:
        expect(locator).not_to_contain_text(name)


def test_the_semi_finals_pages_show_the_semi_finals_and_their_own_deals(
    page: Page, event, tmp_path
):
    event, semi_teams, out = event
    log_in(page, "td", PASSWORD)

    # The knockout's own deals, uploaded for its round 1: the round list names it.
    file = tmp_path / "semi-finals.pbn"
    file.write_text(KNOCKOUT_PBN, encoding="utf-8")
    page.goto(f"/director/events/{event.pk}/deals/")
    page.locator("form.deals-form [name=round]").select_option(label="Knockout · Semi-finals")
    page.locator("form.deals-form [name=file]").set_input_files(str(file))
    with page.expect_navigation():
        page.locator("form.deals-form [type=submit]").click()
    assert "/director/jobs/" in page.url
    assert run_tasks() == 1  # a worker analyses the deals
    page.reload()
    expect(page.locator("h1")).to_contain_text("Deals of a round: Semi-finals")
    expect(page.locator(".job-outcome").first).to_have_text(
        "Semi-finals: 2 deals imported, with double dummy and par."
    )
    page.goto(f"/director/events/{event.pk}/deals/")
    expect(page.locator(".deal-rounds")).to_contain_text(
        "Knockout · Semi-finals: 2 deals from “semi-finals.pbn”"
    )
    expect(page.locator(".deal-rounds")).to_contain_text("Swiss · Round 1: 2 deals from")

    # The event's page: the semi-finals under the knockout's own tab, then their tables.
    page.goto(f"/director/events/{event.pk}/?stage=1&round=1")
    round_1 = page.locator("section.round-progress")
    expect(round_1.locator("tbody tr")).to_have_count(4)  # the Swiss's round 1
    page.locator(".stage-rounds[data-stage='2']").get_by_role("link", name="Semi-finals").click()
    semis = page.locator("section.round-progress[data-stage='2'][data-round='1']")
    expect(semis.locator("tbody tr")).to_have_count(2)
    shows_only(semis.locator("tbody"), semi_teams, out)
    with page.expect_navigation():
        semis.get_by_role("button", name="Open the tables").click()
    assert page.url.endswith(f"/director/events/{event.pk}/stages/2/rounds/1/table-cards/")
    expect(page.locator(".table-card")).to_have_count(4)  # two matches, two rooms each
    shows_only(page.locator("main"), semi_teams, out)
    expect(page.locator("h1")).to_contain_text("Semi-finals")

    # The room monitor and the line-ups of the semi-finals.
    page.get_by_role("link", name="Room monitor").click()
    expect(page.locator(".monitor-grid tbody tr")).to_have_count(4)
    shows_only(page.locator(".monitor-grid tbody"), semi_teams, out)
    page.goto(f"/director/events/{event.pk}/?stage=2&round=1")
    page.get_by_role("link", name="Enter this round's line-ups").click()
    assert "/stages/2/rounds/1/lineups/" in page.url
    expect(page.locator("section.lineup")).to_have_count(2)
    shows_only(page.locator("form.lineups"), semi_teams, out)

    # The hand records: the semi-finals' are the knockout's deal; the Swiss's round 1
    # keeps the Swiss's (a director sees both before every table has played them).
    page.goto(f"/events/{event.pk}/stages/2/rounds/1/")
    with page.expect_navigation():
        page.get_by_role("link", name="Hand records", exact=True).click()
    assert page.url.endswith(f"/events/{event.pk}/stages/2/rounds/1/hands/")
    expect(page.locator("h1")).to_have_text("Hand records: Semi-finals")
    records = page.locator("main")
    expect(records).to_contain_text("A K Q J")
    expect(records).not_to_contain_text("A Q 7 6 5 4")
    page.goto(f"/events/{event.pk}/rounds/1/hands/")  # an old address: stage 1's round 1
    assert page.url.endswith(f"/events/{event.pk}/stages/1/rounds/1/hands/")
    expect(page.locator("h1")).to_have_text("Hand records: Round 1")
    expect(page.locator("main")).to_contain_text("A Q 7 6 5 4")
    expect(page.locator("main")).not_to_contain_text("A K Q J")
