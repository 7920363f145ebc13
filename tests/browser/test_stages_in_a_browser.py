"""A director runs multi-stage events in a real browser.

1. An 11-team, 7-round Swiss (a bye each round, a team withdrawing after round 4), then
   an 8-team knockout of its top eight with half the VP difference carried over, to a
   winner, one match decided by the director after a tie.
2. A 16-team round robin, then a 4-team knockout.

The director sets up, starts, draws, swaps and publishes through the pages; results are
entered behind the scenes (the room sheet has its own browser tests). In the knockouts the
director marks the last match of each round final on its page, which puts the winners
through to the next round (a tie leads to the decision's page first).
"""

import random

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Bye, Match, Stage
from tests.factories import enter, make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "stages and rounds 12"
RESULTS = {  # board 1, nobody vulnerable: (open, closed) and the home team's IMPs
    "home": (("4S", "N", "="), ("4S", "N", "-1")),  # +10
    "away": (("4S", "N", "-1"), ("4S", "N", "=")),  # -10
    "level": (("4S", "N", "="), ("4S", "N", "=")),  # 0
}


def log_in(page: Page, username: str = "td"):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    expect(page.get_by_text(username)).to_be_visible()


def play(match, outcome, final=True):
    open_result, closed_result = RESULTS[outcome]
    enter(match, 1, "open", *open_result)
    enter(match, 1, "closed", *closed_result)
    if final:
        actions.mark_final(match, user=None, confirm=True)


def mark_final_in_the_browser(page: Page, match):
    page.goto(f"/director/matches/{match.pk}/")
    press(page, "Mark the match final")
    expect(page.locator(".confirm-pending")).to_contain_text("Board 2")  # still to play
    press(page, "Yes, mark it final")
    expect(page.get_by_text("Match status saved.")).to_be_visible()


def press(page: Page, name: str):
    page.get_by_role("button", name=name, exact=True).click()


@pytest.fixture
def director():
    return make_user("td", chief=True, password=PASSWORD)  # directs every event


def test_an_eleven_team_swiss_then_an_eight_team_knockout_with_carry_over(page: Page, director):
    event = make_event(name="Autumn Swiss", boards_per_match=2, boards_per_segment=2)
    teams = [make_team(event, f"Team {n:02d}") for n in range(1, 12)]
    strength = {team.pk: index for index, team in enumerate(teams)}  # Team 01 best
    rng = random.Random(3)
    log_in(page)

    page.goto(f"/director/events/{event.pk}/stages/1/")
    expect(page.get_by_label("Rounds (Swiss)")).to_be_hidden()  # a round robin's form
    page.get_by_label("Format").select_option("swiss")
    expect(page.get_by_label("Carry-over (knockout)")).to_be_hidden()  # only the Swiss fields
    page.get_by_label("Rounds (Swiss)").fill("7")
    press(page, "Save stage")
    expect(page.get_by_text("Stage saved.")).to_be_visible()
    press(page, "Start this stage")
    stage = Stage.objects.get(event=event, number=1)

    for number in range(1, 8):
        if number == 5:
            page.locator("#id_withdraw-team").select_option(label="Team 11")
            press(page, "Withdraw from the next rounds")
            expect(page.get_by_text("Team 11 withdrawn from the next rounds.")).to_be_visible()
        press(page, "Make the next round's draw")
        expect(page.locator("table.draft-draw")).to_be_visible()
        if number == 2:  # a swap, with its reason kept
            first, second = stage.draft.order_by("table")[:2]
            page.locator("#id_swap-first").select_option(str(first.home_id))
            page.locator("#id_swap-second").select_option(str(second.home_id))
            press(page, "Swap")
            expect(page.get_by_text("This field is required.", exact=True)).to_be_visible()
            page.locator("#id_swap-first").select_option(str(first.home_id))
            page.locator("#id_swap-second").select_option(str(second.home_id))
            page.locator("#id_swap-reason").fill("Teams from the same club")
            press(page, "Swap")
            expect(page.get_by_text("Teams from the same club")).to_be_visible()
        byes_shown = page.locator("table.draft-draw em").count()
        assert byes_shown == (1 if number < 5 else 0)
        press(page, "Publish the draw")
        expect(page.get_by_text("Draw published")).to_be_visible()
        for match in Match.objects.filter(event=event, round=number):
            better = strength[match.home_id] < strength[match.away_id]
            luck = rng.random() < 0.2
            play(match, "home" if better != luck else "away")

    byes = list(Bye.objects.filter(event=event).values_list("team_id", flat=True))
    assert len(byes) == 4 and len(set(byes)) == 4  # a new team each round until 10 were left
    pairs = [frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)]
    assert len(pairs) == len(set(pairs)) == 35  # five tables a round, no repeat

    # The playing room's screen: round 7, both languages, five tables.
    page.goto(f"/events/{event.pk}/stages/1/draw/")
    expect(page.locator(".draw-round")).to_contain_text("Round 7")
    expect(page.locator(".draw-round")).to_contain_text("第 7 轮")
    expect(page.locator(".draw-table tbody tr")).to_have_count(5)

    # The knockout: the top eight, half the VP difference carried over, at most 10 IMPs.
    page.goto(f"/director/events/{event.pk}/stages/")
    page.get_by_label("Format").select_option("knockout")
    expect(page.get_by_label("Rounds (Swiss)")).to_be_hidden()
    expect(page.get_by_label("Tie-break 1")).to_be_hidden()
    page.get_by_label("Teams qualifying from the previous stage").fill("8")
    page.get_by_label("Carry-over (knockout)").select_option("vp-difference")
    page.get_by_label("Share carried over", exact=True).fill("one half")
    page.get_by_label("Cap (IMPs)").fill("10")
    press(page, "Add stage")
    share = "Write a share from 0 to 1, such as 1/3 or 0.5."
    expect(page.get_by_text(share, exact=True)).to_be_visible()  # beside the field
    page.get_by_label("Share carried over", exact=True).fill("1/2")
    press(page, "Add stage")
    expect(page.get_by_text("Stage added.")).to_be_visible()
    press(page, "Start this stage")
    expect(page.get_by_text("Stage started: 4 matches made.")).to_be_visible()
    knockout = Stage.objects.get(event=event, number=2)
    quarter_finals = list(knockout.matches.order_by("bracket_position"))
    assert all(m.carry_home > 0 and m.carry_away == 0 for m in quarter_finals)
    assert all(m.carry_home % 1 != 0 for m in quarter_finals)  # a tenth: no tie can follow

    for round_number in range(1, 4):
        *others, last = knockout.matches.filter(round=round_number).order_by("bracket_position")
        for match in others:
            play(match, "away" if match.bracket_position == 1 else "home")
        # The director marks the round's last match final: the next round follows at once.
        play(last, "home", final=False)
        mark_final_in_the_browser(page, last)
        if round_number < 3:
            expect(page.get_by_text("Next round's match made:").first).to_be_visible()
            assert knockout.matches.filter(round=round_number + 1).count() == len(others) // 2 + 1
    final = knockout.matches.get(round=3)
    page.goto(f"/events/{event.pk}/stages/2/")
    expect(page.locator(".bracket-round")).to_have_count(3)
    expect(page.get_by_role("heading", name="Final", exact=True)).to_be_visible()
    page.goto(f"/matches/{final.pk}/")
    expect(page.locator(".carry-over")).to_contain_text("Segment 0 (carry-over)")
    expect(page.locator(".knockout-winner")).to_contain_text(f"{final.home.name} goes through.")


def test_a_sixteen_team_round_robin_then_a_four_team_knockout_with_a_tie(page: Page, director):
    event = make_event(name="Club championship", boards_per_match=2, boards_per_segment=2)
    teams = [make_team(event, f"Team {n:02d}") for n in range(1, 17)]
    rank = {team.pk: index for index, team in enumerate(teams)}
    log_in(page)
    page.goto(f"/director/events/{event.pk}/stages/1/")
    press(page, "Start this stage")
    expect(page.get_by_text("Stage started: 120 matches made.")).to_be_visible()
    for match in Match.objects.filter(event=event):
        play(match, "home" if rank[match.home_id] < rank[match.away_id] else "away")

    page.goto(f"/director/events/{event.pk}/stages/")
    page.get_by_label("Format").select_option("knockout")
    page.get_by_label("Teams qualifying from the previous stage").fill("4")
    page.get_by_label("Carry-over (knockout)").select_option("fixed")
    page.get_by_label("Fixed carry-over, in IMPs").fill("0")
    press(page, "Add stage")
    press(page, "Start this stage")
    semi_one, semi_two = Stage.objects.get(event=event, number=2).matches.order_by(
        "bracket_position"
    )
    assert (semi_one.home.name, semi_one.away.name) == ("Team 01", "Team 04")
    assert (semi_two.home.name, semi_two.away.name) == ("Team 02", "Team 03")
    play(semi_one, "home")
    play(semi_two, "level", final=False)  # a tie with no carry-over: the director decides

    mark_final_in_the_browser(page, semi_two)  # the decision's page follows
    expect(page.get_by_text("The match is level: record how the tie was decided.")).to_be_visible()
    assert not Stage.objects.get(event=event, number=2).matches.filter(round=2).exists()
    page.goto(f"/director/events/{event.pk}/stages/2/")
    expect(page.get_by_role("button", name="Make the next round's matches")).to_have_count(0)
    page.get_by_role("link", name="the match is level: record the decision").click()
    page.get_by_label("Goes through").select_option(label="Team 03")
    press(page, "Record the decision")
    expect(page.get_by_text("This field is required.", exact=True)).to_be_visible()
    page.get_by_label("Goes through").select_option(label="Team 03")
    page.get_by_label("How the tie was decided").fill("Won the four extra boards 9–2")
    press(page, "Record the decision")
    expect(page.get_by_text("Decision recorded.")).to_be_visible()
    expect(page.get_by_text("Next round's match made: Team 01 – Team 03.")).to_be_visible()
    final = Stage.objects.get(event=event, number=2).matches.get(round=2)
    assert (final.home.name, final.away.name) == ("Team 01", "Team 03")
    play(final, "away")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/events/{event.pk}/stages/2/")
    decided = page.locator(".bracket-match").filter(has_text="Won the four extra boards")
    expect(decided).to_be_visible()
    expect(page.locator(".bracket-round").last.locator(".fw-semibold")).to_contain_text("Team 03")
