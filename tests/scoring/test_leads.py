"""The opening lead checked against the hands (Law 41A: the player on declarer's left
leads). Hand-worked on one deal:

    North ♠AKQ2 ♥AK2 ♦AK2 ♣AK2        West ♠J65 ♥QJ3 ♦QJ3 ♣QJ43
    East  ♠T98 ♥T987 ♦T98 ♣T98        South ♠743 ♥654 ♦7654 ♣765
"""

import pytest

from matches.scoring import Seat
from matches.scoring.cards import Card
from matches.scoring.deals import Deal
from matches.scoring.leads import holder_of, lead_mistake, left_of, right_of

DEAL = Deal.parse("N:AKQ2.AK2.AK2.AK2 T98.T987.T98.T98 743.654.7654.765 J65.QJ3.QJ3.QJ43")


def test_the_opening_leader_is_the_player_on_the_declarers_left():
    assert [left_of(Seat(s)) for s in "NESW"] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [right_of(Seat(s)) for s in "NESW"] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]


def test_each_card_has_one_holder():
    assert holder_of(DEAL, Card.parse("SA")) == Seat.NORTH
    assert holder_of(DEAL, Card.parse("♥10")) == Seat.EAST
    assert holder_of(DEAL, Card.parse("C3")) == Seat.WEST


@pytest.mark.parametrize(("declarer", "lead"), [("N", "ST"), ("S", "SJ"), ("E", "D7"), ("W", "SA")])
def test_a_lead_from_the_leaders_hand_is_right(declarer, lead):
    assert lead_mistake(DEAL, declarer, Card.parse(lead)) is None


def test_a_lead_from_another_hand_names_its_holder_and_the_declarer_it_suggests():
    # 4♠ by North, led ♠J: West held it, who leads against South: South declared, surely
    mistake = lead_mistake(DEAL, "N", Card.parse("SJ"))
    assert (mistake.leader, mistake.holder, mistake.likely) == (Seat.EAST, Seat.WEST, Seat.SOUTH)
    # a lead from declarer's own side: East leads against North; the ♦A was North's own
    mistake = lead_mistake(DEAL, "N", Card.parse("DA"))
    assert (mistake.holder, mistake.likely) == (Seat.NORTH, Seat.WEST)
