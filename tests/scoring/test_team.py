from decimal import Decimal

import pytest

from matches.scoring import BoardComparison, score_match, victory_points


def board(number, open_ns, closed_ns):
    return BoardComparison(number, open_ns, closed_ns)


@pytest.mark.parametrize(
    ("open_ns", "closed_ns", "difference", "imps", "home", "away"),
    [
        (170, 420, -250, -6, 0, 6),
        (2230, 1470, 760, 13, 13, 0),
        (-600, 100, -700, -12, 0, 12),
        (500, 650, -150, -4, 0, 4),
        (0, 0, 0, 0, 0, 0),
        (420, 420, 0, 0, 0, 0),
    ],
)
def test_a_boards_difference_is_open_ns_minus_closed_ns_and_goes_to_imps(
    open_ns, closed_ns, difference, imps, home, away
):
    compared = board(1, open_ns, closed_ns)
    assert compared.difference == difference
    assert compared.imps == imps
    assert (compared.home_imps, compared.away_imps) == (home, away)


@pytest.mark.parametrize(("open_ns", "closed_ns"), [(None, 420), (170, None), (None, None)])
def test_a_board_played_in_one_room_only_is_pending_and_counts_in_no_total(open_ns, closed_ns):
    result = score_match([board(1, open_ns, closed_ns), board(2, 620, 170)], 16, 16, "wbf-2013")
    assert result.totals.home == 10
    assert result.totals.pending_boards == 1
    assert result.boards[0].imps is None


def test_segments_keep_this_segment_brought_forward_and_the_running_total():
    boards = [board(n, 620, 170) for n in range(1, 5)] + [board(n, -620, 0) for n in range(5, 9)]
    result = score_match(boards, 4, 8, "wbf-2013")
    first, second = result.segments
    assert (first.this.home, first.this.away) == (40, 0)
    assert (second.this.home, second.this.away) == (0, 48)
    assert (second.before.home, second.before.away) == (40, 0)
    assert (second.running.home, second.running.away) == (40, 48)
    assert result.totals.net == -8


def test_the_match_gets_vp_on_the_events_scale():
    result = score_match([board(1, 2230, 1470)], 16, 16, "printed-25")
    assert result.vp == (18, 12)  # 13 IMPs over 16 boards: the 12-15 column
    result = score_match([board(1, 1470, 2230)], 16, 16, "wbf-2013")
    assert result.vp[0] + result.vp[1] == Decimal("20.00")
    assert result.vp[0] < result.vp[1]


def test_a_scale_that_does_not_cover_the_match_gives_no_vp_rather_than_an_error():
    assert score_match([board(1, 100, 0)], 8, 24, "printed-25").vp is None


@pytest.mark.parametrize(
    ("adjusted", "imps", "home_won", "away_won", "home_margin", "away_margin"),
    [
        ((3, -3), 3, 3, 0, 3, -3),  # average plus to home, average minus to away
        ((0, 0), 0, 0, 0, 0, 0),  # average to both
        ((3, 3), None, 3, 3, 3, 3),  # split: average plus to both
        ((0, -3), None, 0, 0, 0, -3),  # split: average to home, average minus to away
    ],
)
def test_an_artificial_adjusted_board_gives_each_team_its_own_imps(
    adjusted, imps, home_won, away_won, home_margin, away_margin
):
    compared = BoardComparison(1, None, 420, adjusted)
    assert compared.complete
    assert compared.difference is None
    assert compared.imps == imps
    result = score_match([compared], 16, 16, "wbf-2013")
    assert (result.totals.home, result.totals.away) == (home_won, away_won)
    assert (result.home_margin, result.away_margin) == (home_margin, away_margin)


def test_a_split_adjusted_score_gives_vp_from_each_teams_own_margin():
    boards = [board(1, 620, 170), BoardComparison(2, None, None, (3, 3))]  # 10 IMPs, then +3 each
    result = score_match(boards, 16, 16, "wbf-2013")
    assert (result.home_margin, result.away_margin) == (13, -7)
    assert result.vp == (
        victory_points(13, 16, "wbf-2013")[0],
        victory_points(-7, 16, "wbf-2013")[0],
    )


def test_an_imp_penalty_comes_off_that_teams_margin_only():
    result = score_match([board(1, 620, 170)], 16, 16, "printed-25", penalties=(0, 3))
    assert (result.home_margin, result.away_margin) == (10, -13)
    assert result.totals.home == 10  # the sheet's IMP column is unchanged
    assert result.vp == (17, 12)  # 10 IMPs: the 8-11 column, 17; -13: the loser of 18:12


def test_a_forfeit_takes_the_vp_the_director_set():
    result = score_match([board(1, 620, 170)], 16, 16, "wbf-2013", forfeit_vp=(12, 0))
    assert result.vp == (12, 0)
    assert result.forfeit
