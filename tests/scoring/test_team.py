from decimal import Decimal

import pytest

from matches.scoring import BoardComparison, score_match


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
