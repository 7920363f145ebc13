"""A match: adding and deleting it, who sat where, final and reopened."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice, SeatChoice
from matches.models import CallClosed, DirectorCall, Match, MatchStatus, Player, Result, Seating
from matches.models.stages import first_stage
from matches.text import join

from .base import (
    HISTORY_REASON_MOST,
    REASON_TOO_LONG,
    ActionError,
    NeedsConfirmation,
    changing,
    checked_text,
    create_boards,
    pk_of,
    store_totals,
)
from .knockouts import advance_knockout

REPEAT_PAIRING = _(
    "%(home)s and %(away)s have already played each other in this event (round %(rounds)s). "
    "Tick the box to add the match all the same."
)
SAME_TEAM = _("A team cannot play itself.")
PENDING_BOARDS = _(
    "Boards %(boards)s are not complete in both rooms. Tick the box to mark the match final "
    "all the same: they will count as they stand."
)
HAS_RESULTS = _(
    "This match has %(count)s results. Deleting it removes them from the event for good; "
    "give a reason and tick the box to delete it all the same."
)
NOT_IN_TEAM = _("%(player)s does not play for the team that sits there.")
SEATED_TWICE = _("%(player)s is already seated in this segment.")
NO_REASON = _("Give a reason; the match's history keeps it.")


def add_match(event, *, round: int, home, away, user, confirm: bool = False) -> Match:
    """Return a new match of the event, its boards made.

    A pairing the two teams have already played in the event needs ``confirm``.
    """
    with changing(user) as change:
        event = change.lock_event(event)
        home_id, away_id = pk_of(home), pk_of(away)
        if home_id == away_id:
            raise ActionError(SAME_TEAM, field="away", code="same-team")
        teams = {t.pk: t for t in event.teams.filter(pk__in=[home_id, away_id])}
        if len(teams) != 2:
            raise ActionError(_("Both teams must be teams of this event."), code="team")
        played = (
            event.matches.filter(
                Q(home_id=home_id, away_id=away_id) | Q(home_id=away_id, away_id=home_id)
            )
            .order_by("round")
            .values_list("round", flat=True)
        )
        if played and not confirm:
            raise NeedsConfirmation(
                REPEAT_PAIRING,
                params={
                    "home": teams[home_id].name,
                    "away": teams[away_id].name,
                    "rounds": join(played),
                },
            )
        match = Match(
            event=event,
            stage=first_stage(event),
            round=round,
            home=teams[home_id],
            away=teams[away_id],
            pending_boards=event.boards_per_match,
        )
        change.save(match)
        create_boards(match, range(1, event.boards_per_match + 1))
        return match


def set_seating(match, segment: int, seats: dict, *, user) -> None:
    """Set who sat where in one segment: ``seats`` maps (room, seat) to a player or None.

    Each seat is changed on its own (kept, changed, emptied or filled), so the history
    shows exactly what moved; nothing is deleted and inserted again.
    """
    with changing(user) as change:
        match = change.lock_match(match)
        if segment not in match.segment_numbers:
            raise ActionError(
                _("This match has no segment %(segment)s."), params={"segment": segment}
            )
        players = {p.pk: p for p in Player.objects.filter(team__in=[match.home, match.away])}
        seen = set()
        for (room, seat), player in seats.items():
            room, seat = RoomChoice(room), SeatChoice(seat)
            if player is None:
                continue
            player = players.get(pk_of(player))
            expected = match.team_in(room, seat)
            if player is None or player.team_id != expected.pk:
                raise ActionError(
                    NOT_IN_TEAM,
                    field=f"{room}_{seat}",
                    code="team",
                    params={"player": getattr(player, "name", "?")},
                )
            if player.pk in seen:
                raise ActionError(
                    SEATED_TWICE,
                    field=f"{room}_{seat}",
                    code="twice",
                    params={"player": player.name},
                )
            seen.add(player.pk)
        current = {
            (s.room, s.seat): s for s in Seating.objects.filter(match=match, segment=segment)
        }
        for (room, seat), player in seats.items():
            key = (RoomChoice(room).value, SeatChoice(seat).value)
            existing = current.get(key)
            player_id = None if player is None else pk_of(player)
            if existing is None and player_id is not None:
                change.save(
                    Seating(
                        match=match, segment=segment, room=key[0], seat=key[1], player_id=player_id
                    )
                )
            elif existing is not None and player_id is None:
                change.delete(existing)
            elif existing is not None and existing.player_id != player_id:
                assert player_id is not None  # None went by the branch before
                existing.player_id = player_id
                change.save(existing)


def mark_final(match, *, user, confirm: bool = False) -> Match:
    """Return the match marked final: it refuses every change until reopened.

    While boards are pending (not complete in both rooms) it needs ``confirm``; the
    message names them.
    """
    with changing(user) as change:
        match = change.lock_match(match, final_ok=True)
        if match.is_final:
            return match
        store_totals(match)
        pending = match.pending_board_numbers()
        if pending and match.forfeit_vp is None and not confirm:
            raise NeedsConfirmation(PENDING_BOARDS, params={"boards": _numbers(pending)})
        return made_final(change, match)


def made_final(change, match: Match, *, period: int | None = None) -> Match:
    """Return the match (locked, its totals stored) marked final inside the change: its
    open calls closed, a knockout winner sent on. ``period``: the corrections period, in
    minutes, whose end made it final (None: a director did)."""
    match.status, match.status_reason, match.final_by_period = MatchStatus.FINAL, "", period
    change.save(match, update_fields=["status", "status_reason", "final_by_period", "updated"])
    _close_calls(change, match)
    # A knockout winner goes forward now; a tie waits for the director's decision.
    match.advance = advance_knockout(change, match)  # type: ignore[attr-defined]  # for the caller, no field
    return match


def _close_calls(change, match: Match) -> None:
    """Close the match's calls for the director that no one answered: the match is final
    (its tables are told: the call closes on their phones)."""
    now = timezone.now()
    for call in DirectorCall.objects.filter(table__match=match, answered__isnull=True):
        call.answered, call.answered_by, call.closed_because = now, change.user, CallClosed.FINAL
        change.save(call)


def reopen_match(match, *, reason: str, user) -> Match:
    """Return the match provisional again; the reason is kept in its history."""
    if not (reason or "").strip():
        raise ActionError(NO_REASON, field="reason", code="reason")
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        match = change.lock_match(match, final_ok=True)
        if not match.is_final:
            return match
        match.status, match.status_reason = MatchStatus.PROVISIONAL, reason
        match.final_by_period = None
        change.save(match, update_fields=["status", "status_reason", "final_by_period", "updated"])
        return match


def delete_match(match, *, user, reason: str = "", confirm: bool = False) -> None:
    """Delete a match with its boards. One with results needs ``confirm`` and a reason,
    which the match's history keeps; a final match must be reopened first."""
    reason = (reason or "").strip()
    if len(reason) > HISTORY_REASON_MOST:
        raise ActionError(REASON_TOO_LONG, field="reason", code="reason")
    reason = checked_text(reason, field="reason", most=HISTORY_REASON_MOST)
    with changing(user) as change:
        match = change.lock_match(match)
        results = Result.objects.filter(board__match=match).count()
        if results and not (confirm and reason):
            raise NeedsConfirmation(HAS_RESULTS, params={"count": results})
        change.delete(match, reason or _default_reason())


def _default_reason() -> str:
    return str(_("Deleted before any result was entered."))


def _numbers(numbers) -> str:
    return join(numbers)


__all__ = [
    "add_match",
    "delete_match",
    "mark_final",
    "reopen_match",
    "set_seating",
]
