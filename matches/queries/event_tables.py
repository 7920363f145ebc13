"""The event's tables as places in the room (``EventTable``): the table number each match
plays at in its round, the match a table's card opens now, and where a team plays next.

A round (a stage's round) numbers its tables 1, 2, … in its own order: the schedule's, the
Swiss draw's, the bracket's (the order its matches were made in), but for the matches the
director moved (``Match.table``), which keep the number they were given. A table's card
opens, of the matches at its number, the first (by stage, then round) that is not over
(official: every board complete in both rooms, a forfeit, or final); once all are over,
the last.
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.choices import RoomChoice
from matches.models import Event, EventTable, Match, Room, TableSide, Team

_PLACE = EventTable.objects.select_related("event")


def round_order(match: Match) -> tuple:
    """Return a match's place in its round's order: a bracket's matches by their place in
    the bracket (the main bracket first, then the placing brackets, best places first),
    others (and a bracket's, alike) in the order they were made: the schedule's, the Swiss
    draw's (made table by table)."""
    if match.bracket_position is None:
        return (0, 0, match.pk)
    digits = "".join(c for c in match.bracket if c.isdigit())
    rank = 0 if not match.bracket else int(digits) if digits else 1000
    return (rank, match.bracket_position, match.pk)


def table_numbers(matches) -> dict[int, int]:
    """Return {match id: table number} for one round's matches: the number the director
    gave a match it moved, else the lowest number no match of the round holds, in the
    round's order (``round_order``)."""
    numbers = {match.pk: match.table for match in matches if match.table}
    taken = set(numbers.values())
    free = 1
    for match in sorted(matches, key=round_order):
        if match.pk in numbers:
            continue
        while free in taken:
            free += 1
        numbers[match.pk] = free
        taken.add(free)
    return numbers


def numbered_matches(event: Event) -> list[Match]:
    """Return the event's matches, each with ``table_number`` (its table in its round) and
    its stage, event and teams, in playing order (stage, round, table): one query."""
    matches = list(event.matches.select_related("stage", "home", "away"))
    rounds: dict[tuple[int, int], list[Match]] = {}
    for match in matches:
        match.event = event  # already loaded: no join, no query
        rounds.setdefault((match.stage_id, match.round), []).append(match)
    for in_round in rounds.values():
        numbers = table_numbers(in_round)
        for match in in_round:
            match.table_number = numbers[match.pk]
    return sorted(matches, key=playing_order)


def playing_order(match: Match) -> tuple[int, int, int]:
    return (match.stage.number, match.round, match.table_number)


def round_matches(match: Match) -> list[Match]:
    """Return the matches of ``match``'s round (its stage's), each with ``table_number``."""
    in_round = list(Match.objects.filter(stage_id=match.stage_id, round=match.round))
    numbers = table_numbers(in_round)
    for other in in_round:
        other.table_number = numbers[other.pk]
    return in_round


def table_number(match: Match) -> int:
    """Return the table the match plays at in its round."""
    return next(m.table_number for m in round_matches(match) if m.pk == match.pk)


def is_over(match: Match) -> bool:
    """Return True once nothing more is played at the match's tables: every board complete
    in both rooms, a forfeit, or final."""
    return match.is_official or match.is_final


def table_count(event: Event) -> int:
    """Return how many tables the event needs: the most any round numbers."""
    return max((m.table_number for m in numbered_matches(event)), default=0)


def event_tables(event: Event) -> list[EventTable]:
    """Return the event's tables (each number's open room, then its closed room)."""
    return list(EventTable.objects.filter(event=event))


def place_by_token(token: str) -> EventTable | None:
    return _PLACE.filter(token=token).first()


def place_by_code(code: str) -> EventTable | None:
    return _PLACE.filter(code=code).first()


def place_of(event: Event, number: int, room: str) -> EventTable | None:
    return EventTable.objects.filter(event=event, number=number, room=room).first()


def match_at(place: EventTable, wanted: int | None = None) -> Match | None:
    """Return the match the table's card opens now (None: no round has a match at this
    number). ``wanted``: a match's id; that match, when it is played at this table (where
    a team's phone is sent next: the round before may still be playing here)."""
    here = [m for m in numbered_matches(place.event) if m.table_number == place.number]
    chosen = next((m for m in here if m.pk == wanted), None) if wanted else None
    if chosen is None:
        chosen = next((m for m in here if not is_over(m)), here[-1] if here else None)
    return chosen


def room_of(match: Match, room: str) -> Room | None:
    return Room.objects.filter(match=match, room=room).first()


@dataclass(frozen=True)
class NextTable:
    """Where a pair plays next: its team's next match, the table and room, the side."""

    team: Team
    match: Match
    number: int  # the table number
    room: RoomChoice
    side: TableSide
    place: EventTable | None  # the table's card (None: the event's tables are not open)


def next_tables(room: Room) -> dict[str, NextTable | None]:
    """Return, for each side of the room ("NS", "EW"), where its pair plays next: its
    team's next match in playing order (None: none drawn yet). A pair keeps its room (open
    or closed); it sits North-South there as the home team in the open room, as the away
    team in the closed room."""
    match = room.match
    matches = numbered_matches(match.event)
    index = next((i for i, m in enumerate(matches) if m.pk == match.pk), None)
    later = matches[index + 1 :] if index is not None else []
    places = {(p.number, p.room): p for p in event_tables(match.event)}
    found: dict[str, NextTable | None] = {}
    for side, seat in ((TableSide.NS, "N"), (TableSide.EW, "E")):
        team = match.team_in(room.room, seat)
        nxt = next((m for m in later if team.pk in (m.home_id, m.away_id)), None)
        if nxt is None:
            found[side.value] = None
            continue
        home_ns = room.room == RoomChoice.OPEN
        sits = TableSide.NS if (team.pk == nxt.home_id) == home_ns else TableSide.EW
        number = nxt.table_number
        found[side.value] = NextTable(
            team, nxt, number, RoomChoice(room.room), sits, places.get((number, room.room))
        )
    return found


def now_at_place(room: Room) -> Match | None:
    """Return the match the room's table card opens now, when it is no longer this room's
    (None: the same match, a room no card led to, or a match not over: a pair sent on to
    its next table may get there while the round before still plays there)."""
    if room.place_id is None or not is_over(room.match):
        return None
    place = EventTable.objects.select_related("event").filter(pk=room.place_id).first()
    if place is None:
        return None
    current = match_at(place)
    return current if current is not None and current.pk != room.match_id else None
