"""What is wrong with an event's or a stage's VP scale: a published table that has no
column for the match's boards, or a director's table that is missing or is not a scale
(``matches.scoring.vp_tables``); each refusal beside the field it is about."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import VPScaleChoice

from .base import ActionError

PRINTED_BOARDS = _(
    "The printed 25-VP scale covers matches of 12, 16 or 20 boards, not %(boards)s; "
    "choose the WBF 2013 scale."
)
TABLE_BOARDS = _(
    "The ACBL's scales cover matches of 6 to 11 boards, not %(boards)s; choose the WBF 2013 scale."
)
NO_TABLE = _("Type the table: one band a line, such as “1-2 11 9”.")
# The faults of a typed table (``VPTableError.code``), each naming the line.
TABLE_FAULTS = {
    "format": _(
        "Line %(line)s is not a band: write the margins, then each team's VP, "
        "such as “1-2 11 9”; the last band “28+ 20 0”."
    ),
    "start": _("Line %(line)s: the table starts at a margin of 0."),
    "draw": _("Line %(line)s: a margin of 0 shares the VP equally."),
    "gap": _("Line %(line)s leaves out margins: each band starts one above the band before it."),
    "overlap": _("Line %(line)s starts inside the band before it."),
    "open": _("Line %(line)s: only the last band may be open (“28+”)."),
    "monotony": _(
        "Line %(line)s gives the winner fewer VP than a smaller margin: the VP "
        "may not fall as the margin grows."
    ),
    "sums": _("Line %(line)s: the two teams' VP add up to another total than a draw's."),
    "range": _("Line %(line)s: VP are 0 to 999."),
    "short": _("Line %(line)s: a scale needs at least one band for a win."),
    "too-long": _("Line %(line)s: a table has at most 60 bands."),
    "empty": _("Type the table: one band a line, such as “1-2 11 9”."),
}


def vp_scale_errors(scale, boards, table) -> list[ActionError]:
    """Return what is wrong with VP scale ``scale`` for matches of ``boards`` boards
    (None: not known), the director's ``table`` (stored rows, or typed text) for "custom".
    """
    errors: list[ActionError] = []
    if scale not in VPScaleChoice.values:
        return errors  # said beside the choice
    if scale == VPScaleChoice.CUSTOM:
        try:
            if isinstance(table, str):
                scoring.parse_vp_table(table)
            elif table:
                scoring.VPTable.from_stored(table)
            else:
                errors.append(ActionError(NO_TABLE, field="vp_table", code="vp_table"))
        except scoring.VPTableError as fault:
            message = TABLE_FAULTS.get(fault.code, TABLE_FAULTS["format"])
            errors.append(
                ActionError(message, field="vp_table", code="vp_table", params={"line": fault.line})
            )
        return errors
    covered = scoring.scale_boards(scale)
    if boards is not None and covered is not None and boards not in covered:
        message = PRINTED_BOARDS if scale == VPScaleChoice.PRINTED_25 else TABLE_BOARDS
        errors.append(
            ActionError(message, field="vp_scale", code="vp_scale", params={"boards": boards})
        )
    return errors


def stored_table(scale, table) -> list:
    """Return the table as stored: the rows of a typed one, [] for any other scale."""
    if scale != VPScaleChoice.CUSTOM or not table:
        return []
    if isinstance(table, str):
        return scoring.parse_vp_table(table).stored()
    return scoring.VPTable.from_stored(table).stored()
