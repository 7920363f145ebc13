"""The conditions of contest as federations write them (issue 34), in the database: the
WBF carry-over into a knockout, matches decided by segments won, and each new setting
surviving a backup's export and import."""

from decimal import Decimal as D

import pytest
from django.utils import translation

from matches import actions
from matches.forms.stages import StageForm
from matches.interchange import backup
from matches.models import Event, Stage
from matches.queries.final_ranking import final_ranking
from tests.conditions import (
    number,
    play_out,
    round_robin_cup,
    segments_cup,
    win_two_segments,
)
from tests.factories import enter

pytestmark = pytest.mark.django_db


def quarter_finals(stage):
    return {(number(m.home), number(m.away)): m for m in stage.matches_here().filter(round=1)}


def test_the_wbf_carry_over_gives_a_lower_placed_winner_a_third_and_a_higher_one_half(td):
    event, stage = round_robin_cup(td, carry_over="wbf", level_rule="extra-boards")
    matches = quarter_finals(stage)
    assert set(matches) == {(1, 8), (4, 5), (2, 7), (3, 6)}
    # Team 8 beat Team 1 by 10 IMPs in the round robin: a third, 3.3, to Team 8.
    assert matches[(1, 8)].carry == (D("0.0"), D("3.3"))
    # Team 4 beat Team 5 by 10: half, 5.0, to Team 4.
    assert matches[(4, 5)].carry == (D("5.0"), D("0.0"))


def test_the_scorecard_shows_the_third_taken(td, client, english):
    event, stage = round_robin_cup(td, carry_over="wbf", level_rule="extra-boards")
    match = quarter_finals(stage)[(1, 8)]
    page = client.get(match.get_absolute_url()).content.decode()
    assert "⅓ × 10 IMPs = 3.333… → 3.3" in page
    assert 'class="match-vp"' not in page  # a knockout's match has no VP


def test_a_match_decided_by_segments_goes_to_the_team_that_won_more_of_them(td):
    event, stage = segments_cup(td)
    actions.start_stage(stage, user=td)
    first = stage.matches_here().order_by("pk").first()
    win_two_segments(first, td)
    first.refresh_from_db()
    assert (first.home_segments, first.away_segments) == (D(2), D(1))
    assert first.home_imps < first.away_imps  # behind on IMPs, through on segments
    assert first.knockout_winner() == first.home


def test_the_segments_show_on_the_scorecard_as_4_2_jie(td, client, chinese):
    event, stage = segments_cup(td)
    actions.start_stage(stage, user=td)
    first = stage.matches_here().order_by("pk").first()
    win_two_segments(first, td)
    page = client.get(first.get_absolute_url()).content.decode()
    assert "2 : 1 节" in page


def test_level_on_segments_the_stages_tie_break_decides(td):
    event, stage = segments_cup(td, segment_tie_break="last-segment")
    actions.start_stage(stage, user=td)
    match = stage.matches_here().order_by("pk").first()
    # Segment 1 to the home team by 1 IMP, segment 2 level, segment 3 to the away team
    # by 1 IMP: 1½ : 1½, and the last segment sends the away team through.
    enter(match, 1, "open", "4S", "N", "+1")
    enter(match, 1, "closed", "4S", "N", "=")
    enter(match, 2, "open", "4S", "N", "=")
    enter(match, 2, "closed", "4S", "N", "=")
    enter(match, 3, "open", "4S", "N", "=")
    enter(match, 3, "closed", "4S", "N", "+1")
    match.refresh_from_db()
    assert (match.home_segments, match.away_segments) == (D("1.5"), D("1.5"))
    assert match.knockout_winner() == match.away


def test_a_double_elimination_decided_by_segments_plays_through_to_its_ranking(td):
    event, stage = segments_cup(td)
    actions.start_stage(stage, user=td)
    play_out(stage, td, win_two_segments)
    ranking = final_ranking(Event.objects.get(pk=event.pk))
    assert [number(placing.team) for placing in ranking.placings] == [1, 2, 3, 4]


TABLE = "0 10 10\n1-2 11 9\n3+ 12 8"


def test_every_new_setting_survives_export_and_import(td):
    event, stage = segments_cup(td, segment_tie_break="last-segment")
    actions.change_event(event, vp_scale="custom", vp_table=TABLE, user=td)
    actions.configure_stage(
        event,
        user=td,
        number=2,
        kind="round-robin",
        method="patton",
        patton_aggregate="total-points",
        vp_scale="acbl-30",
        boards_per_match=8,
    )
    actions.configure_stage(
        event,
        user=td,
        number=3,
        kind="knockout",
        carry_over="head-to-head-imps",
        carry_fraction="1/2",
        carry_fraction_lower="1/4",
        carry_cap=D(16),
    )
    actions.configure_stage(event, user=td, number=4, kind="knockout", carry_over="wbf")
    copy = backup.import_event(backup.loads(backup.dumps(backup.export_event(event))))
    copied = {s.number: s for s in Stage.objects.filter(event=copy)}
    table = Event.objects.get(pk=copy.pk).vp_table
    assert table == [[0, "10", "10"], [1, "11", "9"], [3, "12", "8"]]
    assert (copied[1].decided_by, copied[1].segment_tie_break) == ("segments", "last-segment")
    assert (copied[2].method, copied[2].patton_aggregate) == ("patton", "total-points")
    assert copied[2].vp_scale == "acbl-30"
    third = copied[3]
    assert (third.carry_fraction, third.carry_fraction_lower) == ("1/2", "1/4")
    assert copied[4].carry_over == "wbf"


def test_a_typed_vp_table_that_is_no_scale_is_refused_in_a_backup(td):
    event, stage = segments_cup(td)
    document = backup.export_event(event)
    document["event"]["vp_scale"] = "custom"
    document["event"]["vp_table"] = [[0, "10", "10"], [1, "9", "11"]]
    with pytest.raises(Exception, match="vp_table"):
        backup.import_event(document)


def stage_form_data(**fields):
    data = {
        "kind": "round-robin",
        "method": "imps-vp",
        "board_scale": "1",
        "carry_over": "none",
        "vp_scale": "custom",
        "boards_per_match": "8",
        "boards_per_segment": "8",
    }
    return {**data, **fields}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("", "Type the table"),
        ("0 10 10\n1-2 12 8\n3+ 11 9", "Line 3 gives the winner fewer VP"),
        ("0 10 10\n1-2 11 8\n3+ 12 8", "Line 2: the two teams' VP add up"),
        ("0 10 10\n1-2 11 9\n4+ 12 8", "Line 3 leaves out margins"),
    ],
)
def test_a_typed_vp_table_is_refused_beside_it_saying_which_line(td, table, message):
    event, _stage = segments_cup(td)
    with translation.override("en"):
        form = StageForm(stage_form_data(vp_table=table), event=event, number=2)
        assert not form.is_valid()
        assert message in " ".join(form.errors["vp_table"])


def test_a_typed_vp_table_scores_the_stage(td):
    event, _stage = segments_cup(td)
    form = StageForm(stage_form_data(vp_table=TABLE), event=event, number=2)
    assert form.is_valid(), form.errors
    stage = actions.configure_stage(event, user=td, number=2, **form.values())
    assert stage.vp_table == [[0, "10", "10"], [1, "11", "9"], [3, "12", "8"]]
    assert StageForm(event=event, stage=stage, number=2).initial["vp_table"] == TABLE


def test_an_acbl_scale_is_refused_for_a_match_it_has_no_table_for(td):
    event, _stage = segments_cup(td)
    data = stage_form_data(vp_scale="acbl-30", boards_per_match="16", boards_per_segment="16")
    with translation.override("en"):
        form = StageForm(data, event=event, number=2)
        assert not form.is_valid()
        assert "6 to 11 boards, not 16" in " ".join(form.errors["vp_scale"])
