"""The WBF's carry-over into a knockout: half of the IMP margin of the two teams' match in
the round robin when the higher-placed team won it, a third when the lower-placed team
did, at most 16 IMPs, rounded to a tenth (docs/rules.md, "Carry-over")."""

from decimal import Decimal as D
from fractions import Fraction

import pytest

from matches.scoring.knockout import (
    CarryOverMethod,
    CarryOverRule,
    carry_over,
    carry_over_working,
)

WBF = CarryOverRule(CarryOverMethod.WBF, tenth=False)  # the WBF plays extra boards on a tie


@pytest.mark.parametrize(
    ("margin", "carried"),
    [
        # Worked by hand: the higher-placed team won by 20 → 20 / 2 = 10.0 to it.
        (20, (D("10.0"), D("0.0"))),
        (7, (D("3.5"), D("0.0"))),
        (31, (D("15.5"), D("0.0"))),
        (40, (D("16.0"), D("0.0"))),  # 20 capped at 16
        # The lower-placed team won by 20 → 20 / 3 = 6.666… → 6.7 to it.
        (-20, (D("0.0"), D("6.7"))),
        (-10, (D("0.0"), D("3.3"))),  # 3.333… → 3.3
        (-47, (D("0.0"), D("15.7"))),  # 15.666… → 15.7
        (-50, (D("0.0"), D("16.0"))),  # 16.666… capped at 16
        (0, (D("0.0"), D("0.0"))),
    ],
)
def test_the_wbf_carries_half_to_a_higher_placed_winner_and_a_third_to_a_lower(margin, carried):
    assert carry_over(WBF, head_to_head_imps=margin) == carried


def test_the_wbf_rule_is_the_split_head_to_head_rule_with_its_shares_and_cap():
    split = CarryOverRule(
        CarryOverMethod.HEAD_TO_HEAD_IMPS,
        fraction=Fraction(1, 2),
        lower_fraction=Fraction(1, 3),
        cap=D(16),
        tenth=False,
    )
    for margin in range(-60, 61):
        assert carry_over(split, head_to_head_imps=margin) == carry_over(
            WBF, head_to_head_imps=margin
        )


def test_the_wbf_shares_cannot_be_changed_by_the_settings_beside_them():
    rule = CarryOverRule(CarryOverMethod.WBF, fraction=Fraction(1, 4), cap=D(5))
    assert (rule.fraction, rule.lower_fraction, rule.cap) == (
        Fraction(1, 2),
        Fraction(1, 3),
        D("16.0"),
    )


def test_one_share_for_both_cases_is_todays_rule():
    rule = CarryOverRule(CarryOverMethod.HEAD_TO_HEAD_IMPS, fraction=Fraction(1, 2), tenth=False)
    assert rule.lower_fraction is None
    assert carry_over(rule, head_to_head_imps=-20) == (D("0.0"), D("10.0"))


def test_the_working_shows_the_third_taken_and_its_rounding():
    working = carry_over_working(WBF, head_to_head_imps=-20)
    assert working.exact == Fraction(20, 3)
    assert working.rounded == D("6.7")
    assert not working.to_higher


def test_with_the_tenth_rule_a_whole_wbf_carry_over_moves_a_tenth():
    rule = CarryOverRule(CarryOverMethod.WBF)
    assert carry_over(rule, head_to_head_imps=-3) == (D("0.0"), D("0.9"))  # 1.0 less 0.1
    assert carry_over(rule, head_to_head_imps=4) == (D("2.1"), D("0.0"))  # 2.0 and 0.1


# The 2013 Bermuda Bowl quarter-finals (Bali), as Bridge Winners published them ("2013
# WBTC Semi-final Matches"): the higher-placed team first, each lower-placed team with a
# carry-over in tenths; and the semi-final Monaco 241.7 USA1 160 (csbnews.org, Bali 2013,
# 27 September). The boards give whole IMPs, so the tenths are the carry-over's.
PUBLISHED_2013 = [
    ("USA1", 214, "CANADA", D("158.7")),
    ("ITALY", 242, "CHINA", D("146.3")),
    ("MONACO", 278, "ENGLAND", D("226.3")),
    ("POLAND", 242, "THE NETHERLANDS", D("119.3")),
    ("USA1", 160, "MONACO", D("241.7")),
]


def _tenths_carried(rule: CarryOverRule, *, by_lower: bool) -> set[D]:
    margins = range(-60, 0) if by_lower else range(1, 61)
    carried = set()
    for margin in margins:
        higher, lower = carry_over(rule, head_to_head_imps=margin)
        carried.add((lower if by_lower else higher) % 1)
    return carried


@pytest.mark.parametrize(("higher", "higher_imps", "lower", "lower_imps"), PUBLISHED_2013)
def test_the_2013_bermuda_bowl_knockout_scores_are_thirds_rounded_to_a_tenth(
    higher, higher_imps, lower, lower_imps
):
    # Every one of these teams carried a tenth no half can give: the lower-placed team had
    # won the round-robin match, and carried a third of its margin, rounded to a tenth.
    tenth = lower_imps % 1
    assert higher_imps % 1 == 0
    assert tenth in _tenths_carried(WBF, by_lower=True)  # .3 and .7 among them
    halves = CarryOverRule(CarryOverMethod.HEAD_TO_HEAD_IMPS, fraction=Fraction(1, 2), tenth=False)
    assert tenth not in _tenths_carried(halves, by_lower=True)  # only .0 and .5
    assert tenth not in _tenths_carried(WBF, by_lower=False)  # a higher winner: halves
