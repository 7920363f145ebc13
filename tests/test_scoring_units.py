"""The units of a board-a-match, win/loss or Patton stage beyond its standings: each
table's board points on the traveller, the JSON feeds, the USEBIO file and the commands
that make events."""

import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import Event, Match
from tests.factories import enter
from tests.test_scoring_methods import LEVEL, LOST_BY_TEN, WON_BIG, WON_BY_TEN, event_of, play


def started(td, teams, boards, **scoring):
    """Return the matches of a round-robin stage 1 scored as ``scoring`` says, started."""
    event = event_of(teams, boards=boards)
    stage = actions.configure_stage(event, user=td, number=1, kind="round-robin", **scoring)
    actions.start_stage(stage, user=td)
    return list(Match.objects.filter(event=event).order_by("round", "pk"))


def traveller_of(client, match, board=1):
    return client.get(reverse("traveller", args=[match.event_id, match.round, board])).text


def test_a_board_a_match_traveller_gives_each_tables_board_points(td, english):
    first, second = started(td, 4, boards=2, method="board-a-match")[:2]
    play(first, WON_BY_TEN, LEVEL)
    play(second, LEVEL, LOST_BY_TEN)
    page = traveller_of(english, first)
    assert '<th rowspan="2" scope="col" class="imp-col points-col">Board points</th>' in page
    assert page.count('title="Scorecard:') == 2
    assert ">1 : 0</a>" in page and ">½ : ½</a>" in page  # won by 10 points; level
    assert "Board points (home : away) decide this stage: 1 to the team" in page
    second_board = traveller_of(english, first, board=2)
    assert ">½ : ½</a>" in second_board and ">0 : 1</a>" in second_board


def test_a_point_a_board_traveller_reads_two_one_nought_in_chinese(td, chinese):
    first, second = started(td, 4, boards=1, method="board-a-match", board_scale="2")[:2]
    play(first, WON_BY_TEN)
    play(second, LEVEL)
    page = traveller_of(chinese, first)
    assert ">每副得分</th>" in page
    assert ">2 : 0</a>" in page and ">1 : 1</a>" in page
    assert "Board points" not in page


def test_a_patton_traveller_gives_board_points_beside_the_imps(td, english):
    (match,) = started(td, 4, boards=1, method="patton")[:1]
    play(match, WON_BIG)
    page = traveller_of(english, match)
    assert '<td class="imps-plain">+10</td>' in page  # 420 against 50 down: 470
    assert ">1 : 0</a>" in page


def test_a_vp_traveller_has_no_board_points(td, english):
    (match,) = started(td, 4, boards=1)[:1]
    play(match, WON_BIG)
    page = traveller_of(english, match)
    assert "Board points" not in page and 'class="imp-col imps"><a' in page


# method: (units, each board's points to the home team for WON_BIG then LEVEL, or None;
# the points the match gives in all)
FEED_METHODS = {
    "imps-vp": ("vp", None, 20),
    "board-a-match": ("board-points", [1.0, 0.5], 2),
    "win-loss": ("match-points", None, 1),
    "patton": ("patton-points", [1.0, 0.5], 4),
}


@pytest.mark.parametrize("method", FEED_METHODS)
def test_the_feeds_give_points_in_the_stages_units_and_vp_only_where_it_scores_vp(
    td, english, method
):
    """A match played, another forfeited, a penalty and the byes of a three-team stage:
    ``points`` in the stage's units everywhere, ``vp`` the same number on a VP stage and
    null on the others."""
    units, board_points, at_stake = FEED_METHODS[method]
    played, forfeited = started(td, 3, boards=2, method=method)[:2]
    play(played, WON_BIG, LEVEL)
    actions.set_forfeit(
        forfeited, home_vp=Decimal(1), away_vp=Decimal(0), reason="No show", user=td
    )
    actions.add_vp_penalty(
        played.event, team=played.home, vp=Decimal("0.5"), reason="Slow play", user=td
    )

    def vp(points):
        return points if units == "vp" else None

    feed = english.get(reverse("standings-json", args=[played.event_id])).json()
    assert feed["units"] == units
    for row in feed["standings"]:
        assert row["vp"] == vp(row["points"])
        for penalty in row["vp_penalties"]:
            assert penalty == {"points": 0.5, "vp": vp(0.5), "reason": "Slow play"}
    assert feed["byes"] and all(bye["vp"] == vp(bye["points"]) for bye in feed["byes"])
    summary = next(m for m in feed["matches"] if m["id"] == played.pk)
    assert summary["units"] == units
    assert summary["home_points"] + summary["away_points"] == at_stake
    assert summary["home_points"] > summary["away_points"]
    assert (summary["home_vp"], summary["away_vp"]) == (
        vp(summary["home_points"]),
        vp(summary["away_points"]),
    )

    card = english.get(reverse("scorecard-json", args=[played.pk])).json()
    assert card["units"] == units
    assert card["points"] == {"home": summary["home_points"], "away": summary["away_points"]}
    assert card["vp"] == (card["points"] if units == "vp" else None)
    boards = [board["board_points"] for board in card["boards"]]
    if board_points is None:
        assert boards == [None, None]
    else:
        assert [board["home"] for board in boards] == board_points
        assert [board["home"] + board["away"] for board in boards] == [1.0, 1.0]
    stages = english.get(reverse("stages-json", args=[played.event_id])).json()
    assert all(row["vp"] == vp(row["points"]) for row in stages["stages"][0]["standings"])

    walkover = english.get(reverse("scorecard-json", args=[forfeited.pk])).json()["forfeit"]
    assert walkover == {
        "home_points": 1.0,
        "away_points": 0.0,
        "home_vp": vp(1.0),
        "away_vp": vp(0.0),
        "reason": "No show",
    }


def test_the_directors_pages_give_a_board_a_match_forfeit_in_board_points(
    director, director_client
):
    """Three teams, three boards: the running score, the forfeit form and what it says
    now, the byes, and both histories count board points, never VP."""
    match = started(director, 3, boards=3, method="board-a-match")[0]
    manage = reverse("director-match", args=[match.pk])
    points_only = "Points are given to hundredths at most"
    with translation.override("en"), pytest.raises(actions.ActionError, match=points_only):
        actions.set_forfeit(
            match, home_vp=Decimal("2.125"), away_vp=Decimal(0), reason="No show", user=director
        )
    director_client.post(
        reverse("director-forfeit", args=[match.pk]),
        {"forfeit-home_vp": "2.5", "forfeit-away_vp": "0", "forfeit-reason": "No show"},
    )
    actions.add_vp_penalty(
        match.event, team=match.home, vp=Decimal("0.5"), reason="Slow play", user=director
    )
    page = director_client.get(manage).text
    assert "Home team&#x27;s points" in page and "Home team&#x27;s VP" not in page
    assert "Now: BAM 2½ : 0 — No show" in page
    assert 'score-vp">BAM <strong class="fs-5">2½ : 0</strong>' in page
    assert "2½ : 0 VP" not in page and ">VP <strong" not in page
    assert page.count("BAM 2½ : 0") == 2  # now, and in the match's history
    event_page = director_client.get(reverse("director-event", args=[match.event_id])).text
    assert "VP each" not in event_page
    assert event_page.count(", 1½ BAM</li>") == 3  # three rounds, a bye each: half of 3
    history = director_client.get(reverse("director-event-history", args=[match.event_id]))
    assert f"{match.home.name} −½ BAM" in history.text


def test_a_vp_stage_forfeit_still_reads_in_vp_on_the_directors_page(director, director_client):
    match = started(director, 3, boards=2)[0]
    actions.set_forfeit(
        match, home_vp=Decimal(12), away_vp=Decimal(8), reason="Late", user=director
    )
    page = director_client.get(reverse("director-match", args=[match.pk])).text
    assert "Now: VP 12 : 8 — Late" in page and "Home team&#x27;s VP" in page


def test_generate_event_makes_a_board_a_match_round_robin_through_the_actions(db, english):
    out = io.StringIO()
    call_command(
        "generate_event",
        "--teams",
        "6",
        "--rounds",
        "5",
        "--boards",
        "3",
        "--method",
        "bam",
        "--board-scale",
        "2",
        stdout=out,
    )
    event = Event.objects.get()
    stage = event.stages.get()
    assert (stage.method, stage.board_scale) == ("board-a-match", "2")
    matches = list(event.matches.all())
    assert len(matches) == 15
    assert all(m.home_vp + m.away_vp == 6 for m in matches)  # 3 boards at 2 a board
    page = english.get(event.get_absolute_url()).text
    assert '<th scope="col" class="text-end">BAM</th>' in page
    assert "15 matches" in out.getvalue()


def test_generate_event_scores_win_loss_with_a_tie_margin_and_refuses_a_bad_one(db):
    call_command(
        "generate_event",
        "--teams",
        "4",
        "--rounds",
        "3",
        "--boards",
        "4",
        "--method",
        "wl",
        "--tie-margin",
        "3",
        stdout=io.StringIO(),
    )
    stage = Event.objects.get().stages.get()
    assert (stage.method, stage.tie_margin) == ("win-loss", 3)
    assert {m.home_vp + m.away_vp for m in Match.objects.all()} == {1}
    with translation.override("en"), pytest.raises(CommandError, match="A match won scores"):
        call_command(
            "generate_event",
            "--teams",
            "4",
            "--rounds",
            "1",
            "--boards",
            "2",
            "--method",
            "wl",
            "--win-points",
            "0",
            stdout=io.StringIO(),
        )
    assert Event.objects.count() == 1  # nothing of the refused one is left


def test_the_demo_can_be_a_patton_match(db, english):
    call_command("demo_data", "--method", "patton", stdout=io.StringIO())
    match = Match.objects.get()
    assert match.stage.method == "patton"
    assert match.home_vp + match.away_vp == 32  # 16 boards at 1, and 16 for the aggregate
    page = english.get(match.get_absolute_url()).text
    assert "Patton <strong" in page


def knockout_after(event, carry_over="vp-difference"):
    return {
        "kind": "knockout",
        "name": "Final",
        "entrants": "2",
        "carry_over": carry_over,
        "carry_fraction": "1/2",
        "carry_amount": "",
        "carry_cap": "",
        "vp_scale": "wbf-2013",
        "boards_per_match": "4",
        "boards_per_segment": "4",
        "method": "imps-vp",
        "board_scale": "1",
    }


def test_a_knockout_after_board_a_match_cannot_carry_over_a_share_of_vp(director, director_client):
    """Board points are not VP: the director is told beside the carry-over, in the
    language of the page, and may carry a fixed amount instead."""
    event = event_of(4, boards=2)
    actions.configure_stage(
        event, user=director, number=1, kind="round-robin", method="board-a-match"
    )
    page = director_client.post(reverse("director-stages", args=[event.pk]), knockout_after(event))
    message = (
        "The previous stage is scored by Board-a-match and has no VP: carry over a fixed "
        "amount, a share of the IMPs between the two teams, or nothing."
    )
    assert "invalid-feedback" in page.text and message in page.text
    feedback = page.text.split('id="id_carry_over_error"')
    assert len(feedback) == 2 and message in feedback[1][:400]
    assert not event.stages.filter(number=2).exists()
    director_client.cookies["django_language"] = "zh-hans"
    chinese = director_client.post(
        reverse("director-stages", args=[event.pk]), knockout_after(event)
    ).text
    assert "没有 VP" in chinese
    actions.configure_stage(
        event,
        user=director,
        number=2,
        kind="knockout",
        entrants=2,
        carry_over="fixed",
        carry_amount=Decimal("0.5"),
    )
    assert event.stages.get(number=2).carry_over == "fixed"


def test_a_stage_whose_knockout_carries_its_vp_cannot_turn_to_win_loss(td):
    event = event_of(4, boards=2)
    actions.configure_stage(event, user=td, number=1, kind="round-robin")
    actions.configure_stage(
        event,
        user=td,
        number=2,
        kind="knockout",
        entrants=2,
        carry_over="vp-difference",
        carry_fraction="1/2",
    )
    with translation.override("en"):
        with pytest.raises(actions.ActionError) as refused:
            actions.configure_stage(event, user=td, number=1, kind="round-robin", method="win-loss")
        message = str(refused.value)
    assert refused.value.field == "method"
    assert message.startswith("Stage 2 carries over a share of this stage's VP difference")
    assert event.stages.get(number=1).method == "imps-vp"
    actions.configure_stage(
        event,
        user=td,
        number=2,
        kind="knockout",
        entrants=2,
        carry_over="head-to-head-imps",
        carry_fraction="1/2",
    )
    stage = actions.configure_stage(event, user=td, number=1, kind="round-robin", method="win-loss")
    assert stage.method == "win-loss"


def test_a_board_a_match_stages_live_standings_chart_and_final_check_say_bam(
    director, director_client
):
    """Where VP were named in passing: the live standings' explanation, the team page's
    chart, and the result the director confirms before marking a match final."""
    matches = started(director, 4, boards=2, method="board-a-match")
    match = matches[0]
    enter(match, 1, "open", *WON_BY_TEN[0])
    enter(match, 1, "closed", *WON_BY_TEN[1])  # board 2 still to play: the match in play
    live = director_client.get(reverse("live-standings", args=[match.event_id])).text
    assert "the points they would give now (BAM)" in live and "VP" not in live.split("<main")[-1]
    status = reverse("director-status", args=[match.pk])
    check = director_client.post(status, {"status": "final"}).text
    assert f"{match.home.name} 0 : 0 {match.away.name}, BAM 1 : 0 — confirm?" in check
    actions.mark_final(match, user=director, confirm=True)
    (later,) = [m for m in matches if m.round == 2 and match.home_id in (m.home_id, m.away_id)]
    play(later, LEVEL, LEVEL)  # a second round: the chart is drawn
    team = director_client.get(reverse("team", args=[match.event_id, match.home_id])).text
    assert "Running BAM and position after each round" in team and "━ running BAM" in team


def test_the_penalty_form_of_a_board_a_match_event_asks_for_points(director, director_client):
    match = started(director, 3, boards=2, method="board-a-match")[0]
    url = reverse("director-event", args=[match.event_id])
    assert (
        "Points (in the stage&#x27;s units: VP, BAM, W/L, Patton)" in director_client.get(url).text
    )
    refused = director_client.post(
        reverse("director-vp-penalty", args=[match.event_id]),
        {"vp-team": match.home_id, "vp-vp": "30", "vp-reason": "Slow play"},
    ).text
    assert "A penalty is more than 0 and at most 25 points." in refused
    assert "at most 25 VP" not in refused


def test_a_stage_cannot_start_from_the_points_of_a_stage_scored_in_other_units(
    director, director_client
):
    """Board points are not VP: a VP stage after a board-a-match stage cannot start from
    them (refused beside the field); a board-a-match stage after one can."""
    event = event_of(4, boards=2)
    actions.configure_stage(
        event, user=director, number=1, kind="round-robin", method="board-a-match"
    )
    form = {
        "kind": "round-robin",
        "name": "Final",
        "entrants": "4",
        "carry_vp": "on",
        "vp_scale": "wbf-2013",
        "boards_per_match": "2",
        "boards_per_segment": "2",
        "method": "imps-vp",
        "board_scale": "1",
        "carry_over": "none",
    }
    page = director_client.post(reverse("director-stages", args=[event.pk]), form).text
    message = (
        "The previous stage is scored by Board-a-match and this one by IMPs, converted to "
        "VP: its points cannot be this stage&#x27;s start."
    )
    assert message in page.split('id="id_carry_vp_error"')[1][:400]
    assert not event.stages.filter(number=2).exists()
    director_client.post(
        reverse("director-stages", args=[event.pk]), {**form, "method": "board-a-match"}
    )
    second = event.stages.get(number=2)
    assert second.carry_vp and second.method == "board-a-match"
    with translation.override("en"):
        with pytest.raises(actions.ActionError) as refused:
            actions.configure_stage(
                event, user=director, number=1, kind="round-robin", method="win-loss"
            )
        assert str(refused.value).startswith("Stage 2 starts from this stage's points")
    assert refused.value.field == "method"
