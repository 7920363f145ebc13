"""Seed 002 (桥牌计分规则): its two IMP tables, checked against the WBF IMP scale (Law 78B).

- 八 桥牌记分方法（IMP国际分）: each row's range of differences (分差) and its IMPs.
- 一 the scoresheet's IMP strip: the lowest difference (分差) worth 1 … 24 IMPs.

Each printed row is checked at both ends of its range and for both signs (a difference
the other way costs the same IMPs). Both tables agree with Law 78B, so OVERRIDES is
empty; a cell that did not would be named there with the reason.
"""

import pytest

from matches.scoring import imps
from tests.scoring.seed_tables import BOTH_SIGNS, imp_range_cases

# (source, cell) -> (printed, correct, why)
OVERRIDES = {}

# 八, as printed: low-high (4000及以上 written "4000-up") then IMPs, column by column.
SECTION_8 = """
0-10 0        370-420 9     1750-1990 18
20-40 1       430-490 10    2000-2240 19
50-80 2       500-590 11    2250-2490 20
90-120 3      600-740 12    2500-2990 21
130-160 4     750-890 13    3000-3490 22
170-210 5     900-1090 14   3500-3990 23
220-260 6     1100-1290 15  4000-up 24
270-310 7     1300-1490 16
320-360 8     1500-1740 17
"""

# 一, as printed: IMP row, then 分差 row (the lowest difference for that many IMPs).
SECTION_1 = """
1  2  3   4   5   6   7   8   9   10  11  12
20 50 90 130 170 220 270 320 370 430 500 600
13  14  15   16   17   18   19   20   21   22   23   24
750 900 1100 1300 1500 1750 2000 2250 2500 3000 3500 4000
"""

LARGEST_DIFFERENCE = 15_200  # the most two tables can differ by: +7600 v −7600 (7NTXX −13 vul)


def section_8_ranges():
    """The (low, high, IMPs) of 八, printed "low-high IMPs"."""
    words = SECTION_8.split()
    return [(*ends.split("-"), won) for ends, won in zip(words[0::2], words[1::2], strict=True)]


@pytest.mark.parametrize(
    ("difference", "want"), imp_range_cases(section_8_ranges(), "002-sec8", LARGEST_DIFFERENCE)
)
def test_seed_imp_table_rows_match_the_scale(difference, want):
    assert imps(difference) == want


def section_1_cases():
    lines = SECTION_1.strip().splitlines()
    for imp_line, low_line in zip(lines[0::2], lines[1::2], strict=True):
        for won, low in zip(map(int, imp_line.split()), map(int, low_line.split()), strict=True):
            for sign, name in BOTH_SIGNS:
                case_id = f"002-sec1-{won}imps-from-{low}{name}"
                yield pytest.param(sign * low, sign * won, id=case_id)


@pytest.mark.parametrize(("difference", "want"), list(section_1_cases()))
def test_seed_scoresheet_imp_strip_gives_the_lowest_difference_for_each_imp(difference, want):
    assert imps(difference) == want
    # 10 less is one IMP less: scores move in tens, so this is where the row starts.
    step = 10 if difference > 0 else -10
    assert imps(difference - step) == want - (1 if want > 0 else -1)
