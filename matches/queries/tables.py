"""What a table may see of its match, read for its page, its JSON and the director's monitor.

A table sees its own room's boards: each board's result once accepted (or the director's),
the entry waiting for the other side, a result not agreed. Of the other room it sees
nothing until the segment is complete in both rooms (every board with a result in each,
or an adjusted score); with the event's ``table_each_board`` setting, a board's
comparison shows as soon as both rooms have it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from matches import scoring
from matches.choices import RoomChoice
from matches.lib.prepared import PreparedRead
from matches.models import (
    Board,
    DirectorCall,
    EntryStatus,
    Result,
    RetiredLink,
    Room,
    TableEntry,
    boards_with_results,
)
from matches.scoring.fair_play import table_sees

# Read on every post and changed poll at a table (matches/lib/prepared.py)
_TABLE_BY_TOKEN = PreparedRead(
    lambda token: Room.objects.select_related(
        "match__event", "match__stage", "match__home", "match__away"
    ).filter(token=token),
    "a table's token",
)
# What a table is shown of its entries: those waiting, accepted or not agreed (not those
# replaced by their own phone, superseded by the director's result or refused)
_TABLE_ENTRIES = PreparedRead(
    lambda table_id: TableEntry.objects.filter(
        table_id=table_id,
        status__in=[EntryStatus.WAITING, EntryStatus.ACCEPTED, EntryStatus.DISPUTED],
    ),
    -1,
)
_TABLE_CALLS = PreparedRead(
    lambda table_id: (
        DirectorCall.objects.select_related("board")
        .filter(table_id=table_id)
        .order_by("created", "pk")
    ),
    -1,
)
_ENTRY_AT_TABLE = PreparedRead(
    lambda table_id, entry_id: TableEntry.objects.select_related("board").filter(
        table_id=table_id, pk=entry_id
    ),
    -1,
    -2,
)
_ENTRY_AT_TABLE_BY_KEY = PreparedRead(
    lambda table_id, key: TableEntry.objects.select_related("board").filter(
        table_id=table_id, key=key
    ),
    -1,
    "an entry's key",
)


def entry_at_table(table: Room, *, entry_id: int | None = None, key: str = "") -> TableEntry | None:
    """Return the table's entry by its id (or else by its key), with its board; None when
    this table has no such entry (another table's is never found)."""
    if entry_id:
        entry = _ENTRY_AT_TABLE.first(table.pk, entry_id)
    else:
        entry = _ENTRY_AT_TABLE_BY_KEY.first(table.pk, key)
    if entry is not None:
        entry.table = table  # the same row: the action needs not read it again
    return entry


# A room's result, and whether a table's accepted entry saved it as it is (see room_result)
_ROOM_RESULT = PreparedRead(
    lambda board_id, room: Result.objects.filter(board_id=board_id, room=room).annotate(
        from_table=Exists(
            TableEntry.objects.filter(
                result=OuterRef("pk"),
                status=EntryStatus.ACCEPTED,
                saved_version=OuterRef("version"),
            )
        )
    ),
    -1,
    "a room",
)


def room_result(board: Board, room: str) -> tuple[Result | None, bool]:
    """Return the room's result (None: none yet) and whether a director (or a file) saved
    it last: a result a table's accepted entry saved, and no one changed since, is the
    table's."""
    current = _ROOM_RESULT.first(board.pk, room)
    if current is None:
        return None, False
    return current, not current.from_table


def link_replaced(token: str) -> bool:
    """Return True when ``token`` was a table's link the director replaced (renewed)."""
    return RetiredLink.objects.filter(token=token).exists()


def table_by_token(token: str) -> Room | None:
    """Return the table a link's token names (with its match, event, stage and teams), or
    None: one query, put together once."""
    return _TABLE_BY_TOKEN.first(token)


@dataclass(frozen=True)
class BoardAtTable:
    board: Board
    result: object | None  # this room's Result
    waiting: TableEntry | None  # an entry waiting for the other side
    disputed: TableEntry | None  # an entry the other side did not accept, not yet resolved
    by_director: bool  # this room's result is the director's (the table cannot change it)
    other: object | None = None  # the other room's Result, once the table may see it
    comparison: scoring.BoardComparison | None = None  # both rooms, once it may see them

    @property
    def number(self) -> int:
        return self.board.number

    @property
    def done(self) -> bool:
        """Return True once this room's result is saved (accepted, or the director's)."""
        return self.result is not None


@dataclass(frozen=True)
class SegmentAtTable:
    number: int
    boards: list[BoardAtTable]
    complete_here: bool  # every board of the segment has this room's result
    complete: bool  # ... and the other room's: the table sees the comparison
    totals: object | None = None  # the segment's scoring.Segment, once complete


@dataclass(frozen=True)
class TableView:
    table: Room
    segments: list[SegmentAtTable]
    shown: SegmentAtTable  # the segment the table is playing (the first not complete here)
    calls: list = field(default_factory=list)  # the table's unanswered calls
    # the table's last call, when it was closed because its board was settled (its result
    # saved, the match final) and no call is open: the phones say it is closed
    closed_call: DirectorCall | None = None

    @property
    def match(self):
        return self.table.match


def table_view(table: Room, segment: int | None = None) -> TableView:
    """Return what the table sees, every segment of its match, in a fixed number of queries.

    ``segment`` picks the one shown (by default the first not complete in this room).
    """
    match = table.match
    room = table.room
    other_room = RoomChoice.CLOSED if room == RoomChoice.OPEN else RoomChoice.OPEN
    boards = boards_with_results(match)
    entries: dict[int, list] = {}  # each board's TableEntry rows, by its id
    for entry in _TABLE_ENTRIES.all(table.pk):
        entries.setdefault(entry.board_id, []).append(entry)
    from_table = {
        (e.result_id, e.saved_version)
        for rows in entries.values()
        for e in rows
        if e.status == EntryStatus.ACCEPTED
    }
    # only its segments are shown, and IMP penalties come off the match's total, never a
    # segment's: no query of them
    scored = match.score(boards, penalties=())
    compared = {comparison.number: comparison for comparison in scored.boards}
    seen = comparisons_shown(scored, match.event.table_each_board)
    size = match.settings.boards_per_segment
    rows_by_segment: dict[int, list[BoardAtTable]] = {}
    for board in boards:
        mine, theirs = board.result_in(room), board.result_in(other_room)
        rows = entries.get(board.pk, [])
        for entry in rows:
            entry.board = board  # the same row: its words need its number
        waiting = next((e for e in reversed(rows) if e.status == EntryStatus.WAITING), None)
        disputed = next((e for e in reversed(rows) if e.status == EntryStatus.DISPUTED), None)
        if disputed is not None and mine is not None and mine.entered_at > disputed.decided:
            disputed = None  # resolved since: a result saved after the dispute
        by_director = mine is not None and (mine.pk, mine.version) not in from_table
        row = BoardAtTable(board, mine, waiting, disputed, by_director)
        if board.number in seen:
            row = _with_other(row, theirs, compared[board.number])
        rows_by_segment.setdefault(scoring.segment_of(board.number, size), []).append(row)
    scored_segments = {s.number: s for s in scored.segments}
    segments = []
    for number in match.segment_numbers:
        rows = rows_by_segment.get(number, [])
        totals = scored_segments.get(number)
        complete = totals is not None and totals.this.pending_boards == 0
        segments.append(
            SegmentAtTable(
                number, rows, all(b.done for b in rows), complete, totals if complete else None
            )
        )
    shown = next((s for s in segments if s.number == segment), None)
    if shown is None:
        shown = next((s for s in segments if not s.complete_here), segments[-1])
    calls = _TABLE_CALLS.all(table.pk)
    open_calls = [call for call in calls if call.answered is None]
    closed = calls[-1] if calls and not open_calls and calls[-1].closed_because else None
    return TableView(table, segments, shown, open_calls, closed)


def comparisons_shown(scored: scoring.MatchResult, each_board: bool) -> set[int]:
    """Return the numbers of the boards whose comparison (the other room's result and the
    board's IMPs) a table of the match may see, as the match was scored (``scored``):
    every board of a segment complete in both rooms (each board with both rooms' results,
    or an adjusted score); with the event's ``table_each_board``, each board as soon as
    both rooms have it. The public pages' rule on one match (``scoring.fair_play``)."""
    segments = {board.number: s.number for s in scored.segments for board in s.boards}
    done = {board.number for board in scored.boards if board.complete}
    return set(table_sees(segments, done, each_board))


def _with_other(row: BoardAtTable, other, comparison) -> BoardAtTable:
    return BoardAtTable(
        row.board, row.result, row.waiting, row.disputed, row.by_director, other, comparison
    )
