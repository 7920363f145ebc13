"""The director's room monitor: every table of a round against every board, each cell in
one of five states, the tables behind the pace, and the calls for the director with how
long each has waited. (A board's history, with who entered its results at the tables, is
``board_history.py``'s.)

One read of the round in a fixed number of queries (six, whatever the number of tables),
arranged here; nothing writes. The page polls it every few seconds (static/js/monitor.js).

The pace: a table is **behind** when the leading table of the round has played
``PACE_GAP`` (3) boards or more than it has. A board counts as played at a table once
anything is entered for it there: a result waiting for the other side, a result not
agreed, an accepted result or the director's.

The clock: once a director starts the round's clock, a table is **behind the clock** when
it has played fewer boards than the share of the round's time gone by makes due
(``scoring.round_clock``: 8 boards in 60 minutes, one board due every 7½ minutes).
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext

from matches import queries, scoring
from matches.choices import RoomChoice
from matches.models import DirectorCall, EntryStatus, Match, Result, Room, TableEntry
from matches.presenters.formatting import contract_text, seat_letter
from matches.presenters.round_clock import clock_shown
from matches.presenters.table_cards import teams_at
from matches.queries.event_tables import table_numbers

PACE_GAP = 3


class CellState(enum.StrEnum):
    EMPTY = "empty"  # nothing entered yet
    WAITING = "waiting"  # entered by one side, awaiting the other side's acceptance
    ACCEPTED = "accepted"  # entered at the table and accepted by the other side
    DISPUTED = "disputed"  # the other side did not agree: the director is called
    DIRECTOR = "director"  # typed (or overwritten) by a director, or loaded from a file
    NONE = "none"  # not a board of this match (a round whose matches differ in length)

    @property
    def label(self) -> str:
        return {
            CellState.EMPTY: gettext("Not entered"),
            CellState.WAITING: gettext("Entered, awaiting acceptance"),
            CellState.ACCEPTED: gettext("Accepted at the table"),
            CellState.DISPUTED: gettext("Not agreed: director called"),
            CellState.DIRECTOR: gettext("Typed by a director"),
            CellState.NONE: gettext("Not played in this match"),
        }[self]

    @property
    def mark(self) -> str:
        """Return the cell's sign, which tells the state without its colour."""
        return {
            CellState.EMPTY: "",
            CellState.WAITING: "?",
            CellState.ACCEPTED: "✓",
            CellState.DISPUTED: "!",
            CellState.DIRECTOR: pgettext("monitor cell: typed by a director", "D"),
            CellState.NONE: "",
        }[self]


LEGEND = [
    CellState.EMPTY,
    CellState.WAITING,
    CellState.ACCEPTED,
    CellState.DISPUTED,
    CellState.DIRECTOR,
]


@dataclass(frozen=True)
class Cell:
    number: int  # the board
    state: CellState
    result: Result | None = None  # the room's result, when saved
    entry: TableEntry | None = None  # the entry waiting, or not agreed

    @property
    def played(self) -> bool:
        return self.state not in (CellState.EMPTY, CellState.NONE)

    @property
    def text(self) -> str:
        """Return what the cell shows beside its sign: the contract and result ("4♠+1")."""
        shown = self.entry if self.state in (CellState.WAITING, CellState.DISPUTED) else None
        shown = shown or self.result
        if shown is None:
            return ""
        if not shown.level:
            return pgettext("monitor cell: passed out", "Pass")
        return (
            contract_text(shown.contract)
            + seat_letter(shown.declarer)
            + scoring.format_result(shown.contract, shown.tricks)
        )


@dataclass(frozen=True)
class MonitorRow:
    """One table of the round: a match's room, with a cell for every board."""

    number: int  # the table number: the match's place in the round
    match: Match
    room: RoomChoice
    table: Room | None  # None until the director opens the round's tables
    cells: list[Cell]
    behind: bool = False
    calls: tuple = ()
    behind_clock: bool = False

    @property
    def played(self) -> int:
        return sum(1 for cell in self.cells if cell.played)

    @property
    def boards(self) -> int:
        return sum(1 for cell in self.cells if cell.state != CellState.NONE)

    @property
    def sheet_url(self) -> str:
        return reverse("director-sheet", args=[self.match.pk, self.room])

    @property
    def ns_team(self):
        return teams_at(self.match, self.room)[0]

    @property
    def ew_team(self):
        return teams_at(self.match, self.room)[1]

    @property
    def key(self) -> str:
        return f"{self.match.pk}-{self.room}"


@dataclass(frozen=True)
class CallRow:
    """A call for the director not answered yet, with the table it came from."""

    call: DirectorCall
    row: MonitorRow
    waited: datetime.timedelta

    @property
    def minutes(self) -> int:
        return int(self.waited.total_seconds() // 60)

    @property
    def waited_text(self) -> str:
        minutes = self.minutes
        if minutes < 1:
            return gettext("waiting less than a minute")
        return ngettext("waiting %(minutes)s minute", "waiting %(minutes)s minutes", minutes) % {
            "minutes": minutes
        }

    @property
    def board(self) -> int | None:
        board = self.call.board
        return board.number if board is not None else None

    @property
    def answer_label(self) -> str:
        """Return the answer button's name: its visible word first, then the table."""
        return gettext("Answered: table %(number)s, %(room)s") % {
            "number": self.row.number,
            "room": self.row.room.label,
        }

    @property
    def alert_text(self) -> str:
        """Return what the alert says when this call is new (the table and why)."""
        values = {"number": self.row.number, "room": self.row.room.label}
        if self.call.dispute:
            values["board"] = self.board
            return gettext("Table %(number)s, %(room)s: board %(board)s not agreed") % values
        return gettext("Table %(number)s, %(room)s: director call") % values


@dataclass(frozen=True)
class Monitor:
    event: object
    round: int
    boards: list[int]
    rows: list[MonitorRow]
    calls: list[CallRow]  # the oldest first
    tables_open: bool  # the round's tables have their links
    clocks: tuple = ()  # (stage, ClockShown or None) for each stage playing the round

    @property
    def leader(self) -> int:
        """Return the boards played by the leading table."""
        return max((row.played for row in self.rows), default=0)

    @property
    def behind(self) -> list[MonitorRow]:
        return [row for row in self.rows if row.behind]

    @property
    def behind_clock(self) -> list[MonitorRow]:
        return [row for row in self.rows if row.behind_clock]

    def count(self, state: CellState) -> int:
        return sum(1 for row in self.rows for cell in row.cells if cell.state == state)

    @property
    def disputed(self) -> int:
        return self.count(CellState.DISPUTED)

    @property
    def waiting(self) -> int:
        return self.count(CellState.WAITING)

    @property
    def alert_keys(self) -> str:
        """Return the calls' keys, for the page to tell a new call from one it has seen."""
        return " ".join(f"call-{row.call.pk}" for row in self.calls)


def _state(result, from_table: bool, latest: TableEntry | None) -> CellState:
    """Return a cell's state from the room's result and the table's latest entry."""
    if latest is not None and latest.status == EntryStatus.DISPUTED:
        if result is None or result.entered_at <= latest.decided:
            return CellState.DISPUTED  # not resolved: nothing saved since
    if latest is not None and latest.status == EntryStatus.WAITING:
        if result is None or from_table or result.entered_at <= latest.created:
            return CellState.WAITING
    if result is None:
        return CellState.EMPTY
    return CellState.ACCEPTED if from_table else CellState.DIRECTOR


def room_monitor(stage, round_number: int, now: datetime.datetime) -> Monitor:
    """Return the stage's round's monitor (``stage`` with its event loaded; no other
    stage's matches): five queries, whatever the number of tables.

    The matches (with their teams), the results of their boards, the tables, the tables'
    entries (but those replaced) and the unanswered calls.
    """
    event = stage.event
    matches = list(
        stage.matches.filter(round=round_number).select_related("home", "away").order_by("pk")
    )
    for match in matches:
        match.event, match.stage = event, stage
    ids = [match.pk for match in matches]
    results = {
        (r.board.match_id, r.room, r.board.number): r
        for r in Result.objects.filter(board__match__in=ids).select_related("board")
    }
    tables = {(t.match_id, t.room): t for t in Room.objects.filter(match__in=ids)}
    latest: dict[tuple, TableEntry] = {}
    accepted = set()
    entries = (
        TableEntry.objects.filter(table__match__in=ids)
        .exclude(status=EntryStatus.REPLACED)
        .select_related("board")
        .order_by("created", "pk")
    )
    for entry in entries:
        latest[(entry.table_id, entry.board.number)] = entry  # the last one wins
        if entry.status == EntryStatus.ACCEPTED:
            accepted.add((entry.result_id, entry.saved_version))
    calls = list(
        DirectorCall.objects.filter(table__match__in=ids, answered__isnull=True)
        .select_related("board")
        .order_by("created", "pk")
    )
    width = max((m.settings.boards_per_match for m in matches), default=0)
    boards = list(range(1, width + 1))
    rows = []
    numbers = table_numbers(matches)  # the place in the round, or where it was moved
    for match in sorted(matches, key=lambda match: numbers[match.pk]):
        number = numbers[match.pk]
        played = set(match.board_numbers)
        for room in RoomChoice:
            table = tables.get((match.pk, room.value))
            cells = []
            for board in boards:
                if board not in played:
                    cells.append(Cell(board, CellState.NONE))
                    continue
                result = results.get((match.pk, room.value, board))
                from_table = result is not None and (result.pk, result.version) in accepted
                entry = latest.get((table.pk, board)) if table else None
                state = _state(result, from_table, entry)
                shown = entry if state in (CellState.WAITING, CellState.DISPUTED) else None
                cells.append(Cell(board, state, result, shown))
            rows.append(MonitorRow(number, match, room, table, cells))
    # the pace is kept within a stage (a knockout's first round beside a Swiss round of the
    # same number is not behind it), and a final match is not behind
    leaders: dict = {}
    for row in rows:
        leaders[row.match.stage_id] = max(leaders.get(row.match.stage_id, 0), row.played)
    stages = {match.stage_id: match.stage for match in matches}
    stored = queries.round_clocks((stage, round_number) for stage in stages)
    clocks = {stage: stored.get((stage, round_number)) for stage in stages}
    by_table = {row.table.pk: row for row in rows if row.table is not None}
    call_rows = [CallRow(call, by_table[call.table_id], now - call.created) for call in calls]
    rows = [
        MonitorRow(
            row.number,
            row.match,
            row.room,
            row.table,
            row.cells,
            behind=leaders[row.match.stage_id] - row.played >= PACE_GAP and not row.match.is_final,
            calls=tuple(c for c in call_rows if c.row.key == row.key),
            behind_clock=_behind_clock(clocks[row.match.stage_id], row, now),
        )
        for row in rows
    ]
    shown = tuple(
        (stage, clock_shown(clocks[stage.pk], now))
        for stage in sorted(stages.values(), key=lambda stage: stage.number)
    )
    return Monitor(event, round_number, boards, rows, call_rows, bool(tables), shown)


def _behind_clock(clock, row: MonitorRow, now: datetime.datetime) -> bool:
    """Return True when the round's clock runs (or ran) and the table has played fewer
    boards than are due by now; a final match is never behind."""
    if clock is None or row.match.is_final:
        return False
    return clock.arithmetic.behind(row.played, row.boards, now)
