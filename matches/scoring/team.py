"""A team match: the boards of both rooms compared, IMPs totalled by segment, and VP.

The home team sits North-South in the open room and East-West in the closed room, so a
board's difference (分差) is the open room's North-South score minus the closed room's:
positive is the home team's gain, negative the away team's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from .imps import imps
from .methods import MethodRules, match_points
from .segments_won import SegmentRecord, segment_record
from .victory_points import VPScale


@dataclass(frozen=True, slots=True)
class BoardComparison:
    number: int
    open_ns: int | None  # None: not played (or not entered) in that room yet
    closed_ns: int | None
    # An artificial adjusted score (Law 12C1): each team's IMPs on the board, from its own
    # side (average plus +3, average 0, average minus -3 by default). It replaces the rooms.
    adjusted: tuple[int, int] | None = None

    @property
    def complete(self) -> bool:
        """Return True once both rooms have a result (or the board has an adjusted score)."""
        if self.adjusted is not None:
            return True
        return self.open_ns is not None and self.closed_ns is not None

    @property
    def difference(self) -> int | None:
        """Return open-room NS minus closed-room NS: the home team's gain (分差)."""
        if self.adjusted is not None or not self.complete:
            return None
        assert self.open_ns is not None and self.closed_ns is not None  # complete
        return self.open_ns - self.closed_ns

    @property
    def imps(self) -> int | None:
        """Return the board's IMPs, positive to the home team, negative to the away team.

        None when pending, and for an adjusted score that does not balance (say average
        plus to both teams): then each team has its own score, see ``gains``.
        """
        if self.adjusted is not None:
            home, away = self.adjusted
            return home if home == -away else None
        difference = self.difference  # None exactly when not complete, here
        return None if difference is None else imps(difference)

    @property
    def gains(self) -> tuple[int, int]:
        """Return (home, away): what the board adds to each team's own IMP margin."""
        if self.adjusted is not None:
            return self.adjusted
        won = self.imps or 0
        return won, -won

    @property
    def home_imps(self) -> int:
        """Return the IMPs the home team won on this board (0 when it lost or is pending)."""
        return max(self.gains[0], 0)

    @property
    def away_imps(self) -> int:
        """Return the IMPs the away team won on this board."""
        return max(self.gains[1], 0)


@dataclass(frozen=True, slots=True)
class Totals:
    home: int  # IMPs the home team won (the sheet's home IMP column)
    away: int
    complete_boards: int
    pending_boards: int
    home_margin: int = 0  # the home team's own margin: IMPs won less lost, adjustments in
    away_margin: int = 0

    @property
    def net(self) -> int:
        """Return the home team's net IMPs (净胜), negative when the away team leads."""
        return self.home_margin

    @property
    def balanced(self) -> bool:
        """Return True when one team's margin is the other's loss (no split adjustment)."""
        return self.home_margin == -self.away_margin

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.home + other.home,
            self.away + other.away,
            self.complete_boards + other.complete_boards,
            self.pending_boards + other.pending_boards,
            self.home_margin + other.home_margin,
            self.away_margin + other.away_margin,
        )


ZERO = Totals(0, 0, 0, 0)


def totals(boards: Iterable[BoardComparison]) -> Totals:
    """Return each team's IMP total over these boards, pending boards left out."""
    home = away = complete = pending = home_margin = away_margin = 0
    for board in boards:
        if board.complete:
            home += board.home_imps
            away += board.away_imps
            home_gain, away_gain = board.gains
            home_margin += home_gain
            away_margin += away_gain
            complete += 1
        else:
            pending += 1
    return Totals(home, away, complete, pending, home_margin, away_margin)


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
    totals: Totals  # over the boards; penalties not taken off
    # (home, away): the match's points in its stage's units (VP, board points, match points
    # or Patton points: methods.py); None before any board is complete, or off the scale
    vp: tuple | None
    penalties: tuple[int, int] = (0, 0)  # IMPs taken off (home, away) by the director
    forfeit: bool = False  # VP set by the director, not from the IMPs

    @property
    def home_margin(self) -> int:
        """Return the home team's IMP margin after penalties: what its VP come from."""
        return self.totals.home_margin - self.penalties[0]

    @property
    def away_margin(self) -> int:
        """Return the away team's IMP margin after penalties."""
        return self.totals.away_margin - self.penalties[1]

    @property
    def balanced(self) -> bool:
        """Return True when one team's margin is the other's loss (no split score, penalty)."""
        return self.home_margin == -self.away_margin

    def segment_record(self) -> SegmentRecord:
        """Return the segments each team won: a segment counts once all its boards are
        complete; the last one's margin is the tie-break's (segments_won.py)."""
        played = [
            (
                segment.this.home_margin,
                segment.this.pending_boards == 0 and segment.this.complete_boards > 0,
            )
            for segment in self.segments
        ]
        return segment_record(played, last=len(self.segments))

    @property
    def boards(self) -> tuple[BoardComparison, ...]:
        """Return every board of the match in order."""
        return tuple(board for segment in self.segments for board in segment.boards)


def running_boards(segments: Iterable[Segment]) -> list[BoardComparison]:
    """Return the boards of these segments in order."""
    return [board for segment in segments for board in segment.boards]


def segment_of(board_number: int, boards_per_segment: int) -> int:
    """Return the segment (节) a board belongs to, counting from 1."""
    return (board_number - 1) // boards_per_segment + 1


def score_match(
    boards: Iterable[BoardComparison],
    boards_per_segment: int,
    match_boards: int,
    scale: VPScale | str,
    penalties: tuple[int, int] = (0, 0),
    forfeit_vp: tuple | None = None,
    method: MethodRules | None = None,
) -> MatchResult:
    """Return the match's segments with 本节/上节/全场 totals, and each team's VP (or
    points by the stage's ``method``: IMPs → VP when none is given).

    Each team's VP come from its own margin (IMPs won less lost, adjusted boards as
    awarded, IMP penalties taken off): when the margins balance this is the usual pair;
    a split adjusted score or a penalty to one team gives VP that need not add up.
    A forfeit's VP (points), set by the director, replace the boards'.
    """
    by_segment: dict[int, list[BoardComparison]] = {}
    for board in sorted(boards, key=lambda b: b.number):
        by_segment.setdefault(segment_of(board.number, boards_per_segment), []).append(board)
    segments = []
    running = ZERO
    for number in sorted(by_segment):
        this = totals(by_segment[number])
        segments.append(Segment(number, tuple(by_segment[number]), this, running, running + this))
        running = running + this
    home_margin = running.home_margin - penalties[0]
    away_margin = running.away_margin - penalties[1]
    if forfeit_vp is not None:
        vp = tuple(forfeit_vp)
    elif running.complete_boards == 0:
        vp = None  # not started: no VP yet
    else:
        rules = method or MethodRules()
        margins = (home_margin, away_margin)
        try:
            vp = match_points(rules, running_boards(segments), margins, match_boards, scale)
        except ValueError:
            vp = None
    pair = cast(tuple[int, int], tuple(penalties))
    return MatchResult(tuple(segments), running, vp, pair, forfeit_vp is not None)
