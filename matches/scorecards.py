"""Matches as the pages present them: the scorecard laid out like the printed sheet, a
match seen from one team's side, and each room-sheet row checked against the other room.

Everything here reads; nothing writes. The scoring itself stays in ``matches.scoring``
(through ``Match.score``); this module only arranges its answers into page rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from matches import scoring
from matches.choices import RoomChoice
from matches.models import Board, Match, Result

# A board whose IMPs reach this is highlighted on the room sheet for a second look.
SWING_IMPS = 10


@dataclass(frozen=True)
class ScorecardRow:
    """One board of the scorecard: both rooms' results and how they compare."""

    board: Board
    open: Result | None
    closed: Result | None
    comparison: scoring.BoardComparison

    @property
    def rooms(self) -> list[Result | None]:
        """Return the open-room and closed-room results, in that order."""
        return [self.open, self.closed]


@dataclass(frozen=True)
class ScorecardSegment:
    """One segment (节) of the scorecard: its totals, its rows and who sat where."""

    segment: scoring.team.Segment  # its number and its 本节 / 上节 / 全场 totals
    rows: list[ScorecardRow]
    seating: dict


@dataclass(frozen=True)
class Scorecard:
    match: Match
    result: scoring.MatchResult
    segments: list[ScorecardSegment]
    adjustments: list[Board] = field(default_factory=list)  # boards with an artificial score
    assigned: list[Result] = field(default_factory=list)  # results a director assigned
    penalties: list = field(default_factory=list)  # the match's IMP penalties

    @property
    def has_notes(self) -> bool:
        """Return True when the director's adjustments need a note under the sheet."""
        return bool(self.adjustments or self.assigned or self.penalties or self.match.forfeit_vp)


def scorecard(match: Match) -> Scorecard:
    """Return the match's scorecard, in a fixed number of queries."""
    boards = list(match.boards.with_results())
    penalties = list(match.imp_penalties.select_related("team"))
    result = match.score(boards, penalties)
    comparisons = {c.number: c for c in result.boards}
    rows = [
        ScorecardRow(
            board,
            board.result_in(RoomChoice.OPEN),
            board.result_in(RoomChoice.CLOSED),
            comparisons[board.number],
        )
        for board in boards
    ]
    seating = match.seating()
    segments = [
        ScorecardSegment(
            segment,
            [row for row in rows if row.board.number in match.segment_boards(segment.number)],
            seating.get(segment.number, {}),
        )
        for segment in result.segments
    ]
    return Scorecard(
        match=match,
        result=result,
        segments=segments,
        adjustments=[row.board for row in rows if row.board.adjusted],
        assigned=[r for row in rows for r in (row.open, row.closed) if r and r.assigned_reason],
        penalties=penalties,
    )


@dataclass(frozen=True)
class TeamSide:
    """A match seen from one of its teams: the opponent, the IMPs and the VP."""

    match: Match
    team_id: int

    @property
    def is_home(self) -> bool:
        return self.match.home_id == self.team_id

    @property
    def opponent(self):
        return self.match.away if self.is_home else self.match.home

    @property
    def opponent_id(self) -> int:
        return self.match.away_id if self.is_home else self.match.home_id

    @property
    def imps_won(self) -> int:
        return self.match.home_imps if self.is_home else self.match.away_imps

    @property
    def imps_lost(self) -> int:
        return self.match.away_imps if self.is_home else self.match.home_imps

    @property
    def vp(self) -> Decimal | None:
        """Return the team's VP (None before any board is complete)."""
        return self.match.home_vp if self.is_home else self.match.away_vp


def team_side(match: Match, team) -> TeamSide:
    """Return the match as ``team`` sees it."""
    return TeamSide(match, team.pk)


@dataclass(frozen=True)
class RoomCheck:
    """A room-sheet row checked against the other room, as table devices check it."""

    other: Result | None  # the other room's result on the board
    comparison: scoring.BoardComparison

    @property
    def imps(self) -> int | None:
        """Return the board's IMPs to the home team (negative: to the away team)."""
        return self.comparison.imps

    @property
    def swing(self) -> bool:
        """Return True when the board swings SWING_IMPS or more: worth a second look."""
        return self.imps is not None and abs(self.imps) >= SWING_IMPS

    def opposite_sides(self, mine: Result | None) -> bool:
        """Return True when both rooms played the same contract from opposite sides.

        4S by North in one room and 4S by East in the other is possible, but is more
        often a declarer typed on the wrong side.
        """
        if mine is None or self.other is None or not mine.level or not self.other.level:
            return False
        same = (mine.level, mine.strain) == (self.other.level, self.other.strain)
        return same and scoring.Seat(mine.declarer).side != scoring.Seat(self.other.declarer).side


def room_check(board: Board, room: str) -> RoomCheck:
    """Return the board checked from ``room``: the other room's result and the IMPs."""
    other = RoomChoice.CLOSED if room == RoomChoice.OPEN else RoomChoice.OPEN
    return RoomCheck(board.result_in(other), board.comparison())
