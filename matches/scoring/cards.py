"""Cards, for the opening lead: "SQ", "♠Q", "s10", "♥T", "黑桃K"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .contract import Strain, normalize

RANKS = "AKQJT98765432"
_SUITS = {
    "S": Strain.SPADES,
    "♠": Strain.SPADES,
    "黑桃": Strain.SPADES,
    "H": Strain.HEARTS,
    "♥": Strain.HEARTS,
    "红心": Strain.HEARTS,
    "红桃": Strain.HEARTS,
    "D": Strain.DIAMONDS,
    "♦": Strain.DIAMONDS,
    "方块": Strain.DIAMONDS,
    "方片": Strain.DIAMONDS,
    "C": Strain.CLUBS,
    "♣": Strain.CLUBS,
    "梅花": Strain.CLUBS,
    "草花": Strain.CLUBS,
}
_SHAPE = re.compile(r"^(\D+?)(10|[AKQJT2-9])$|^(10|[AKQJT2-9])(\D+)$")


class CardError(ValueError):
    """Text that is no card."""

    code = "card"


@dataclass(frozen=True, slots=True)
class Card:
    suit: Strain
    rank: str  # one of RANKS; "T" is the ten

    @classmethod
    def parse(cls, text: str) -> Card:
        """Return the card written as ``text``: suit then rank ("SQ", "♠10") or rank then suit."""
        folded = normalize(text or "")
        match = _SHAPE.match(folded)
        if match is None:
            raise CardError(f"a card is a suit and a rank, such as SQ or ♥10: {text}")
        suit_text, rank, rank_first, suit_after = match.groups()
        suit = _SUITS.get(suit_text or suit_after)
        rank = (rank or rank_first).replace("10", "T")
        if suit is None:
            raise CardError(f"a card's suit is S, H, D or C: {text}")
        return cls(suit, rank)

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank}"

    def display(self) -> str:
        """Return the card as printed, with its suit symbol and "10" for the ten ("♠10")."""
        return f"{self.suit.symbol}{'10' if self.rank == 'T' else self.rank}"
