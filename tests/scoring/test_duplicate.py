import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import (
    PASS,
    Contract,
    PartKind,
    TricksError,
    all_contracts,
    duplicate_score,
    score_breakdown,
)

# Law 77, read straight off the Laws' scoring table.
LAW_77_CASES = [
    ("1C", 7, False, 70),
    ("1NT", 7, False, 90),
    ("2S", 8, False, 110),
    ("3NT", 9, False, 400),
    ("3NT", 9, True, 600),
    ("4H", 10, True, 620),
    ("5D", 11, False, 400),
    ("4S", 12, False, 480),
    ("6S", 12, False, 980),
    ("6NT", 12, True, 1440),
    ("7NT", 13, True, 2220),
    ("7C", 13, False, 1440),
    ("1CX", 7, False, 140),
    ("1CXX", 7, False, 230),
    ("2HX", 8, False, 470),
    ("2HX", 8, True, 670),
    ("1NTX", 8, True, 380),
    ("1NTXX", 7, True, 760),
    ("4SX", 11, True, 990),
    ("7NTXX", 13, True, 2980),
    ("3NT", 8, False, -50),
    ("3NT", 8, True, -100),
    ("4SX", 9, False, -100),
    ("4SX", 8, False, -300),
    ("4SX", 7, False, -500),
    ("4SX", 6, False, -800),  # 4th undertrick 300 since 1987
    ("4SX", 5, False, -1100),
    ("4SX", 9, True, -200),
    ("4SX", 8, True, -500),
    ("4SX", 7, True, -800),
    ("4SX", 6, True, -1100),
    ("4SXX", 6, False, -1600),
    ("4SXX", 6, True, -2200),
    ("7NTXX", 0, True, -7600),
    ("7NTX", 0, False, -3500),
]


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "score"),
    LAW_77_CASES,
    ids=[f"{c}-{t}-{'vul' if v else 'nv'}" for c, t, v, _ in LAW_77_CASES],
)
def test_it_scores_by_law_77(contract, tricks, vulnerable, score):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == score


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "written", "kinds"),
    [
        ("2S", 8, False, "2×30+50=110", ["contract-tricks", "part-score"]),
        ("4H", 10, True, "4×30+500=620", ["contract-tricks", "game"]),
        ("2D", 10, False, "2×20+2×20+50=130", ["contract-tricks", "overtricks", "part-score"]),
        ("3NT", 10, False, "40+2×30+30+300=430", ["contract-tricks", "overtricks", "game"]),
        (
            "2HX",
            9,
            True,
            "2×60+200+50+500=870",
            ["contract-tricks", "overtricks", "doubled-made", "game"],
        ),
        ("6S", 12, True, "6×30+500+750=1430", ["contract-tricks", "game", "small-slam"]),
        ("7NT", 13, False, "40+6×30+300+1000=1520", ["contract-tricks", "game", "grand-slam"]),
        ("3NT", 7, False, "-2×50=-100", ["undertricks"]),
        ("4SX", 7, False, "-(100+200+200)=-500", ["undertricks"]),
        ("1NT", 6, True, "-100", ["undertricks"]),
    ],
)
def test_the_breakdown_names_its_parts_the_way_the_seeds_write_them(
    contract, tricks, vulnerable, written, kinds
):
    breakdown = score_breakdown(Contract.parse(contract), tricks, vulnerable)
    assert str(breakdown) == written
    assert [part.kind.value for part in breakdown.parts] == kinds
    assert breakdown.total == duplicate_score(Contract.parse(contract), tricks, vulnerable)


def test_a_passed_out_board_scores_nothing():
    assert duplicate_score(PASS, 0, True) == 0
    assert score_breakdown(PASS, 0, False).parts == ()


@pytest.mark.parametrize("tricks", [-1, 14, 99, "10", 10.0, None])
def test_it_refuses_trick_counts_outside_zero_to_thirteen(tricks):
    with pytest.raises(TricksError):
        duplicate_score(Contract.parse("4S"), tricks, False)


def test_there_are_2940_contract_tricks_vulnerability_cases():
    cases = [(c, t, v) for c in all_contracts() for t in range(14) for v in (False, True)]
    assert len(cases) == 2940


contracts = st.sampled_from(all_contracts())
tricks = st.integers(min_value=0, max_value=13)


@given(contracts, tricks, st.booleans())
def test_score_never_decreases_with_one_more_trick(contract, taken, vulnerable):
    if taken < 13:
        assert duplicate_score(contract, taken + 1, vulnerable) >= duplicate_score(
            contract, taken, vulnerable
        )


@given(contracts, tricks, st.booleans())
def test_the_breakdown_always_sums_to_the_score(contract, taken, vulnerable):
    breakdown = score_breakdown(contract, taken, vulnerable)
    assert sum(part.points for part in breakdown.parts) == duplicate_score(
        contract, taken, vulnerable
    )
    assert (duplicate_score(contract, taken, vulnerable) >= 0) == (taken >= contract.book)


@given(contracts, tricks)
def test_vulnerability_never_helps_a_failing_contract_nor_hurts_a_made_one(contract, taken):
    not_vul = duplicate_score(contract, taken, False)
    vul = duplicate_score(contract, taken, True)
    assert vul >= not_vul if taken >= contract.book else vul <= not_vul
    assert (
        PartKind.UNDERTRICKS
        not in {part.kind for part in score_breakdown(contract, taken, True).parts}
        or taken < contract.book
    )


def test_the_scoring_core_imports_without_django():
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, matches.scoring; assert not any(m.startswith('django') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True, env={"PATH": ""})
