"""Seed 002 (桥牌计分规则): its worked examples and its 加分情况 / 罚分情况 tables.

- 计分举例 例一 … 例十六 (the same sixteen boards as seed 000, printed again here).
- the duplicate scores inside the 贴点 (point-count) examples, boards 1 to 4.
- 加分情况 (bonuses) and 罚分情况 (each undertrick), near the end of the seed.

Seed values are transcribed as printed (doubled "×", redoubled "××"). None of them
disagrees with the Laws (WBF 2017, Law 77), so OVERRIDES is empty; a value that did would
be named there with the reason, and the test would expect the Laws' value.
"""

import pytest

from matches.scoring import PartKind, board_vulnerability
from tests.scoring.seed_tables import (
    bonus_cases,
    evaluate,
    undertrick_cases,
    undertrick_cost,
    worked_examples,
)

# (source, cell) -> (printed, correct, why)
OVERRIDES = {}


# 计分举例: board, vulnerability, declarer, contract, result, side that scores, points,
# the seed's arithmetic.
EXAMPLES = """
1  双无 南 2S    +1 南北 140  2×30+30+50
2  南北 南 3S    -2 东西 200  100×2
3  东西 南 3NT   =  南北 400  40+2×30+300
4  双有 南 3C    -1 东西 100  100
5  南北 西 6D    =  东西 920  6×20+800
6  东西 西 7S    =  东西 2210 7×30+2000
7  双有 西 5D×   -1 南北 200  200
8  双无 西 6H×   -4 南北 800  100+200×2+300
9  东西 北 1D××  +3 南北 830  20×4+3×200+50+100
10 双有 北 2NT×× -2 东西 1000 （200+300）×2
11 双无 北 2H××  +2 南北 1040 2×30×4+200×2+300+100
12 南北 北 6NT×  +1 南北 1880 （40+5×30）×2+200+1250+50
13 双有 东 2NT×  +1 东西 890  （40+30）×2+200+500+50
14 双无 东 7C××  =  东西 1960 7×20×4+1300+100
15 南北 东 4H××  -3 南北 1000 （100+200×2）×2
16 东西 东 7NT×× =  东西 2980 （40+6×30）×4+2000+100
"""

# 贴点 examples (boards 1 to 4), the same layout ("罚100分" has no arithmetic).
POINT_COUNT_EXAMPLES = """
1  双无 北 2S    =  南北 110  2×30+50
2  南北 北 3C    -1 东西 100  100
3  东西 东 2D    +2 东西 130  2×20+2×20+50
4  双有 东 4H    =  东西 620  4×30+500
"""

# 加分情况: row, kinds of part that make it up, contracts made exactly that earn it,
# not vulnerable, vulnerable (as printed: "500+300=800" is slam bonus + game bonus).
BONUS_TABLE = [
    ("part-score", (PartKind.PART_SCORE,), "2C 3S 1NT", "50", "50"),
    ("game", (PartKind.GAME,), "3NT 4S 5D", "300", "500"),
    (
        "small slam",
        (PartKind.SMALL_SLAM, PartKind.GAME),
        "6D 6S 6NT",
        "500+300=800",
        "750+500=1250",
    ),
    (
        "grand slam",
        (PartKind.GRAND_SLAM, PartKind.GAME),
        "7C 7H 7NT",
        "1000+300=1300",
        "1500+500=2000",
    ),
    ("doubled", (PartKind.DOUBLED_MADE,), "1DX 4SX 6NTX", "50", "50"),
    ("redoubled", (PartKind.DOUBLED_MADE,), "1DXX 4SXX 6NTXX", "100", "100"),
]

# 罚分情况: row, the undertricks it covers, not vulnerable (—, X, XX), vulnerable (—, X, XX).
UNDERTRICK_TABLE = [
    ("first", (1,), "50 100 200 100 200 400"),
    ("second and third", (2, 3), "50 200 400 100 300 600"),
    ("fourth and later", tuple(range(4, 14)), "50 300 600 100 300 600"),
]

ALL_EXAMPLES = worked_examples(EXAMPLES, "002-ex") + worked_examples(
    POINT_COUNT_EXAMPLES, "002-tiedian-board"
)


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_scores_match_the_rules(example):
    assert example.declarer_score() == example.score


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_north_south_scores_match_the_rules(example):
    assert example.north_south_score() == example.north_south


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_boards_have_the_printed_vulnerability(example):
    assert board_vulnerability(example.board) == example.vulnerability


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_breakdowns_add_up_to_the_score(example):
    assert evaluate(example.formula) == abs(example.score)  # the seed's own arithmetic
    breakdown = example.breakdown()
    assert breakdown.total == example.score
    assert sum(part.points for part in breakdown.parts) == example.score


@pytest.mark.parametrize("bonus", bonus_cases(BONUS_TABLE, "002-bonus"))
def test_seed_bonus_table_cells_match_the_rules(bonus):
    assert sum(bonus.items) == bonus.total  # the seed's own arithmetic, e.g. 500+300=800
    assert bonus.points() == bonus.items
    assert bonus.total_points() == bonus.total


@pytest.mark.parametrize(
    ("contract", "down", "vulnerable", "want"),
    undertrick_cases(UNDERTRICK_TABLE, "H", "002-undertrick{down}-{doubling}-{vul}"),
)
def test_seed_each_undertrick_costs_what_the_table_says(contract, down, vulnerable, want):
    assert undertrick_cost(contract, down, vulnerable) == want
