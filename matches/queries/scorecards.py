"""A match's scorecard as data, laid out like the printed sheet: its boards with both
rooms' results and how they compare, its segments and who sat where, its adjustments; one
board of every match of a round (the traveller); a match seen from one team's side.

Everything here reads; nothing writes. Fair play applies (``queries.fair_play``): a board
still in play comes back with nothing of it for a viewer who may not see it. The scoring
itself stays in ``matches.scoring``; the pages draw these (``presenters/scorecards.py``),
the JSON feed and the files read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal

from django.utils.text import Truncator
from django.utils.translation import gettext

from matches import scoring
from matches.choices import RoomChoice, SeatChoice
from matches.models import Board, Event, Match, Result, boards_with_results
from matches.models.stages import first_stage
from matches.queries import fair_play, fair_totals
from matches.queries.corrections import with_provisional_until


@dataclass(frozen=True)
class ScorecardRow:
    """One board of the scorecard: both rooms' results and how they compare."""

    board: Board
    open: Result | None
    closed: Result | None
    comparison: scoring.BoardComparison
    # (home, away): the board's points on a board-a-match or Patton traveller (None for
    # the other methods, and while the board is pending)
    points: tuple[Decimal, Decimal] | None = None
    # fair play (queries/fair_play.py): "hidden" a board still in play, shown to the public
    # as "not yet public" with nothing of it; "marked" the same board as a director sees it
    fair: str = ""

    @property
    def hidden(self) -> bool:
        return self.fair == HIDDEN

    @property
    def marked(self) -> bool:
        return self.fair == MARKED

    @property
    def shown_adjusted(self):
        """Return the board's adjusted score as the viewer may see it (None: none)."""
        return None if self.hidden else self.board.adjusted

    @property
    def rooms(self) -> list[Result | None]:
        """Return the open-room and closed-room results, in that order."""
        return [self.open, self.closed]


@dataclass(frozen=True)
class ScorecardSegment:
    """One segment (节) of the scorecard: its totals, its rows and who sat where."""

    segment: scoring.team.Segment  # its number and its 本节 / 上节 / 全场 totals
    rows: list[ScorecardRow]
    seating: dict  # {room: {seat: player}}

    @property
    def seating_lines(self) -> list[tuple[str, str]]:
        """Return (room, "North Wang, South Li, …") for each room with players seated."""
        return [
            (str(RoomChoice(room).label), players_text(seats))
            for room, seats in sorted(self.seating.items(), key=lambda item: item[0] != "open")
        ]


@dataclass(frozen=True)
class Scorecard:
    match: Match
    result: scoring.MatchResult
    segments: list[ScorecardSegment]
    adjustments: list[Board] = field(default_factory=list)  # boards with an artificial score
    assigned: list[Result] = field(default_factory=list)  # results a director assigned
    penalties: list = field(default_factory=list)  # the match's IMP penalties
    provisional_until: datetime | None = None  # when its corrections period makes it final

    @property
    def has_notes(self) -> bool:
        """Return True when the director's adjustments need a note under the sheet."""
        return bool(self.adjustments or self.assigned or self.penalties or self.match.forfeit_vp)


HIDDEN, MARKED = "hidden", "marked"


def fair_state(match: Match, number: int) -> str:
    """Return how a board of a match shows to the viewer: "hidden", "marked" or ""."""
    match_id = match.pk
    view = fair_play.view_of(match.event_id)
    if view.hides(match_id, number):
        return HIDDEN
    return MARKED if view.marked(match_id, number) else ""


def fair_row(row: ScorecardRow, state: str) -> ScorecardRow:
    """Return the row as the viewer sees it: a hidden board with nothing of it."""
    if state != HIDDEN:
        return replace(row, fair=state)
    return ScorecardRow(
        row.board, None, None, scoring.fair_play.unplayed(row.comparison), None, state
    )


SEAT_ORDER = "NSEW"  # a line-up is written pair by pair: North-South, then East-West


def players_text(seats: dict) -> str:
    """Return who sat where as one line, in the page's language ("北 王建国、南 李明")."""
    separator = gettext(", ")
    return separator.join(
        gettext("%(seat)s %(name)s")
        % {"seat": SeatChoice(seat).label, "name": Truncator(seats[seat].name).chars(30)}
        for seat in sorted(seats, key=SEAT_ORDER.index)
    )


def scorecard(match: Match) -> Scorecard:
    """Return the match's scorecard, in a fixed number of queries."""
    boards = boards_with_results(match)
    penalties = list(match.imp_penalties.select_related("team"))
    result = fair_totals.public_score(match, boards, penalties)
    comparisons = {c.number: c for c in result.boards}
    rules = match.stage.method_rules()
    rows = [
        fair_row(
            ScorecardRow(
                board,
                board.result_in(RoomChoice.OPEN),
                board.result_in(RoomChoice.CLOSED),
                comparisons[board.number],
                table_board_points(rules, comparisons[board.number]),
            ),
            fair_state(match, board.number),
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
        adjustments=[row.board for row in rows if row.shown_adjusted],
        assigned=[r for row in rows for r in (row.open, row.closed) if r and r.assigned_reason],
        penalties=penalties,
        provisional_until=with_provisional_until([match])[0].provisional_until,
    )


def round_scorecards(stage, round_number: int) -> list[Scorecard]:
    """Return the scorecard of every match of the stage's round, in table order (as the
    blank table sheets number them): a fixed number of queries a match."""
    matches = stage.matches.filter(round=round_number).with_teams()
    return [scorecard(match) for match in matches]


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


def traveller(event: Event, round_number: int, board_number: int, stage=None) -> list[ScorecardRow]:
    """Return one board of every match of a round (of the stage): both rooms and the IMPs,
    and on a board-a-match or Patton stage each table's board points."""
    stage = stage or first_stage(event)
    rules = stage.method_rules()
    boards = (
        Board.objects.filter(
            match__event=event, match__stage=stage, match__round=round_number, number=board_number
        )
        .select_related("match__home", "match__away", "adjustment")
        .prefetch_related("results")
        .order_by("match_id")
    )
    rows = []
    for board in boards:
        board.match.stage = stage
        comparison = board.comparison()
        row = ScorecardRow(
            board,
            board.result_in(RoomChoice.OPEN),
            board.result_in(RoomChoice.CLOSED),
            comparison,
            table_board_points(rules, comparison),
        )
        rows.append(fair_row(row, fair_state(board.match, board_number)))
    return rows


def table_board_points(rules: scoring.MethodRules, comparison) -> tuple[Decimal, Decimal] | None:
    """Return (home, away): a board's points at one table when the stage counts boards
    (board-a-match, Patton), else None; None too while the board is pending."""
    if rules.method not in scoring.BOARD_METHODS:
        return None
    gains = scoring.board_gains(comparison)
    if gains is None:
        return None
    home, away = (scoring.board_points(gain, rules.board_scale) for gain in gains)
    return home, away
