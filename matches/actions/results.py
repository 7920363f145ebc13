"""A room's result on a board, and the director's adjusted scores (Law 12C1, 12C2)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice, SeatChoice
from matches.contract_words import result_words
from matches.models import (
    Board,
    BoardAdjustment,
    CallClosed,
    Deal,
    DirectorCall,
    EntryStatus,
    Match,
    Result,
    TableEntry,
)
from matches.queries.tables import room_result
from matches.scoring.cards import Card
from matches.scoring.leads import lead_mistake

from .base import (
    ActionError,
    Conflict,
    Gone,
    MatchIsFinal,
    NeedsConfirmation,
    changing,
    checked_text,
    refresh_event_totals,
)

REPLACES_TABLES = _("This board's result was accepted at the table: %(result)s. Replace it?")


class ReplacesTableResult(NeedsConfirmation):
    """A director's result over the one the table accepted: saved once confirmed
    (``confirm=True``). ``current`` is the table's result, as saved now."""

    code = "replaces-table"

    def __init__(self, current: Result):
        super().__init__(REPLACES_TABLES, params={"result": result_words(current)})
        self.current = current


def _board(change, board) -> tuple[Board, Match]:
    """Return the board (fresh) and its match, locked; MatchIsFinal if the match is final."""
    board_id = board if isinstance(board, int) else board.pk
    match_id = Board.objects.filter(pk=board_id).values_list("match_id", flat=True).first()
    if match_id is None:
        raise Gone
    match = change.lock_match(match_id)
    board = Board.objects.get(pk=board_id)
    board.match = match
    return board, match


LEAD_NOT_HELD = _(
    "%(card)s was in %(holder)s's hand, and %(leader)s leads against %(declarer)s: is the "
    "declarer %(likely)s rather than %(declarer)s?"
)


def lead_refusal(board: Board, entry: dict) -> ActionError | None:
    """Return why an entry's opening lead cannot be right (None: it can, or the round's
    deals are not known): the player on the declarer's left leads (Law 41A), and the
    lead card was in another hand, which names the declarer most likely meant."""
    lead, declarer = entry.get("lead") or "", entry.get("declarer") or ""
    if not lead or not declarer or entry["contract"].is_pass:
        return None
    deal = Deal.objects.for_match(board.match).filter(board=board.number).first()
    if deal is None:
        return None
    mistake = lead_mistake(deal.hands, declarer, Card.parse(lead))
    if mistake is None:
        return None
    seat = {s.value: s.label for s in SeatChoice}
    return ActionError(
        LEAD_NOT_HELD,
        field="lead",
        code="lead",
        params={
            "card": mistake.card.display(),
            "holder": seat[mistake.holder.value],
            "leader": seat[mistake.leader.value],
            "declarer": seat[mistake.declarer.value],
            "likely": seat[mistake.likely.value],
        },
    )


def record_result(
    board, room: str, entry: dict, *, version: int, user, confirm: bool = False
) -> Result:
    """Return the room's result saved from a director's entry.

    ``entry``: contract (a scoring Contract), declarer, tricks and lead. ``version`` is
    the version the director's page showed (0: no result yet): if the row has changed
    since, Conflict carries the result as it is now (the same entry typed twice is no
    conflict: the saved result is returned). A result the table accepted (and no one
    changed since) is replaced only when the director confirms (``confirm``):
    ReplacesTableResult names it, whichever version the page showed; the same result
    typed again leaves it as it is, the table's.
    """
    with changing(user) as change:
        board, match = _board(change, board)
        refusal = lead_refusal(board, entry)
        if refusal is not None:
            raise refusal
        # read inside this change, the match's row locked: no one can have written it since
        current, by_director = room_result(board, room)
        if current is not None and not by_director:  # the table's result
            current.board = board
            if current.matches_entry(entry):
                change.nothing_changed()  # the same: it stays the table's
                return current
            if not confirm:
                raise ReplacesTableResult(current)
        result = write_result(change, current, board, room, entry, version)
        change.refresh_totals(match)
        return result


def assign_result(board, room: str, entry: dict, *, reason: str, user) -> Result:
    """Return a room's result replaced by an assigned adjusted score (Law 12C2), with its
    reason, whatever the room held: the director's decision stands over the entry."""
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        board, match = _board(change, board)
        current = Result.objects.filter(board=board, room=room).first()
        entry = {**entry, "assigned_reason": reason, "lead": ""}
        result = save_result(change, board, room, entry, current.version if current else 0)
        change.refresh_totals(match)
        return result


def save_result(
    change, board: Board, room: str, entry: dict, version: int, *, reason: str = ""
) -> Result:
    """Return a room's result saved from ``entry`` inside an action's change (the match's
    row locked), refused as a Conflict when the saved result is no longer at ``version``
    (the same result entered twice is not a conflict). Shared by typed entry, files and
    the tables; ``reason`` goes on the history row (which table and side, for a table)."""
    current = Result.objects.select_for_update().filter(board=board, room=room).first()
    return write_result(change, current, board, room, entry, version, reason=reason)


def write_result(
    change,
    current: Result | None,
    board: Board,
    room: str,
    entry: dict,
    version: int,
    *,
    reason: str = "",
    accepting: TableEntry | None = None,
) -> Result:
    """Return the room's result saved as ``save_result`` saves it, ``current`` being the
    room's result (None: none yet) as the caller read it inside the same change, with the
    match's row locked (so no other change can have written it since).

    The board is then settled in that room (``settle_at_table``): ``accepting`` is the
    table's entry this result is saved from (None: a director's, a file's)."""
    if (current.version if current else 0) != version:
        if current is not None and current.matches_entry(entry):
            return current  # the same result, entered twice: nothing is lost
        raise Conflict(current)
    result = current or Result(board=board, room=room)
    result.board = board
    result.contract = entry["contract"]
    if not result.contract.is_pass:
        result.declarer = entry["declarer"]
        result.tricks = entry["tricks"]
    result.lead = entry.get("lead", "")
    result.assigned_reason = entry.get("assigned_reason", "")
    result.entered_by = change.user
    result.version = version + 1
    if reason:
        result._change_reason = reason  # type: ignore[attr-defined]  # django-simple-history's
    try:
        with transaction.atomic():
            change.save(result)
    except IntegrityError:
        # Another director created this room's result between our read and write.
        raise Conflict(Result.objects.filter(board=board, room=room).first()) from None
    settle_at_table(change, board, [room], accepting=accepting)
    return result


def settle_at_table(change, board: Board, rooms, *, accepting: TableEntry | None = None) -> None:
    """Settle a board at its tables in ``rooms`` once its result (or adjusted score) is
    saved: every entry still waiting there but ``accepting`` is superseded (the saved
    result stands; the board's history keeps the entry), and every call for the director
    about the board there is closed, saying why; the tables' phones are told."""
    now = timezone.now()
    superseded = 0
    if accepting is None:  # (a table accepts the one entry waiting: no other waits)
        superseded = TableEntry.objects.filter(
            board=board, table__room__in=rooms, status=EntryStatus.WAITING
        ).update(status=EntryStatus.SUPERSEDED, decided=now)
    calls = DirectorCall.objects.filter(
        board=board, table__room__in=rooms, answered__isnull=True
    ).select_for_update()
    for call in calls:
        call.answered, call.answered_by = now, change.user
        call.closed_because = CallClosed.RESULT
        change.save(call)
    if superseded or calls:
        for room in rooms:
            change.table_changed(board.match_id, room)


def set_artificial_score(board, *, home_imps: int, away_imps: int, reason: str, user):
    """Return the board's artificial adjusted score: IMPs for each team instead of the rooms."""
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        board, match = _board(change, board)
        adjustment = BoardAdjustment.objects.filter(board=board).first() or BoardAdjustment(
            board=board
        )
        adjustment.home_imps, adjustment.away_imps = home_imps, away_imps
        adjustment.reason = reason
        adjustment.created_by = user
        change.save(adjustment)
        settle_at_table(change, board, RoomChoice.values)
        change.refresh_totals(match)
        return adjustment


def clear_artificial_score(board, *, user) -> None:
    """Take the board's artificial adjusted score away: the rooms score it again."""
    with changing(user) as change:
        board, match = _board(change, board)
        adjustment = BoardAdjustment.objects.filter(board=board).first()
        if adjustment is not None:
            change.delete(adjustment)
        change.refresh_totals(match)


def load_results(event, results: list[Result], *, user) -> int:
    """Return how many results were stored: many at once, for boards of the event that
    have none yet (generated events, the load test's fixture). A system job: each result
    still gets its history row; every match's totals are stored afresh."""
    with changing(user) as change:
        event = change.lock_event(event)
        matches = change.lock_matches(event)
        final = {m.pk for m in matches if m.is_final}
        board_match = dict(Board.objects.filter(match__event=event).values_list("pk", "match_id"))
        for result in results:
            if result.board_id not in board_match:
                raise Gone
            if board_match[result.board_id] in final:
                raise MatchIsFinal
            result.entered_by = user
        made = Result.objects.bulk_create(results, batch_size=2000)
        Result.history.bulk_history_create(made, batch_size=2000, default_user=user)
        refresh_event_totals(event, matches)
        return len(made)
