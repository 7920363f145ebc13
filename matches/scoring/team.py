"""A team match: the boards of both rooms compared, IMPs totalled by segment, and VP.

The home team sits North-South in the open room and East-West in the closed room, so a
board's difference (分差) is the open room's North-South score minus the closed room's:
positive is the home team's gain, negative the away team's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .imps import imps
from .victory_points import VPScale, victory_points


@dataclass(frozen=True, slots=True)
class BoardComparison:
    number: int
    open_ns: int | None  # None: not played (or not entered) in that room yet
    closed_ns: int | None

    @property
    def complete(self) -> bool:
        """Return True once both rooms have a result; a pending board counts in no total."""
        return self.open_ns is not None and self.closed_ns is not None

    @property
    def difference(self) -> int | None:
        """Return open-room NS minus closed-room NS: the home team's gain (分差)."""
        return self.open_ns - self.closed_ns if self.complete else None

    @property
    def imps(self) -> int | None:
        """Return the board's IMPs, positive to the home team, negative to the away team."""
        return imps(self.difference) if self.complete else None

    @property
    def home_imps(self) -> int:
        """Return the IMPs the home team won on this board (0 when it lost or is pending)."""
        return max(self.imps or 0, 0)

    @property
    def away_imps(self) -> int:
        """Return the IMPs the away team won on this board."""
        return max(-(self.imps or 0), 0)


@dataclass(frozen=True, slots=True)
class Totals:
    home: int
    away: int
    complete_boards: int
    pending_boards: int

    @property
    def net(self) -> int:
        """Return the home team's net IMPs (净胜), negative when the away team leads."""
        return self.home - self.away

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.home + other.home,
            self.away + other.away,
            self.complete_boards + other.complete_boards,
            self.pending_boards + other.pending_boards,
        )


ZERO = Totals(0, 0, 0, 0)


def totals(boards: Iterable[BoardComparison]) -> Totals:
    """Return each team's IMP total over these boards, pending boards left out."""
    home = away = complete = pending = 0
    for board in boards:
        if board.complete:
            home += board.home_imps
            away += board.away_imps
            complete += 1
        else:
            pending += 1
    return Totals(home, away, complete, pending)


@dataclass(frozen=True, slots=True)
class Segment:
    number: int
    boards: tuple[BoardComparison, ...]
    this: Totals  # 本节
    before: Totals  # 上节: all earlier segments
    running: Totals  # 全场合计 so far


@dataclass(frozen=True, slots=True)
class MatchResult:
    segments: tuple[Segment, ...]
    totals: Totals
    vp: tuple | None  # (home, away); None when the scale does not cover this match

    @property
    def boards(self) -> tuple[BoardComparison, ...]:
        """Return every board of the match in order."""
        return tuple(board for segment in self.segments for board in segment.boards)


def segment_of(board_number: int, boards_per_segment: int) -> int:
    """Return the segment (节) a board belongs to, counting from 1."""
    return (board_number - 1) // boards_per_segment + 1


def score_match(
    boards: Iterable[BoardComparison],
    boards_per_segment: int,
    match_boards: int,
    scale: VPScale | str,
) -> MatchResult:
    """Return the match's segments with 本节/上节/全场 totals, and the VP of the net IMPs."""
    by_segment: dict[int, list[BoardComparison]] = {}
    for board in sorted(boards, key=lambda b: b.number):
        by_segment.setdefault(segment_of(board.number, boards_per_segment), []).append(board)
    segments = []
    running = ZERO
    for number in sorted(by_segment):
        this = totals(by_segment[number])
        segments.append(Segment(number, tuple(by_segment[number]), this, running, running + this))
        running = running + this
    try:
        vp = victory_points(running.net, match_boards, scale)
    except ValueError:
        vp = None
    return MatchResult(tuple(segments), running, vp)
