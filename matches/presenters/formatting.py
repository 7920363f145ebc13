"""How numbers, contracts and cards are written on the pages: one place for all of them.

Plain functions over the scoring core's values; the template filters in
``templatetags/bridge.py`` are thin wrappers over these, and Python code building HTML
(the cross-table's cells) calls them directly.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.html import format_html
from django.utils.translation import gettext, pgettext

from matches.contract_words import MINUS, doubling_text
from matches.contract_words import contract_text as contract_text  # written for every layer
from matches.scoring import Card, Contract, Strain, format_result

SUIT_CLASS = {
    Strain.CLUBS: "suit-c",
    Strain.DIAMONDS: "suit-d",
    Strain.HEARTS: "suit-h",
    Strain.SPADES: "suit-s",
}


def format_vp(value) -> str:
    """Return VP as scales print them: whole numbers bare ("18"), others to two places."""
    if value is None:
        return "—"
    value = Decimal(value)
    return str(value.quantize(Decimal(1))) if value == value.to_integral() else f"{value:.2f}"


def signed(number: int) -> str:
    """Return a number with its sign, as scoresheets write differences: "+470", "−50" (a
    real minus sign, U+2212), "0". For the pages only: the files and feeds that programs
    read write their own numbers, with an ASCII hyphen ("-50")."""
    if not number:
        return "0"
    return f"+{number}" if number > 0 else f"{MINUS}{-number}"


def contract_html(contract: Contract | None):
    """Return the contract with a coloured suit symbol ("4♠X"; "4♠×" in Chinese)."""
    if contract is None:
        return ""
    if contract.is_pass:
        return gettext("Passed out")
    doubled = doubling_text(contract.doubling)
    if contract.strain is Strain.NOTRUMP:
        return format_html('{}<span class="nt">NT</span>{}', contract.level, doubled)
    return format_html(
        '{}<span class="suit {}">{}</span>{}',
        contract.level,
        SUIT_CLASS[contract.strain],
        contract.strain.symbol,
        doubled,
    )


def contract_text_html(text: str):
    """Return a stored contract ("4SX") with its coloured suit symbol."""
    return contract_html(Contract.parse(text))


def seat_letter(seat: str) -> str:
    """Return a seat in one letter: "N" / "北" (blank for none)."""
    return {
        "N": pgettext("seat, one letter", "N"),
        "E": pgettext("seat, one letter", "E"),
        "S": pgettext("seat, one letter", "S"),
        "W": pgettext("seat, one letter", "W"),
    }.get(seat or "", "")


def card_html(text: str | Card | None):
    """Return a card, or a stored one ("SQ", "HT"), with its coloured suit symbol ("♠Q",
    "♥10")."""
    if not text:
        return ""
    card = text if isinstance(text, Card) else Card.parse(text)
    rank = "10" if card.rank == "T" else card.rank
    return format_html(
        '<span class="suit {}">{}</span>{}', SUIT_CLASS[card.suit], card.suit.symbol, rank
    )


def formula_text(formula) -> str:
    """Return a worked score spaced as a printed table writes it ("4×60 + 200 + 50 = 990")."""
    text = str(formula)
    for sign in ("+", "=", "→"):
        text = text.replace(sign, f" {sign} ")
    return text


def part_text(part) -> str:
    """Return a part of a score as the seeds write it ("4×60 = 240", "-100")."""
    amount = str(abs(part.points))
    if part.formula == amount:
        return str(part.points)
    return f"{part.formula} = {part.points}"


def result_text(contract: Contract, tricks) -> str:
    """Return a result as the sheet writes it ("=", "+1", "-2"; blank when passed out)."""
    return format_result(contract, tricks)


def deal_result(deal: dict) -> str:
    """Return a stored deal's result as the sheet writes it ("=", "+1", "-2")."""
    return format_result(Contract.parse(deal["contract"]), deal["tricks"])
