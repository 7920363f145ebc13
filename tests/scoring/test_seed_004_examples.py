"""Seed 004 (a PTT post on bridge scoring): every worked example, checked against Law 77.

The post writes 身价 for vulnerability, 蹬 for tricks, 倒约 for going down, 赌倍 for doubled.
- the opening example (2S +0 = 110, 3C -1 = -100, both vulnerable);
- 一、牌蹬分数: trick points (contract tricks plus undoubled overtricks);
- 二、奖励分数: trick points plus bonuses;
- 三、倒约: undoubled undertricks;
- 四（一）: the doubled-undertrick table (redoubled: "左列各项得分再×2") and its formulas;
- 四（二）: the contract points of doubled contracts, and 例一 … 例四 item by item.

All of them agree with the Laws (WBF 2017, Law 77), so OVERRIDES is empty; a value that
did not would be named there with the reason, and the test would expect the Laws' value.
"""

import re

import pytest

from matches.scoring import Contract, PartKind, duplicate_score, score_breakdown
from tests.scoring.seed_tables import evaluate, parts_of, rows

# (source, cell) -> (printed, correct, why)
OVERRIDES = {}

# 牌蹬分数 examples: contract and result, the post's arithmetic, points.
TRICK_POINTS = """
2S+2  4×30        120
3C    3×20        60
4H    4×30        120
5C+1  6×20        120
3NT   (1×40)+(2×30) 100
6D    6×20        120
7S    7×30        210
"""

# Scores as the post writes them: contract and result, vulnerability (无身价, 有身价, or
# "-" where the post says nothing: the score is then the same either way), who scores
# (庄家 declarer, 防家 defenders), the post's arithmetic ("-" for none), points.
SCORES = """
2S+0  有身价 庄家 -                 110
3C-1  有身价 庄家 -                 -100
2S+2  -      庄家 4×30+50           170
3C+0  -      庄家 3×20+50           110
4H+0  无身价 庄家 4×30+300          420
5C+1  无身价 庄家 6×20+300          420
3NT+0 无身价 庄家 1×40+2×30+300     400
6D+0  无身价 庄家 6×20+300+500      920
7S+0  无身价 庄家 7×30+300+1000     1510
1NT-2 无身价 防家 2×50              100
1NT-2 有身价 防家 2×100             200
4H-5  无身价 防家 5×50              250
"""

# 赌倍的合约倒约罚分表: tricks down 1 … 7, not vulnerable, vulnerable; redoubled: twice these.
DOUBLED_PENALTIES = {
    "无身价": [100, 300, 500, 800, 1100, 1400, 1700],
    "有身价": [200, 500, 800, 1100, 1400, 1700, 2000],
}

# 赌倍的合约作成 statements: contract, contract points (合约分数), game bonus or not.
DOUBLED_CONTRACT_POINTS = [
    ("1DX", 40, False),
    ("1DXX", 80, False),
    ("1SX", 60, False),
    ("2SX", 120, True),
]

# 例一 … 例四: vulnerability, auction as printed (contract/declarer, X/doubler, XX/redoubler,
# result), the items, 合计.
EXAMPLES = [
    (
        "1",
        "双有身价",
        "6D／E X／N XX／W＋1",
        [
            ("合约得分", 480),
            ("成局奖分", 500),
            ("小满贯奖分", 750),
            ("超蹬分", 400),
            ("再赌倍奖分", 100),
        ],
        2230,
    ),
    (
        "2",
        "双无身价",
        "2S／N X／E ＋ 2",
        [("合约得分", 120), ("成局奖分", 300), ("超蹬分", 200), ("赌倍奖分", 50)],
        670,
    ),
    (
        "3",
        "双无身价",
        "2C／S X／W ＋ 1",
        [("合约得分", 80), ("部份奖分", 50), ("超蹬分", 100), ("赌倍奖分", 50)],
        280,
    ),
    (
        "4",
        "东西身价",
        "4H／N X／W XX／N ＋ 0",
        [("合约得分", 480), ("成局奖分", 300), ("超蹬分", 0), ("赌倍奖分", 100)],
        880,
    ),
]
ITEM_KINDS = {
    "合约得分": (PartKind.CONTRACT_TRICKS, "contract-points"),
    "成局奖分": (PartKind.GAME, "game-bonus"),
    "部份奖分": (PartKind.PART_SCORE, "part-score-bonus"),
    "小满贯奖分": (PartKind.SMALL_SLAM, "small-slam-bonus"),
    "超蹬分": (PartKind.OVERTRICKS, "overtricks"),
    "赌倍奖分": (PartKind.DOUBLED_MADE, "doubled-bonus"),
    "再赌倍奖分": (PartKind.DOUBLED_MADE, "redoubled-bonus"),
}
SIDE_VULNERABLE = {"双有身价": "NSEW", "双无身价": "", "东西身价": "EW", "南北身价": "NS"}


def contract_and_tricks(text):
    """Return (contract, tricks) for the post's "5C+1", "3NT-2", "2S+0" or "3C"."""
    match = re.fullmatch(r"(\d(?:NT|[CDHS])X{0,2})([+-]\d+)?", text)
    contract = Contract.parse(match.group(1))
    return contract, contract.book + int(match.group(2) or 0)


def trick_point_cases():
    for result, formula, points in rows(TRICK_POINTS):
        yield pytest.param(result, formula, int(points), id=f"004-trick-points-{result}")


@pytest.mark.parametrize(("result", "formula", "points"), list(trick_point_cases()))
def test_seed_trick_point_examples_match_the_rules(result, formula, points):
    assert evaluate(formula) == points
    contract, tricks = contract_and_tricks(result)
    for vulnerable in (False, True):
        got = parts_of(contract, tricks, vulnerable, PartKind.CONTRACT_TRICKS, PartKind.OVERTRICKS)
        assert got == points


def score_cases():
    for result, vul, who, formula, points in rows(SCORES):
        score = int(points) if who == "庄家" else -int(points)  # the declaring side's score
        for vul_name in {"有身价": ["vul"], "无身价": ["nv"], "-": ["nv", "vul"]}[vul]:
            case_id = f"004-score-{result}-{vul_name}"
            yield pytest.param(result, vul_name == "vul", formula, int(points), score, id=case_id)


@pytest.mark.parametrize(
    ("result", "vulnerable", "formula", "points", "score"), list(score_cases())
)
def test_seed_score_examples_match_the_rules(result, vulnerable, formula, points, score):
    if formula != "-":
        assert evaluate(formula) == points
    contract, tricks = contract_and_tricks(result)
    assert duplicate_score(contract, tricks, vulnerable) == score


def doubled_penalty_cases():
    for vul, values in DOUBLED_PENALTIES.items():
        vul_name = "vul" if vul == "有身价" else "nv"
        for down, value in enumerate(values, start=1):
            for dbl, factor in (("X", 1), ("XX", 2)):
                case_id = f"004-doubled-penalty-down{down}-{dbl}-{vul_name}"
                yield pytest.param(down, dbl, vul_name == "vul", value * factor, id=case_id)


@pytest.mark.parametrize(("down", "dbl", "vulnerable", "want"), list(doubled_penalty_cases()))
def test_seed_doubled_penalty_table_cells_match_the_rules(down, dbl, vulnerable, want):
    level = max(1, down - 6)
    contract = Contract.parse(f"{level}H{dbl}")
    assert duplicate_score(contract, level + 6 - down, vulnerable) == -want


def penalty_formula(down, vulnerable):
    """The post's formulas: 有身价 300×n−100; 无身价 200×n−100 (1-3), 300×(n−1)−100 (4+)."""
    if vulnerable:
        return 300 * down - 100
    return 200 * down - 100 if down <= 3 else 300 * (down - 1) - 100


@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "vul"])
@pytest.mark.parametrize("down", range(1, 14), ids=lambda down: f"004-formula-down{down}")
def test_seed_doubled_penalty_formulas_match_the_rules(down, vulnerable):
    level = max(1, down - 6)
    contract = Contract.parse(f"{level}NTX")
    want = -penalty_formula(down, vulnerable)
    assert duplicate_score(contract, level + 6 - down, vulnerable) == want


@pytest.mark.parametrize(
    ("contract", "points", "game"),
    [
        pytest.param(*row, id=f"004-doubled-contract-points-{row[0]}")
        for row in DOUBLED_CONTRACT_POINTS
    ],
)
def test_seed_doubled_contract_points_match_the_rules(contract, points, game):
    contract = Contract.parse(contract)
    for vulnerable in (False, True):
        breakdown = score_breakdown(contract, contract.book, vulnerable)
        parts = {part.kind: part.points for part in breakdown.parts}
        assert parts[PartKind.CONTRACT_TRICKS] == points
        assert (PartKind.GAME in parts) is game


def read_example(vul, auction):
    """Return (contract, tricks, declarer vulnerable) from the post's auction line."""
    text = auction.replace("／", "/").replace("＋", "+").replace(" ", "")
    match = re.fullmatch(r"(\d(?:NT|[CDHS]))/([NESW])(X/[NESW])?(XX/[NESW])?\+(\d)", text)
    level_strain, declarer, doubled, redoubled, over = match.groups()
    contract = Contract.parse(level_strain + ("XX" if redoubled else "X" if doubled else ""))
    return contract, contract.book + int(over), declarer in SIDE_VULNERABLE[vul]


def example_cases():
    for number, vul, auction, items, total in EXAMPLES:
        contract, tricks, vulnerable = read_example(vul, auction)
        vul_name = "vul" if vulnerable else "nv"
        case_id = f"004-ex{number}-{contract}-{vul_name}-+{tricks - contract.book}"
        yield pytest.param(contract, tricks, vulnerable, items, total, id=case_id)


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "items", "total"), list(example_cases())
)
def test_seed_example_scores_match_the_rules(contract, tricks, vulnerable, items, total):
    assert sum(points for _name, points in items) == total  # the post's own 合计
    assert duplicate_score(contract, tricks, vulnerable) == total
    breakdown = score_breakdown(contract, tricks, vulnerable)
    assert breakdown.total == total == sum(part.points for part in breakdown.parts)


def example_item_cases():
    for case in example_cases():
        contract, tricks, vulnerable, items, _total = case.values
        for name, points in items:
            kind, label = ITEM_KINDS[name]
            case_id = f"{case.id}-{label}"
            yield pytest.param(contract, tricks, vulnerable, kind, points, id=case_id)


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "kind", "points"), list(example_item_cases())
)
def test_seed_example_items_match_the_breakdown(contract, tricks, vulnerable, kind, points):
    assert parts_of(contract, tricks, vulnerable, kind) == points
