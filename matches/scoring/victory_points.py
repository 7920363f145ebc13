"""Victory points: a team match's IMP margin turned into VP for each team.

Two scales, named by the value users and settings store:

``printed-25``
    The 25-VP scale printed on the team scoresheet (seed 002, section 一, the VP
    table after the IMP table), for 12, 16 and 20 boards only. A draw is 15:15 and
    the winner gains a VP per column up to 25:5; past that the loser loses a VP per
    column down to 25:0. The sheet prints the 25:5, 25:3 and 25:1 columns and leaves
    out 25:4, 25:2 and 25:0; those fill the gaps between the printed IMP ranges.
    Note that the two teams' VP add up to 30 for most results, not 25: 25 is the
    most one team can score.

``wbf-2013``
    The WBF continuous 20-VP scale of 2013 for any number of boards, to two
    decimals; the two teams' VP always add up to 20.00. See ``wbf_2013_table``.

``acbl-20``, ``acbl-30``
    Published tables (``vp_tables.PUBLISHED``), each for the board counts it names.

``custom``
    A table the director typed in (``vp_tables.VPTable``): every function here takes
    the table itself in place of the scale's name.
"""

from __future__ import annotations

import enum
import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import lru_cache
from typing import NamedTuple

from .vp_tables import PUBLISHED, VPTable


class VPScale(enum.StrEnum):
    """A VP scale; the values are what users and settings store."""

    PRINTED_25 = "printed-25"
    WBF_2013 = "wbf-2013"
    ACBL_20 = "acbl-20"
    ACBL_30 = "acbl-30"
    CUSTOM = "custom"  # the director's table (``vp_tables.VPTable``)


class VPScaleError(ValueError):
    """A scale that does not exist, or a board count it does not cover.

    ``code`` names the fault for translated messages: "unknown-scale", "boards".
    """

    def __init__(self, message: str, code: str = "boards") -> None:
        super().__init__(message)
        self.code = code


class VPBand(NamedTuple):
    """One column of the printed scale: IMP margins ``low`` to ``high`` (None: and more)."""

    low: int
    high: int | None
    winner: int
    loser: int
    printed: bool  # False for the 25:4, 25:2 and 25:0 columns the sheet leaves out


# Seed 002 section 一: the highest IMP margin of each column, 15:15 first, then 16:14, …,
# 25:5, 25:4, 25:3, 25:2, 25:1; a bigger margin is 25:0. The 25:4 and 25:2 columns (the
# 12th and 14th) and 25:0 are not printed: their ranges are the gaps the sheet leaves.
PRINTED_25_HIGHS = {
    12: (1, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 61),
    16: (2, 7, 11, 15, 19, 23, 27, 31, 36, 41, 46, 52, 58, 64, 71),
    20: (2, 8, 12, 16, 21, 26, 31, 36, 41, 47, 53, 59, 65, 72, 79),
}
PRINTED_25_BOARDS = tuple(PRINTED_25_HIGHS)
_UNPRINTED_COLUMNS = (11, 13, 15)  # 25:4, 25:2, 25:0

_TOTALS = {VPScale.PRINTED_25: 25, VPScale.WBF_2013: 20, VPScale.ACBL_20: 20, VPScale.ACBL_30: 30}
Scale = VPScale | str | VPTable
_WBF_TOTAL = Decimal("20.00")
_HUNDREDTH = Decimal("0.01")


def _scale(scale: Scale) -> VPScale:
    if isinstance(scale, VPTable):
        return VPScale.CUSTOM
    try:
        return VPScale(scale)
    except ValueError:
        names = " or ".join(f'"{s.value}"' for s in VPScale)
        raise VPScaleError(f"unknown VP scale {scale!r}; use {names}", "unknown-scale") from None


def _check_int(value: int, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number: {value!r}")
    return value


def scale_total(scale: Scale) -> int | Decimal:
    """Return the most VP one team can score: 25 on printed-25, 20 on wbf-2013, 30 on
    acbl-30, a typed table's top.

    On wbf-2013 the two teams' VP always add up to this; on printed-25 they add up to
    30 for a draw or a close match, falling to 25 only for the biggest margins.
    """
    if isinstance(scale, VPTable):
        return scale.total
    name = _scale(scale)
    if name is VPScale.CUSTOM:
        raise VPScaleError("the director's scale has no table yet", "no-table")
    return _TOTALS[name]


def published_table(scale: Scale, boards: int) -> VPTable:
    """Return the table a published scale (acbl-20, acbl-30) has for ``boards``, or a
    typed table itself; raise VPScaleError for a board count it does not cover."""
    if isinstance(scale, VPTable):
        return scale
    name = _scale(scale)
    _check_int(boards, "the number of boards")
    try:
        return PUBLISHED[name.value][boards]
    except KeyError:
        covered = sorted(PUBLISHED.get(name.value, {}))
        span = f"{covered[0]} to {covered[-1]}" if covered else "no"
        raise VPScaleError(f"the {name.value} scale covers {span} boards, not {boards}") from None


def scale_boards(scale: Scale) -> tuple[int, ...] | None:
    """Return the board counts a scale covers; None for any number of boards."""
    name = _scale(scale)
    if name is VPScale.PRINTED_25:
        return PRINTED_25_BOARDS
    if name.value in PUBLISHED:
        return tuple(sorted(PUBLISHED[name.value]))
    return None


def printed_25_table(boards: int) -> list[VPBand]:
    """Return the printed 25-VP scale for 12, 16 or 20 boards, one band per column.

    The bands run from 15:15 to 25:0 and include the 25:4, 25:2 and 25:0 columns that
    the sheet leaves out (``printed`` is False for those).
    """
    highs = _printed_highs(boards)
    bands = []
    low = 0
    for column, high in enumerate((*highs, None)):
        bands.append(VPBand(low, high, *_printed_split(column), column not in _UNPRINTED_COLUMNS))
        if high is not None:
            low = high + 1
    return bands


def _printed_split(column: int) -> tuple[int, int]:
    # Column 0 is 15:15; the winner gains one VP a column up to 25, the loser loses one.
    return min(25, 15 + column), 15 - column


def _printed_highs(boards: int) -> tuple[int, ...]:
    _check_int(boards, "the number of boards")
    try:
        return PRINTED_25_HIGHS[boards]
    except KeyError:
        raise VPScaleError(
            f"the printed 25-VP scale covers 12, 16 and 20 boards, not {boards}"
        ) from None


def wbf_2013_table(boards: int) -> list[Decimal]:
    """Return the winner's VP on the WBF 2013 scale for IMP margins 0, 1, … up to 20.00.

    The last entry is the first margin worth 20.00 (at most B, below, rounded up); any
    bigger margin is worth 20.00 too. The loser scores 20.00 minus the winner's VP.

    With τ = (√5 - 1)/2 and the blitz margin B = 15·√N for N boards, a margin of M IMPs
    is worth 10 + 10·(1 - τ^(3M/B))/(1 - τ³) VP, and 20 from M ≥ B (the WBF Scoring
    Panel's technical report "The New WBF IMP to VP Scales", 2013). Each value is
    rounded half up to two decimals. Rounding can make one IMP worth more than the IMP
    before it, which the scale forbids (its steps must never grow), so the rounded
    values are then corrected: wherever the step into margin M+1 is bigger than the
    step into M, the value at M goes up by 0.01, repeated until no step grows. The
    report's own wording of this correction could not be found; this is the method of
    public implementations of the scale (for example gist.github.com/defiant/6360045,
    2013), and it reproduces published tables exactly: 8 boards (10.00, 10.44, 10.86,
    …, 19.62, 19.74, 19.85, 19.95, 20.00 at 43) and 12 boards (10.00, 10.36, 10.71, …,
    19.02 at 42, 19.24 at 44, 19.74 at 49, 20.00 at 52). Plain rounding would give
    19.73, 19.01, 19.23 and 19.73 at those margins. The order the corrections are made
    in (from the top, from the bottom, first fault first) does not change the result
    for 1 to 400 boards.
    """
    return [Decimal(h).scaleb(-2) for h in _wbf_hundredths(_wbf_boards(boards))]


def _wbf_boards(boards: int) -> int:
    _check_int(boards, "the number of boards")
    if boards < 1:
        raise VPScaleError(f"the WBF 2013 scale needs at least 1 board, not {boards}")
    return boards


@lru_cache(maxsize=64)
def _wbf_hundredths(boards: int) -> tuple[int, ...]:
    # Decimal at 50 digits: the same table on every platform, and far from any tie.
    with localcontext() as context:
        context.prec = 50
        tau = (Decimal(5).sqrt() - 1) / 2
        ln_tau = tau.ln()
        denominator = 1 - tau**3
        blitz = 15 * Decimal(boards).sqrt()
        values = []
        for margin in range(math.ceil(blitz) + 1):
            if margin >= blitz:
                values.append(2000)
                continue
            vp = 10 + 10 * (1 - (3 * margin / blitz * ln_tau).exp()) / denominator
            values.append(int((vp * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)))
    _make_concave(values)
    # For some board counts the margin just short of B already rounds to 20.00.
    return tuple(values[: values.index(2000) + 1])


def _make_concave(values: list[int]) -> None:
    changed = True
    while changed:
        changed = False
        for m in range(1, len(values) - 1):
            if values[m + 1] - values[m] > values[m] - values[m - 1]:
                values[m] += 1
                changed = True


def victory_points(
    imp_margin: int, boards: int, scale: Scale
) -> tuple[int | Decimal, int | Decimal]:
    """Return (home_vp, away_vp) for a match the home team won by imp_margin IMPs.

    A negative margin is a home loss: the away team gets the bigger share. printed-25
    gives whole numbers; wbf-2013 gives Decimals to 0.01 that add up to 20.00; a table
    (acbl-20, acbl-30, a typed one) the VP it has for the margin.
    """
    margin = _check_int(imp_margin, "an IMP margin")
    _check_int(boards, "the number of boards")
    won = abs(margin)
    name = _scale(scale)
    if name is VPScale.CUSTOM and not isinstance(scale, VPTable):
        raise VPScaleError("the director's scale has no table yet", "no-table")
    winner: int | Decimal
    loser: int | Decimal
    if name in (VPScale.ACBL_20, VPScale.ACBL_30, VPScale.CUSTOM):
        winner, loser = published_table(scale, boards).split(won)
    elif name is VPScale.PRINTED_25:
        highs = _printed_highs(boards)
        column = next((c for c, high in enumerate(highs) if won <= high), len(highs))
        winner, loser = _printed_split(column)
    else:
        hundredths = _wbf_hundredths(_wbf_boards(boards))
        winner = Decimal(hundredths[min(won, len(hundredths) - 1)]).scaleb(-2)
        loser = _WBF_TOTAL - winner
        winner, loser = winner.quantize(_HUNDREDTH), loser.quantize(_HUNDREDTH)
    return (winner, loser) if margin >= 0 else (loser, winner)
