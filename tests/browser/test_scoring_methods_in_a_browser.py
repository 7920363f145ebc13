"""A director runs a six-team board-a-match round robin of three-board matches and a
seven-team win/loss Swiss over three rounds in a real browser, and spectators read them in
English and in Chinese: board points in halves, "BAM" or "W/L" where VP would be, and on a
board-a-match traveller each table's board points.

The director chooses the scoring with the stage's format and starts the stage through the
pages (``helpers.set_up_stage``); the results are entered behind the scenes (the room
sheet has its own tests).
"""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from matches import actions, queries
from matches.models import Bye, Match, Stage
from tests.browser.helpers import log_in, play_boards, press, set_up_stage, spectator
from tests.factories import make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "board a match 12"
WON_BY_TEN = (("1NT", "N", "+1"), ("2S", "N", "="))  # 120 against 110: a board won
LEVEL = (("3NT", "S", "="), ("3NT", "S", "="))
LOST_BY_TEN = (("2S", "N", "="), ("1NT", "N", "+1"))
PATTERN = [WON_BY_TEN, LEVEL, LOST_BY_TEN, WON_BY_TEN, LEVEL]
WON_BIG = (("4S", "N", "="), ("4S", "N", "-1"))  # 10 IMPs
TIE_MARGIN = "A match won by this many IMPs or fewer is a tie (win/loss)"


@pytest.fixture
def director(page: Page):
    """Log a chief director in (they direct every event)."""
    make_user("td", chief=True, password=PASSWORD)
    log_in(page, "td", PASSWORD)


def halves(points) -> str:
    return f"{int(points)}½" if points % 1 else str(int(points))


def test_a_six_team_board_a_match_round_robin_read_in_both_languages(
    page: Page, browser, live_server, director
):
    event = make_event(name="BAM Pairs-of-Teams", boards_per_match=3, boards_per_segment=3)
    for number in range(1, 7):
        make_team(event, f"Team {number}")
    set_up_stage(page, event, method="board-a-match")
    expect(page.get_by_text("Stage started: 15 matches made.")).to_be_visible()
    assert Stage.objects.get(event=event, number=1).method == "board-a-match"
    matches = list(Match.objects.filter(event=event).order_by("round", "pk"))
    assert len(matches) == 15
    for index, match in enumerate(matches):
        play_boards(match, [PATTERN[(index + n) % len(PATTERN)] for n in range(1, 4)])
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 45  # fifteen matches of three boards
    first_match, second_match = matches[:2]  # round 1: board 1 level, then won by 10
    assert [PATTERN[1], PATTERN[2]] == [LEVEL, LOST_BY_TEN]  # (the second's home team lost)

    for locale, method, column in (
        ("en-US", "Board-a-match", "Board points"),
        ("zh-CN", "计副制", "每副得分"),
    ):
        with spectator(browser, live_server, locale) as reader:
            reader.goto(f"/events/{event.pk}/")
            expect(reader.locator("body")).to_contain_text(method)
            standings = reader.locator("table.standings")
            expect(standings.locator("thead th").nth(3)).to_have_text("BAM")
            expect(standings.locator("thead")).not_to_contain_text("VP")
            first = standings.locator("tbody tr").first
            expect(first.locator(".total-vp")).to_have_text(halves(rows[0].standing.vp))
            expect(first).to_contain_text(rows[0].team.name)
            reader.goto(f"/matches/{first_match.pk}/")
            expect(reader.locator(".match-summary")).to_contain_text("BAM")
            expect(reader.locator(".match-summary")).not_to_contain_text("VP")
            reader.goto(f"/events/{event.pk}/rounds/1/boards/1/")
            traveller = reader.locator("table.traveller")
            expect(traveller.locator("thead .points-col")).to_have_text(column)
            level = traveller.locator(f'tbody tr[data-match="{first_match.pk}"]')
            expect(level.locator(".board-points")).to_have_text("½ : ½")
            lost = traveller.locator(f'tbody tr[data-match="{second_match.pk}"]')
            expect(lost.locator(".board-points")).to_have_text("0 : 1")
            expect(reader.locator(".board-points-note")).to_be_visible()


def test_a_seven_team_win_loss_swiss_over_three_rounds_read_in_both_languages(
    page: Page, browser, live_server, director
):
    event = make_event(name="Win/loss Swiss", boards_per_match=2, boards_per_segment=2)
    for number in range(1, 8):
        make_team(event, f"Team {number}")
    page.goto(f"/director/events/{event.pk}/stages/1/")
    page.get_by_label("Format").select_option("swiss")
    page.get_by_label("Scoring").select_option("win-loss")
    page.get_by_label(TIE_MARGIN).fill("-1")
    press(page, "Save stage")
    message = page.get_by_text("Ensure this value is greater than or equal to 0.", exact=True)
    expect(message).to_be_visible()  # beside the field, and in the summary above the form
    set_up_stage(
        page, event, kind="swiss", method="win-loss", **{"Rounds (Swiss)": "3", TIE_MARGIN: "0"}
    )
    assert Stage.objects.get(event=event, number=1).method == "win-loss"
    for number in range(1, 4):
        press(page, "Make the next round's draw")
        expect(page.locator("table.draft-draw")).to_be_visible()
        press(page, "Publish the draw")
        expect(page.get_by_text("Draw published")).to_be_visible()
        made = list(Match.objects.filter(event=event, round=number).order_by("pk"))
        assert len(made) == 3
        for index, match in enumerate(made):
            play_boards(
                match, [(WON_BIG, LEVEL), (LEVEL, LEVEL), (LEVEL, WON_BIG)][(index + number) % 3]
            )
            actions.mark_final(match, user=None, confirm=True)
    assert Bye.objects.filter(event=event).count() == 3  # seven teams: a bye each round
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 9 + 3 * Decimal("0.5")  # 9 matches, 3 byes

    for locale, header, method in (("en-US", "W/L", "Win/loss"), ("zh-CN", "胜负", "胜负制")):
        with spectator(browser, live_server, locale) as reader:
            reader.goto(f"/events/{event.pk}/stages/1/")
            expect(reader.locator("body")).to_contain_text(method)
            standings = reader.locator("table.standings")
            expect(standings.locator("thead th").nth(3)).to_have_text(header)
            first = standings.locator("tbody tr").first
            expect(first.locator(".total-vp")).to_have_text(halves(rows[0].standing.vp))
            match = Match.objects.filter(event=event, round=1).first()
            reader.goto(f"/matches/{match.pk}/")
            expect(reader.locator(".match-summary")).to_contain_text(header)
            expect(reader.locator(".match-summary")).not_to_contain_text("VP")
