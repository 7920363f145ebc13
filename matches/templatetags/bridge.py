"""Template filters that show scoring-core values the way a scoresheet prints them."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from matches.choices import PartKindChoice, SeatChoice, VulnerabilityChoice
from matches.scoring import Contract, Strain

register = template.Library()

_SUIT_CLASS = {
    Strain.CLUBS: "suit-c",
    Strain.DIAMONDS: "suit-d",
    Strain.HEARTS: "suit-h",
    Strain.SPADES: "suit-s",
}


@register.filter
def contract_html(contract: Contract | None):
    """Return the contract with a coloured suit symbol ("4♠X")."""
    if contract is None:
        return ""
    if contract.is_pass:
        return gettext("Passed out")
    if contract.strain is Strain.NOTRUMP:
        return format_html(
            '{}<span class="nt">NT</span>{}', contract.level, contract.doubling.value
        )
    return format_html(
        '{}<span class="suit {}" aria-label="{}">{}</span>{}',
        contract.level,
        _SUIT_CLASS[contract.strain],
        contract.strain.value,
        contract.strain.symbol,
        contract.doubling.value,
    )


@register.filter
def seat_label(seat) -> str:
    """Return the translated name of a seat ("北" / "North")."""
    return SeatChoice(seat).label if seat else ""


@register.filter
def vulnerability_label(vulnerability) -> str:
    """Return the translated vulnerability ("南北有局" / "N-S vulnerable")."""
    return VulnerabilityChoice(vulnerability).label


@register.filter
def part_label(kind) -> str:
    """Return the translated name of a part of a score."""
    return PartKindChoice(kind).label


@register.filter
def signed(number: int) -> str:
    """Return a number with its sign, as scoresheets write differences ("+470", "-50", "0")."""
    return f"{number:+d}" if number else "0"


@register.filter
def part_text(part) -> str:
    """Return a part of a score as the seeds write it ("4×60 = 240", "-100")."""
    amount = str(abs(part.points))
    if part.formula == amount:
        return str(part.points)
    return f"{part.formula} = {part.points}"
