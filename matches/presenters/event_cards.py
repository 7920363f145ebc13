"""The event's table cards as the director prints them once for the whole event: each
table's number and room, its link as a QR code, its short code; and, for the director,
the match each card opens now. Reads only: the cards are made by
``actions.open_event_tables`` (a POST).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from matches.choices import RoomChoice
from matches.models import EventTable, Match
from matches.presenters.table_cards import CARDS_PER_PAGE, qr_svg, table_label
from matches.queries.event_tables import event_tables, is_over, numbered_matches


@dataclass(frozen=True)
class EventCard:
    table: EventTable
    url: str
    qr: SafeString
    now: Match | None  # the match the card opens now (None: no match at its number)

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def room(self) -> RoomChoice:
        return RoomChoice(self.table.room)

    @property
    def code(self) -> str:
        return self.table.code

    @property
    def is_open(self) -> bool:
        return self.table.is_open


@dataclass(frozen=True)
class EventCards:
    event: object
    cards: list[EventCard]
    needed: int  # the tables the event's rounds use
    movable: list[Match]  # the matches the director may still move (each with table_number)

    @property
    def missing(self) -> int:
        return 2 * self.needed - len(self.cards)

    @property
    def pages(self) -> list[list[EventCard]]:
        return [
            self.cards[at : at + CARDS_PER_PAGE] for at in range(0, len(self.cards), CARDS_PER_PAGE)
        ]


def event_cards(event, link_for: Callable[[EventTable], str]) -> EventCards:
    """Return the event's table cards with their links (``link_for``: the absolute
    address a card's QR code holds), the matches they open now, the tables needed."""
    matches = numbered_matches(event)
    cards = []
    for table in event_tables(event):
        here = [m for m in matches if m.table_number == table.number]
        now = next((m for m in here if not is_over(m)), here[-1] if here else None)
        url = link_for(table)
        qr = qr_svg(url, table_label(table.number, table.room)) if url else mark_safe("")
        cards.append(EventCard(table, url, qr, now))
    needed = max((m.table_number for m in matches), default=0)
    movable = [m for m in matches if not m.is_final and not m.complete_boards]
    return EventCards(event, cards, needed, movable)
