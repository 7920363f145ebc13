"""Butler scores: the datum of each board and each pair's IMPs against it."""

from fractions import Fraction

import pytest

from matches.scoring.butler import PlayedBoard, butler, datum


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([420, -50], 190),  # two scores: the plain mean, 185 rounded up to 190
        ([420, 420, 170, -100], 300),  # top 420 and bottom -100 left out: (420 + 170) / 2 = 295
        ([620, 100, 90], 100),  # three scores: the middle one
        ([-420, -50], -240),  # -235 rounds away from zero
        ([0], 0),
    ],
    ids=["two", "four", "three", "negative half", "one"],
)
def test_the_datum_is_the_trimmed_mean_to_the_nearest_ten(scores, expected):
    assert datum(scores) == expected


def test_a_datum_needs_a_score():
    with pytest.raises(ValueError):
        datum([])


def test_each_pair_scores_the_imps_of_its_result_against_the_datum_from_its_side():
    played = [
        # board 1: datum of 420, 420, 170, -100 is 300
        PlayedBoard(1, "A1", "B2", 420),
        PlayedBoard(1, "B1", "A2", 420),
        PlayedBoard(1, "C1", "D2", 170),
        PlayedBoard(1, "D1", "C2", -100),
    ]
    result = butler(played)
    assert result.datums == {1: 300}
    by_pair = {score.pair: score for score in result.pairs}
    assert by_pair["A1"].imps == 3  # +120 against the datum
    assert by_pair["B2"].imps == -3
    assert by_pair["C1"].imps == -4  # -130
    assert by_pair["D1"].imps == -9  # -400
    assert by_pair["C2"].imps == 9


def test_pairs_rank_by_imps_per_board_and_share_a_rank_when_level():
    played = [
        PlayedBoard(1, "A", "B", 100),
        PlayedBoard(1, "C", "D", -100),
        PlayedBoard(2, "A", "B", 0),
        PlayedBoard(2, "C", "D", 0),
        PlayedBoard(3, "E", "F", 0),
        PlayedBoard(3, "G", "H", 0),
    ]
    result = butler(played)
    assert [(s.pair, s.rank) for s in result.pairs[:2]] == [("A", 1), ("D", 1)]
    top = result.pairs[0]
    assert top.boards == 2 and top.imps == 3 and top.average == Fraction(3, 2)
    assert {s.rank for s in result.pairs if s.imps == 0} == {3}
