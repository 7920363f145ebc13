"""The tables: each room's link and code, results entered at the table and accepted by the
other side, a result not agreed, and the players' calls for the director.

Every function here is an action (see the package docstring). A table acts without a
user: ``user`` is None and what the history keeps says which table, which side and which
phone. A table's link writes only its own match's room, only the match's boards, and only
while the match is not final (``Change.lock_match``); an accepted result is saved as a
director's entry is (``results.write_result``, the check ``save_result`` makes).
"""

from __future__ import annotations

import secrets

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import RoomChoice
from matches.lib.prepared import PreparedRead
from matches.lib.text import text_errors
from matches.models import (
    Board,
    DirectorCall,
    EntryStatus,
    Room,
    TableEntry,
    TableSide,
)
from matches.queries.tables import comparisons_shown, room_result

from .base import ActionError, Change, Conflict, Gone, changing, pk_of
from .results import write_result

# Table codes: capitals and digits that cannot be read as one another (no I, L, O, 0, 1).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
TOKEN_BYTES = 32  # 256 bits

REVOKED = _("This table's link was withdrawn by the director: ask the director for the new one.")
NOT_THIS_MATCH = _("Board %(board)s is not played at this table.")
NOT_WAITING = _("This result was already dealt with: %(status)s.")
SAME_SIDE = _("The other side accepts a result: %(side)s entered this one.")
KEY = _("This entry has no key: reload the page.")
SIDE = _("Choose North-South or East-West.")
ALREADY_SAVED = _(
    "The director has entered board %(board)s in this room: the director's result stands."
)


# Read on every post at a table (matches/lib/prepared.py)
_TABLE = PreparedRead(lambda table_id: Room.objects.filter(pk=table_id), -1)
_BOARD = PreparedRead(
    lambda match_id, number: Board.objects.filter(match_id=match_id, number=number), -1, 32001
)
_ENTRY_BY_KEY = PreparedRead(
    lambda key: TableEntry.objects.select_related("board").filter(key=key), "an entry's key"
)
_LOCKED_ENTRY = PreparedRead(
    lambda entry_id: (
        TableEntry.objects.select_for_update().select_related("board").filter(pk=entry_id)
    ),
    -1,
)


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _fresh_link(table: Room) -> None:
    table.token = secrets.token_urlsafe(TOKEN_BYTES)
    while True:
        code = _new_code()
        if not Room.objects.filter(code=code).exclude(pk=table.pk).exists():
            table.code = code
            return


def open_tables(event, *, round_number: int, user) -> list[Room]:
    """Return the tables of a round (both rooms of each of its matches), each made with
    its link and code the first time it is asked for."""
    with changing(user) as change:
        event = change.lock_event(event)
        matches = list(
            event.matches.filter(round=round_number).select_related("home", "away").order_by("pk")
        )
        have = {(t.match_id, t.room): t for t in Room.objects.filter(match__in=matches)}
        tables = []
        for match in matches:
            for room in RoomChoice.values:
                table = have.get((match.pk, room))
                if table is None:
                    table = Room(match=match, room=room)
                    _fresh_link(table)
                    change.save(table)
                table.match = match
                tables.append(table)
        if not tables:
            change.events.pop(event.pk, None)  # nothing made: no revision to bump
        return tables


def renew_table(table, *, user) -> Room:
    """Return the table with a new link and code; the old ones stop working at once."""
    with changing(user) as change:
        table = _locked_table(change, pk_of(table), final_ok=True)
        _fresh_link(table)
        table.revoked = None
        table._change_reason = "renewed"
        return change.save(table)


def revoke_table(table, *, user) -> Room:
    """Return the table with its link withdrawn: nothing entered through it is taken."""
    with changing(user) as change:
        table = _locked_table(change, pk_of(table), final_ok=True)
        table.revoked = timezone.now()
        table._change_reason = "revoked"
        return change.save(table)


def _locked_table(
    change: Change, table: Room | int, *, final_ok: bool = False, shared_event: bool = False
) -> Room:
    """Return the table's row read again with its match locked (MatchIsFinal unless
    ``final_ok``). ``table``: its row as the caller has it (a table never moves to another
    match, nor a match to another event: no need to look them up), or its id.
    ``shared_event``: what the players post at their table writes inside its own match
    alone, so its event's row is locked shared (``Change.lock_event``): the tables of
    different matches enter and accept side by side, not one at a time."""
    if isinstance(table, Room):
        table_id = table.pk
        match = table.match if Room.match.is_cached(table) else table.match_id
    else:
        table_id = table
        match = Room.objects.filter(pk=table_id).values_list("match_id", flat=True).first()
        if match is None:
            raise Gone
    match = change.lock_match(match, final_ok=final_ok, shared_event=shared_event)
    table = _TABLE.first(table_id)
    if table is None:
        raise Gone
    table.match = match
    change.table_changed(table.match_id, table.room)
    return table


def _table_of(entry: TableEntry | int) -> Room | int:
    """Return an entry's table as the caller has it (its row, with its match, when the
    entry was read with it), else its id (Gone for an entry deleted meanwhile)."""
    if isinstance(entry, TableEntry):
        return entry.table if TableEntry.table.is_cached(entry) else entry.table_id
    found = TableEntry.objects.filter(pk=entry).values_list("table_id", flat=True).first()
    if found is None:
        raise Gone
    return found


def _open(change: Change, table) -> Room:
    table = _locked_table(change, table, shared_event=True)
    if not table.is_open:
        raise ActionError(REVOKED, code="revoked")
    return table


def _board(table: Room, number: int) -> Board:
    if number not in table.match.board_numbers:
        raise ActionError(NOT_THIS_MATCH, params={"board": number}, field="board", code="board")
    board = _BOARD.first(table.match.pk, number)
    if board is None:
        raise Gone
    board.match = table.match
    return board


def _side(side: str) -> TableSide:
    if side not in TableSide.values:
        raise ActionError(SIDE, field="side", code="side")
    return TableSide(side)


def _key(key: str) -> str:
    key = (key or "").strip()
    if not key or len(key) > 64 or text_errors(key):
        raise ActionError(KEY, code="key")
    return key


def where(table: Room) -> str:
    """Return how the history names a table: "table 3, open room"."""
    return f"match {table.match_id} {table.room} room (table {table.pk})"


def enter_at_table(table, *, board: int, entry: dict, side: str, device: str, key: str):
    """Return the table's entry of a board's result, waiting for the other side.

    ``entry``: contract (a scoring Contract), declarer, tricks and lead, as checked by the
    room sheet's form. The same ``key`` sent again returns the entry stored the first
    time. A board already waiting is replaced by the new entry (a side correcting itself
    before the other accepted); a board the director entered is refused: the director's
    result stands.
    """
    key, side = _key(key), _side(side)
    existing = _ENTRY_BY_KEY.first(key)
    if existing is not None:
        return existing
    with changing(None) as change:
        table = _open(change, table)
        board = _board(table, board)
        if room_result(board, table.room)[1]:
            raise ActionError(ALREADY_SAVED, params={"board": board.number}, code="director")
        waiting = TableEntry.objects.filter(table=table, board=board, status=EntryStatus.WAITING)
        waiting.update(status=EntryStatus.REPLACED, decided=timezone.now())
        made = TableEntry(
            table=table, board=board, key=key, side=side, device=device[:64],
            declarer=entry.get("declarer", ""), lead=entry.get("lead", ""),
            tricks=entry.get("tricks"),
        )  # fmt: skip
        made.contract = entry["contract"]
        made.save()
        change.confine_to_matches()
        change.nothing_public()
        return made


class _Decided(Exception):
    """The entry was decided with this key already: the same post, sent again."""

    def __init__(self, entry: TableEntry):
        super().__init__()
        self.entry = entry


def _decided_once(decide, entry, *, key: str, **options) -> TableEntry:
    """Return ``decide(entry, key=key, ...)``'s entry, or the entry as it is when this key
    decided it already (the same post sent again): told from the caller's row when it
    shows it (the view reads it just before: no query), else inside the change."""
    if isinstance(entry, TableEntry) and entry.decision_key == key:
        return entry
    try:
        return decide(entry, key=key, **options)
    except _Decided as decided:
        return decided.entry


def _locked_entry(entry_id: int, key: str) -> TableEntry:
    """Return the entry read again inside the change, locked, still waiting for the other
    side; _Decided (the change then writes nothing) when this key decided it already."""
    entry = _LOCKED_ENTRY.first(entry_id)
    if entry is None:
        raise Gone
    if entry.decision_key == key:
        raise _Decided(entry)
    if entry.status != EntryStatus.WAITING:
        raise ActionError(NOT_WAITING, params={"status": entry.get_status_display()},
                          code="decided")  # fmt: skip
    return entry


def accept_at_table(entry, *, side: str, device: str, key: str) -> TableEntry:
    """Return the entry accepted by the other side, its result saved for the room.

    Saved by ``write_result`` over the room's result as this change reads it: a result
    the director saved since the table's last one is a Conflict (the director's word
    stands). The result's history names the table, the side that entered and the side
    that accepted. The same ``key`` sent again returns the entry as it is.
    """
    key, side = _key(key), _side(side)
    return _decided_once(_accept, entry, side=side, device=device, key=key)


def _accept(entry, *, side: str, device: str, key: str) -> TableEntry:
    with changing(None) as change:
        table = _open(change, _table_of(entry))
        entry = _locked_entry(pk_of(entry), key)
        entry.board.match = table.match
        if side == entry.side:
            raise ActionError(SAME_SIDE, params={"side": entry.get_side_display()},
                              field="side", code="side")  # fmt: skip
        current, by_director = room_result(entry.board, table.room)
        if by_director:
            raise Conflict(current)  # the director entered it: the director's word stands
        reason = (
            f"{where(table)}: entered by {entry.side} ({entry.device or '?'}), "
            f"accepted by {side} ({device[:64] or '?'})"
        )
        # read inside this change, the match's row locked: no one can have written it since
        saved = write_result(change, current, entry.board, table.room, entry.entry(),
                             current.version if current else 0, reason=reason)  # fmt: skip
        entry.status, entry.result, entry.saved_version = EntryStatus.ACCEPTED, saved, saved.version
        entry.decided_side, entry.decided_device = side, device[:64]
        entry.decision_key, entry.decided = key, timezone.now()
        entry.save()
        scored = change.refresh_totals(table.match)
        _compared_in_the_other_room(change, table, entry.board, scored)
        change.confine_to_matches()
        return entry


def _compared_in_the_other_room(
    change: Change, table: Room, board: Board, scored: scoring.MatchResult
) -> None:
    """Mark the match's other room changed when this result shows it something new: the
    board's comparison, once a table may see it (``queries.tables.comparisons_shown``, as
    the match was just scored, ``scored``). Until then its phones' state is what it was:
    they are answered 304."""
    if board.number in comparisons_shown(scored, table.match.event.table_each_board):
        other = RoomChoice.CLOSED if table.room == RoomChoice.OPEN else RoomChoice.OPEN
        change.table_changed(table.match_id, other)


def dispute_at_table(entry, *, side: str, device: str, key: str, reason: str = "") -> TableEntry:
    """Return the entry marked not agreed, the director called to the table."""
    key, side = _key(key), _side(side)
    errors = text_errors(reason, most=200)
    if errors:
        raise ActionError(errors[0], field="reason", code="reason")
    return _decided_once(_dispute, entry, side=side, device=device, key=key, reason=reason)


def _dispute(entry, *, side: str, device: str, key: str, reason: str) -> TableEntry:
    with changing(None) as change:
        table = _open(change, _table_of(entry))
        entry = _locked_entry(pk_of(entry), key)
        entry.status, entry.decided_side, entry.decided_device = (
            EntryStatus.DISPUTED, side, device[:64]
        )  # fmt: skip
        entry.decision_key, entry.decided = key, timezone.now()
        entry.save()
        change.save(DirectorCall(table=table, board=entry.board, reason=reason.strip(),
                                 dispute=True, key=key))  # fmt: skip
        change.confine_to_matches()
        change.nothing_public()
        return entry


def call_director(table, *, key: str, reason: str = "", board: int | None = None) -> DirectorCall:
    """Return the table's call for the director (the same ``key`` twice: one call)."""
    key = _key(key)
    existing = DirectorCall.objects.filter(key=key).first()
    if existing is not None:
        return existing
    errors = text_errors(reason, most=200)
    if errors:
        raise ActionError(errors[0], field="reason", code="reason")
    with changing(None) as change:
        table = _locked_table(change, table, final_ok=True, shared_event=True)
        if not table.is_open:
            raise ActionError(REVOKED, code="revoked")
        on_board = _board(table, board) if board else None
        call = change.save(DirectorCall(table=table, board=on_board, reason=reason.strip(),
                                        key=key))  # fmt: skip
        change.confine_to_matches()
        change.nothing_public()
        return call


def answer_call(call, *, user) -> DirectorCall:
    """Return the director's call marked answered, naming the director."""
    with changing(user) as change:
        call_id = pk_of(call)
        table_id = DirectorCall.objects.filter(pk=call_id).values_list("table_id", flat=True)
        if not table_id:
            raise Gone
        _locked_table(change, table_id[0], final_ok=True)
        call = DirectorCall.objects.get(pk=call_id)
        if call.answered is None:
            call.answered, call.answered_by = timezone.now(), user
            change.save(call)
        change.confine_to_matches()
        change.nothing_public()
        return call
