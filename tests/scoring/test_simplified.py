"""Seed 003 (简明计分法, a simplified scoring method): every worked example, one case each.

The case ids name the seed's sections:
- ``base``: 1.① 定约基本分, base points and which contracts are games (基本分 6 or more);
- ``level-bonus``, ``bonus-note``, ``vul-bonus``: 1.② 定约级别奖分, its table, its
  设置说明 examples and those of 二、局况奖分的合理设置;
- ``cap``: 1.④ 顶分 and its vulnerable 7NT working;
- ``formula``: the worked scores under 1.'s summary formula (完成定约奖分=…);
- ``penalty``: 2. 未完成定约罚分;
- ``passed-out``: 3. 四家不开叫, the high-card penalty.

Some symbols of the seed are lost (花色、、NT is ♣♦、♥♠、NT, as its formula CD、HS、NT
says); its printed values are transcribed as printed. Where a value breaks the seed's own
rules, OVERRIDES names it (printed, correct, why) and the test expects the rules' value.
"""

import pytest

from matches.scoring import PASS, Contract, Doubling, all_contracts
from matches.scoring.simplified import (
    SimplifiedPartKind,
    SimplifiedTier,
    passed_out_score,
    simplified_base,
    simplified_bonus,
    simplified_score,
    simplified_tier,
)
from tests.scoring.seed_tables import SeedCells, evaluate, rows, tricks_of

BASE = "003 1.①"  # 定约基本分

# (source, cell) -> (printed, correct, why)
OVERRIDES = {
    (BASE, "1NTX"): (
        (8, "game"),
        (5, "part"),
        "1×2+3 = 5: ① doubles the level points only (定约花色奖分不予翻倍), as in its own "
        "2D×=5, 2H×=6, 2D××=9; 8 is (1+3)×2, the strain doubled too. 5 is under 6: a part score",
    ),
    (BASE, "3CX"): (
        (8, "game"),
        (7, "game"),
        "3×2+1 = 7, as the seed itself works 3C×超2 (3×2+1+2×2+5=16); still a game",
    ),
}

# ① 设置说明: contract, base points as printed, 成局定约 (game) or 部分定约 (part).
BASE_POINTS = """
3NT   6 game
4H    6 game
4S    6 game
5C    6 game
5D    6 game
1C    2 part
1CXX  5 part
2DX   5 part
2NT   5 part
3H    5 part
4C    5 part
1NTX  8 game
2DXX  9 game
2HX   6 game
3CX   8 game
"""

# Worked scores: section (see above), contract, result ("=", "+1", "-2"), vulnerability (nv, vul, or
# "-" where the seed gives one value for both), the seed's working, its points (a penalty
# is printed as a positive number), and the working as str() writes it.
SCORES = """
bonus-note 3H    =   nv  3+2              5   3+2=5
bonus-note 3H    =   vul 3+2              5   3+2=5
bonus-note 4H    =   nv  4+2+5            11  4+2+5=11
bonus-note 4H    =   vul 4+2+8            14  4+2+5+3=14
bonus-note 3H    +1  -   3+2+1            6   3+2+1=6
vul-bonus  3H    =   nv  3+2              5   3+2=5
vul-bonus  3H    =   vul 3+2              5   3+2=5
vul-bonus  4H    =   nv  4+2+5            11  4+2+5=11
vul-bonus  4H    =   vul 4+2+5+3          14  4+2+5+3=14
vul-bonus  6H    =   nv  6+2+11           19  6+2+11=19
vul-bonus  6H    =   vul 6+2+11+3         22  6+2+11+3=22
cap        7NT   =   vul 7+3+18+3         31  7+3+18+3=31
formula    3H    =   -   3+2              5   3+2=5
formula    4H    =   nv  4+2+5            11  4+2+5=11
formula    4H    =   vul 4+2+5+3          14  4+2+5+3=14
formula    3CX   +2  nv  3×2+1+2×2+5      16  3×2+1+5+2×2=16
formula    3CX   +2  vul 3×2+1+2×2+5+3    19  3×2+1+5+3+2×2=19
formula    6D    +1  nv  6+1+11+1         19  6+1+11+1=19
formula    6D    +1  vul 6+1+11+3+1       22  6+1+11+3+1=22
formula    7NT   =   nv  7+3+18           28  7+3+18=28
formula    7NT   =   vul 7+3+18+3         31  7+3+18+3=31
formula    7NTX  =   nv  7×2+3+18         35  7×2+3+18=35
formula    7NTX  =   vul 7×2+3+18+3       35  7×2+3+18+3=38→35
formula    7NTXX =   nv  7×4+3+18         35  7×4+3+18=49→35
formula    7NTXX =   vul 7×4+3+18+3       35  7×4+3+18+3=52→35
penalty    3C    -2  nv  2+2              4   -(2+2)=-4
penalty    3CX   -2  nv  (2×2)×2          8   -(2×2)×2=-8
penalty    3CXX  -2  nv  (2×4)×2          16  -(2×4)×2=-16
penalty    3C    -2  vul 3+3              6   -(3+3)=-6
penalty    3CX   -2  vul (3×2)×2          12  -(3×2)×2=-12
penalty    3CXX  -2  vul (3×4)×2          24  -(3×4)×2=-24
"""

# 2.: "无局定约加倍宕6罚24分", "有局定约加倍宕6罚35分": any doubled contract, down 6.
DOUBLED_DOWN_SIX = [("nv", "(2×2)×6", 24), ("vul", "(3×2)×6", 35)]

# ② the level bonuses: tier, not vulnerable, vulnerable.
LEVEL_BONUSES = [
    (SimplifiedTier.PART_SCORE, 0, 0),
    (SimplifiedTier.GAME, 5, 8),
    (SimplifiedTier.SMALL_SLAM, 11, 14),
    (SimplifiedTier.GRAND_SLAM, 18, 21),
]

# 3.: a side's high-card points on a passed-out deal, and what that side loses.
PASSED_OUT = [(21, 1), (23, 3), (20, 0)]


CELLS = SeedCells(OVERRIDES)


def base_cases():
    for contract, points, game in rows(BASE_POINTS):
        want = CELLS.expected(BASE, contract, (int(points), game))
        yield pytest.param(contract, want, id=f"003-base-{contract}")


@pytest.mark.parametrize(("contract", "want"), list(base_cases()))
def test_seed_base_points_and_games_follow_the_rules(contract, want):
    points, game = want
    contract = Contract.parse(contract)
    assert simplified_base(contract) == points
    assert (simplified_tier(contract) is not SimplifiedTier.PART_SCORE) == (game == "game")


def test_seed_overrides_name_printed_cells_that_break_the_rules():
    for key in OVERRIDES:
        CELLS.check_override(key)


def score_cases():
    for section, contract, result, vul, working, points, written in rows(SCORES):
        contract = Contract.parse(contract)
        tricks = tricks_of(contract, result)
        for name in ["nv", "vul"] if vul == "-" else [vul]:
            case_id = f"003-{section}-{contract}{result}-{name}"
            values = (contract, tricks, name == "vul", working, int(points), written)
            yield pytest.param(*values, id=case_id)


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "working", "points", "written"), list(score_cases())
)
def test_seed_worked_scores_match_the_rules(contract, tricks, vulnerable, working, points, written):
    assert min(evaluate(working), 35) == points  # the seed's own arithmetic, capped
    score = simplified_score(contract, tricks, vulnerable)
    assert score.total == (points if tricks >= contract.book else -points)
    assert str(score) == written


@pytest.mark.parametrize(
    ("vul", "working", "points"),
    [pytest.param(*row, id=f"003-penalty-doubled-down6-{row[0]}") for row in DOUBLED_DOWN_SIX],
)
def test_seed_doubled_down_six_costs_the_same_for_every_contract(vul, working, points):
    assert min(evaluate(working), 35) == points
    for contract in all_contracts():
        if contract.doubling is Doubling.DOUBLED:
            score = simplified_score(contract, contract.book - 6, vul == "vul")
            assert score.total == -points
            assert str(score).startswith(f"-{working}=")


@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "vul"])
@pytest.mark.parametrize(
    ("tier", "nv", "vul"),
    [pytest.param(*row, id=f"003-level-bonus-{row[0]}") for row in LEVEL_BONUSES],
)
def test_seed_level_bonus_is_set_by_the_tier_of_the_contract_bid(tier, nv, vul, vulnerable):
    contracts = [contract for contract in all_contracts() if simplified_tier(contract) is tier]
    assert contracts
    for contract in contracts:
        assert simplified_bonus(contract, vulnerable) == (vul if vulnerable else nv)


def test_seed_bonus_ladder_rises_by_5_6_7_and_vulnerable_adds_3_past_a_part_score():
    not_vulnerable = [nv for _tier, nv, _vul in LEVEL_BONUSES]
    assert [b - a for a, b in zip(not_vulnerable, not_vulnerable[1:], strict=False)] == [5, 6, 7]
    assert [vul - nv for _tier, nv, vul in LEVEL_BONUSES] == [0, 3, 3, 3]


def test_seed_cap_is_vulnerable_7nt_plus_4():
    top = simplified_score(Contract.parse("7NT"), 13, True)
    assert top.total == 31 and str(top) == "7+3+18+3=31"
    assert top.total + 4 == 35


@pytest.mark.parametrize("holder", ["NS", "EW"])
@pytest.mark.parametrize(
    ("hcp", "loses"), [pytest.param(*row, id=f"003-passed-out-{row[0]}hcp") for row in PASSED_OUT]
)
def test_seed_passed_out_deal_costs_the_side_holding_more_than_20(hcp, loses, holder):
    ns_hcp = hcp if holder == "NS" else 40 - hcp
    score = passed_out_score(ns_hcp)
    assert score.total == (-loses if holder == "NS" else loses)
    assert score.redeal is (hcp == 20)
    if loses:
        assert [part.kind for part in score.parts] == [SimplifiedPartKind.PASSED_OUT]
        assert str(score) == (f"-({hcp}-20)=-{loses}" if holder == "NS" else f"{hcp}-20={loses}")


def test_seed_formula_for_a_made_contract_holds_for_every_contract_and_result():
    # 〔(1…7)(2、4)+(1、2、3)〕+(0、5、11、18+3)+1(2、4), before the cap
    strain_points = {"C": 1, "D": 1, "H": 2, "S": 2, "NT": 3}
    for contract in all_contracts():
        factor = contract.doubling.multiplier
        for vulnerable in (False, True):
            bonus = simplified_bonus(contract, vulnerable)
            for tricks in range(contract.book, 14):
                over = tricks - contract.book
                want = contract.level * factor + strain_points[contract.strain] + bonus
                score = simplified_score(contract, tricks, vulnerable)
                assert score.uncapped == want + over * factor


def test_seed_formula_for_a_failed_contract_holds_for_every_contract_and_result():
    # -(2、3)(2、4): per undertrick, by vulnerability and doubling, before the cap
    for contract in all_contracts():
        for vulnerable in (False, True):
            for tricks in range(contract.book):
                down = contract.book - tricks
                want = -(3 if vulnerable else 2) * contract.doubling.multiplier * down
                assert simplified_score(contract, tricks, vulnerable).uncapped == want


def test_a_part_score_has_no_game_bonus_even_when_the_tricks_make_game():
    score = simplified_score(Contract.parse("3H"), 10, True)
    assert [part.kind for part in score.parts] == [
        SimplifiedPartKind.LEVEL,
        SimplifiedPartKind.STRAIN,
        SimplifiedPartKind.OVERTRICKS,
    ]


def test_a_passed_out_contract_scores_nothing_as_a_contract():
    assert simplified_score(PASS, 0, False).total == 0
