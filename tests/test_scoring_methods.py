"""A stage scored by board-a-match, win/loss or Patton: chosen with the stage's format, kept
by the backup, and shown in its own units on every page, feed and export."""

import csv
import io
import json
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions, queries
from matches.forms.stages import StageForm
from matches.interchange import backup
from matches.models import Bye, Match
from tests.factories import enter, make_event, make_team

# (open room, closed room) for one board: the home team wins it by 10 points (no IMPs),
# ties it, or loses it by 10.
WON_BY_TEN = (("1NT", "N", "+1"), ("2S", "N", "="))  # 120 against 110
LEVEL = (("3NT", "S", "="), ("3NT", "S", "="))
LOST_BY_TEN = (("2S", "N", "="), ("1NT", "N", "+1"))
WON_BIG = (("4S", "N", "="), ("4S", "N", "-1"))  # a game against a game down: IMPs


@pytest.fixture(autouse=True)
def in_english():
    translation.activate("en")
    yield
    translation.activate("en")


def play(match, *boards):
    """Enter every board of the match in both rooms, one (open, closed) pair a board."""
    for number, (open_result, closed_result) in enumerate(boards, start=1):
        enter(match, number, "open", *open_result)
        enter(match, number, "closed", *closed_result)


def event_of(teams, boards):
    event = make_event(boards_per_match=boards, boards_per_segment=boards)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number}")
    return event


def test_a_board_a_match_scorecard_counts_boards_not_imps_and_says_bam(td, english):
    event = event_of(3, boards=3)
    stage = actions.configure_stage(
        event, user=td, number=1, kind="round-robin", method="board-a-match"
    )
    actions.start_stage(stage, user=td)
    match = Match.objects.filter(event=event).first()
    play(match, WON_BY_TEN, LEVEL, LOST_BY_TEN)
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps) == (0, 0)
    assert (match.home_vp, match.away_vp) == (Decimal("1.5"), Decimal("1.5"))
    page = english.get(match.get_absolute_url()).content.decode()
    assert "BAM <strong" in page and "1½ : 1½" in page
    assert "Home team&#x27;s boards: 1 won, 1 level, 1 lost" in page
    assert ">VP <strong" not in page


def test_british_point_a_board_scores_two_for_a_board_won(td, english):
    event = event_of(3, boards=2)
    stage = actions.configure_stage(
        event, user=td, number=1, kind="round-robin", method="board-a-match", board_scale="2"
    )
    actions.start_stage(stage, user=td)
    match = Match.objects.filter(event=event).first()
    play(match, WON_BY_TEN, LEVEL)
    match.refresh_from_db()
    assert (match.home_vp, match.away_vp) == (3, 1)


def test_a_stages_scoring_cannot_change_once_it_has_matches(td):
    event = event_of(3, boards=2)
    stage = actions.configure_stage(event, user=td, number=1, kind="round-robin", method="win-loss")
    actions.start_stage(stage, user=td)
    with pytest.raises(actions.ActionError, match="its scoring cannot change"):
        actions.configure_stage(event, user=td, number=1, method="board-a-match")
    with pytest.raises(actions.ActionError, match="its scoring cannot change"):
        actions.configure_stage(event, user=td, number=1, tie_margin=3)
    actions.configure_stage(event, user=td, number=1, name="Qualifying")  # the rest may


def test_a_round_robin_cannot_rank_by_imps_total_and_a_knockout_always_does(td):
    event = event_of(4, boards=2)
    with pytest.raises(actions.ActionError, match="ranks by VP, board-a-match"):
        actions.configure_stage(event, user=td, number=1, method="imps")
    actions.configure_stage(event, user=td, number=1, method="patton")
    knockout = actions.configure_stage(
        event, user=td, number=2, kind="knockout", method="board-a-match"
    )
    assert knockout.method == "imps"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tie_margin", "-1", "greater than or equal to 0"),
        ("win_points", "0", "greater than or equal to 0.01"),
        ("patton_stake", "abc", "Enter a number"),
        ("method", "imps", "Select a valid choice"),
    ],
)
def test_the_stage_form_says_beside_the_field_what_is_wrong_with_the_scoring(
    td, field, value, message
):
    event = event_of(3, boards=2)
    data = {
        "kind": "round-robin",
        "method": "win-loss",
        "board_scale": "1",
        "carry_over": "none",
        field: value,
    }
    form = StageForm(data, event=event, number=1)
    assert not form.is_valid()
    assert message in " ".join(form.errors[field])


def test_the_stage_form_saves_a_win_loss_stage_with_a_tie_margin(td):
    event = event_of(3, boards=2)
    data = {
        "kind": "swiss",
        "rounds": "2",
        "method": "win-loss",
        "board_scale": "1",
        "win_points": "",
        "tie_margin": "2",
        "carry_over": "none",
    }
    form = StageForm(data, event=event, number=1)
    assert form.is_valid(), form.errors
    stage = actions.configure_stage(event, user=td, number=1, **form.values())
    assert (stage.method, stage.win_points, stage.tie_margin) == ("win-loss", 1, 2)


def test_an_event_exported_and_imported_keeps_its_stages_scoring(td, english):
    client = english
    event = event_of(3, boards=2)
    stage = actions.configure_stage(
        event,
        user=td,
        number=1,
        kind="round-robin",
        method="patton",
        board_scale="2",
        patton_stake=Decimal(6),
    )
    actions.start_stage(stage, user=td)
    match = Match.objects.filter(event=event).first()
    play(match, WON_BY_TEN, WON_BIG)
    document = backup.loads(backup.dumps(backup.export_event(event)))
    assert document["stages"][0]["method"] == "patton"
    restored = backup.import_event(document)
    copy = restored.stages.get(number=1)
    assert (copy.method, copy.board_scale, copy.patton_stake) == ("patton", "2", 6)
    again = restored.matches.get(round=match.round, home__name=match.home.name)
    match.refresh_from_db()
    assert (again.home_vp, again.away_vp) == (match.home_vp, match.away_vp)
    assert match.home_vp > 4  # both boards (4) and most of the aggregate's 6
    card = client.get(match.get_absolute_url()).content.decode()
    assert "Home team&#x27;s boards: 2 won, 0 level, 0 lost; board points 4 : 0" in card
    assert "Patton <strong" in card


def test_a_backup_with_a_scoring_a_stage_cannot_use_is_refused(td):
    event = event_of(3, boards=2)
    document = backup.export_event(event)
    document["stages"][0]["method"] = "imps"  # a round robin ranked by IMPs total
    with pytest.raises(backup.BackupError, match="method"):
        backup.import_event(document)


BAM_PATTERN = [WON_BY_TEN, LEVEL, LOST_BY_TEN, WON_BIG, LEVEL]


@pytest.mark.parametrize("client_language", ["english", "chinese"])
def test_a_six_team_board_a_match_round_robin_of_three_board_matches(td, request, client_language):
    """Six teams, five rounds, fifteen matches of three boards: every page a spectator
    opens counts board points, in halves, never VP."""
    client = request.getfixturevalue(client_language)
    event = event_of(6, boards=3)
    stage = actions.configure_stage(
        event, user=td, number=1, kind="round-robin", method="board-a-match"
    )
    matches = actions.start_stage(stage, user=td)
    assert len(matches) == 15 and {m.round for m in matches} == {1, 2, 3, 4, 5}
    for index, match in enumerate(matches):
        play(match, *(BAM_PATTERN[(index + n) % len(BAM_PATTERN)] for n in range(3)))
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 45  # 15 matches × 3 boards
    assert all(row.standing.played == 5 for row in rows)
    assert any(row.standing.vp != row.standing.vp.to_integral() for row in rows)  # halves

    standings = client.get(event.get_absolute_url()).content.decode()
    assert '<th scope="col" class="text-end">BAM</th>' in standings
    assert '<th scope="col" class="text-end">VP</th>' not in standings
    assert "20 VP" not in standings  # the heading names the method, not a VP scale
    assert ("Board-a-match" if client_language == "english" else "计副制") in standings
    top = rows[0].standing.vp
    written = f"{int(top)}½" if top % 1 else str(int(top))
    assert f'total-vp">{written}<' in standings
    cross = client.get(reverse("cross-table", args=[event.pk])).content.decode()
    assert "(BAM)" in cross or "（BAM）" in cross
    team = client.get(reverse("team", args=[event.pk, rows[0].team.pk])).content.decode()
    assert '<th scope="col" class="text-end">BAM</th>' in team
    round_page = client.get(reverse("round", args=[event.pk, 1])).content.decode()
    assert '<th scope="col" class="text-end">BAM</th>' in round_page
    live = client.get(reverse("live-standings", args=[event.pk])).content.decode()
    assert '<th scope="col" class="text-end">BAM</th>' in live

    feed = client.get(reverse("standings-json", args=[event.pk])).json()
    assert feed["units"] == "board-points"
    assert feed["standings"][0]["points"] == float(top)
    assert feed["standings"][0]["vp"] is None
    assert all(m["home_vp"] is None and m["units"] == "board-points" for m in feed["matches"])
    stages = client.get(reverse("stages-json", args=[event.pk])).json()
    assert stages["stages"][0]["scoring"]["method"] == "board-a-match"
    card = client.get(reverse("scorecard-json", args=[matches[0].pk])).json()
    assert card["vp"] is None and card["points"]["home"] + card["points"]["away"] == 3
    table = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("standings-csv", args=[event.pk])).content.decode("utf-8-sig")
            )
        )
    )
    assert table[0][3] == "BAM"
    usebio = client.get(reverse("event-usebio", args=[event.pk])).content.decode()
    assert "VICTORY_POINTS" not in usebio and "<TEAM_SCORE>" in usebio


def test_a_win_loss_swiss_of_seven_teams_over_three_rounds(td, client):
    """Seven teams: a bye each round (half a win when the director set none); a win 1, a
    tie ½, a loss 0; the pages say W/L."""
    event = event_of(7, boards=2)
    stage = actions.configure_stage(
        event, user=td, number=1, kind="swiss", rounds=3, method="win-loss"
    )
    actions.start_stage(stage, user=td)
    for number in range(1, 4):
        actions.draw_next_round(stage, user=td)
        made = actions.publish_draw(stage, user=td)
        assert len(made) == 3
        for index, match in enumerate(made):
            outcome = [(WON_BIG, LEVEL), (LEVEL, LEVEL), (LEVEL, WON_BIG)][(index + number) % 3]
            play(match, *outcome)
            actions.mark_final(match, user=td, confirm=True)
    assert Bye.objects.filter(event=event).count() == 3
    rows = queries.standings(event)
    assert sum(row.standing.vp for row in rows) == 3 * 3 + 3 * Decimal("0.5")
    assert all(row.standing.vp in {Decimal(n) / 2 for n in range(7)} for row in rows)
    client.cookies["django_language"] = "en"
    english_page = client.get(stage.get_absolute_url()).content.decode()
    assert '<th scope="col" class="text-end">W/L</th>' in english_page
    sat_out = Bye.objects.filter(event=event, round=1).get().team
    team_page = client.get(reverse("team", args=[event.pk, sat_out.pk])).content.decode()
    assert "Bye: ½ W/L" in team_page
    feed = json.loads(client.get(reverse("stages-json", args=[event.pk])).content)
    assert feed["stages"][0]["scoring"]["units"] == "match-points"
    client.cookies["django_language"] = "zh-hans"
    chinese_page = client.get(stage.get_absolute_url()).content.decode()
    assert '<th scope="col" class="text-end">胜负</th>' in chinese_page


def test_a_forfeit_and_a_penalty_in_a_board_a_match_stage_are_in_board_points(td, english):
    event = event_of(3, boards=3)
    stage = actions.configure_stage(
        event, user=td, number=1, kind="round-robin", method="board-a-match"
    )
    actions.start_stage(stage, user=td)
    match = Match.objects.filter(event=event).first()
    with pytest.raises(actions.ActionError, match="Points are 0 to 3 in a match"):
        actions.set_forfeit(
            match, home_vp=Decimal(4), away_vp=Decimal(0), reason="No show", user=td
        )
    actions.set_forfeit(
        match, home_vp=Decimal("2.5"), away_vp=Decimal(0), reason="No show", user=td
    )
    actions.add_vp_penalty(event, team=match.home, vp=Decimal("0.5"), reason="Slow play", user=td)
    card = english.get(match.get_absolute_url()).content.decode()
    assert "Forfeit: set by the director, BAM 2½ : 0" in card
    page = english.get(event.get_absolute_url()).content.decode()
    assert f"{match.home.name}: −½ BAM — Slow play" in page
