"""The opening lead checked against the hands: the player on the declarer's left leads
(Law 41A), so a lead card that player did not hold shows a result entered wrongly, most
often the declarer on the wrong side. Pure rules, as Bridgemate checks a lead against
the hand record.
"""

from __future__ import annotations

from dataclasses import dataclass

from .boards import Seat
from .cards import Card
from .deals import SEATS, Deal


def left_of(seat: Seat) -> Seat:
    """Return the player on a seat's left (the next clockwise): the opening leader of a
    contract that seat declares."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def right_of(seat: Seat) -> Seat:
    """Return the player on a seat's right."""
    return SEATS[(SEATS.index(seat) + 3) % 4]


@dataclass(frozen=True)
class LeadMistake:
    """A lead card the opening leader did not hold."""

    card: Card
    declarer: Seat  # as entered
    leader: Seat  # who leads against that declarer
    holder: Seat  # who held the card
    likely: Seat  # the declarer whose opening leader held it: what was probably meant


def holder_of(deal: Deal, card: Card) -> Seat:
    """Return the seat that holds ``card`` in ``deal``."""
    return next(seat for seat in SEATS if card.rank in deal.hand(seat).suit(card.suit))


def lead_mistake(deal: Deal, declarer: Seat | str, lead: Card) -> LeadMistake | None:
    """Return what is wrong with ``lead`` as the opening lead against ``declarer`` in
    ``deal`` (None: the leader held it). The likely declarer is the one on the holder's
    right, whom the holder would have led against."""
    declarer = Seat(declarer)
    leader = left_of(declarer)
    holder = holder_of(deal, lead)
    if holder is leader:
        return None
    return LeadMistake(lead, declarer, leader, holder, right_of(holder))
