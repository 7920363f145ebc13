"""Template filters: thin wrappers over the presentation modules.

Labels come from the choices in ``matches/choices.py``, the way numbers, contracts and
cards are written from ``matches/presenters/formatting.py``, and a match seen from one team's side
from ``matches/queries/scorecards.py``.
"""

from django import template
from django.utils.translation import gettext

from matches.auth import permissions
from matches.choices import (
    HistoryTypeChoice,
    PadEntryKindChoice,
    PartKindChoice,
    SeatChoice,
    SideChoice,
    TieBreakChoice,
    VulnerabilityChoice,
    VulnerabilityShortChoice,
)
from matches.presenters import formatting, scorecards, units, wall
from matches.presenters.standings_rows import standings_rows
from matches.queries.scorecards import team_side
from matches.queries.standings import quotient
from matches.scoring import board_dealer, board_vulnerability

register = template.Library()

register.filter("contract_html", formatting.contract_html)
register.filter("contract_text_html", formatting.contract_text_html)
register.filter("card_html", formatting.card_html)
register.filter("signed", formatting.signed)
register.filter("part_text", formatting.part_text)
register.filter("formula_text", formatting.formula_text)
register.filter("result_of", formatting.result_text)
register.filter("deal_result", formatting.deal_result)
register.filter("vp", formatting.format_vp)
register.filter("quotient", quotient)
register.filter("units", units.units_label)  # a stage's units: VP, BAM, W/L, Patton
register.simple_tag(wall.traveller_address, name="traveller_url")  # stage, round, board
register.simple_tag(scorecards.row_html, name="scorecard_row")  # match, row (kept rendered)
register.filter("sheet_units", units.sheet_units)  # a table sheet's points row; "" knockout
register.filter("sheet_counts_imps", units.sheet_counts_imps)  # its IMP columns; not BAM
register.filter("counts_boards", units.counts_boards)  # board points: BAM and Patton
register.filter("points", units.format_points)  # {{ value|points:stage }}
register.filter("directs", permissions.directs)  # {{ user|directs:event }}
register.filter("is_director", permissions.is_director)
register.filter("scoring", units.scoring_text)  # a stage's VP scale, or its method
register.filter("side_of", team_side)
register.filter("points_detail", lambda card: units.points_detail(card.match, card.result))
register.simple_tag(standings_rows)


def _label(choices, value) -> str:
    """Return the label of ``value`` among ``choices`` (blank for none or an unknown one)."""
    if value is None or value == "":
        return ""
    try:
        return choices(str(value)).label
    except ValueError:
        return ""


@register.filter
def seat_label(seat) -> str:
    """Return the translated name of a seat ("北" / "North")."""
    return _label(SeatChoice, seat)


@register.filter
def vulnerability_label(vulnerability) -> str:
    """Return the translated vulnerability ("南北有局" / "N-S vulnerable")."""
    return _label(VulnerabilityChoice, vulnerability)


@register.filter
def vulnerability_short(vulnerability) -> str:
    """Return the vulnerability as the printed sheet's column writes it (双无, 南北 …)."""
    return _label(VulnerabilityShortChoice, vulnerability)


@register.filter
def board_vulnerability_short(number: int) -> str:
    """Return a board number's vulnerability as the printed sheet writes it."""
    return vulnerability_short(board_vulnerability(number))


@register.filter
def board_dealer_label(number: int) -> str:
    """Return the translated dealer of a board number."""
    return seat_label(board_dealer(number))


@register.filter
def part_label(part) -> str:
    """Return the translated name of a part of a score, as the seeds name it."""
    if getattr(part, "redoubled", False):  # a duplicate ScorePart or a pad's entry
        return gettext("Bonus for making a redoubled contract")
    return _label(PartKindChoice, part.kind)


@register.filter
def entry_label(entry) -> str:
    """Return the translated name of an entry on a rubber or Chicago pad."""
    if str(entry.kind) in PadEntryKindChoice.values:
        return _label(PadEntryKindChoice, entry.kind)
    return part_label(entry)


@register.filter
def history_type_label(record) -> str:
    """Return what a history record did: entered, corrected or deleted."""
    return _label(HistoryTypeChoice, record.history_type) or record.history_type


@register.filter
def tie_break_label(decided_by) -> str:
    """Return which rule placed the team among those level on VP (blank: no tie)."""
    return _label(TieBreakChoice, decided_by)


@register.filter
def side_label(side) -> str:
    """Return a side's translated name: N-S, E-W, we (我方) or they (他方)."""
    return _label(SideChoice, side)


@register.filter
def room_result(result) -> str:
    """Return a saved result's result text ("=", "+1", "-2"), blank when passed out."""
    return result.result_text if result else ""


@register.filter
def absolute(number: int) -> int:
    """Return the number without its sign."""
    return abs(number)


@register.filter
def board_range(count: int) -> range:
    """Return the board numbers 1 to ``count``."""
    return range(1, int(count) + 1)


@register.filter
def at(sequence, index):
    """Return the item at ``index`` of a list."""
    return sequence[index]
