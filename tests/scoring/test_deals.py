"""Deals read from PBN notation: any first seat, and every way a deal can be broken."""

import pytest

from matches.scoring import Seat
from matches.scoring.deals import Deal, DealError

NORTH_FIRST = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_deal_reads_its_four_hands_by_seat():
    deal = Deal.parse(NORTH_FIRST)
    assert deal.north.spades == "AKQJ"
    assert deal.east.clubs == "AKQJ"
    assert deal.south.diamonds == "AKQJ"
    assert deal.west.hearts == "AKQJ"


def test_a_deal_may_start_with_any_seat_and_means_the_same_hands():
    east_first = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
    assert Deal.parse(east_first) == Deal.parse(NORTH_FIRST)
    assert Deal.parse(east_first).pbn() == NORTH_FIRST


def test_a_deal_is_written_back_from_any_seat():
    assert Deal.parse(NORTH_FIRST).pbn("W").startswith("W:432.AKQJ.T98.765 AKQJ.")


def test_lower_case_tens_as_10_voids_and_extra_spaces_are_read():
    text = "s:akqj1098765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deal = Deal.parse(text.replace("  ", " "))
    assert deal.south.spades == "AKQJT98765432"
    assert deal.north.hearts == ""


def test_high_card_points_count_each_hand():
    deal = Deal.parse(NORTH_FIRST)
    assert [deal.hand(s).high_card_points for s in Seat] == [10, 10, 10, 10]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "format"),
        ("X:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "format"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98", "hands"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -", "missing-hand"),
        ("N:AKQJ.T98.765 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "suits"),
        ("N:AKQZ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "card"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 A32.AKQJ.T98.765", "duplicate"),
        ("N:AKQJ.T98.765.4322 T98.765.432.AKQJ 765.432.AKQJ.T98 43.AKQJ.T98.765", "duplicate"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 32.AKQJ.T98.765", "count"),
        ("N:AKQJ4.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 32.AKQJ.T98.765", "count"),
    ],
    ids=[
        "no first seat",
        "unknown seat",
        "three hands",
        "a hand missing",
        "three suits",
        "a letter that is no card",
        "a card twice",
        "a card twice in one hand",
        "12 cards",
        "14 and 12 cards",
    ],
)
def test_a_broken_deal_is_refused_with_what_is_wrong(text, code):
    with pytest.raises(DealError) as caught:
        Deal.parse(text)
    assert caught.value.code == code


def test_a_card_held_twice_names_the_card_and_both_seats():
    text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 A32.AKQJ.T98.765"
    with pytest.raises(DealError) as caught:
        Deal.parse(text)
    assert caught.value.params == {"card": "SA", "seat": Seat.NORTH, "other": Seat.WEST}
    assert "♠A is in both North's and West's hands" in str(caught.value)


def test_a_short_hand_names_its_seat_and_count():
    text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 32.AKQJ.T98.765"
    with pytest.raises(DealError) as caught:
        Deal.parse(text)
    assert caught.value.params == {"seat": Seat.WEST, "count": 12}
