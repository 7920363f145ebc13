"""A stage's scoring method: board-a-match, win/loss and Patton beside IMPs → VP.

The examples are worked by hand; those marked with a source are the published ones
(matches/scoring/methods.py cites them in full).
"""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import (
    BoardComparison,
    BoardScale,
    Method,
    MethodRules,
    aggregate_points,
    average_points,
    board_a_match,
    board_points,
    board_record,
    match_points,
    most_points,
    score_match,
    win_loss,
)

BAM = MethodRules(Method.BOARD_A_MATCH)
POINT_A_BOARD = MethodRules(Method.BOARD_A_MATCH, BoardScale.TWO)
WIN_LOSS = MethodRules(Method.WIN_LOSS)
PATTON = MethodRules(Method.PATTON, BoardScale.TWO)


def boards(*differences):
    """Boards 1, 2, … whose open room's North-South beat the closed room's by these."""
    return [
        BoardComparison(number, 400 + difference, 400)
        for number, difference in enumerate(differences, start=1)
    ]


def scored(rules, compared, match_boards=None):
    match_boards = match_boards or len(compared)
    return score_match(compared, match_boards, match_boards, "wbf-2013", method=rules).vp


def test_the_acbl_handbooks_board_a_match_example_plus_120_against_minus_110_wins_the_board():
    # ACBL Handbook, I. Types of team events: N/S +120, team-mates -110: a win, 1 point.
    home_ns_open, away_ns_closed = 120, 110  # the home team's E-W pair was -110
    won = BoardComparison(1, home_ns_open, away_ns_closed)
    assert won.imps == 0  # nothing at IMPs
    assert board_a_match([won]) == (1, 0)


def test_a_board_is_won_tied_or_lost_on_the_raw_score_however_small_the_difference():
    assert [board_points(gain) for gain in (10, 0, -10, 2000)] == [1, Decimal("0.5"), 0, 1]
    assert [board_points(gain, BoardScale.TWO) for gain in (10, 0, -10)] == [2, 1, 0]


def test_a_sixteen_board_match_of_nine_wins_a_tie_and_six_losses_is_9_and_a_half_to_6_and_a_half():
    compared = boards(*([30] * 9), 0, *([-1000] * 6))
    assert scored(BAM, compared) == (Decimal("9.5"), Decimal("6.5"))
    assert scored(POINT_A_BOARD, compared) == (19, 13)  # British point-a-board: 2, 1, 0
    # The same boards at IMPs: six big losses outweigh nine small wins.
    assert scored(MethodRules(), compared)[0] < 10


def test_pending_boards_add_nothing_and_a_one_board_match_is_a_match():
    assert scored(BAM, [BoardComparison(1, 420, None)], 1) is None
    assert scored(BAM, boards(50)) == (1, 0)
    assert scored(BAM, [BoardComparison(1, 420, 420), BoardComparison(2, None, 50)], 2) == (
        Decimal("0.5"),
        Decimal("0.5"),
    )


def test_an_adjusted_board_counts_by_the_sign_of_each_teams_own_score():
    average_plus_to_both = BoardComparison(1, None, None, adjusted=(3, 3))
    average_plus_minus = BoardComparison(2, None, None, adjusted=(3, -3))
    average = BoardComparison(3, None, None, adjusted=(0, 0))
    assert board_a_match([average_plus_to_both]) == (1, 1)
    assert board_a_match([average_plus_minus]) == (1, 0)
    assert board_a_match([average]) == (Decimal("0.5"), Decimal("0.5"))


@pytest.mark.parametrize(
    ("margin", "win", "tie_margin", "points"),
    [
        (3, 1, 0, 1),
        (-3, 1, 0, 0),
        (0, 1, 0, Decimal("0.5")),
        (2, 1, 2, Decimal("0.5")),  # the director's tie margin: 2 IMPs or fewer is a tie
        (-2, 1, 2, Decimal("0.5")),
        (3, 1, 2, 1),
        (5, 2, 0, 2),  # a win set to 2 points
        (0, 2, 0, 1),
    ],
)
def test_win_loss_gives_a_win_half_for_a_tie_within_the_tie_margin_and_nothing_for_a_loss(
    margin, win, tie_margin, points
):
    assert win_loss(margin, Decimal(win), tie_margin) == points


def test_a_win_loss_match_scores_on_its_imp_margin_after_penalties():
    compared = boards(620, -170)  # 12 IMPs against 5: won by 7
    assert scored(WIN_LOSS, compared) == (1, 0)
    # A 7-IMP penalty to the winners: their own margin is 0, a tie for them; the other
    # team's margin is still -7, a loss (each team's points from its own margin, as VP).
    penalised = score_match(compared, 2, 2, "wbf-2013", penalties=(7, 0), method=WIN_LOSS)
    assert penalised.vp == (Decimal("0.5"), 0)
    assert scored(MethodRules(Method.WIN_LOSS, tie_margin=7), compared) == (0.5, 0.5)


def test_the_ebus_patton_example_three_boards_won_and_a_drawn_aggregate_is_10_of_16():
    # EBU Tournament Focus, Winter 2009: 2-1-0 a board, 8 for the aggregate; three of four
    # boards won (6 of 8) and the aggregate drawn (4 of 8): 10 of the 16 at stake.
    compared = boards(10, 10, 10, -10)  # 0 IMPs each: the aggregate is drawn
    assert scored(PATTON, compared) == (10, 6)
    assert most_points(PATTON, 4, "wbf-2013") == 16


def test_patton_aggregate_is_the_vp_scale_scaled_to_the_stake():
    # A 4-board match won by 10 IMPs: 17.41 on the WBF scale for 4 boards, of 20.
    compared = boards(620, 0, 0, 0)
    vp = score_match(compared, 4, 4, "wbf-2013").vp
    patton = scored(PATTON, compared)
    assert patton[0] == 2 + 1 + 1 + 1 + (vp[0] * 8 / 20).quantize(Decimal("0.01"))
    assert sum(patton) == 16
    # The French variant: 1 a board, 6 for the IMPs: 10 at stake.
    french = MethodRules(Method.PATTON, BoardScale.ONE, patton_stake=Decimal(6))
    assert most_points(french, 4, "wbf-2013") == 10
    assert sum(scored(french, compared)) == 10


def test_a_forfeit_gives_the_points_the_director_set_whatever_the_method():
    result = score_match([], 3, 3, "wbf-2013", forfeit_vp=(3, 0), method=BAM)
    assert result.vp == (3, 0) and result.forfeit


def test_each_method_has_a_ceiling_and_an_average():
    assert most_points(MethodRules(), 16, "wbf-2013") == 20
    assert most_points(BAM, 3, "wbf-2013") == 3
    assert most_points(POINT_A_BOARD, 3, "wbf-2013") == 6
    assert most_points(WIN_LOSS, 7, "wbf-2013") == 1
    assert average_points(BAM, 3, "wbf-2013") == Decimal("1.5")
    assert average_points(WIN_LOSS, 7, "wbf-2013") == Decimal("0.5")


@pytest.mark.parametrize(
    "settings",
    [{"win": 0}, {"win": -1}, {"tie_margin": -1}, {"tie_margin": 1.5}, {"patton_stake": 0}],
)
def test_settings_a_method_cannot_use_are_refused(settings):
    with pytest.raises(ValueError):
        MethodRules(Method.WIN_LOSS, **settings)


differences = st.lists(st.integers(-3000, 3000).map(lambda n: n * 10), min_size=1, max_size=12)
methods = st.sampled_from(
    [
        BAM,
        POINT_A_BOARD,
        WIN_LOSS,
        MethodRules(Method.WIN_LOSS, win=Decimal(2), tie_margin=2),
        PATTON,
        MethodRules(Method.PATTON, patton_stake=Decimal(6)),
    ]
)


@given(differences, methods)
def test_a_match_gives_out_all_its_points_between_the_two_teams(diffs, rules):
    assert sum(scored(rules, boards(*diffs))) == most_points(rules, len(diffs), "wbf-2013")


@given(differences, methods)
def test_swapping_the_rooms_swaps_the_teams_points(diffs, rules):
    home, away = scored(rules, boards(*diffs))
    assert scored(rules, boards(*(-d for d in diffs))) == (away, home)


@given(differences)
def test_board_a_match_counts_each_board_won_tied_and_lost(diffs):
    home, away = board_a_match(boards(*diffs))
    assert home == sum(d > 0 for d in diffs) + Decimal("0.5") * sum(d == 0 for d in diffs)
    assert home + away == len(diffs)


@given(differences, st.integers(0, 5))
def test_a_win_loss_winner_is_the_team_ahead_by_more_than_the_tie_margin(diffs, tie_margin):
    compared = boards(*diffs)
    rules = MethodRules(Method.WIN_LOSS, tie_margin=tie_margin)
    margin = score_match(compared, 1, len(diffs), "wbf-2013").home_margin
    home, _ = match_points(rules, compared, (margin, -margin), len(diffs), "wbf-2013")
    assert home == (1 if margin > tie_margin else 0 if margin < -tie_margin else Decimal("0.5"))


def test_a_patton_result_is_its_board_points_plus_its_aggregate_points():
    compared = boards(10, 10, 10, -10)
    assert board_record(compared) == (3, 0, 1)
    assert board_a_match(compared, BoardScale.TWO) == (6, 2)
    assert aggregate_points(PATTON, (0, 0), 4, "wbf-2013") == (4, 4)
    assert board_record([BoardComparison(1, 420, None), *boards(0)]) == (0, 1, 0)


TOTAL_PATTON = MethodRules(Method.PATTON, BoardScale.TWO, patton_aggregate="total-points")


def test_patton_on_total_points_gives_the_stake_to_the_team_ahead_on_raw_scores():
    # Worked by hand: the home team loses three part-scores by 10 points each (0 IMPs)
    # and wins a game swing of 620 (+13 IMPs): boards 0 + 0 + 0 + 2 = 2 of 8, and the
    # aggregate of +590 total points takes all 8 for the aggregate: 10 : 6.
    compared = boards(-10, -10, -10, 620)
    assert scored(TOTAL_PATTON, compared) == (10, 6)


def test_the_two_aggregates_can_give_the_aggregate_to_different_teams():
    # Worked by hand: +50 (2 IMPs), -20 and -20 (1 IMP each): level on IMPs, 10 total
    # points ahead. Boards 2 : 4, the stake 6 (as boards): 3 each on IMPs, 6 : 0 on points.
    compared = boards(50, -20, -20)
    on_imps = scored(MethodRules(Method.PATTON, BoardScale.TWO), compared)
    on_points = scored(TOTAL_PATTON, compared)
    assert on_imps == (2 + 0 + 0 + 3, 0 + 2 + 2 + 3)  # the aggregate drawn on IMPs: 3 each
    assert on_points == (2 + 6, 4 + 0)  # the aggregate won on total points: all 6


def test_level_total_points_share_the_stake():
    compared = boards(50, -50)
    assert scored(TOTAL_PATTON, compared) == (4, 4)
