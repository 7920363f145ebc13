"""The units a stage's points are counted in, as the pages, feeds and files name them:
VP, board-a-match (BAM), win/loss (W/L) or Patton (``presenters/units.py`` writes their
numbers for the pages)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from matches.scoring import Method

LABELS = {
    Method.IMPS_VP: "VP",
    Method.IMPS: "VP",
    Method.BOARD_A_MATCH: pgettext_lazy("units", "BAM"),
    Method.WIN_LOSS: pgettext_lazy("units", "W/L"),
    Method.PATTON: pgettext_lazy("units", "Patton"),
}
# The units as the JSON feeds and the files name them: plain, never translated.
CODES = {
    Method.IMPS_VP: "vp",
    Method.IMPS: "vp",
    Method.BOARD_A_MATCH: "board-points",
    Method.WIN_LOSS: "match-points",
    Method.PATTON: "patton-points",
}


def method_of(stage) -> Method:
    """Return the stage's method (IMPs → VP when there is no stage: an event's page)."""
    if stage is None or stage == "":
        return Method.IMPS_VP
    return stage.method_rules().method


def units_label(stage) -> str:
    """Return the short name of the stage's units: "VP", "BAM", "W/L" or "Patton"."""
    return str(LABELS[method_of(stage)])


def units_code(stage) -> str:
    """Return the stage's units as the feeds name them: "vp", "board-points", …"""
    return CODES[method_of(stage)]
