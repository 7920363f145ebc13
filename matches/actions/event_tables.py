"""The event's tables as places in the room: their cards opened once for the event,
revoked and renewed per table; the room a card's link hands a phone on to; a match moved
to another table before its round starts.

Every function here is an action (see the package docstring). A card's link writes
nothing itself: it opens the room (``Room``) of the match at its table now, and the phone
keeps that room's own link, so what it enters belongs to that match only (docs/tables.md).
"""

from __future__ import annotations

from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice
from matches.models import EventTable, Match, RetiredLink, Room, TableEntry
from matches.queries.event_tables import match_at, round_matches, table_count

from .base import ActionError, Gone, changing, pk_of
from .tables import fresh_link

NO_MATCH = _("No match is played at this table yet: ask the director.")
STARTED = _(
    "Play has begun in %(match)s: a match moves to another table only before its round starts."
)
TABLE_NUMBER = _("Choose a table number from 1 to %(most)s.")
MOST_TABLES = 200


def open_event_tables(event, *, user) -> list[EventTable]:
    """Return the event's tables (both rooms of each table number its rounds use), each
    made with its card's link and code the first time it is asked for."""
    with changing(user) as change:
        event = change.lock_event(event)
        have = {(t.number, t.room): t for t in EventTable.objects.filter(event=event)}
        made = False
        for number in range(1, table_count(event) + 1):
            for room in RoomChoice.values:
                if (number, room) not in have:
                    table = EventTable(event=event, number=number, room=room)
                    fresh_link(table)
                    have[(number, room)] = change.save(table)
                    made = True
        if not made:
            change.events.pop(event.pk, None)  # nothing made: no revision to bump
        return sorted(have.values(), key=lambda t: (t.number, t.room != RoomChoice.OPEN))


def room_at(place, *, match: int | None = None) -> Room:
    """Return the room of the match the table's card opens now (``match``: that match's
    id, when it is played at this table), made the first time, and tied to the card (its
    revoking and renewing reach it). ActionError when no round has a match here."""
    place = EventTable.objects.select_related("event").filter(pk=pk_of(place)).first()
    if place is None:
        raise Gone
    found = match_at(place, match)
    if found is None:
        raise ActionError(NO_MATCH, code="no-match")
    room = Room.objects.filter(match=found, room=place.room).first()
    if room is not None and room.place_id == place.pk:
        return room  # the usual case: read only
    try:
        return _tie_room(place, found, room)
    except IntegrityError:  # made meanwhile by the table's other phone
        return Room.objects.get(match=found, room=place.room)


def _tie_room(place: EventTable, match: Match, room: Room | None) -> Room:
    with changing(None) as change:
        change.lock_match(match, final_ok=True)
        room = Room.objects.filter(match=match, room=place.room).first()
        if room is None:
            room = Room(match=match, room=place.room)
            fresh_link(room)
        room.place = place
        if not place.is_open and room.is_open:
            room.revoked = place.revoked
        room._change_reason = f"opened by table {place.number}'s card"  # type: ignore[attr-defined]  # simple-history
        change.save(room)
        change.nothing_public()  # a link made: nothing any page shows changed
        return room


def renew_event_table(place, *, user) -> EventTable:
    """Return the table with a new card link and code; the old ones stop working at once,
    and so do the links of the rooms the old card opened (their phones scan the new card)."""
    with changing(user) as change:
        place = _locked_place(change, place)
        change.save(RetiredLink(place=place, token=place.token))
        fresh_link(place)
        place.revoked = None
        place._change_reason = "renewed"
        for room in Room.objects.filter(place=place):
            change.save(RetiredLink(table=room, token=room.token))
            fresh_link(room)
            room.revoked = None
            room._change_reason = "renewed with its table's card"  # type: ignore[attr-defined]  # simple-history
            change.save(room)
            change.table_changed(room.match_id, room.room)
        return change.save(place)


def revoke_event_table(place, *, user) -> EventTable:
    """Return the table with its card's link withdrawn, and the links of the rooms it
    opened: nothing entered through them is taken until the card is renewed."""
    with changing(user) as change:
        place = _locked_place(change, place)
        place.revoked = timezone.now()
        place._change_reason = "revoked"
        for room in Room.objects.filter(place=place, revoked__isnull=True):
            room.revoked = place.revoked
            room._change_reason = "revoked with its table's card"  # type: ignore[attr-defined]  # simple-history
            change.save(room)
        return change.save(place)


def _locked_place(change, place) -> EventTable:
    event_id = EventTable.objects.filter(pk=pk_of(place)).values_list("event_id", flat=True)
    if not event_id:
        raise Gone
    change.lock_event(event_id[0])
    return EventTable.objects.get(pk=pk_of(place))


def move_to_table(match, *, number: int, user) -> Match:
    """Return the match moved to table ``number`` of its round, before the round starts
    (for a player who cannot move, say); the match at that table takes the moved match's
    place. Refused once play has begun in either match, or for a final match."""
    with changing(user) as change:
        match = change.lock_match(match)
        if not 1 <= number <= MOST_TABLES:
            raise ActionError(
                TABLE_NUMBER, params={"most": MOST_TABLES}, field="number", code="number"
            )
        in_round = round_matches(match)
        moved = next(m for m in in_round if m.pk == match.pk)
        other = next((m for m in in_round if m.table_number == number and m.pk != match.pk), None)
        for playing in (moved, other):
            if playing is not None and _started(playing):
                raise ActionError(
                    STARTED, params={"match": str(playing)}, field="match", code="started"
                )
        old = moved.table_number
        for each in in_round:  # every other match keeps its number from now on
            if each.pk in (match.pk, other.pk if other else None):
                continue
            if each.table != each.table_number:
                Match.objects.filter(pk=each.pk).update(table=each.table_number)
        if other is not None:  # the match at that table takes the moved one's place
            swapped = change.lock_match(other)
            swapped.table = old
            swapped._change_reason = f"moved from table {number} to table {old}"  # type: ignore[attr-defined]  # simple-history
            change.save(swapped, update_fields=["table", "updated"])
        match.table = number
        match._change_reason = f"moved from table {old} to table {number}"
        change.save(match, update_fields=["table", "updated"])
        # the rooms a card opened before the move: the card of the new table opens them
        Room.objects.filter(match__in=[m.pk for m in (moved, other) if m]).update(place=None)
        return match


def _started(match: Match) -> bool:
    return bool(
        match.complete_boards
        or match.forfeit_vp
        or match.is_final
        or TableEntry.objects.filter(table__match=match).exists()
        or match.boards.filter(results__isnull=False).exists()
    )
