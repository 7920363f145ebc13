"""The tables of a round as the director prints and hands them out: each table's link as a
QR code (SVG, drawn here by segno, no network), its short code, and the card that stands
on the table (table number, teams, room, who sits North-South and East-West).

Reads only: the tables are made by ``actions.open_tables`` (a POST); a round whose tables
are not open yet has no links to show.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import segno
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from matches.choices import RoomChoice
from matches.models import Match, Room, Team
from matches.queries.event_tables import table_numbers

CARDS_PER_PAGE = 4  # a 2 × 2 grid on an A4 page


def qr_file(url: str, label: str) -> bytes:
    """Return the QR code of ``url`` as an SVG file (an image of its own, titled)."""
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(
        out, kind="svg", xmldecl=False, scale=4, border=2, title=label
    )
    return out.getvalue()


@lru_cache(maxsize=1024)
def _qr_path(url: str) -> str:
    # Error correction M: a card a little scuffed or folded still scans.
    return segno.make(url, error="m", micro=False).svg_inline(
        scale=1, border=2, omitsize=True, svgclass=None, lineclass=None, dark="#000"
    )


def qr_svg(url: str, label: str) -> SafeString:
    """Return the QR code of ``url`` as an inline SVG image named ``label`` for screen
    readers; it scales to its box (no width or height of its own)."""
    svg = _qr_path(url)  # segno's own output: no text of ours inside it
    attributes = f'<svg class="qr" role="img" aria-label="{escape(label)}" focusable="false"'
    return mark_safe(svg.replace("<svg", attributes, 1))  # the label is escaped


def teams_at(match: Match, room: str) -> tuple[Team, Team]:
    """Return the teams (North-South, East-West) of a match's room: the home team sits
    North-South in the open room, East-West in the closed room."""
    if room == RoomChoice.OPEN:
        return match.home, match.away
    return match.away, match.home


@dataclass(frozen=True)
class TableLink:
    """A table with what takes a phone to it: the link (absolute), its QR code, the code."""

    table: Room
    number: int  # the table number: the match's place in the round (both rooms share it)
    url: str
    qr: SafeString

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def room(self) -> RoomChoice:
        return RoomChoice(self.table.room)

    @property
    def code(self) -> str:
        return self.table.code

    @property
    def is_open(self) -> bool:
        return self.table.is_open

    @property
    def qr_label(self) -> str:
        return table_label(self.number, self.table.room)

    @property
    def ns_team(self) -> Team:
        return teams_at(self.match, self.room)[0]

    @property
    def ew_team(self) -> Team:
        return teams_at(self.match, self.room)[1]

    @property
    def home_sits_ns(self) -> bool:
        return self.room == RoomChoice.OPEN


@dataclass(frozen=True)
class RoundTables:
    """A round's matches and the tables opened for them (none until the director opens
    them: then ``links`` is empty and ``missing`` counts the rooms still without a table)."""

    event: object
    round: int
    matches: list[Match]
    links: list[TableLink]
    stage: object = None  # the stage whose round it is

    @property
    def missing(self) -> int:
        return 2 * len(self.matches) - len(self.links)

    @property
    def pages(self) -> list[list[TableLink]]:
        """Return the cards in groups of four: one A4 page each."""
        return [
            self.links[start : start + CARDS_PER_PAGE]
            for start in range(0, len(self.links), CARDS_PER_PAGE)
        ]

    def by_match(self) -> list[tuple[Match, list[TableLink]]]:
        """Return each match with its tables (open room first), in table order."""
        links: dict[int, list[TableLink]] = {}
        for link in self.links:
            links.setdefault(link.table.match_id, []).append(link)
        return [(match, links.get(match.pk, [])) for match in self.matches]

    def for_room(self, match_id: int, room: str) -> TableLink | None:
        return next(
            (t for t in self.links if t.table.match_id == match_id and t.table.room == room),
            None,
        )


def table_label(number: int, room: str) -> str:
    """Return how a screen reader names a table's QR code ("QR code of table 2, open room")."""
    return gettext("QR code of table %(number)s, %(room)s") % {
        "number": number,
        "room": RoomChoice(room).label,
    }


def round_tables(
    stage, round_number: int, link_for: Callable[[Room], str] | None = None
) -> RoundTables:
    """Return the stage's round's tables with their links, in table order: two queries
    (``stage`` with its event loaded; another stage's round of that number is not in it).

    ``link_for(table)`` returns the absolute address the table's QR code holds (the view
    knows the host it was asked on); without it the tables come with no link and no QR
    code drawn (a page that shows the QR code as an image, ``director-table-qr``). A
    match's tables are numbered by the match's place in the round (or the table the
    director moved it to: ``queries.event_tables.table_numbers``), both rooms alike.
    """
    event = stage.event
    matches = list(
        stage.matches.filter(round=round_number).select_related("home", "away").order_by("pk")
    )
    number = table_numbers(matches)
    matches.sort(key=lambda match: number[match.pk])
    by_pk = {match.pk: match for match in matches}
    for match in matches:
        match.event, match.stage = event, stage
    tables = Room.objects.filter(match__in=matches).order_by("match_id", "pk")
    links = []
    for table in sorted(tables, key=lambda t: (number[t.match_id], t.room != RoomChoice.OPEN)):
        table.match = by_pk[table.match_id]
        url = link_for(table) if link_for else ""
        label = table_label(number[table.match_id], table.room)
        qr = qr_svg(url, label) if url else mark_safe("")
        links.append(TableLink(table, number[table.match_id], url, qr))
    return RoundTables(event, round_number, matches, links, stage)
