"""Random deals made as Big Deal makes them: a uniform number below the count of all deals,
then the deal with that number."""

import random
from collections import Counter
from math import comb

import pytest

from matches.scoring import Seat
from matches.scoring.dealing import (
    DEALS,
    deal_number,
    numbered_deal,
    random_deal,
    random_deals,
)
from matches.scoring.deals import Deal


def test_there_are_53_644_737_765_488_792_839_237_440_000_deals():
    assert DEALS == 53_644_737_765_488_792_839_237_440_000
    assert comb(52, 13) * comb(39, 13) * comb(26, 13) == DEALS


def test_the_first_and_last_numbers_deal_the_suits_whole_in_opposite_orders():
    assert (
        numbered_deal(0).pbn()
        == "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    assert numbered_deal(DEALS - 1).pbn() == (
        "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    )


def test_a_quarter_of_the_numbers_give_each_hand_the_ace_of_spades():
    """The numbers run in blocks, card by card: the first quarter gives ♠A to North, the
    next to East, and so on, since each hand holds ♠A in a quarter of all deals."""
    quarter = DEALS // 4
    holder = {
        number: next(seat for seat in Seat if "A" in numbered_deal(number).hand(seat).spades)
        for number in (quarter - 1, quarter, 2 * quarter, 3 * quarter - 1, 3 * quarter)
    }
    assert holder == {
        quarter - 1: Seat.NORTH,
        quarter: Seat.EAST,
        2 * quarter: Seat.SOUTH,
        3 * quarter - 1: Seat.SOUTH,
        3 * quarter: Seat.WEST,
    }


@pytest.mark.parametrize("seed", range(5))
def test_numbering_is_one_to_one_across_the_whole_range(seed):
    numbers = random.Random(seed)
    for number in [numbers.randrange(DEALS) for _ in range(40)] + [1, DEALS - 2]:
        deal = numbered_deal(number)
        assert Deal.parse(deal.pbn()) == deal  # 52 distinct cards, 13 to a hand
        assert deal_number(deal) == number


def test_a_number_outside_the_range_is_no_deal():
    with pytest.raises(ValueError):
        numbered_deal(DEALS)
    with pytest.raises(ValueError):
        numbered_deal(-1)


def test_a_random_deal_draws_its_number_below_the_count_of_all_deals():
    asked = []

    def randbelow(limit):
        asked.append(limit)
        return 12_345_678_901_234_567_890

    assert random_deal(randbelow) == numbered_deal(12_345_678_901_234_567_890)
    assert asked == [DEALS]


def test_random_deals_are_drawn_from_the_secure_source_and_differ():
    deals = random_deals(16)
    assert len(deals) == 16
    assert len({deal.pbn() for deal in deals}) == 16


def test_uniform_numbers_give_each_hand_each_card_about_as_often():
    """Numbers spread evenly over the range give each card to each hand about a quarter of
    the time (2,000 deals: each count is 500 ± 90, over 4 standard deviations)."""
    numbers = random.Random(7)
    deals = [numbered_deal(numbers.randrange(DEALS)) for _ in range(2000)]
    for card in ("A", "7", "2"):
        for suit in ("spades", "clubs"):
            holders = Counter(
                seat for deal in deals for seat in Seat if card in getattr(deal.hand(seat), suit)
            )
            assert all(410 <= holders[seat] <= 590 for seat in Seat), (card, suit, holders)
