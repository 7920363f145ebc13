"""Deals: the four hands of a board, read from PBN's ``[Deal]`` notation and checked.

A deal is written as PBN writes it: the first seat, a colon, then four hands clockwise
from that seat, each hand's suits in the order spades, hearts, diamonds, clubs separated
by dots ("N:AKQ.T98.765.4321 ..."). A broken deal raises DealError whose ``code`` and
``params`` let a page say, in the user's language, what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from .boards import Seat
from .contract import Strain

SUITS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
RANKS = "AKQJT98765432"
SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


class DealError(ValueError):
    """A deal that is not 52 distinct cards, 13 to a hand.

    ``code`` names the fault; ``params`` holds what a message needs (seat, card, count).
    """

    def __init__(self, message: str, code: str, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def _next_seat(seat: Seat, steps: int = 1) -> Seat:
    return SEATS[(SEATS.index(seat) + steps) % 4]


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's thirteen cards: each suit's ranks, highest first."""

    spades: str
    hearts: str
    diamonds: str
    clubs: str

    def suit(self, strain: Strain) -> str:
        """Return the ranks held in a suit, highest first ("" for a void)."""
        return {
            Strain.SPADES: self.spades,
            Strain.HEARTS: self.hearts,
            Strain.DIAMONDS: self.diamonds,
            Strain.CLUBS: self.clubs,
        }[strain]

    @property
    def suits(self) -> tuple[tuple[Strain, str], ...]:
        """Return (suit, ranks) from spades down to clubs."""
        return tuple((strain, self.suit(strain)) for strain in SUITS)

    @property
    def high_card_points(self) -> int:
        """Return the hand's high-card points (A 4, K 3, Q 2, J 1)."""
        return sum(HCP.get(rank, 0) for _, ranks in self.suits for rank in ranks)

    def pbn(self) -> str:
        """Return the hand as PBN writes it ("AKQ.T98.765.4321")."""
        return ".".join(ranks for _, ranks in self.suits)


def _sorted(ranks: str) -> str:
    return "".join(sorted(ranks, key=RANKS.index))


def _parse_hand(text: str, seat: Seat) -> Hand:
    if text in ("-", "?", ""):
        raise DealError(f"{seat.name.title()}'s hand is missing", "missing-hand", seat=seat)
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(
            f"{seat.name.title()}'s hand has {len(suits)} suits, not 4 (spades.hearts.diamonds"
            f".clubs): {text}",
            "suits",
            seat=seat,
            count=len(suits),
        )
    held = []
    for ranks in suits:
        ranks = ranks.upper().replace("10", "T")
        if ranks == "-":
            ranks = ""
        for rank in ranks:
            if rank not in RANKS:
                raise DealError(
                    f"{seat.name.title()}'s hand has {rank!r}, which is no card",
                    "card",
                    seat=seat,
                    text=rank,
                )
        held.append(_sorted(ranks))
    return Hand(*held)


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board, by seat."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Return the deal written in PBN's notation, any first seat ("E:... ... ... ...").

        Raise DealError unless it holds 52 distinct cards, 13 to each hand.
        """
        text = " ".join((text or "").split())
        first, colon, rest = text.partition(":")
        if not colon or first.upper() not in {s.value for s in SEATS}:
            raise DealError(
                "a deal starts with the first hand's seat and a colon, such as N:",
                "format",
            )
        hands_text = rest.split(" ")
        if len(hands_text) != 4:
            raise DealError(
                f"a deal has four hands; this one has {len(hands_text)}",
                "hands",
                count=len(hands_text),
            )
        seat = Seat(first.upper())
        hands = {}
        for hand_text in hands_text:
            hands[seat] = _parse_hand(hand_text, seat)
            seat = _next_seat(seat)
        deal = cls(hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH], hands[Seat.WEST])
        deal._check()
        return deal

    def _check(self) -> None:
        seen: dict[str, Seat] = {}
        for seat in SEATS:
            for strain, ranks in self.hand(seat).suits:
                for rank in ranks:
                    card = f"{strain.value}{rank}"
                    if card in seen:
                        raise DealError(
                            f"{strain.symbol}{rank} is in both {seen[card].name.title()}'s "
                            f"and {seat.name.title()}'s hands",
                            "duplicate",
                            card=card,
                            seat=seen[card],
                            other=seat,
                        )
                    seen[card] = seat
        for seat in SEATS:
            count = sum(len(ranks) for _, ranks in self.hand(seat).suits)
            if count != 13:
                raise DealError(
                    f"{seat.name.title()}'s hand has {count} cards, not 13",
                    "count",
                    seat=seat,
                    count=count,
                )

    def hand(self, seat: Seat | str) -> Hand:
        """Return the hand held at a seat."""
        return {
            Seat.NORTH: self.north,
            Seat.EAST: self.east,
            Seat.SOUTH: self.south,
            Seat.WEST: self.west,
        }[Seat(seat)]

    def pbn(self, first: Seat | str = Seat.NORTH) -> str:
        """Return the deal in PBN's notation, starting from ``first`` (North by default)."""
        seat = Seat(first)
        hands = []
        for _ in range(4):
            hands.append(self.hand(seat).pbn())
            seat = _next_seat(seat)
        return f"{Seat(first).value}:{' '.join(hands)}"

    def __str__(self) -> str:
        return self.pbn()
