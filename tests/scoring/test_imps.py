import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import imp_scale, imps

# WBF IMP scale (Law 78B): each row's lowest and highest difference.
ROWS = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 7600, 24),
]


@pytest.mark.parametrize(("low", "high", "expected"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_each_row_of_the_imp_scale_holds_at_both_ends_and_both_signs(low, high, expected):
    for difference in (low, high):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


def test_the_printed_scale_matches_the_function():
    for low, high, won in imp_scale():
        assert imps(low) == won
        if high is not None:
            assert imps(high) == won


@given(st.integers(min_value=-20000, max_value=20000))
def test_imps_are_odd_symmetric(difference):
    assert imps(-difference) == -imps(difference)


@given(st.integers(min_value=-20000, max_value=20000), st.integers(min_value=0, max_value=5000))
def test_imps_never_decrease_with_the_difference(difference, more):
    assert imps(difference + more) >= imps(difference)
    assert 0 <= imps(abs(difference)) <= 24
