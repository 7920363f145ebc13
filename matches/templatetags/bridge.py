"""Template filters that show scoring-core values the way a scoresheet prints them."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from matches.choices import PartKindChoice, SeatChoice, VulnerabilityChoice
from matches.permissions import is_director as _is_director
from matches.scoring import (
    Card,
    Contract,
    Strain,
    board_dealer,
    board_vulnerability,
    format_result,
)
from matches.tables import format_vp

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
        '{}<span class="suit {}">{}</span>{}',
        contract.level,
        _SUIT_CLASS[contract.strain],
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
def part_label(part) -> str:
    """Return the translated name of a part of a score, as the seeds name it."""
    if part.kind == PartKindChoice.DOUBLED_MADE and part.points == 100:
        return gettext("Bonus for making a redoubled contract")
    return PartKindChoice(part.kind).label


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


@register.filter
def is_director(user) -> bool:
    """Return True when the user may use the director pages."""
    return _is_director(user)


@register.filter
def card_html(text: str):
    """Return a stored card ("SQ", "HT") with its coloured suit symbol ("♠Q", "♥10")."""
    if not text:
        return ""
    card = Card.parse(text)
    rank = "10" if card.rank == "T" else card.rank
    return format_html(
        '<span class="suit {}">{}</span>{}',
        _SUIT_CLASS[card.suit],
        card.suit.symbol,
        rank,
    )


@register.filter
def room_result(result):
    """Return a saved result's result text ("=", "+1", "-2"), blank when passed out."""
    return result.result_text if result else ""


_VUL_SHORT = {
    "None": pgettext_lazy("vulnerability, short", "None"),
    "NS": pgettext_lazy("vulnerability, short", "N-S"),
    "EW": pgettext_lazy("vulnerability, short", "E-W"),
    "All": pgettext_lazy("vulnerability, short", "Both"),
}


@register.filter
def vulnerability_short(vulnerability) -> str:
    """Return the vulnerability as the printed sheet's column writes it (双无, 南北 …)."""
    return _VUL_SHORT[str(vulnerability)]


@register.filter
def absolute(number: int) -> int:
    """Return the number without its sign."""
    return abs(number)


@register.filter
def rooms(row) -> list:
    """Return a scorecard row's open-room and closed-room results, in that order."""
    return [row.open, row.closed]


_HISTORY_TYPES = {
    "+": pgettext_lazy("history", "entered"),
    "~": pgettext_lazy("history", "corrected"),
    "-": pgettext_lazy("history", "deleted"),
}


@register.filter
def history_type_label(record) -> str:
    """Return what a history record did: entered, corrected or deleted."""
    return _HISTORY_TYPES.get(record.history_type, record.history_type)


@register.filter
def vp(value) -> str:
    """Return VP as scales print them: whole numbers bare ("18"), others to two places."""
    if value is None:
        return "—"
    return format_vp(value)


@register.filter
def board_range(count: int) -> range:
    """Return the board numbers 1 to ``count``."""
    return range(1, int(count) + 1)


@register.filter
def quotient(value: float) -> str:
    """Return an IMP quotient to three places ("∞" when nothing was lost)."""
    return "∞" if value == float("inf") else f"{value:.3f}"


_TIE_BREAKS = {
    "head-to-head": gettext_lazy("VP between the tied teams"),
    "head-to-head-imps": gettext_lazy("IMPs between the tied teams"),
    "imp-quotient": gettext_lazy("IMP quotient"),
    "imp-difference": gettext_lazy("IMP difference"),
    "director": gettext_lazy("Director's decision"),
    "shared": gettext_lazy("Tied"),
}


@register.filter
def tie_break_label(decided_by) -> str:
    """Return which rule placed the team among those level on VP (blank: no tie)."""
    return _TIE_BREAKS.get(str(decided_by), "")


@register.filter
def opponent(match, team):
    """Return the other team of a match."""
    return match.away if match.home_id == team.pk else match.home


@register.filter
def opponent_id(match, team) -> int:
    """Return the other team's id."""
    return match.away_id if match.home_id == team.pk else match.home_id


@register.filter
def team_vp(match, team):
    """Return the VP a team scored in a match (None before any board is complete)."""
    return match.home_vp if match.home_id == team.pk else match.away_vp


@register.filter
def team_imps(match, team) -> str:
    """Return "won : lost" IMPs from a team's side."""
    if match.home_id == team.pk:
        return f"{match.home_imps} : {match.away_imps}"
    return f"{match.away_imps} : {match.home_imps}"


@register.filter
def board_rooms(board) -> list:
    """Return a board's open-room and closed-room results, in that order."""
    return [board.result_in("open"), board.result_in("closed")]


@register.filter
def at(sequence, index):
    """Return the item at ``index`` of a list."""
    return sequence[index]


@register.filter
def board_vulnerability_short(number: int) -> str:
    """Return a board number's vulnerability as the printed sheet writes it (双无 …)."""
    return vulnerability_short(board_vulnerability(number))


@register.filter
def board_dealer_label(number: int) -> str:
    """Return the translated dealer of a board number."""
    return seat_label(board_dealer(number))


@register.filter
def result_of(contract, tricks) -> str:
    """Return a result as the sheet writes it ("=", "+1", "-2"; blank when passed out)."""
    return format_result(contract, tricks)


_SIDES = {
    "NS": pgettext_lazy("side", "N-S"),
    "EW": pgettext_lazy("side", "E-W"),
    "WE": pgettext_lazy("side", "We"),
    "THEY": pgettext_lazy("side", "They"),
}


@register.filter
def side_label(side) -> str:
    """Return a side's translated name: N-S, E-W, we (我方) or they (他方)."""
    return _SIDES.get(str(side), "") if side else ""


_ENTRY_KINDS = {
    "honours": gettext_lazy("Honours"),
    "rubber": gettext_lazy("Rubber bonus"),
    "unfinished-game": gettext_lazy("Game in an unfinished rubber"),
    "unfinished-part-score": gettext_lazy("Part-score in an unfinished game"),
    "game": gettext_lazy("Game bonus"),
    "part-score": gettext_lazy("Part-score left after deal 4"),
}


@register.filter
def entry_label(entry) -> str:
    """Return the translated name of an entry on a rubber or Chicago pad."""
    kind = str(entry.kind)
    if kind in _ENTRY_KINDS:
        return _ENTRY_KINDS[kind]
    if kind == "doubled-made" and entry.points == 100:
        return gettext("Bonus for making a redoubled contract")
    return PartKindChoice(kind).label


@register.filter
def contract_text_html(text: str):
    """Return a stored contract ("4SX") with its coloured suit symbol."""
    return contract_html(Contract.parse(text))


@register.filter
def deal_result(deal: dict) -> str:
    """Return a stored deal's result as the sheet writes it ("=", "+1", "-2")."""
    return format_result(Contract.parse(deal["contract"]), deal["tricks"])
