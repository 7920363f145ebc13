"""Hand records as the pages show them: the diagram, the double-dummy table and par.

Presentation only: labels in the user's language, suits as symbols with their colour,
the rows of the double-dummy table and par in words. The templates
(``matches/_hand_diagram.html``, ``matches/_double_dummy.html``) are thin over these.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import gettext as _

from matches.choices import SeatChoice, VulnerabilityChoice
from matches.models import Deal
from matches.queries import fair_play
from matches.scoring import Seat, Side, Strain, imps
from matches.scoring.deals import SUITS
from matches.scoring.double_dummy import Analysis, ParContract

from .formatting import SUIT_CLASS, doubling_text, signed

# The double-dummy table's columns, as hand records print them.
TABLE_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
TABLE_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


def suit_name(strain: Strain) -> str:
    return {
        Strain.SPADES: _("spades"),
        Strain.HEARTS: _("hearts"),
        Strain.DIAMONDS: _("diamonds"),
        Strain.CLUBS: _("clubs"),
        Strain.NOTRUMP: _("notrump"),
    }[strain]


@dataclass(frozen=True)
class SuitLine:
    strain: Strain
    symbol: str
    css: str
    name: str
    cards: str  # "A K 10 3", or "—" for a void


@dataclass(frozen=True)
class HandView:
    seat: Seat
    label: str
    vulnerable: bool
    dealer: bool
    suits: list[SuitLine]
    points: int


@dataclass(frozen=True)
class DiagramView:
    board: int
    dealer: str
    vulnerability: str
    north: HandView
    east: HandView
    south: HandView
    west: HandView


@dataclass(frozen=True)
class TableRow:
    seat: Seat
    label: str
    tricks: list[int]


def _cards(ranks: str) -> str:
    return " ".join("10" if rank == "T" else rank for rank in ranks) or "—"


def diagram(deal) -> DiagramView:
    """Return the four hands of a stored deal around its board, as the diagram shows them."""
    hands = deal.hands
    vulnerability = deal.vulnerability

    def view(seat: Seat) -> HandView:
        hand = hands.hand(seat)
        return HandView(
            seat=seat,
            label=str(SeatChoice(seat).label),
            vulnerable=vulnerability.is_vulnerable(seat),
            dealer=seat is deal.dealer,
            suits=[
                SuitLine(strain, strain.symbol, SUIT_CLASS[strain], suit_name(strain), _cards(r))
                for strain, r in hand.suits
            ],
            points=hand.high_card_points,
        )

    return DiagramView(
        board=deal.board,
        dealer=str(SeatChoice(deal.dealer).label),
        vulnerability=str(VulnerabilityChoice(vulnerability).label),
        north=view(Seat.NORTH),
        east=view(Seat.EAST),
        south=view(Seat.SOUTH),
        west=view(Seat.WEST),
    )


def table_rows(analysis: Analysis) -> list[TableRow]:
    """Return the double-dummy table: tricks for each declarer (N, S, E, W) in each strain."""
    return [
        TableRow(
            seat,
            str(SeatChoice(seat).label),
            [analysis.tricks_for(seat, strain) for strain in TABLE_STRAINS],
        )
        for seat in TABLE_SEATS
    ]


def table_headers() -> list[tuple[str, str, str]]:
    """Return the table's columns as (symbol, css class, name)."""
    return [(s.symbol, SUIT_CLASS.get(s, "nt"), suit_name(s)) for s in TABLE_STRAINS]


@dataclass(frozen=True)
class ParLine:
    """Par contracts declared by one side, with their result, in the user's language."""

    contract: ParContract
    declarers: str  # "北/南"


def par_lines(analysis: Analysis) -> list[ParLine]:
    """Return the par contracts, a contract both partners make written once (4♠ N/S)."""
    lines: list[ParLine] = []
    grouped: dict = {}
    for contract in analysis.par_contracts:
        key = (contract.contract, contract.result, contract.declarer.side)
        grouped.setdefault(key, []).append(contract)
    for contracts in grouped.values():
        seats = "/".join(str(SeatChoice(c.declarer).label) for c in contracts)
        lines.append(ParLine(contracts[0], seats))
    return lines


def par_score_text(analysis: Analysis) -> str:
    """Return par's score from the side that scores it ("N-S +420", "E-W +1520", "0")."""
    score = analysis.par_score
    if score == 0:
        return "0"
    side = Side.NS if score > 0 else Side.EW
    label = _("N-S") if side is Side.NS else _("E-W")
    return f"{label} +{abs(score)}"


def against_par(ns_score: int, analysis: Analysis) -> int:
    """Return North-South's IMPs for a result against par (positive: better than par)."""
    return imps(ns_score - analysis.par_score)


def hand_record(deal) -> dict:
    """Return everything one board's hand record shows, for the partial templates."""
    analysis = deal.analysed
    return {
        "deal": deal,
        "diagram": diagram(deal),
        "headers": table_headers(),
        "rows": table_rows(analysis),
        "par": par_lines(analysis),
        "par_score": par_score_text(analysis),
        "analysis": analysis,
    }


__all__ = [
    "SUITS",
    "against_par",
    "diagram",
    "hand_record",
    "par_lines",
    "public_hand_record",
    "table_rows",
]


def par_line_html(line: ParLine):
    """Return a par line as HTML: "4♠ 北/南", "5♥× 东/西 −2"."""
    contract = line.contract.contract
    doubling = doubling_text(contract.doubling)
    if contract.strain is Strain.NOTRUMP:
        strain = format_html('<span class="nt">{}</span>', "NT")
    else:
        strain = format_html(
            '<span class="suit {}">{}</span>', SUIT_CLASS[contract.strain], contract.strain.symbol
        )
    result = f" {signed(line.contract.result)}" if line.contract.result else ""
    return format_html("{}{}{} {}{}", contract.level, strain, doubling, line.declarers, result)


def match_hand_records(match) -> list[dict]:
    """Return the hand record of each board of a match's round that has a deal, as the
    viewer may see it (``public_hand_record``)."""
    return [public_hand_record(deal) for deal in Deal.objects.for_match(match)]


@dataclass(frozen=True)
class HiddenDeal:
    """A board whose hands are not yet public: its number, and nothing of its cards."""

    board: int
    round: int


def public_hand_record(deal) -> dict:
    """Return a board's hand record as the viewer may see it: while its hands are not yet
    public, only its number (``hidden``); a director sees it ``marked`` not yet public."""
    state = fair_play.hands_state(deal)
    if state == "hidden":
        return {"deal": HiddenDeal(deal.board, deal.round), "hidden": True}
    return {**hand_record(deal), "marked": state == "marked"}
