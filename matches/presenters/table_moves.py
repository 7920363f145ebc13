"""Where a table's players go once their match is over, as the phone shows it: each
pair's next table ("第 2 轮：第 5 桌 闭室，东西" / "Round 2: table 5, closed room, East-West")
with the link that takes the phone there, and the match the table's card opens now.

What is read is ``queries.event_tables``'; this module words it (docs/tables.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from matches.choices import RoomChoice
from matches.models import Room
from matches.presenters.score_words import side_name
from matches.queries.event_tables import is_over, next_tables, now_at_place, room_of
from matches.queries.knockout_words import stage_round_name


def room_words(room: str) -> str:
    """Return a room as a sentence names it ("closed room" / "闭室")."""
    if room == RoomChoice.OPEN:
        return pgettext("in a sentence", "open room")
    return pgettext("in a sentence", "closed room")


def table_words(match, number: int, room: str, side: str = "") -> str:
    """Return where a match is played: "Round 2: table 5, closed room, East-West"."""
    values = {
        "round": stage_round_name(match.stage, match.round),
        "number": number,
        "room": room_words(room),
        "side": side_name(side),
    }
    if side:
        return gettext("%(round)s: table %(number)s, %(room)s, %(side)s") % values
    return gettext("%(round)s: table %(number)s, %(room)s") % values


@dataclass(frozen=True)
class NextLine:
    """One pair's next table."""

    side: str  # the side the pair sits at this table: "NS" or "EW"
    team: str
    text: str  # "" when its team has no match drawn after this one yet
    url: str  # what takes the phone there ("": no card, no room link to go by)

    @property
    def side_words(self) -> str:
        return side_name(self.side)


@dataclass(frozen=True)
class TableMoves:
    """What the phone shows once the match is over at this table."""

    over: bool
    lines: list[NextLine]
    now_text: str = ""  # what the table's card opens now, when no longer this match
    now_url: str = ""

    def signature(self) -> tuple:
        return (self.over, tuple(self.lines), self.now_text, self.now_url)


def _link(nxt) -> str:
    if nxt.place is not None and nxt.place.is_open:
        return f"{reverse('table', args=[nxt.place.token])}?match={nxt.match.pk}"
    room = room_of(nxt.match, nxt.room)
    return reverse("table", args=[room.token]) if room is not None and room.is_open else ""


def table_moves(table: Room, over_here: bool) -> TableMoves:
    """Return where the table's pairs go next, once the match is over at this table
    (``over_here``: every board has this room's result; or the match is final)."""
    match = table.match
    if not (over_here or is_over(match)):
        return TableMoves(False, [])
    lines = []
    for side, nxt in next_tables(table).items():
        team = match.team_in(table.room, "N" if side == "NS" else "E").name
        if nxt is None:
            lines.append(NextLine(side, team, "", ""))
            continue
        text = table_words(nxt.match, nxt.number, nxt.room, nxt.side)
        lines.append(NextLine(side, team, text, _link(nxt)))
    now = now_at_place(table)
    if now is None:
        return TableMoves(True, lines)
    place = table.place
    return TableMoves(True, lines, _now_words(place, now), reverse("table", args=[place.token]))


def moved_message(table: Room) -> str:
    """Return what a phone left on this room's page is told when its post is refused: the
    match the table's card opens now ("" when it is still this one)."""
    if table.place_id is None:
        return ""
    now = now_at_place(table)
    if now is None:
        return ""
    return _now_words(table.place, now)


def _now_words(place, now) -> str:
    words = table_words(now, place.number, place.room)
    return gettext("This table now plays %(where)s: %(home)s – %(away)s.") % {
        "where": words,
        "home": now.home.name,
        "away": now.away.name,
    }
