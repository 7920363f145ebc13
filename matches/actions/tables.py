"""The tables: each room's link and code, the players' calls for the director, and what
every post from a table shares (the table's row locked with its match, the board, the
side, the phone's key and name). The results entered, accepted and not agreed at the
table are ``table_results.py``'s.

Every function here is an action (see the package docstring). A table acts without a
user: ``user`` is None and what the history keeps says which table, which side and which
phone. A table's link writes only its own match's room, only the match's boards, and only
while the match is not final (``Change.lock_match``).
"""

from __future__ import annotations

import re
import secrets

from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice
from matches.lib.prepared import PreparedRead
from matches.models import Board, DirectorCall, EventTable, Match, RetiredLink, Room, TableSide
from matches.text import text_errors

from .base import ActionError, Change, Gone, changing, pk_of

# Table codes: capitals and digits that cannot be read as one another (no I, L, O, 0, 1).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
TOKEN_BYTES = 32  # 256 bits

REVOKED = _("This table's link was withdrawn by the director: ask the director for the new one.")
NOT_THIS_MATCH = _("Board %(board)s is not played at this table.")
KEY = _("This entry has no key: reload the page.")
SIDE = _("Choose North-South or East-West.")
# A phone's key and its own name (the cookie it keeps): letters, digits, ".", "-", "_",
# so that a key the server makes itself ("dispute:12") is never a phone's.
PHONE_KEY = re.compile(r"[A-Za-z0-9._-]{1,64}")


# Read on every post at a table (matches/lib/prepared.py)
_TABLE = PreparedRead(lambda table_id: Room.objects.filter(pk=table_id), -1)
_BOARD = PreparedRead(
    lambda match_id, number: Board.objects.filter(match_id=match_id, number=number), -1, 32001
)


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def fresh_link(table: Room | EventTable) -> None:
    """Give a room, or an event table's card, a new token and a code no other room's or
    card's has (both are typed at ``/t/``)."""
    table.token = secrets.token_urlsafe(TOKEN_BYTES)
    while True:
        code = _new_code()
        taken = (
            Room.objects.filter(code=code).exists() or EventTable.objects.filter(code=code).exists()
        )
        if not taken:
            table.code = code
            return


def open_tables(stage, *, round_number: int, user) -> list[Room]:
    """Return the tables of a stage's round (both rooms of each of its matches, and no
    other stage's), each made with its link and code the first time it is asked for."""
    with changing(user) as change:
        event = change.lock_event(stage.event_id)
        matches = list(
            stage.matches.filter(round=round_number).select_related("home", "away").order_by("pk")
        )
        have = {(t.match_id, t.room): t for t in Room.objects.filter(match__in=matches)}
        tables = []
        for match in matches:
            for room in RoomChoice.values:
                table = have.get((match.pk, room))
                if table is None:
                    table = Room(match=match, room=room)
                    fresh_link(table)
                    change.save(table)
                table.match = match
                tables.append(table)
        if not tables:
            change.events.pop(event.pk, None)  # nothing made: no revision to bump
        return tables


def renew_table(table, *, user) -> Room:
    """Return the table with a new link and code; the old ones stop working at once (the
    old link then answers that it was replaced: ``RetiredLink``)."""
    with changing(user) as change:
        table = locked_table(change, pk_of(table), final_ok=True)
        change.save(RetiredLink(table=table, token=table.token))
        fresh_link(table)
        table.revoked = None
        table._change_reason = "renewed"
        return change.save(table)


def revoke_table(table, *, user) -> Room:
    """Return the table with its link withdrawn: nothing entered through it is taken."""
    with changing(user) as change:
        table = locked_table(change, pk_of(table), final_ok=True)
        table.revoked = timezone.now()
        table._change_reason = "revoked"
        return change.save(table)


def locked_table(
    change: Change, table: Room | int, *, final_ok: bool = False, shared_event: bool = False
) -> Room:
    """Return the table's row read again with its match locked (MatchIsFinal unless
    ``final_ok``). ``table``: its row as the caller has it (a table never moves to another
    match, nor a match to another event: no need to look them up), or its id.
    ``shared_event``: what the players post at their table writes inside its own match
    alone, so its event's row is locked shared (``Change.lock_event``): the tables of
    different matches enter and accept side by side, not one at a time."""
    match: Match | int | None
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
    assert isinstance(table, Room)  # the row read again
    table.match = match
    change.table_changed(table.match_id, table.room)
    return table


def open_table(change: Change, table) -> Room:
    table = locked_table(change, table, shared_event=True)
    if not table.is_open:
        raise ActionError(REVOKED, code="revoked")
    return table


def board_at(table: Room, number: int) -> Board:
    if number not in table.match.board_numbers:
        raise ActionError(NOT_THIS_MATCH, params={"board": number}, field="board", code="board")
    board = _BOARD.first(table.match.pk, number)
    if board is None:
        raise Gone
    board.match = table.match
    return board


def checked_side(side: str) -> TableSide:
    if side not in TableSide.values:
        raise ActionError(SIDE, field="side", code="side")
    return TableSide(side)


def checked_key(key: str) -> str:
    key = (key or "").strip()
    if not PHONE_KEY.fullmatch(key):
        raise ActionError(KEY, code="key")
    return key


def phone_name(device: str) -> str:
    """Return a phone's own name as kept: what a phone's key may hold, at most 64 long;
    blank for anything else (a phone with no name of its own)."""
    device = (device or "").strip()
    return device if PHONE_KEY.fullmatch(device) else ""


def where(table: Room) -> str:
    """Return how the history names a table: "match 3 open room (table 5)"; with ids of
    any size it leaves room in the history's 100 characters for what was done there."""
    return f"match {table.match_id} {table.room} room (table {table.pk})"


def call_director(table, *, key: str, reason: str = "", board: int | None = None) -> DirectorCall:
    """Return the table's call for the director (the same ``key`` twice: one call)."""
    key = checked_key(key)
    errors = text_errors(reason, most=200)
    if errors:
        raise ActionError(errors[0], field="reason", code="reason")
    try:
        return _call(table, key=key, reason=reason, board=board)
    except IntegrityError:  # the key taken meanwhile, at another match's table
        raise ActionError(KEY, code="key") from None


def _call(table, *, key: str, reason: str, board: int | None) -> DirectorCall:
    with changing(None) as change:
        table = locked_table(change, table, final_ok=True, shared_event=True)
        # read once the match is locked: the same call sent twice at once is made once
        existing = DirectorCall.objects.filter(key=key).first()
        if existing is not None:
            if existing.table_id != table.pk:  # another table's key: never shown here
                raise ActionError(KEY, code="key")
            change.nothing_changed()
            return existing
        if not table.is_open:
            raise ActionError(REVOKED, code="revoked")
        on_board = board_at(table, board) if board else None
        call = change.save(
            DirectorCall(table=table, board=on_board, reason=reason.strip(), key=key)
        )
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
        locked_table(change, table_id[0], final_ok=True)
        call = DirectorCall.objects.get(pk=call_id)
        if call.answered is None:
            call.answered, call.answered_by = timezone.now(), user
            change.save(call)
        change.confine_to_matches()
        change.nothing_public()
        return call
