"""Contracts: level, strain and doubling, parsed from what a director types."""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass, field


class Strain(enum.StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def symbol(self) -> str:
        """Return the suit symbol, or "NT" for notrump."""
        return _SYMBOLS[self]

    @property
    def trick_points(self) -> int:
        """Return the undoubled value of each trick after the first (20 minor, 30 other)."""
        return 20 if self in (Strain.CLUBS, Strain.DIAMONDS) else 30


_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}


class Doubling(enum.StrEnum):
    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def multiplier(self) -> int:
        """Return the factor that doubling applies to trick scores (1, 2 or 4)."""
        return {"": 1, "X": 2, "XX": 4}[self.value]


class ContractError(ValueError):
    """Text that is no contract. ``code`` names the fault for translated messages."""

    def __init__(self, message: str, code: str, text: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.text = text


# Written forms that mean "the board was passed out".
_PASS_WORDS = {"PASS", "P", "AP", "ALLPASS", "PASSEDOUT", "不叫", "都不叫", "全不叫", "派司"}
_STRAIN_WORDS = {
    "C": Strain.CLUBS,
    "♣": Strain.CLUBS,
    "梅花": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "♦": Strain.DIAMONDS,
    "方块": Strain.DIAMONDS,
    "方片": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "♥": Strain.HEARTS,
    "红心": Strain.HEARTS,
    "红桃": Strain.HEARTS,
    "S": Strain.SPADES,
    "♠": Strain.SPADES,
    "黑桃": Strain.SPADES,
    "NT": Strain.NOTRUMP,
    "N": Strain.NOTRUMP,
    "无将": Strain.NOTRUMP,
    "无王": Strain.NOTRUMP,
}
_DOUBLING_WORDS = {
    "": Doubling.UNDOUBLED,
    "X": Doubling.DOUBLED,
    "*": Doubling.DOUBLED,
    "加倍": Doubling.DOUBLED,
    "XX": Doubling.REDOUBLED,
    "**": Doubling.REDOUBLED,
    "R": Doubling.REDOUBLED,
    "再加倍": Doubling.REDOUBLED,
}
_SHAPE = re.compile(r"^(\d+)(.*?)(XX|X|\*\*|\*|R|再加倍|加倍)?$")
# The white-suit symbols some keyboards and fonts give.
_SYMBOL_ALIASES = str.maketrans({"♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"})


def normalize(text: str) -> str:
    """Return text folded to half-width upper case with no spaces, for parsing."""
    text = unicodedata.normalize("NFKC", text).translate(_SYMBOL_ALIASES)
    return "".join(text.split()).upper()


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract, or a passed-out board when ``level`` is 0."""

    level: int
    strain: Strain | None = None
    doubling: Doubling = Doubling.UNDOUBLED
    # Both scores for 0..13 tricks, [not vulnerable, vulnerable]; filled in from the rules.
    scores: tuple = field(default=((0,) * 14, (0,) * 14), compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Return the contract written as ``text`` ("4S", "3N", "7NTXX", "2♥X", "PASS")."""
        folded = normalize(text or "")
        if not folded:
            raise ContractError("a contract is required", "empty", text)
        if folded in _PASS_WORDS:
            return PASS
        match = _SHAPE.match(folded)
        if match is None:
            raise ContractError(
                f"a contract is a level 1 to 7 and a strain (C, D, H, S, NT): {text}",
                "format",
                text,
            )
        level_text, strain_text, doubling_text = match.groups()
        level = int(level_text)
        if not 1 <= level <= 7:
            raise ContractError(f"level must be 1 to 7: {text}", "level", text)
        strain = _STRAIN_WORDS.get(strain_text)
        if strain is None and _STRAIN_WORDS.get(strain_text.rstrip("X*R")):
            # "4SXXX": a strain followed by more doubling than a redouble
            raise ContractError(
                f"a contract is doubled (X) or redoubled (XX), no more: {text}", "doubling", text
            )
        if strain is None:
            raise ContractError(f"strain must be C, D, H, S or NT: {text}", "strain", text)
        return cls.of(level, strain, _DOUBLING_WORDS[doubling_text or ""])

    @staticmethod
    def of(level: int, strain: Strain | str, doubling: Doubling | str = "") -> Contract:
        """Return the one Contract object for this level, strain and doubling."""
        key = (level, Strain(strain), Doubling(doubling))
        try:
            return _ALL[key]
        except KeyError:
            raise ContractError(f"level must be 1 to 7: {level}", "level", str(level)) from None

    @property
    def is_pass(self) -> bool:
        """Return True for a passed-out board."""
        return self.level == 0

    @property
    def book(self) -> int:
        """Return the tricks the contract needs: the level plus six."""
        return self.level + 6 if self.level else 0

    def display(self) -> str:
        """Return the contract with a suit symbol, as printed on a scoresheet ("4♠X")."""
        if self.is_pass:
            return "PASS"
        assert self.strain is not None  # only a pass has no strain
        return f"{self.level}{self.strain.symbol}{self.doubling.value}"

    def __str__(self) -> str:
        if self.is_pass:
            return "PASS"
        assert self.strain is not None  # only a pass has no strain
        return f"{self.level}{self.strain.value}{self.doubling.value}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


PASS = Contract(0)
_ALL: dict[tuple[int, Strain, Doubling], Contract] = {}


def all_contracts() -> list[Contract]:
    """Return every biddable contract: 7 levels × 5 strains × 3 doublings (105)."""
    return list(_ALL.values())


def register_score_tables(score_table) -> None:
    """Fill the contract registry, each contract carrying its score table."""
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                bare = Contract(level, strain, doubling)
                _ALL[(level, strain, doubling)] = Contract(
                    level, strain, doubling, score_table(bare)
                )
