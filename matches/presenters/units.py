"""The units a stage's points are written in: VP, board-a-match (BAM), win/loss (W/L) or
Patton, each with its short label and its way of writing a number.

A page, feed or export shows a match's points as its stage scores them (the stage's
method: matches/scoring/methods.py): "VP 15.37 : 4.63", "BAM 9½ : 6½", "W/L 1 : 0";
never VP where there are none. Template filters (``templatetags/bridge.py``) wrap these.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext

from matches.choices import KnockoutDecidedByChoice, ScoringMethodChoice, VPScaleChoice
from matches.queries.units import LABELS, method_of, units_label
from matches.scoring import (
    BOARD_METHODS,
    Method,
    aggregate_points,
    board_a_match,
    board_record,
)

from .formatting import format_vp


def sheet_units(stage) -> str:
    """Return the units a blank table sheet has a row for under its IMP rows: "VP", "BAM",
    "W/L" or "Patton"; "" in a knockout, whose matches are won on IMPs (with the
    carry-over) and give no points."""
    method = method_of(stage)
    return "" if method is Method.IMPS else str(LABELS[method])


def sheet_counts_imps(stage) -> bool:
    """Return True when a blank table sheet has IMP columns: every method but board-a-match,
    whose boards are compared on their scores alone (1, ½ or 0 a board)."""
    return method_of(stage) is not Method.BOARD_A_MATCH


def counts_boards(stage) -> bool:
    """Return True when the stage gives points board by board (board-a-match, Patton)."""
    return method_of(stage) in BOARD_METHODS


def scoring_text(stage) -> str:
    """Return how a stage scores, for its page's heading: the VP scale for IMPs → VP, what
    decides a knockout's match (never a VP scale: its matches have none), else the method
    ("Board-a-match", "Win/loss", …)."""
    method = method_of(stage)
    if stage.is_knockout:
        return str(KnockoutDecidedByChoice(stage.decided_by).label)
    if method is Method.IMPS_VP:
        return str(VPScaleChoice(stage.settings.vp_scale).label)
    return str(ScoringMethodChoice(method.value).label)


def halves(value) -> str:
    """Return points as board-a-match writes them: "9½", "½", "10"; hundredths else."""
    value = Decimal(value)
    whole = value.to_integral_value(rounding="ROUND_FLOOR")
    if value == whole:
        return str(int(whole))
    if value - whole == Decimal("0.5"):
        return f"{int(whole)}½" if whole else "½"
    return f"{value:.2f}"


def format_points(value, stage=None) -> str:
    """Return a match's or a team's points in the stage's units ("—" for none)."""
    if value is None:
        return "—"
    if method_of(stage) in (Method.IMPS_VP, Method.IMPS):
        return format_vp(value)
    return halves(value)


def points_pair(home, away, stage=None) -> str:
    """Return a match's result in its stage's units: "BAM 9½ : 6½", "VP 15.37 : 4.63"."""
    if home is None or away is None:
        return "—"
    return f"{units_label(stage)} {format_points(home, stage)} : {format_points(away, stage)}"


def points_detail(match, result) -> str:
    """Return where a board-a-match or Patton match's points come from, for its scorecard
    ("Home team's boards: 1 won, 1 level, 1 lost"; Patton: the boards' points and the
    aggregate's); "" for the other methods, and before a board is complete or a forfeit."""
    rules = match.stage.method_rules()
    if rules.method not in (Method.BOARD_A_MATCH, Method.PATTON) or result.vp is None:
        return ""
    if result.forfeit or not result.totals.complete_boards:
        return ""
    won, tied, lost = board_record(result.boards)
    text = gettext("Home team's boards: %(won)s won, %(tied)s level, %(lost)s lost") % {
        "won": won,
        "tied": tied,
        "lost": lost,
    }
    if rules.method is Method.PATTON:
        settings = match.settings
        boards = board_a_match(result.boards, rules.board_scale)
        margins = (result.home_margin, result.away_margin)
        aggregate = aggregate_points(rules, margins, settings.boards_per_match, settings.vp_rule)
        text += gettext("; board points %(boards)s, IMP aggregate %(aggregate)s") % {
            "boards": " : ".join(halves(p) for p in boards),
            "aggregate": " : ".join(halves(p) for p in aggregate),
        }
    return text
