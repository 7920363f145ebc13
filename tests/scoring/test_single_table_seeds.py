"""Seeds 000 and 002: every worked example of the single-table game (贴点赛), scored.

- the simple method (简易的贴点记分法), 第一副 to 第四副, printed in both seeds alike;
- the elaborate method (略复杂些的贴点记分方法), seed 000 only: rule 6's 3NT / 5NT example
  ("如南北有局", no board number given: board 2 is the first with North-South alone
  vulnerable) and 第十三副 to 第十六副;
- the compensation sentences of seed 000's introduction (南北24点, 南北15点).

Each case carries the seed's sentence and its arithmetic as printed. None of the printed
values disagrees with the rules as ``matches.scoring.single_table`` reads them (its
docstring names each reading), so no case overrides a printed value.
"""

import pytest

from matches.scoring import Contract, Side, board_vulnerability, imps
from matches.scoring.single_table import (
    Band,
    Method,
    Reason,
    StepCode,
    TableDeal,
    score_deal,
    score_sheet,
)
from tests.scoring.seed_tables import evaluate_equation

NS, EW = Side.NS, Side.EW


def deal(board, declarer, contract, tricks, ns_hcp):
    return TableDeal(board, Contract.parse(contract), declarer, tricks, ns_hcp)


# The simple method. Fields: the deal (board, declarer, contract, tricks, North-South's
# points), the side that scores and its score, the score in IMPs (折成), the side that
# gives and how many points, the side that wins and its IMPs (净胜), and the sentence.
SIMPLE_TEXT = {
    1: "第一副，双无。北定约2S，拿8墩，正好完成定约。得2×30+50=110分，折成3点，"
    "但南北有大牌22点，贴东西2点，净胜1点。",
    2: "第二副，南北。北主打3C，结果宕一，罚100分，也就是东西得100分，折成3点。"
    "而南北持大牌21点，须贴东西1点。那么，3+1=4，东西方净胜4点。",
    3: "第三副，东西。东定约2D，结果超二。得分2×20+2×20+50=130分，折合4点。"
    "但东西方共有大牌27点，反输3 点，也就是南北胜3点。",
    4: "第四副，双有。东定约4H，正好完成。得分4×30+500=620分，折合12点。"
    "东西大牌26点，贴南北6点，净胜6点。",
}
SIMPLE = [
    ((1, "N", "2S", 8, 22), NS, 110, 3, NS, 2, NS, 1),
    ((2, "N", "3C", 8, 21), EW, 100, 3, NS, 1, EW, 4),
    ((3, "E", "2D", 10, 13), EW, 130, 4, EW, 7, NS, 3),
    ((4, "E", "4H", 10, 14), EW, 620, 12, EW, 6, EW, 6),
]
SIMPLE_CASES = [
    pytest.param(*row, SIMPLE_TEXT[row[0][0]], id=f"{seed}-board{row[0][0]}-{row[6]}-wins-{row[7]}")
    for seed in ("000", "002")
    for row in SIMPLE
]
SIMPLE_FIELDS = "args, scorer, score, score_imps, giver, excess, winner, net, text"


@pytest.mark.parametrize(SIMPLE_FIELDS, SIMPLE_CASES)
def test_simple_method_seed_example_is_scored_as_printed(
    args, scorer, score, score_imps, giver, excess, winner, net, text
):
    result = score_deal(deal(*args), Method.SIMPLE)
    assert f"{score}分" in text and f"{net}" in text  # the transcription matches the sentence
    assert result.ns_score == (score if scorer is NS else -score)
    assert result.ns_score_imps == (score_imps if scorer is NS else -score_imps)
    assert (result.compensation.giver, result.compensation.excess) == (giver, excess)
    assert result.compensation.amount == excess  # 1 IMP a point
    assert result.winner is winner
    assert (result.ns_imps, result.ew_imps) == ((net, 0) if winner is NS else (0, net))


def test_simple_method_seed_examples_add_up_on_the_sheet():
    sheet = score_sheet([deal(*row[0]) for row in SIMPLE], "simple")
    assert [(row.ns_total, row.ew_total) for row in sheet.rows] == [(1, 0), (1, 4), (4, 4), (4, 10)]
    assert (sheet.ns_total, sheet.ew_total, sheet.net) == (4, 10, -6)


# The elaborate method. Fields: the deal; the side that scores, its duplicate score and
# the score the method counts (the 28-point rule); the side that gives, how many points,
# at what value, and why; the seed's net arithmetic; the side that wins and its IMPs.
ELABORATE = [
    pytest.param(
        (2, "N", "3NT", 11, 29),
        NS,
        660,
        800,
        NS,
        9,
        80,
        Reason.POINTS_AND_CONTRACT,
        "800－9×80=80",
        NS,
        2,
        "6、联手28点的成局定约，每超一墩为100分。如南北有局，北定约3NT，结果超二，联手29点。"
        "得（40＋2×30）＋500=600，再加超二墩200分等于800，800－9×80=80，折合2点，南北方净胜2点",
        id="000-rule6-3NT+2-29hcp-vul-NS-wins-2",
    ),
    pytest.param(
        (2, "N", "5NT", 11, 29),
        NS,
        660,
        860,
        NS,
        9,
        80,
        Reason.POINTS_AND_CONTRACT,
        "860－9×80=140",
        NS,
        4,
        "但如北打5NT，结果相同，则（40＋2×30）＋2×30＋500=660，然而还要照3NT定约计算加超墩200分"
        "等于860，860－9×80=140，折合4点，因此南北方净胜4点。",
        id="000-rule6-5NT=-29hcp-vul-NS-wins-4",
    ),
    pytest.param(
        (13, "S", "5DX", 9, 17),
        EW,
        500,
        500,
        EW,
        3,
        80,
        Reason.CONTRACT,
        "500－3×80=260",
        EW,
        6,
        "第十三副，双有。南定约5D，东西方加倍，结果宕二。东西得500分，但南北方只有17点，"
        "东西方要贴南北方3点，即500－3×80=260，折合6点，因此东西方净胜6点。",
        id="000-board13-5DX-2-EW-23hcp-EW-wins-6",
    ),
    pytest.param(
        (14, "W", "3NT", 9, 14),
        EW,
        400,
        400,
        EW,
        6,
        60,
        Reason.POINTS_AND_CONTRACT,
        "400－6×60=40",
        EW,
        1,
        "第十四副，双无。西主打3NT，正好完成定约。东西得（40＋2×30）＋300=400，东西大牌26点，"
        "即400－6×60=40，因此东西方净胜1点。",
        id="000-board14-3NT=-EW-26hcp-EW-wins-1",
    ),
    pytest.param(
        (15, "W", "2SX", 9, 21),
        EW,
        570,
        570,
        NS,
        1,
        80,
        Reason.CONTRACT,
        "570＋80=650",
        EW,
        12,
        "第十五副，南北。西打2S，南北方加倍，结果超一。东西得2×30×2＋100＋300＋50=570。"
        "东西大牌19点，因为是成局定约，南北方照自己的局方贴1点，即80分，570＋80=650，"
        "因此东西净胜12点。",
        id="000-board15-2SX+1-NS-21hcp-EW-wins-12",
    ),
    pytest.param(
        (16, "S", "4D", 11, 26),
        NS,
        150,
        150,
        NS,
        6,
        60,
        Reason.POINTS,
        "360－150=210",
        EW,
        5,
        "第十六副，东西。南主打4D，结果超一。南北得4×20＋20＋50=150，但大牌26点，"
        "照成局定约贴给东西。即6×60=360，反而输给东西方360－150=210，折合5点。",
        id="000-board16-4D+1-NS-26hcp-EW-wins-5",
    ),
]
ELABORATE_FIELDS = (
    "args, scorer, score, counted, giver, excess, per_point, reason, arithmetic, winner, won, text"
)


@pytest.mark.parametrize(ELABORATE_FIELDS, ELABORATE)
def test_elaborate_method_seed_example_is_scored_as_printed(
    args, scorer, score, counted, giver, excess, per_point, reason, arithmetic, winner, won, text
):
    assert arithmetic in text and f"{won}点" in text  # the transcription matches the sentence
    value, printed_net = evaluate_equation(arithmetic)
    assert value == printed_net  # the seed's own arithmetic holds
    sign = 1 if scorer is NS else -1
    result = score_deal(deal(*args), Method.ELABORATE)
    assert result.ns_score == sign * score
    assert result.ns_counted == sign * counted
    compensation = result.compensation
    assert (compensation.giver, compensation.excess) == (giver, excess)
    assert (compensation.per_point, compensation.amount) == (per_point, excess * per_point)
    assert compensation.reason is reason
    assert compensation.band is Band.GAME
    assert abs(result.ns_net) == printed_net
    assert result.winner is winner
    assert imps(printed_net) == won  # 折合 … 点: the WBF scale
    assert (result.ns_imps, result.ew_imps) == ((won, 0) if winner is NS else (0, won))


def test_the_rule_6_example_is_on_a_board_where_only_north_south_are_vulnerable():
    assert board_vulnerability(2) == "NS"  # "如南北有局"


def test_the_elaborate_seed_boards_add_up_on_the_sheet():
    deals = [deal(*case.values[0]) for case in ELABORATE if case.values[0][0] >= 13]
    sheet = score_sheet(deals, Method.ELABORATE)
    assert [row.ew_total for row in sheet.rows] == [6, 7, 19, 24]
    assert (sheet.ns_total, sheet.ew_total) == (0, 24)


def test_the_rule_6_example_explains_the_28_point_bonus():
    result = score_deal(deal(2, "N", "3NT", 11, 29), "elaborate")
    step = next(step for step in result.explanation if step.code is StepCode.LONG_GAME)
    assert step.kwargs == {"side": "NS", "bonus": 140, "score": 800}


# Seed 000's introduction: "例如南北方两手和为24点，应贴给东西方4点。
# 又如南北方两手和为15点，那么东西方应贴给南北方5点。"
@pytest.mark.parametrize(
    ("ns_hcp", "giver", "excess"),
    [
        pytest.param(24, NS, 4, id="000-NS-24hcp-give-EW-4"),
        pytest.param(15, EW, 5, id="000-NS-15hcp-EW-give-NS-5"),
    ],
)
@pytest.mark.parametrize("method", list(Method))
def test_the_side_with_more_than_20_points_gives_the_excess(ns_hcp, giver, excess, method):
    compensation = score_deal(deal(1, "N", "1C", 7, ns_hcp), method).compensation
    assert (compensation.giver, compensation.excess) == (giver, excess)
