"""A director runs a six-team board-a-match round robin of three-board matches in a real
browser, and spectators read it in English and in Chinese: board points in halves, "BAM"
where VP would be.

The director chooses the scoring with the stage's format and starts the stage through the
pages; the results are entered behind the scenes (the room sheet has its own tests).
"""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from matches import actions, queries
from matches.models import Bye, Match, Stage
from tests.factories import enter, make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "board a match 12"
WON_BY_TEN = (("1NT", "N", "+1"), ("2S", "N", "="))  # 120 against 110: a board won
LEVEL = (("3NT", "S", "="), ("3NT", "S", "="))
LOST_BY_TEN = (("2S", "N", "="), ("1NT", "N", "+1"))
PATTERN = [WON_BY_TEN, LEVEL, LOST_BY_TEN, WON_BY_TEN, LEVEL]


WON_BIG = (("4S", "N", "="), ("4S", "N", "-1"))  # 10 IMPs


def log_in(page: Page):
    make_user("td", chief=True, password=PASSWORD)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    expect(page.get_by_text("td")).to_be_visible()


def press(page: Page, name: str):
    page.get_by_role("button", name=name, exact=True).click()


def halves(points) -> str:
    return f"{int(points)}½" if points % 1 else str(int(points))


def test_a_six_team_board_a_match_round_robin_read_in_both_languages(
    page: Page, browser, live_server
):
    event = make_event(name="BAM Pairs-of-Teams", boards_per_match=3, boards_per_segment=3)
    for number in range(1, 7):
        make_team(event, f"Team {number}")
    log_in(page)

    page.goto(f"/director/events/{event.pk}/stages/1/")
    page.get_by_label("Scoring").select_option("board-a-match")
    press(page, "Save stage")
    expect(page.get_by_text("Stage saved.")).to_be_visible()
    press(page, "Start this stage")
    stage = Stage.objects.get(event=event, number=1)
    assert stage.method == "board-a-match"
    matches = list(Match.objects.filter(event=event).order_by("round", "pk"))
    assert len(matches) == 15
    for index, match in enumerate(matches):
        for number in range(1, 4):
            open_result, closed_result = PATTERN[(index + number) % len(PATTERN)]
            enter(match, number, "open", *open_result)
            enter(match, number, "closed", *closed_result)
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 45  # fifteen matches of three boards

    for locale, header in (("en-US", "BAM"), ("zh-CN", "BAM")):
        context = browser.new_context(base_url=live_server.url, locale=locale)
        spectator = context.new_page()
        spectator.goto(f"/events/{event.pk}/")
        standings = spectator.locator("table.standings")
        expect(standings.locator("thead th").nth(3)).to_have_text(header)
        expect(standings.locator("thead")).not_to_contain_text("VP")
        first = standings.locator("tbody tr").first
        expect(first.locator(".total-vp")).to_have_text(halves(rows[0].standing.vp))
        expect(first).to_contain_text(rows[0].team.name)
        spectator.goto(f"/matches/{matches[0].pk}/")
        expect(spectator.locator(".match-summary")).to_contain_text("BAM")
        expect(spectator.locator(".match-summary")).not_to_contain_text("VP")
        context.close()


def test_a_seven_team_win_loss_swiss_over_three_rounds_read_in_both_languages(
    page: Page, browser, live_server
):
    event = make_event(name="Win/loss Swiss", boards_per_match=2, boards_per_segment=2)
    for number in range(1, 8):
        make_team(event, f"Team {number}")
    log_in(page)
    page.goto(f"/director/events/{event.pk}/stages/1/")
    page.get_by_label("Format").select_option("swiss")
    page.get_by_label("Rounds (Swiss)").fill("3")
    page.get_by_label("Scoring").select_option("win-loss")
    page.get_by_label("A match won by this many IMPs or fewer is a tie (win/loss)").fill("-1")
    press(page, "Save stage")
    message = page.get_by_text("Ensure this value is greater than or equal to 0.", exact=True)
    expect(message).to_be_visible()  # beside the field, and in the summary above the form
    page.get_by_label("A match won by this many IMPs or fewer is a tie (win/loss)").fill("0")
    press(page, "Save stage")
    expect(page.get_by_text("Stage saved.")).to_be_visible()
    press(page, "Start this stage")
    stage = Stage.objects.get(event=event, number=1)
    assert stage.method == "win-loss"
    for number in range(1, 4):
        press(page, "Make the next round's draw")
        expect(page.locator("table.draft-draw")).to_be_visible()
        press(page, "Publish the draw")
        expect(page.get_by_text("Draw published")).to_be_visible()
        made = list(Match.objects.filter(event=event, round=number).order_by("pk"))
        assert len(made) == 3
        for index, match in enumerate(made):
            boards = [(WON_BIG, LEVEL), (LEVEL, LEVEL), (LEVEL, WON_BIG)][(index + number) % 3]
            for board, (open_result, closed_result) in enumerate(boards, start=1):
                enter(match, board, "open", *open_result)
                enter(match, board, "closed", *closed_result)
            actions.mark_final(match, user=None, confirm=True)
    assert Bye.objects.filter(event=event).count() == 3  # seven teams: a bye each round
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 9 + 3 * Decimal("0.5")  # 9 matches, 3 byes

    for locale, header in (("en-US", "W/L"), ("zh-CN", "胜负")):
        context = browser.new_context(base_url=live_server.url, locale=locale)
        spectator = context.new_page()
        spectator.goto(f"/events/{event.pk}/stages/1/")
        standings = spectator.locator("table.standings")
        expect(standings.locator("thead th").nth(3)).to_have_text(header)
        first = standings.locator("tbody tr").first
        expect(first.locator(".total-vp")).to_have_text(halves(rows[0].standing.vp))
        match = Match.objects.filter(event=event, round=1).first()
        spectator.goto(f"/matches/{match.pk}/")
        expect(spectator.locator(".match-summary")).to_contain_text(header)
        expect(spectator.locator(".match-summary")).not_to_contain_text("VP")
        context.close()
