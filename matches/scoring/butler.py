"""Butler pair scores in a teams event: each result IMPed against the board's datum.

The datum of a board is the mean of its North-South scores over the round, leaving out
the highest and the lowest when there are at least ``TRIM_FROM`` scores, rounded to the
nearest 10 (a 5 rounds away from zero). Each pair scores the IMPs of its result against
the datum, from its own side, on every board it played; pairs rank by IMPs per board.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .imps import imps

# A board's top and bottom scores are left out of its datum from this many scores up.
TRIM_FROM = 3


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """One table's result on a deal: who sat North-South and East-West, and the score."""

    board: Hashable  # the deal (in a round, its board number)
    ns_pair: Hashable
    ew_pair: Hashable
    ns_score: int


@dataclass(frozen=True, slots=True)
class PairScore:
    pair: Hashable
    boards: int
    imps: int
    rank: int = 0

    @property
    def average(self) -> Fraction:
        """Return the IMPs per board played."""
        return Fraction(self.imps, self.boards)


@dataclass(frozen=True, slots=True)
class ButlerResult:
    datums: dict  # {board: datum}
    pairs: list[PairScore]  # best first


def datum(scores: Sequence[int]) -> int:
    """Return a board's datum: the (trimmed) mean of its scores, to the nearest 10."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    ordered = sorted(scores)
    if len(ordered) >= TRIM_FROM:
        ordered = ordered[1:-1]
    mean = Fraction(sum(ordered), len(ordered)) / 10
    tens = Decimal(mean.numerator) / Decimal(mean.denominator)
    return int(tens.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * 10


def butler(played: Iterable[PlayedBoard]) -> ButlerResult:
    """Return each board's datum and each pair's Butler score, ranked by IMPs per board."""
    played = list(played)
    by_board: dict = defaultdict(list)
    for result in played:
        by_board[result.board].append(result.ns_score)
    datums = {board: datum(scores) for board, scores in by_board.items()}
    totals: dict = defaultdict(lambda: [0, 0])
    for result in played:
        won = imps(result.ns_score - datums[result.board])
        for pair, sign in ((result.ns_pair, 1), (result.ew_pair, -1)):
            totals[pair][0] += 1
            totals[pair][1] += sign * won
    scores = [PairScore(pair, boards, total) for pair, (boards, total) in totals.items()]
    scores.sort(key=lambda s: (-s.average, -s.imps))
    ranked: list[PairScore] = []
    for index, score in enumerate(scores):
        previous = ranked[-1] if ranked else None
        tied = previous and (previous.average, previous.imps) == (score.average, score.imps)
        rank = previous.rank if previous and tied else index + 1
        ranked.append(PairScore(score.pair, score.boards, score.imps, rank))
    return ButlerResult(datums, ranked)
