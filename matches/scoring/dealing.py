"""Random deals for a round, made as Big Deal makes them: a number, then the deal it names.

Big Deal (Hans van Staveren's dealing program, used at world championships) numbers every
possible deal from 0 to DEALS − 1 (52! / (13!)⁴ = 53,644,737,765,488,792,839,237,440,000),
draws a number uniformly from that range, and deals the deal with that number. Drawing the
number, not shuffling with a small seed, is what makes every deal equally likely and none
out of reach: a generator seeded with 32 bits can only ever make 4 billion of the 5 × 10²⁸
deals. Big Deal hashes entropy into 96-bit candidates and rejects those of DEALS or more;
here the candidate comes from the operating system's cryptographically secure generator
(``secrets.randbelow``, which also rejects what is out of range, so every number below
DEALS is equally likely), and nobody who saw earlier deals can predict the next.

The numbering is the one Richard Pavlicek and Big Deal describe: the cards in the order
the dealing-machine files use (♠A, ♠K … ♠2, ♥A … ♣2), each given to a hand in the order
North, East, South, West; a number picks, card by card, the hand whose block of deals it
falls in (the deals that give this card to North come first, then East's, and so on).
``deal_number`` is its inverse, so the mapping is checked to be one-to-one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from math import factorial

from .boards import Seat
from .contract import Strain
from .deals import RANKS, SEATS, SUITS, Deal, Hand

DEALS = factorial(52) // factorial(13) ** 4  # 53,644,737,765,488,792,839,237,440,000
CARDS = tuple((suit, rank) for suit in SUITS for rank in RANKS)  # ♠A … ♣2


def numbered_deal(number: int) -> Deal:
    """Return the deal numbered ``number`` (0 to DEALS − 1)."""
    if not 0 <= number < DEALS:
        raise ValueError(f"a deal's number is from 0 to {DEALS - 1}, not {number}")
    left = [13, 13, 13, 13]  # room in each hand, North first
    total = DEALS  # deals of the cards still to give, with this room
    held: dict[Seat, dict[Strain, str]] = {seat: dict.fromkeys(SUITS, "") for seat in SEATS}
    for position, (suit, rank) in enumerate(CARDS):
        remaining = 52 - position
        for index, seat in enumerate(SEATS):
            if not left[index]:
                continue
            block = total * left[index] // remaining  # deals giving this card to this hand
            if number < block:
                held[seat][suit] += rank
                left[index] -= 1
                total = block
                break
            number -= block
    return Deal(*(_hand(held[seat]) for seat in SEATS))


def deal_number(deal: Deal) -> int:
    """Return the number of a deal: ``numbered_deal(deal_number(deal)) == deal``."""
    holder = {}
    for seat in SEATS:
        for suit, ranks in deal.hand(seat).suits:
            for rank in ranks:
                holder[(suit, rank)] = SEATS.index(seat)
    left = [13, 13, 13, 13]
    total = DEALS
    number = 0
    for position, card in enumerate(CARDS):
        remaining = 52 - position
        for index in range(holder[card]):
            number += total * left[index] // remaining
        total = total * left[holder[card]] // remaining
        left[holder[card]] -= 1
    return number


def random_deal(randbelow: Callable[[int], int] = secrets.randbelow) -> Deal:
    """Return a deal drawn uniformly from every possible deal, by a secure random number."""
    return numbered_deal(randbelow(DEALS))


def random_deals(count: int, randbelow: Callable[[int], int] = secrets.randbelow) -> list[Deal]:
    """Return ``count`` deals, each drawn independently as ``random_deal`` draws one."""
    return [random_deal(randbelow) for _ in range(count)]


def _hand(suits: dict[Strain, str]) -> Hand:
    return Hand(*(suits[suit] for suit in SUITS))
