"""A board's history for the director: every version of each room's result, who saved it
(a director, a file, or a table's phones), and every entry made at its tables, those
replaced, superseded and refused included, with the phones named by side and table
("N-S, table 3, open room, phone 1"), never by their own keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from matches import scoring
from matches.choices import RoomChoice
from matches.models import EntryStatus, Match, TableEntry, TableSide


@dataclass(frozen=True)
class Phones:
    """The phones that entered and decided a board's results at its tables, named as the
    director reads them: their side, the table, and "phone 1", "phone 2"... in the order
    each first sent something for the board there (never a phone's own key)."""

    table_label: str  # "table 3, open room"
    numbers: dict  # (table id, device) -> its number

    def name(self, entry: TableEntry, side: str, device: str) -> str:
        """Return "N-S, table 3, open room, phone 1" ("N-S, table 3, open room" when the
        phone gave no name of its own)."""
        number = self.numbers.get((entry.table_id, device)) if device else None
        values = {"side": TableSide(side).label, "table": self.table_label}
        if number is None:
            return gettext("%(side)s, %(table)s") % values
        return gettext("%(side)s, %(table)s, phone %(number)s") % {**values, "number": number}


@dataclass(frozen=True)
class HistoryRow:
    """A row of a board's history, with the table's entry that saved it (None: a director's
    or a file's)."""

    record: object  # the result's history record
    entry: TableEntry | None
    phones: Phones | None = None

    @property
    def at_table(self) -> str:
        """Return "Entered by N-S, table 3, open room, phone 1; accepted by E-W, ...,
        phone 2"."""
        entry = self.entry
        if entry is None or self.phones is None:
            return ""
        return gettext("Entered by %(entered)s; accepted by %(accepted)s") % {
            "entered": self.phones.name(entry, entry.side, entry.device),
            "accepted": self.phones.name(entry, entry.decided_side, entry.decided_device),
        }


@dataclass(frozen=True)
class EntryRow:
    """An entry made at a table, as the board's history lists it."""

    entry: TableEntry
    phones: Phones

    @property
    def result_text(self) -> str:
        entry = self.entry
        if not entry.level or entry.tricks is None:
            return ""
        return scoring.format_result(entry.contract, entry.tricks)

    @property
    def sender(self) -> str:
        """Return who sent it: "N-S, table 3, open room, phone 1"."""
        return self.phones.name(self.entry, self.entry.side, self.entry.device)

    @property
    def decision(self) -> str:
        """Return what became of it: "Accepted: E-W, table 3, open room, phone 2",
        "Superseded by the director's result", "Waiting for the other side"."""
        entry = self.entry
        if not entry.decided_side:
            return entry.get_status_display()
        return gettext("%(status)s: %(side)s") % {
            "status": entry.get_status_display(),
            "side": self.phones.name(entry, entry.decided_side, entry.decided_device),
        }


def board_history_rows(board, history) -> tuple[list[HistoryRow], list[EntryRow]]:
    """Return a board's history rows, each with the table entry that saved it, and every
    entry made at its tables (replaced, superseded and refused ones too: nothing sent is
    hidden), oldest first: two queries more than the history's own."""
    entries = list(
        TableEntry.objects.filter(board=board).select_related("table").order_by("created", "pk")
    )
    numbers: dict = {}
    for entry in entries:
        for device in (entry.device, entry.decided_device):
            if device and (entry.table_id, device) not in numbers:
                seen = sum(1 for table_id, _device in numbers if table_id == entry.table_id)
                numbers[(entry.table_id, device)] = seen + 1
    number = table_number(board.match) if entries else 0
    phones_of = {room: Phones(table_label(number, room), numbers) for room in RoomChoice.values}
    saved = {(e.result_id, e.saved_version): e for e in entries if e.status == EntryStatus.ACCEPTED}
    rows = []
    for record in history:
        entry = None if record.history_type == "-" else saved.get((record.id, record.version))
        phones = phones_of[entry.table.room] if entry is not None else None
        rows.append(HistoryRow(record, entry, phones))
    return rows, [EntryRow(entry, phones_of[entry.table.room]) for entry in entries]


def table_number(match: Match) -> int:
    """Return the match's table number: its place in its stage's round, as the monitor and
    the table cards number it."""
    return Match.objects.filter(
        stage_id=match.stage_id, round=match.round, pk__lte=match.pk
    ).count()


def table_label(number: int, room: str) -> str:
    """Return "table 3, open room"."""
    return gettext("table %(number)s, %(room)s") % {
        "number": number,
        "room": RoomChoice(room).label,
    }
