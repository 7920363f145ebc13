"""The simplified scoring method (seed 003): its properties, the sheet, and bad input.

The seed's own worked examples are in ``test_simplified.py``.
"""

import re
from itertools import accumulate

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import PASS, Contract, ContractError, Doubling, Seat, all_contracts
from matches.scoring.simplified import (
    SIMPLIFIED_CAP,
    SimplifiedDeal,
    SimplifiedDealError,
    SimplifiedPartKind,
    SimplifiedTier,
    passed_out_score,
    simplified_score,
    simplified_sheet,
    simplified_tier,
)

contracts = st.sampled_from(all_contracts())
tricks = st.integers(0, 13)
vulnerable = st.booleans()
DOUBLINGS = list(Doubling)


def made(contract, count):
    return count >= contract.book


def same_with(contract, doubling):
    return Contract.of(contract.level, contract.strain, doubling)


@given(contracts, st.integers(0, 12), vulnerable)
def test_points_never_fall_when_declarer_takes_one_more_trick(contract, count, vul):
    fewer = simplified_score(contract, count, vul).total
    assert simplified_score(contract, count + 1, vul).total >= fewer


@given(contracts, tricks, vulnerable)
def test_no_deal_scores_or_loses_more_than_35(contract, count, vul):
    score = simplified_score(contract, count, vul)
    assert -SIMPLIFIED_CAP <= score.total <= SIMPLIFIED_CAP
    assert score.capped is (abs(score.uncapped) > SIMPLIFIED_CAP)


@given(contracts, tricks, vulnerable)
def test_a_made_contract_scores_points_and_a_failed_one_loses_them(contract, count, vul):
    total = simplified_score(contract, count, vul).total
    assert (total > 0) if made(contract, count) else (total < 0)


@given(contracts, tricks, vulnerable)
def test_doubling_never_scores_less_when_made_nor_loses_less_when_failed(contract, count, vul):
    totals = [
        simplified_score(same_with(contract, doubling), count, vul).total for doubling in DOUBLINGS
    ]
    if made(contract, count):
        assert totals == sorted(totals)
    else:
        assert totals == sorted(totals, reverse=True)


@given(contracts, tricks)
def test_vulnerable_never_scores_less_when_made_nor_loses_less_when_failed(contract, count):
    not_vul = simplified_score(contract, count, False).total
    vul = simplified_score(contract, count, True).total
    assert (vul >= not_vul) if made(contract, count) else (vul <= not_vul)


@given(contracts, tricks, vulnerable)
def test_the_written_working_adds_up_to_the_points(contract, count, vul):
    score = simplified_score(contract, count, vul)
    text = str(score)
    match = re.fullmatch(r"(.+)=(-?\d+)(?:→(-?\d+))?", text) or re.fullmatch(r"(-?\d+)", text)
    working = match.group(1)
    assert eval(working.replace("×", "*")) == score.uncapped  # noqa: S307 - our own arithmetic
    if match.lastindex and match.lastindex >= 2:
        assert int(match.group(2)) == score.uncapped
        assert int(match.group(3) or match.group(2)) == score.total


@given(contracts, tricks, vulnerable)
def test_a_part_score_never_earns_a_bonus_and_a_slam_earns_one_bonus_only(contract, count, vul):
    kinds = [part.kind for part in simplified_score(contract, count, vul).parts]
    bonus_kinds = {SimplifiedPartKind.GAME, SimplifiedPartKind.SMALL_SLAM}
    bonus_kinds.add(SimplifiedPartKind.GRAND_SLAM)
    bonuses = [kind for kind in kinds if kind in bonus_kinds]
    if not made(contract, count) or simplified_tier(contract) is SimplifiedTier.PART_SCORE:
        assert bonuses == [] and SimplifiedPartKind.VULNERABLE not in kinds
    else:
        assert bonuses == [SimplifiedPartKind(simplified_tier(contract).value)]


@given(st.integers(0, 40))
def test_a_passed_out_deal_costs_the_stronger_side_what_the_weaker_gains(ns_hcp):
    ns = passed_out_score(ns_hcp).total
    assert ns == -passed_out_score(40 - ns_hcp).total
    assert ns == 20 - ns_hcp
    assert abs(ns) <= 20


def test_a_passed_out_deal_without_high_card_points_scores_nothing_and_is_not_redealt():
    score = passed_out_score(None)
    assert (score.total, score.redeal, str(score)) == (0, False, "0")


@pytest.mark.parametrize(
    ("contract", "count", "vul", "written"),
    [
        pytest.param("3C", 8, False, "-2", id="down-1-undoubled-is-one-number"),
        pytest.param("3CX", 8, False, "-(2×2)=-4", id="down-1-doubled"),
        pytest.param("3C", 6, True, "-(3+3+3)=-9", id="down-3-undoubled-is-a-sum"),
        pytest.param("4S", 6, False, "-2×4=-8", id="down-4-undoubled-is-a-product"),
        pytest.param("2HX", 8, True, "2×2+2+5+3=14", id="doubled-2H-is-a-vulnerable-game"),
        pytest.param("1CXX", 9, False, "1×4+1+2×4=13", id="redoubled-1C-is-a-part-score"),
        pytest.param("7NTXX", 0, True, "-(3×4)×13=-156→-35", id="worst-result-is-capped"),
    ],
)
def test_the_working_is_written_as_the_seed_writes_it(contract, count, vul, written):
    assert str(simplified_score(Contract.parse(contract), count, vul)) == written


# A sheet over boards 1 to 5 (vulnerable: 1 none, 2 NS, 3 EW, 4 all, 5 NS); board 5 is
# passed out 20-20, dealt again and played.
SHEET = [
    (SimplifiedDeal(1, Contract.parse("4H"), Seat.NORTH, 10), 11),
    (SimplifiedDeal(2, Contract.parse("4H"), Seat.SOUTH, 10), 14),
    (SimplifiedDeal(3, Contract.parse("3NT"), Seat.EAST, 8), 3),
    (SimplifiedDeal(4, PASS, None, 0, ns_hcp=23), -3),
    (SimplifiedDeal(5, PASS, None, 0, ns_hcp=20), 0),
    (SimplifiedDeal(5, Contract.parse("1NT"), Seat.WEST, 8), -5),
]


def test_a_sheet_gives_each_deal_to_north_south_and_the_opposite_to_east_west():
    sheet = simplified_sheet(deal for deal, _ns in SHEET)
    assert [row.ns for row in sheet.rows] == [ns for _deal, ns in SHEET]
    assert [row.ew for row in sheet.rows] == [-ns for _deal, ns in SHEET]


def test_a_sheet_keeps_running_totals_for_both_sides():
    sheet = simplified_sheet(deal for deal, _ns in SHEET)
    assert [row.ns_total for row in sheet.rows] == [11, 25, 28, 25, 25, 20]
    assert [row.ew_total for row in sheet.rows] == [-11, -25, -28, -25, -25, -20]
    assert (sheet.ns_total, sheet.ew_total) == (20, -20)


def test_a_sheet_takes_vulnerability_from_the_board_number():
    assert [deal.vulnerable for deal, _ns in SHEET] == [False, True, True, False, False, False]


def test_a_sheet_marks_the_passed_out_20_20_deal_to_be_dealt_again():
    sheet = simplified_sheet(deal for deal, _ns in SHEET)
    assert [row.score.redeal for row in sheet.rows] == [False] * 4 + [True, False]


def test_an_empty_sheet_totals_nothing():
    sheet = simplified_sheet([])
    assert (sheet.rows, sheet.ns_total, sheet.ew_total) == ((), 0, 0)


@given(
    st.lists(
        st.tuples(contracts, st.sampled_from(list(Seat)), tricks),
        max_size=12,
    )
)
def test_sheet_totals_are_the_running_sums_of_the_deals(plays):
    deals = [
        SimplifiedDeal(n, contract, seat, count)
        for n, (contract, seat, count) in enumerate(plays, start=1)
    ]
    sheet = simplified_sheet(deals)
    ns = [row.ns for row in sheet.rows]
    assert [row.ns_total for row in sheet.rows] == list(accumulate(ns))
    assert all(row.ns + row.ew == 0 and row.ns_total + row.ew_total == 0 for row in sheet.rows)
    for deal, row in zip(deals, sheet.rows, strict=True):
        sign = 1 if deal.declarer in (Seat.NORTH, Seat.SOUTH) else -1
        assert row.ns == sign * row.score.total


def test_a_deal_reads_contract_and_declarer_as_text():
    deal = SimplifiedDeal(3, "4sx", "E", 10)
    assert (deal.contract, deal.declarer, deal.vulnerable) == (
        Contract.parse("4SX"),
        Seat.EAST,
        True,
    )


@pytest.mark.parametrize(
    ("make", "code"),
    [
        pytest.param(lambda: SimplifiedDeal(0, "4S", "N", 10), "board", id="board-0"),
        pytest.param(lambda: SimplifiedDeal(1, "4S", None, 10), "declarer", id="no-declarer"),
        pytest.param(lambda: SimplifiedDeal(1, "4S", "X", 10), "declarer", id="bad-declarer"),
        pytest.param(lambda: SimplifiedDeal(1, "4S", "N", 14), "tricks", id="14-tricks"),
        pytest.param(lambda: SimplifiedDeal(1, "4S", "N", -1), "tricks", id="negative-tricks"),
        pytest.param(lambda: SimplifiedDeal(1, "8S", "N", 10), "level", id="level-8"),
        pytest.param(
            lambda: SimplifiedDeal(1, "PASS", "N", 0),
            "pass-declarer",
            id="passed-out-with-declarer",
        ),
        pytest.param(
            lambda: SimplifiedDeal(1, "PASS", None, 7), "pass-tricks", id="passed-out-with-tricks"
        ),
        pytest.param(lambda: SimplifiedDeal(1, "PASS", None, 0, ns_hcp=41), "hcp", id="hcp-41"),
        pytest.param(
            lambda: SimplifiedDeal(1, "4S", "N", 10, ns_hcp=-1),
            "hcp",
            id="hcp-negative-on-a-played-deal",
        ),
        pytest.param(lambda: passed_out_score(True), "hcp", id="hcp-not-a-number"),
        pytest.param(
            lambda: simplified_score(Contract.parse("1C"), 14, False),
            "tricks",
            id="score-14-tricks",
        ),
        pytest.param(
            lambda: simplified_sheet([SimplifiedDeal(1, "1C", "N", 7)] * 2),
            "duplicate-board",
            id="board-twice",
        ),
        pytest.param(
            lambda: simplified_sheet(
                [SimplifiedDeal(1, "PASS", None, 0, ns_hcp=22), SimplifiedDeal(1, "1C", "N", 7)]
            ),
            "duplicate-board",
            id="board-again-after-a-passed-out-deal-that-was-not-redealt",
        ),
    ],
)
def test_bad_input_raises_a_value_error_with_a_code(make, code):
    with pytest.raises(ValueError) as raised:
        make()
    assert raised.value.code == code


def test_errors_are_value_errors_of_their_own_kind():
    assert issubclass(SimplifiedDealError, ValueError)
    with pytest.raises(ContractError):
        SimplifiedDeal(1, "", "N", 7)
