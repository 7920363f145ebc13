"""A knockout match decided by segments won, as the CBA's 2013 club league final was
("以节分决定胜负", 4 : 2), with the tie-break the director sets."""

from decimal import Decimal as D

import pytest

from matches.scoring.segments_won import (
    SegmentRecord,
    SegmentTieBreak,
    segment_record,
    segments_winner,
)


def test_a_team_that_won_four_segments_of_six_wins_4_to_2_whatever_the_total():
    # Worked by hand: the home team wins four close segments and loses two heavily, so it
    # is behind on total IMPs (4 × 3 − 2 × 40 = −68) but through on segments, 4 : 2.
    margins = [3, 3, -40, 3, -40, 3]
    record = segment_record([(m, True) for m in margins], last=6)
    assert (record.home, record.away) == (D(4), D(2))
    assert segments_winner(record, "imps", (D(12), D(80))) == "home"


def test_a_level_segment_counts_half_to_each_team():
    record = segment_record([(5, True), (0, True), (-2, True)], last=3)
    assert (record.home, record.away) == (D("1.5"), D("1.5"))


def test_a_segment_still_in_play_counts_for_nobody():
    record = segment_record([(5, True), (9, False)], last=2)
    assert (record.home, record.away, record.last_margin) == (D(1), D(0), 0)


@pytest.mark.parametrize(
    ("tie_break", "total", "winner"),
    [
        ("imps", (D("101.3"), D(100)), "home"),  # the carry-over counts in the total
        ("imps", (D(100), D(100)), None),
        ("last-segment", (D(150), D(100)), "away"),  # the last segment went away's way
        ("extra-boards", (D(150), D(100)), None),  # the director records the extra boards
    ],
)
def test_level_on_segments_the_directors_tie_break_decides(tie_break, total, winner):
    record = SegmentRecord(D(3), D(3), last_margin=-4)
    assert segments_winner(record, SegmentTieBreak(tie_break), total) == winner


def test_a_level_last_segment_leaves_the_match_to_the_director():
    assert segments_winner(SegmentRecord(D(2), D(2), 0), "last-segment", (D(9), D(1))) is None
