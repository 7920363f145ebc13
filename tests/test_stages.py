"""Stages through the actions layer: Swiss rounds drawn, swapped and published, late
entries and withdrawals, knockouts with carry-over, and the director's tie decisions."""

import random
from decimal import Decimal

import pytest
from django.utils import translation

from matches import actions, queries
from matches.models import Bye, DrawSwap, Match, Stage
from matches.presenters.event_tables import EventTables
from tests.factories import enter, make_event, make_team

# (open room, closed room) on board 1 (nobody vulnerable): the home team's IMPs.
RESULTS = {
    10: (("4S", "N", "="), ("4S", "N", "-1")),  # 420 v -50: 470, 10 IMPs
    6: (("4S", "N", "="), ("2S", "N", "+1")),  # 420 v 140: 280, 7 IMPs
    0: (("4S", "N", "="), ("4S", "N", "=")),
    -10: (("4S", "N", "-1"), ("4S", "N", "=")),
}


@pytest.fixture(autouse=True)
def in_english():
    """Messages read in English (a page in Chinese may have been served just before)."""
    translation.activate("en")
    yield
    translation.activate("en")


def play(match, margin):
    """Enter board 1 in both rooms so that the home team wins by about ``margin``."""
    open_result, closed_result = RESULTS[margin]
    enter(match, 1, "open", *open_result)
    enter(match, 1, "closed", *closed_result)
    enter(match, 2, "open", "3NT", "S", "=")  # board 2 level: the match is complete
    enter(match, 2, "closed", "3NT", "S", "=")


def finish(match, user):
    """Mark the match final, as a director does."""
    actions.mark_final(match, user=user, confirm=True)


def swiss_event(teams=11, rounds=7, **settings):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number:02d}")
    return event


@pytest.fixture
def td(director):
    return director


def test_an_eleven_team_swiss_gives_a_new_bye_each_round_and_never_repeats(td):
    event = swiss_event()
    stage = actions.configure_stage(event, user=td, number=1, kind="swiss", rounds=7)
    actions.start_stage(stage, user=td)
    rng = random.Random(7)
    byes = []
    for number in range(1, 8):
        if number == 5:  # a team withdraws after round 4
            leaving = event.teams.get(name="Team 03")
            actions.withdraw_team(stage, team=leaving, user=td)
        draft = actions.draw_next_round(stage, user=td)
        assert {row.round for row in draft} == {number}
        made = actions.publish_draw(stage, user=td)
        for match in made:
            play(match, rng.choice(list(RESULTS)))
        round_byes = list(Bye.objects.filter(event=event, round=number))
        if number < 5:
            assert len(made) == 5 and len(round_byes) == 1
            byes.append(round_byes[0].team_id)
        else:
            assert len(made) == 5 and round_byes == []  # ten teams left: no bye
            assert leaving.pk not in {m.home_id for m in made} | {m.away_id for m in made}
    assert len(set(byes)) == len(byes)
    pairs = [frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)]
    assert len(pairs) == len(set(pairs))  # no repeat in 7 rounds
    with pytest.raises(actions.ActionError, match="All 7 rounds"):
        actions.draw_next_round(stage, user=td)


def test_a_swiss_round_is_drawn_from_the_standings_of_the_round_before(td):
    event = swiss_event(teams=4)
    stage = actions.configure_stage(event, user=td, number=1, kind="swiss", rounds=3)
    actions.start_stage(stage, user=td)
    actions.draw_next_round(stage, user=td)
    first, second = actions.publish_draw(stage, user=td)
    with pytest.raises(actions.ActionError, match="Round 1 is still being played"):
        actions.draw_next_round(stage, user=td)
    play(first, -10)  # team 2 beats team 1
    play(second, 10)  # team 3 beats team 4
    draft = actions.draw_next_round(stage, user=td)
    winners = {first.away_id, second.home_id}
    assert {draft[0].home_id, draft[0].away_id} == winners  # the two winners on table 1


def test_a_delayed_swiss_draws_the_next_round_before_the_current_one_ends(td):
    event = swiss_event(teams=6)
    stage = actions.configure_stage(event, user=td, number=1, kind="swiss", rounds=4, delayed=True)
    actions.start_stage(stage, user=td)
    actions.draw_next_round(stage, user=td)
    actions.publish_draw(stage, user=td)
    draft = actions.draw_next_round(stage, user=td)  # round 1 not played yet: allowed
    assert draft[0].round == 2
    published = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)}
    assert not {frozenset((row.home_id, row.away_id)) for row in draft} & published


def test_a_swap_in_the_draw_is_kept_with_its_reason_and_director(td):
    event = swiss_event(teams=4)
    stage = actions.configure_stage(event, user=td, number=1, kind="swiss", rounds=3)
    actions.start_stage(stage, user=td)
    draft = actions.draw_next_round(stage, user=td)
    a, b = draft[0].home, draft[1].home
    with pytest.raises(actions.ActionError, match="reason"):
        actions.swap_in_draw(stage, first=a, second=b, reason=" ", user=td)
    actions.swap_in_draw(stage, first=a, second=b, reason="Teams from one club", user=td)
    swap = DrawSwap.objects.get()
    assert (swap.first, swap.second, swap.reason, swap.created_by) == (
        a,
        b,
        "Teams from one club",
        td,
    )
    tables_now = [(row.home_id, row.away_id) for row in stage.draft.all()]
    assert tables_now[0][0] == b.pk and tables_now[1][0] == a.pk
    made = actions.publish_draw(stage, user=td)
    assert [(m.home_id, m.away_id) for m in made] == tables_now
    assert not stage.draft.exists()


def test_a_team_entering_late_plays_from_the_next_round(td):
    event = swiss_event(teams=4)
    stage = actions.configure_stage(event, user=td, number=1, kind="swiss", rounds=3)
    late = make_team(event, "Late comers")
    actions.start_stage(stage, order=[t.pk for t in event.teams.exclude(pk=late.pk)], user=td)
    actions.draw_next_round(stage, user=td)
    for match in actions.publish_draw(stage, user=td):
        play(match, 6)
    actions.enter_late(stage, team=late, user=td)
    draft = actions.draw_next_round(stage, user=td)
    assert late.pk in {row.home_id for row in draft} | {row.away_id for row in draft}
    assert len(draft) == 3  # two tables and a bye among five teams


def test_settings_the_rules_refuse_are_refused_beside_their_field(td):
    event = swiss_event(teams=4)
    with pytest.raises(actions.ActionError) as refused:
        actions.configure_stage(event, user=td, number=1, kind="swiss", carry_fraction="3/2")
    assert refused.value.field == "carry_fraction"
    with pytest.raises(actions.ActionError, match="next one is stage 2"):
        actions.configure_stage(event, user=td, number=3, kind="knockout")


def round_robin_then_knockout(td, teams, knockout_teams, **knockout):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number:02d}")
    first = actions.configure_stage(event, user=td, number=1, kind="round-robin")
    matches = actions.start_stage(first, user=td)
    for match in matches:
        # the lower-numbered team always wins: the standings are the team numbers
        better = int(match.home.name[-2:]) < int(match.away.name[-2:])
        play(match, 10 if better else -10)
        finish(match, td)
    second = actions.configure_stage(
        event, user=td, number=2, kind="knockout", entrants=knockout_teams, **knockout
    )
    return event, first, second


def test_a_knockout_seeds_the_top_of_the_round_robin_one_v_eight_four_v_five(td):
    event, _, stage = round_robin_then_knockout(td, 9, 8)
    made = actions.start_stage(stage, user=td)
    names = [(m.home.name, m.away.name) for m in sorted(made, key=lambda m: m.bracket_position)]
    assert names == [
        ("Team 01", "Team 08"),
        ("Team 04", "Team 05"),
        ("Team 02", "Team 07"),
        ("Team 03", "Team 06"),
    ]


def test_a_knockout_carries_over_a_share_of_the_vp_difference_up_to_the_cap(td):
    event, first, stage = round_robin_then_knockout(
        td, 4, 4, carry_over="vp-difference", carry_fraction="1/4", carry_cap=Decimal(5)
    )
    vp = {row.team.name: row.standing.vp for row in queries.standings(event, stage=first)}
    made = {m.home.name: m for m in actions.start_stage(stage, user=td)}
    # 1 v 4: a quarter of the VP difference is over the cap of 5, which is whole: 4.9
    assert vp["Team 01"] - vp["Team 04"] > 20
    assert (made["Team 01"].carry_home, made["Team 01"].carry_away) == (Decimal("4.9"), 0)
    # 2 v 3: a quarter of their difference, to a tenth
    quarter = (vp["Team 02"] - vp["Team 03"]) / 4
    assert made["Team 02"].carry_home == quarter.quantize(Decimal("0.1")) != 0


def test_knockout_winners_go_forward_when_marked_final_and_a_tie_waits_for_the_director(td):
    event, _, stage = round_robin_then_knockout(td, 4, 4)
    semi_one, semi_two = sorted(
        actions.start_stage(stage, user=td), key=lambda m: m.bracket_position
    )
    play(semi_one, -10)  # 4 beats 1
    play(semi_two, 0)  # a tie, no carry-over
    marked = actions.mark_final(semi_one, user=td, confirm=True)
    assert marked.advance.made == [] and not marked.advance.tie  # the other semi is open
    marked = actions.mark_final(semi_two, user=td, confirm=True)
    assert marked.advance.made == [] and marked.advance.tie  # the director decides first
    assert not stage.matches.filter(round=2).exists()
    with pytest.raises(actions.ActionError, match="No match is ready"):
        actions.next_knockout_round(stage, user=td)
    with pytest.raises(actions.ActionError, match="reason"):
        actions.decide_knockout_tie(semi_two, winner=semi_two.away, reason="", user=td)
    decided = actions.decide_knockout_tie(
        semi_two, winner=semi_two.away, reason="Won the extra four boards", user=td
    )
    (final,) = decided.advance.made  # made in the decision's own transaction
    assert (final.round, final.home.name, final.away.name) == (2, "Team 03", "Team 04")
    assert stage.matches.get(round=2).history.first().history_user == td
    semi_two.refresh_from_db()
    assert semi_two.decided_reason == "Won the extra four boards"


def test_marking_the_last_match_of_a_knockout_round_final_makes_the_next_round(td):
    event, _, stage = round_robin_then_knockout(td, 4, 4)
    semi_one, semi_two = sorted(
        actions.start_stage(stage, user=td), key=lambda m: m.bracket_position
    )
    play(semi_one, 10)
    play(semi_two, -10)
    finish(semi_one, td)
    (final,) = actions.mark_final(semi_two, user=td, confirm=True).advance.made
    assert (final.home.name, final.away.name) == ("Team 01", "Team 03")
    assert final.history.first().history_user == td


def test_a_reopened_knockout_match_whose_winner_changes_moves_the_next_match_on(td):
    event, _, stage = round_robin_then_knockout(td, 4, 4)
    semi_one, semi_two = sorted(
        actions.start_stage(stage, user=td), key=lambda m: m.bracket_position
    )
    play(semi_one, 10)
    play(semi_two, 10)
    finish(semi_one, td)
    (final,) = actions.mark_final(semi_two, user=td, confirm=True).advance.made
    assert (final.home.name, final.away.name) == ("Team 01", "Team 02")
    actions.reopen_match(semi_two, reason="Board 1 was scored the wrong way round", user=td)
    play(semi_two, -10)
    finish(semi_two, td)
    final.refresh_from_db()
    assert (final.home.name, final.away.name) == ("Team 01", "Team 03")
    # Once the final has results, its teams are no longer changed behind its back.
    play(final, 6)
    actions.reopen_match(semi_two, reason="Board 1 again", user=td)
    play(semi_two, 10)
    with pytest.raises(actions.ActionError, match="has results already"):
        finish(semi_two, td)


def test_a_standings_tie_can_be_decided_by_the_director(td):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    a, b, c, d = (make_team(event, name) for name in "ABCD")
    stage = actions.configure_stage(
        event, user=td, number=1, kind="round-robin", tie_breaks=["director"]
    )
    actions.decide_tie(stage, order=[b, a], reason="Drawn by lot", user=td)
    stage.refresh_from_db()
    assert stage.tie_order == [b.pk, a.pk]
    assert stage.tie_decisions.get().reason == "Drawn by lot"


def test_a_new_event_is_made_with_its_stage_1_a_round_robin(td):
    event = make_event()
    (stage,) = EventTables(event).stages
    assert (stage.number, stage.kind) == (1, "round-robin")
    assert Stage.objects.get(event=event) == stage  # a saved row, not a placeholder
    assert stage.history.get().history_type == "+"


def test_every_first_stage_match_bye_and_penalty_names_its_stage(td):
    event = make_event()
    teams = [make_team(event, name) for name in "ABCDE"]
    actions.make_round_robin(event, user=td)
    actions.add_vp_penalty(event, team=teams[0], vp=Decimal(1), reason="late", user=td)
    (stage,) = Stage.objects.filter(event=event)
    assert Match.objects.filter(event=event).exclude(stage=stage).count() == 0
    assert Bye.objects.filter(event=event).exclude(stage=stage).count() == 0
    assert event.vp_penalties.get().stage == stage


def test_a_stage_change_bumps_the_events_revision(td):
    event = make_event()
    event.refresh_from_db()
    before = event.revision
    actions.configure_stage(event, user=td, number=1, kind="swiss")
    event.refresh_from_db()
    assert event.revision == before + 1
    assert Stage.objects.get(event=event).history.first().history_user == td


def test_an_event_with_stages_exports_and_imports_whole(td):
    from matches.interchange import backup
    from matches.queries import stage_pages

    event, first, stage = round_robin_then_knockout(
        td, 4, 4, carry_over="vp-difference", carry_fraction="1/3", carry_cap=Decimal(9)
    )
    semis = sorted(actions.start_stage(stage, user=td), key=lambda m: m.bracket_position)
    play(semis[0], 0)
    play(semis[1], 10)
    for match in semis:
        finish(match, td)
    swiss = actions.configure_stage(event, user=td, number=3, kind="swiss", rounds=2)
    actions.decide_tie(first, order=[event.teams.first()], reason="By lot", user=td)
    for number in (1, 3):  # a VP penalty in the first stage and one in the Swiss
        actions.add_vp_penalty(
            event,
            team=event.teams.first(),
            vp=Decimal(number),
            reason="Slow play",
            stage=number,
            user=td,
        )
    document = backup.export_event(event)
    assert [s["kind"] for s in document["stages"]] == ["round-robin", "knockout", "swiss"]
    copy = backup.import_event(json_round_trip(document), user=td)

    def picture(target):
        stages = {s.number: s for s in target.stages.all()}
        for s in stages.values():
            s.event = target
        rows = [(r.team.name, r.standing.vp) for r in queries.standings(target, stage=stages[1])]
        bracket = [
            [
                (
                    slot.home and slot.home.name,
                    slot.away and slot.away.name,
                    slot.winner and slot.winner.name,
                    slot.match and slot.match.carry_home,
                )
                for slot in slots
            ]
            for _, slots in stage_pages.bracket(stages[2])
        ]
        return rows, bracket, stages[1].tie_order and len(stages[1].tie_order), stages[3].kind

    assert picture(copy) == picture(event)
    penalties = [(p.stage and p.stage.number, p.vp) for p in copy.vp_penalties.order_by("vp")]
    assert penalties == [(1, 1), (3, 3)]
    assert copy.stages.get(number=2).carry_fraction == "1/3"
    assert swiss.rounds == copy.stages.get(number=3).rounds == 2


def json_round_trip(document):
    import json

    return json.loads(json.dumps(document))


def test_a_vp_penalty_comes_off_the_standings_of_its_own_stage_only(td):
    event, first, _ = round_robin_then_knockout(td, 4, 4)
    swiss = actions.configure_stage(event, user=td, number=2, kind="swiss", rounds=1)
    team = event.teams.get(name="Team 01")

    def vp(stage):
        return {r.team.name: r.standing.vp for r in queries.standings(event, stage=stage)}

    before = vp(first)["Team 01"]
    actions.add_vp_penalty(event, team=team, vp=Decimal(2), reason="Late", stage=swiss, user=td)
    assert vp(first)["Team 01"] == before
    assert vp(swiss)["Team 01"] == -2
    actions.add_vp_penalty(event, team=team, vp=Decimal(1), reason="Slow", user=td)  # stage 1
    assert vp(first)["Team 01"] == before - 1
    assert vp(swiss)["Team 01"] == -2
