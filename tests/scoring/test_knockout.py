from decimal import Decimal
from fractions import Fraction

import pytest

from matches.scoring.knockout import (
    BracketMatch,
    CarryOverMethod,
    CarryOverRule,
    TieRule,
    bracket,
    bracket_size,
    carry_over,
    carry_over_working,
    first_round,
    match_winner,
    next_match,
    round_count,
    seed_order,
)

D = Decimal


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_the_bracket_pairs_one_v_eight_four_v_five_two_v_seven_three_v_six(size, order):
    assert seed_order(size) == order


def test_eight_teams_play_one_v_eight_four_v_five_two_v_seven_three_v_six():
    assert first_round(list("ABCDEFGH")) == [("A", "H"), ("D", "E"), ("B", "G"), ("C", "F")]


def test_with_fewer_than_a_power_of_two_the_top_seeds_get_the_byes():
    assert first_round(list("ABCDEF")) == [("A", None), ("D", "E"), ("B", None), ("C", "F")]


@pytest.mark.parametrize(("teams", "size", "rounds"), [(2, 2, 1), (3, 4, 2), (8, 8, 3), (9, 16, 4)])
def test_the_bracket_is_the_next_power_of_two(teams, size, rounds):
    assert (bracket_size(teams), round_count(teams)) == (size, rounds)


@pytest.mark.parametrize("teams", [0, 1, True, "8"])
def test_a_knockout_needs_two_teams_or_more(teams):
    with pytest.raises(ValueError, match="at least two"):
        bracket_size(teams)


def test_a_team_seeded_twice_is_refused():
    with pytest.raises(ValueError, match="seeded twice"):
        first_round(list("ABCA"))


def test_the_winner_of_matches_one_and_two_meet_next_in_match_one():
    assert [next_match(1, p) for p in range(4)] == [(2, 0), (2, 0), (2, 1), (2, 1)]


def test_the_bracket_moves_winners_on_with_the_better_seed_at_home():
    winners = {(1, 0): "A", (1, 1): "E", (1, 2): "G", (1, 3): "C", (2, 0): "E"}
    rounds = bracket(list("ABCDEFGH"), winners)
    assert [len(r) for r in rounds] == [4, 2, 1]
    assert rounds[1] == [
        BracketMatch(2, 0, "A", "E", winner="E"),
        BracketMatch(2, 1, "C", "G"),  # C is seed 3, G seed 7: C at home
    ]
    assert rounds[2] == [BracketMatch(3, 0, "E", None)]


def test_a_bye_goes_through_without_playing():
    rounds = bracket(list("ABC"))
    assert rounds[0] == [
        BracketMatch(1, 0, "A", None, bye=True, winner="A"),
        BracketMatch(1, 1, "B", "C"),
    ]
    assert rounds[1] == [BracketMatch(2, 0, "A", None)]


def test_a_winner_who_did_not_play_the_match_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        bracket(list("ABCD"), {(1, 0): "B"})


def test_a_winner_of_a_match_not_yet_drawn_is_refused():
    with pytest.raises(ValueError, match="not been drawn"):
        bracket(list("ABCD"), {(2, 0): "A"})


@pytest.mark.parametrize(
    ("home", "away", "carry", "winner"),
    [
        (40, 38, (D(0), D(0)), "home"),
        (38, 40, (D("2.1"), D(0)), "home"),
        (38, 40, (D("1.9"), D(0)), "away"),
        (40, 40, (D(0), D(0)), None),
    ],
)
def test_the_winner_has_more_imps_with_the_carry_over_and_a_tie_has_none(home, away, carry, winner):
    assert match_winner(home, away, carry) == winner


def rule(method, **options):
    return CarryOverRule(CarryOverMethod(method), **options)


def test_no_carry_over_carries_nothing():
    assert carry_over(rule("none"), vp_difference=30) == (0, 0)


def test_a_fixed_carry_over_goes_to_the_higher_placed_team():
    assert carry_over(rule("fixed", amount=D("0.1"))) == (D("0.1"), 0)
    assert carry_over(rule("fixed", amount=3)) == (D(3), 0)


# A qualifier: 1st 120.50 VP, 8th 98.25 VP; half the VP difference, at most 15 IMPs.
def test_half_the_vp_difference_is_carried_rounded_to_a_tenth():
    carried = carry_over(
        rule("vp-difference", fraction=Fraction(1, 2), cap=15), vp_difference=D("22.25")
    )
    assert carried == (D("11.1"), 0)  # 11.125 → 11.1


def test_the_carry_over_is_capped():
    carried = carry_over(
        rule("vp-difference", fraction=Fraction(1, 2), cap=D("7.5")), vp_difference=20
    )
    assert carried == (D("7.5"), 0)


def test_a_third_of_the_head_to_head_imps_goes_to_the_team_that_won_that_match():
    lower_won = carry_over(
        rule("head-to-head-imps", fraction=Fraction(1, 3)), head_to_head_imps=-28
    )
    assert lower_won == (0, D("9.3"))  # 28 / 3 = 9.33…
    higher_won = carry_over(
        rule("head-to-head-imps", fraction=Fraction(1, 3)), head_to_head_imps=35
    )
    assert higher_won == (D("11.7"), 0)


def test_half_up_rounding_is_exact():
    carried = carry_over(rule("vp-difference", fraction=Fraction(1, 4)), vp_difference=D("0.42"))
    assert carried == (D("0.1"), 0)  # 0.105 → 0.1 (a tenth, not a hundredth)
    assert carry_over(rule("vp-difference", fraction=Fraction(1, 2)), vp_difference=D("0.5")) == (
        D("0.3"),
        0,
    )  # 0.25 → 0.3


@pytest.mark.parametrize(
    ("options", "kwargs", "expected"),
    [
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 12}, (D("6.1"), 0)),  # 6 → 6.1
        ({"fraction": Fraction(1, 2), "cap": 5}, {"vp_difference": 12}, (D("4.9"), 0)),  # cap
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 0}, (D("0.1"), 0)),  # nothing: 0.1
    ],
    ids=["whole", "whole-at-the-cap", "nothing"],
)
def test_a_whole_carry_over_gets_a_tenth_for_the_higher_placed_team_so_no_tie_follows(
    options, kwargs, expected
):
    assert carry_over(rule("vp-difference", **options), **kwargs) == expected


def test_a_whole_carry_over_to_the_lower_placed_team_is_a_tenth_less():
    carried = carry_over(rule("head-to-head-imps", fraction=Fraction(1, 2)), head_to_head_imps=-12)
    assert carried == (0, D("5.9"))


@pytest.mark.parametrize(
    ("options", "kwargs", "expected"),
    [
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 12}, (D("6.0"), 0)),
        ({"fraction": Fraction(1, 2), "cap": 5}, {"vp_difference": 12}, (D("5.0"), 0)),
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 0}, (0, 0)),
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 7}, (D("3.5"), 0)),
    ],
    ids=["whole", "at-the-cap", "nothing", "fractional"],
)
def test_with_extra_boards_for_a_level_match_a_whole_carry_over_stays_whole(
    options, kwargs, expected
):
    extra_boards = rule("vp-difference", **options, tenth=False)
    assert carry_over(extra_boards, **kwargs) == expected


def test_with_extra_boards_the_working_moves_no_tenth():
    working = carry_over_working(
        rule("vp-difference", fraction=Fraction(1, 2), tenth=False), vp_difference=12
    )
    assert working.tie is TieRule.NOT_NEEDED and working.amount == D("6.0")
    assert match_winner(20, 26, working.carried) is None  # 26 : 26, a level match


@pytest.mark.parametrize("difference", range(0, 60, 7))
def test_no_tie_can_follow_a_fractional_carry_over(difference):
    for method in ("vp-difference", "head-to-head-imps"):
        kwargs = (
            {"vp_difference": difference}
            if method == "vp-difference"
            else {"head_to_head_imps": -difference}
        )
        higher, lower = carry_over(rule(method, fraction=Fraction(1, 3), cap=10), **kwargs)
        assert (higher - lower) % 1 != 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"method": "fixed", "amount": D("0.15")}, "tenths"),
        ({"method": "fixed", "amount": -1}, "tenths"),
        ({"method": "vp-difference", "fraction": 2}, "0 to 1"),
        ({"method": "vp-difference", "fraction": Fraction(1, 2), "cap": 0}, "cap of 0"),
        ({"method": "bogus"}, "bogus"),
    ],
)
def test_a_carry_over_setting_that_makes_no_sense_is_refused(options, message):
    with pytest.raises(ValueError, match=message):
        CarryOverRule(**options)


def test_the_higher_placed_team_cannot_have_fewer_vp():
    with pytest.raises(ValueError, match="fewer VP"):
        carry_over(rule("vp-difference", fraction=Fraction(1, 2)), vp_difference=-1)


def test_the_working_of_half_the_vp_difference_names_each_step():
    working = carry_over_working(
        rule("vp-difference", fraction=Fraction(1, 2)), vp_difference=D("2.07")
    )
    assert working.difference == Fraction(207, 100)
    assert working.exact == Fraction(1035, 1000)  # ½ × 2.07 = 1.035
    assert working.rounded == D("1.0")  # to a tenth, half up
    assert working.tie is TieRule.MORE_TO_HIGHER  # whole: a tenth more, no tie can follow
    assert working.carried == (D("1.1"), 0)


@pytest.mark.parametrize(
    ("options", "kwargs", "capped", "tie", "carried"),
    [
        (
            {"fraction": Fraction(1, 2), "cap": 10},
            {"vp_difference": D("22.25")},
            D(10),
            TieRule.UNDER_CAP,
            (D("9.9"), 0),
        ),
        ({"fraction": Fraction(1, 2)}, {"vp_difference": 0}, None, TieRule.NOTHING, (D("0.1"), 0)),
        (
            {"fraction": Fraction(1, 3)},
            {"vp_difference": 28},
            None,
            TieRule.NOT_NEEDED,
            (D("9.3"), 0),
        ),
    ],
    ids=["cap", "nothing", "tenths"],
)
def test_the_working_says_when_the_cap_and_the_tie_rule_applied(
    options, kwargs, capped, tie, carried
):
    working = carry_over_working(rule("vp-difference", **options), **kwargs)
    assert (working.capped, working.tie, working.carried) == (capped, tie, carried)


def test_the_working_of_a_head_to_head_won_by_the_lower_placed_team():
    working = carry_over_working(
        rule("head-to-head-imps", fraction=Fraction(1, 2)), head_to_head_imps=-12
    )
    assert not working.to_higher and working.tie is TieRule.LESS_TO_LOWER
    assert working.carried == (0, D("5.9"))


@pytest.mark.parametrize("difference", [D("0.42"), D("7.35"), D("22.25"), D(40), D(0)])
@pytest.mark.parametrize("cap", [None, D(5), D("7.5")])
def test_the_carry_over_is_the_last_step_of_its_working(difference, cap):
    options = {"fraction": Fraction(1, 3), "cap": cap}
    working = carry_over_working(rule("vp-difference", **options), vp_difference=difference)
    assert working.carried == carry_over(rule("vp-difference", **options), vp_difference=difference)
