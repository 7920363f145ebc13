"""Template filters for hand records: thin wrappers over ``matches/presenters/hand_records.py``."""

from django import template

from matches.presenters import formatting, hand_records

register = template.Library()


@register.filter
def vs_par(ns_score, analysis) -> str:
    """Return North-South's IMPs for a score against par, signed ("+3", "0", "−5")."""
    if analysis is None or ns_score is None:
        return ""
    won = hand_records.against_par(ns_score, analysis)
    return formatting.signed(won)


@register.filter
def par_contract_html(line) -> str:
    """Return a par line as the page shows it: the contract with its suit symbol, by whom."""
    return hand_records.par_line_html(line)
