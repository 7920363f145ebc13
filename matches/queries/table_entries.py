"""What a room's table said about each board, for the director's room sheet: the entry
waiting for the other side, the entry not agreed (with the reason given), and the entry
whose acceptance saved the room's result as it is now (the result is then the table's).

The statuses an entry may have are read here alone: an entry counts only while it is
waiting, not agreed or accepted; any other (replaced by its own phone, superseded by the
director's result, refused beside another entry waiting, and any status the table's flow
may add) is left out. One query for all the boards of a room, whatever their number.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from matches.models import DirectorCall, EntryStatus, Result, TableEntry

SHOWN = (EntryStatus.WAITING, EntryStatus.DISPUTED, EntryStatus.ACCEPTED)


@dataclass(frozen=True)
class TableWord:
    """What a room's table said about one board, as its room's result stands now."""

    result: Result | None  # the room's result (None: none yet)
    waiting: TableEntry | None = None  # entered by one side, waiting for the other
    disputed: TableEntry | None = None  # not agreed, and no result saved since
    accepted: TableEntry | None = None  # the acceptance that saved ``result`` as it is

    @property
    def from_table(self) -> bool:
        """Return True when the room's result is the table's: saved by an accepted entry,
        and no one changed it since."""
        return self.accepted is not None

    @property
    def by_director(self) -> bool:
        """Return True when the room's result was saved by a director (or a file)."""
        return self.result is not None and self.accepted is None


def _entries(board_ids: list[int], room: str):
    """Return the room's entries that count, oldest first, each with ``reason``: for one not
    agreed, the reason its call for the director gave."""
    reason = DirectorCall.objects.filter(entry_id=OuterRef("pk"), dispute=True)
    entries = TableEntry.objects.filter(
        board_id__in=board_ids, table__room=room, status__in=SHOWN
    ).annotate(reason=Subquery(reason.order_by("pk").values("reason")[:1]))
    return entries.order_by("created", "pk")


def table_words(boards, room: str) -> dict[int, TableWord]:
    """Return what the room's table said about each of the boards (each with its results
    read: ``with_results``), by board id: one query."""
    boards = list(boards)
    if not boards:
        return {}
    rows: dict[int, list[TableEntry]] = {}
    for entry in _entries([board.pk for board in boards], room):
        rows.setdefault(entry.board_id, []).append(entry)
    words = {}
    for board in boards:
        entries = rows.get(board.pk, [])
        for entry in entries:
            entry.board = board  # the same row: its words need its number
        words[board.pk] = word_of(board.result_in(room), entries)
    return words


def word_of(result: Result | None, entries: list[TableEntry]) -> TableWord:
    """Return what a table said about a board, from its entries (oldest first) and the
    room's result: a dispute counts until a result is saved after it, an entry waits until
    the other side decides or a director's result is saved after it."""
    latest = {}
    for entry in entries:
        latest[entry.status] = entry  # the last of each status wins
    accepted = next(
        (
            e
            for e in reversed(entries)
            if e.status == EntryStatus.ACCEPTED
            and result is not None
            and e.result_id == result.pk
            and e.saved_version == result.version
        ),
        None,
    )
    disputed = latest.get(EntryStatus.DISPUTED)
    if disputed is not None and result is not None:
        assert disputed.decided is not None  # set when the dispute is made
        if result.entered_at > disputed.decided:
            disputed = None  # settled since: a result saved after the dispute
    waiting = latest.get(EntryStatus.WAITING)
    if waiting is not None and result is not None and accepted is None:
        if result.entered_at > waiting.created:
            waiting = None  # the director's result, saved after it, stands
    return TableWord(result, waiting, disputed, accepted)
