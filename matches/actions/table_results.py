"""Results at the table: entered by one side, accepted by the other (the result is then
saved for the room as a director's entry is: ``results.write_result``), or not agreed
(the director is called). One board, one truth: a table's phones and the director always
see the same result (see ``enter_at_table`` and ``accept_at_table``).

Every function here is an action (see the package docstring), acting without a user.
"""

from __future__ import annotations

from django.db import IntegrityError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import RoomChoice
from matches.lib.prepared import PreparedRead
from matches.models import Board, DirectorCall, EntryStatus, Room, TableEntry, TableSide
from matches.queries.fair_play import board_left_play, results_published
from matches.queries.tables import comparisons_shown, room_result
from matches.text import text_errors

from .base import ActionError, Change, Conflict, Gone, changing, pk_of
from .results import lead_refusal, write_result
from .tables import (
    KEY,
    board_at,
    checked_key,
    checked_side,
    open_table,
    phone_name,
    where,
)

NOT_WAITING = _("This result was already dealt with: %(status)s.")
SAME_SIDE = _("The other side accepts a result: %(side)s entered this one.")
ALREADY_SAVED = _(
    "The director has entered board %(board)s in this room: the director's result stands."
)
COMPARED = _(
    "This table has been shown the other room's result of board %(board)s: only the "
    "director can change it now. Call the director."
)
SAME_PHONE = _(
    "This change to an accepted result was entered on this phone: the other side accepts "
    "it on their own phone."
)
OWN_ENTRY = _("%(side)s entered this result: the other side says whether it is agreed.")
WAITING = _("Another result of board %(board)s is waiting: accept it, or say it is not agreed.")


class EntryWaiting(ActionError):
    """A board's result entered while a different one waits for the other side's word:
    the one entered is kept as refused (the board's history shows it), and ``waiting`` is
    the entry waiting (None: none waits any longer), for the table to be shown."""

    default_message = WAITING
    code = "waiting"

    def __init__(self, waiting: TableEntry | None, board: int):
        super().__init__(params={"board": board})
        self.waiting = waiting


# Read on every post at a table (matches/lib/prepared.py)
_WAITING = PreparedRead(
    lambda table_id, board_id: TableEntry.objects.filter(
        table_id=table_id, board_id=board_id, status=EntryStatus.WAITING
    ).order_by("-created", "-pk"),
    -1,
    -2,
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


def _table_of(entry: TableEntry | int) -> Room | int:
    """Return an entry's table as the caller has it (its row, with its match, when the
    entry was read with it), else its id (Gone for an entry deleted meanwhile)."""
    if isinstance(entry, TableEntry):
        return entry.table if TableEntry.table.is_cached(entry) else entry.table_id
    found = TableEntry.objects.filter(pk=entry).values_list("table_id", flat=True).first()
    if found is None:
        raise Gone
    return found


def _shown_here(table: Room, board: Board) -> bool:
    """Return True once the table may have been shown the other room's result of the
    board (``queries.tables.comparisons_shown``): from then on only the director changes
    the board's result in this room."""
    scored = table.match.score(penalties=())
    return board.number in comparisons_shown(scored, table.match.event.table_each_board)


def enter_at_table(table, *, board: int, entry: dict, side: str, device: str, key: str):
    """Return the table's entry of a board's result, waiting for the other side.

    ``entry``: contract (a scoring Contract), declarer, tricks and lead, as checked by the
    room sheet's form; ``device``: the phone's own key (the cookie it keeps). The same
    ``key`` sent again returns what the first post made (an EntryWaiting again, for an
    entry refused). Refused: a board the director entered (the director's result stands),
    a board whose comparison the table may have seen (only the director changes it now).

    One board, one truth: while an entry of the board waits, the same phone may correct
    it (the old one is kept as replaced); the same result from the other side is its
    acceptance (``accept_at_table``'s rules); anything else is kept as refused, for the
    board's history, and EntryWaiting names the entry waiting.
    """
    key, side, device = checked_key(key), checked_side(side), phone_name(device)
    made = _ENTRY_BY_KEY.first(key)  # the same post sent again: answered at once
    if made is None or made.table_id != pk_of(table):
        try:
            made = _enter(table, number=board, entry=entry, side=side, device=device, key=key)
        except IntegrityError:  # the key taken meanwhile, at another match's table
            raise ActionError(KEY, code="key") from None
    if made.status == EntryStatus.REFUSED:
        raise EntryWaiting(_waiting_beside(made), made.board.number)
    return made


def _enter(table, *, number: int, entry: dict, side: TableSide, device: str, key: str):
    with changing(None) as change:
        table = open_table(change, table)
        board = board_at(table, number)
        # read once the match is locked: a post sent again while the first was still
        # being saved finds what the first stored
        found = _entries_beside(table, board, key)
        existing = next((e for e in found if key in (e.key, e.decision_key)), None)
        if existing is not None:
            if existing.table_id != table.pk:  # another table's key: never shown here
                raise ActionError(KEY, code="key")
            change.nothing_changed()
            return existing
        current, by_director = room_result(board, table.room)
        if by_director:
            raise ActionError(ALREADY_SAVED, params={"board": board.number}, code="director")
        if current is not None and _shown_here(table, board):
            raise ActionError(COMPARED, params={"board": board.number}, code="compared")
        refusal = lead_refusal(board, entry)
        if refusal is not None:  # a lead the leader did not hold: surely a wrong declarer
            raise refusal
        made = TableEntry(
            table=table,
            board=board,
            key=key,
            side=side,
            device=device,
            declarer=entry.get("declarer", ""),
            lead=entry.get("lead", ""),
            tricks=entry.get("tricks"),
        )
        made.contract = entry["contract"]
        waiting = next((e for e in found if e.status == EntryStatus.WAITING), None)
        if waiting is not None:
            waiting.board = board
            if waiting.matches(made) and side != waiting.side:
                # the other side entered the same: that is its acceptance
                return _accepted(change, table, waiting, current, side, device, key)
            if waiting.matches(made) and side == waiting.side:
                change.nothing_changed()
                return waiting  # the same result again: nothing new
            if side == waiting.side and device and device == waiting.device:
                waiting.status, waiting.decided = EntryStatus.REPLACED, timezone.now()
                waiting.save()  # the phone that entered it corrects itself
            else:
                made.status, made.decided = EntryStatus.REFUSED, timezone.now()
        made.save()
        change.confine_to_matches()
        change.nothing_public()
        return made


def _entries_beside(table: Room, board: Board, key: str) -> list[TableEntry]:
    """Return, in one read, the entry ``key`` made (at any table), the table's entry it
    accepted (the same result sent by the other side is its acceptance), and the board's
    entry waiting at the table, newest first."""
    return list(
        TableEntry.objects.select_related("board")
        .filter(
            Q(key=key)
            | Q(table=table, decision_key=key)
            | Q(table=table, board=board, status=EntryStatus.WAITING)
        )
        .order_by("-created", "-pk")
    )


def _waiting_beside(refused: TableEntry) -> TableEntry | None:
    """Return the entry waiting on the board a refused entry was for (None: no longer)."""
    waiting = _WAITING.first(refused.table_id, refused.board_id)
    if waiting is not None:
        waiting.board = refused.board
    return waiting


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
    if entry.status == EntryStatus.SUPERSEDED:  # the director entered the board meanwhile
        raise ActionError(ALREADY_SAVED, params={"board": entry.board.number}, code="director")
    if entry.status != EntryStatus.WAITING:
        raise ActionError(
            NOT_WAITING, params={"status": entry.get_status_display()}, code="decided"
        )
    return entry


def accept_at_table(entry, *, side: str, device: str, key: str) -> TableEntry:
    """Return the entry accepted by the other side, its result saved for the room.

    Saved by ``write_result`` over the room's result as this change reads it: a result
    the director saved since the table's last one is a Conflict (the director's word
    stands). A change to a result already accepted at the table is accepted only from
    another phone than the one that entered it (``device``), and not once the table may
    have seen the board's comparison (then only the director changes it). The result's
    history names the table and the sides. The same ``key`` sent again returns the entry
    as it is.
    """
    key, side, device = checked_key(key), checked_side(side), phone_name(device)
    return _decided_once(_accept, entry, side=side, device=device, key=key)


def _accept(entry, *, side: str, device: str, key: str) -> TableEntry:
    with changing(None) as change:
        table = open_table(change, _table_of(entry))
        entry = _locked_entry(pk_of(entry), key)
        entry.board.match = table.match
        if side == entry.side:
            raise ActionError(
                SAME_SIDE, params={"side": entry.get_side_display()}, field="side", code="side"
            )
        current, by_director = room_result(entry.board, table.room)
        if by_director:
            raise Conflict(current)  # the director entered it: the director's word stands
        return _accepted(change, table, entry, current, side, device, key)


def _accepted(change: Change, table: Room, entry: TableEntry, current, side, device, key):
    """Return the waiting ``entry`` accepted by ``side`` from ``device``, the room's
    result (``current``, the table's own or None) saved from it, the totals stored."""
    if current is not None:  # a change to the result the table accepted before
        if _shown_here(table, entry.board):
            raise ActionError(COMPARED, params={"board": entry.board.number}, code="compared")
        if not device or device == entry.device:
            raise ActionError(SAME_PHONE, code="phone")
    phone = "the same phone" if device and device == entry.device else "another phone"
    reason = f"{where(table)}: entered by {entry.side}, accepted by {side} on {phone}"
    # read inside this change, the match's row locked: no one can have written it since
    saved = write_result(
        change,
        current,
        entry.board,
        table.room,
        entry.entry(),
        current.version if current else 0,
        reason=reason,
        accepting=entry,
    )
    entry.status, entry.result, entry.saved_version = EntryStatus.ACCEPTED, saved, saved.version
    entry.decided_side, entry.decided_device = side, device
    entry.decision_key, entry.decided = key, timezone.now()
    entry.save()
    scored = change.refresh_totals(table.match)
    _compared_in_the_other_room(change, table, entry.board, scored)
    change.confine_to_matches()
    out_of_play = board_left_play(table.match, entry.board.number, scored)
    if out_of_play and current is None:
        change.board_left_play()  # the other matches' pages show its hands now
    if out_of_play or results_published(table.match, entry.board.number, scored):
        change.results_published()  # the event's public pages show it now
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
    """Return the entry marked not agreed, the director called to the table. Only the
    other side says its entry is not agreed."""
    key, side, device = checked_key(key), checked_side(side), phone_name(device)
    errors = text_errors(reason, most=200)
    if errors:
        raise ActionError(errors[0], field="reason", code="reason")
    return _decided_once(_dispute, entry, side=side, device=device, key=key, reason=reason)


def _dispute(entry, *, side: str, device: str, key: str, reason: str) -> TableEntry:
    with changing(None) as change:
        table = open_table(change, _table_of(entry))
        entry = _locked_entry(pk_of(entry), key)
        if side == entry.side:
            raise ActionError(
                OWN_ENTRY, params={"side": entry.get_side_display()}, field="side", code="side"
            )
        entry.status, entry.decided_side, entry.decided_device = (
            EntryStatus.DISPUTED,
            side,
            device,
        )
        entry.decision_key, entry.decided = key, timezone.now()
        entry.save()
        change.save(
            DirectorCall(
                table=table,
                board=entry.board,
                entry=entry,
                dispute=True,
                reason=reason.strip(),
                key=f"dispute:{entry.pk}",
            )
        )
        change.confine_to_matches()
        change.nothing_public()
        return entry
