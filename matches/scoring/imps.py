"""The WBF IMP scale (Law 78B; seed 000 表五, seed 002 section 八)."""

from __future__ import annotations

from bisect import bisect_right

# The lowest difference worth 1, 2, … 24 IMPs.
IMP_THRESHOLDS = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)


def imps(difference: int) -> int:
    """Return the IMPs for a score difference, signed like the difference."""
    won = bisect_right(IMP_THRESHOLDS, abs(difference))
    return won if difference >= 0 else -won


def imp_scale() -> list[tuple[int, int | None, int]]:
    """Return the scale as rows (lowest difference, highest or None, IMPs) for a page."""
    lows = (0, *IMP_THRESHOLDS)
    highs = tuple(low - 10 for low in IMP_THRESHOLDS) + (None,)
    return [(low, high, n) for n, (low, high) in enumerate(zip(lows, highs, strict=True))]
