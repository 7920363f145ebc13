"""Rubber bridge: the 我方 / 他方 cross pad (十字记分) of seed 000 and the Laws of Rubber Bridge.

Below the line: each contract's trick score (doubled ×2, redoubled ×4), towards game. 100 or
more in the current game wins it: a line is drawn, a new game starts and the part-scores above
that line no longer count towards game (they still count in the total). Above the line:
overtricks, the bonus for a doubled contract made, slams, undertricks, honours, the rubber
bonus; no game or part-score bonus per deal. A side with a game is vulnerable; the first to win
two games wins the rubber and 700 (the other side has no game) or 500.

Choices where seed 000 and the Laws leave room:
- A deal after the rubber is won raises ``RubberOverError``: a new rubber is a new pad.
- A passed-out deal (declarer None, contract PASS, 0 tricks) scores nothing.
- Honours: four or five trump honours at a suit contract, four aces at notrump; they go to the
  side holding them, declaring or defending, made or not; none on a passed-out deal.
- Unfinished rubber, by the Laws of Contract Bridge (rubber bridge), Law 80, Incomplete
  Rubber: "if only one game has been completed, the winners of that game are credited with
  300 points; if only one side has a partscore or partscores in a game not completed, that
  side is credited with 100 points". So with a game each neither side gets 300, and with
  part-scores on both sides neither gets 100. ``finished_early`` is ignored once the rubber
  is won.

Chicago imports the shared pieces: entries, a deal's score, the games below the line.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import cast

from .contract import Contract, Strain
from .duplicate import PartKind, TricksError, score_breakdown

GAME_POINTS = 100


class RubberSide(enum.StrEnum):
    WE = "WE"  # 我方
    THEY = "THEY"  # 他方

    @property
    def other(self) -> RubberSide:
        """Return the other side of the pad."""
        return RubberSide.THEY if self is RubberSide.WE else RubberSide.WE

    @property
    def label(self) -> str:
        """Return the heading the seed writes over this column (我方 or 他方)."""
        return "我方" if self is RubberSide.WE else "他方"


class Honours(enum.StrEnum):
    FOUR_TRUMP = "four-trump-honours"  # four of A K Q J 10 of trumps in one hand
    FIVE_TRUMP = "five-trump-honours"  # all five in one hand
    FOUR_ACES = "four-aces"  # four aces in one hand, notrump only

    @property
    def points(self) -> int:
        """Return the bonus: 100 for four trump honours, 150 for five or for four aces."""
        return 100 if self is Honours.FOUR_TRUMP else 150

    def fits(self, strain: Strain) -> bool:
        """Return True when these honours count in a contract of this strain."""
        return (self is Honours.FOUR_ACES) == (strain is Strain.NOTRUMP)


class EntryKind(enum.StrEnum):
    """What an entry on the pad is for; the duplicate parts keep their names."""

    CONTRACT_TRICKS = "contract-tricks"  # 基本分, the only kind below the line
    OVERTRICKS = "overtricks"
    DOUBLED_MADE = "doubled-made"
    SMALL_SLAM = "small-slam"
    GRAND_SLAM = "grand-slam"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    RUBBER = "rubber"  # 700 or 500 for winning the rubber
    UNFINISHED_GAME = "unfinished-game"  # 300, a rubber stopped early
    UNFINISHED_PART_SCORE = "unfinished-part-score"  # 100, a rubber stopped early
    GAME = "game"  # Chicago: 300 or 500 when a game is made
    PART_SCORE = "part-score"  # Chicago: 100 for a part-score left after the fourth deal


# Fixed bonuses, [0] and [1] by a condition: for the rubber, whether the loser has a game;
# for the Chicago game bonus, whether the side is vulnerable.
BONUSES = {
    EntryKind.RUBBER: (700, 500),
    EntryKind.UNFINISHED_GAME: (300, 300),
    EntryKind.UNFINISHED_PART_SCORE: (100, 100),
    EntryKind.GAME: (300, 500),
    EntryKind.PART_SCORE: (100, 100),
}


class DealError(ValueError):
    """A deal that cannot be scored as written."""


class RubberOverError(DealError):
    """A deal written after the rubber was won. ``deal`` is its number, counted from 1."""

    code = "rubber-over"

    def __init__(self, message: str, deal: int) -> None:
        super().__init__(message)
        self.deal = deal


@dataclass(frozen=True, slots=True)
class PadEntry:
    side: Hashable  # RubberSide on a rubber pad, Side in Chicago
    kind: EntryKind
    points: int  # never negative: undertricks are written for the defenders
    deal: int  # the deal, counted from 1, that wrote it
    formula: str  # as the seed writes it: "2×30", "100+200", "700"
    redoubled: bool = False  # a redoubled contract's bonus for making it (ScorePart's)

    @property
    def below(self) -> bool:
        """Return True when the entry is written below the line."""
        return self.kind is EntryKind.CONTRACT_TRICKS


def bonus_entry(side: Hashable, kind: EntryKind, deal: int, second: bool = False) -> PadEntry:
    """Return the entry for a fixed bonus of this kind."""
    points = BONUSES[kind][second]
    return PadEntry(side, kind, points, deal, str(points))


def as_contract(value: Contract | str) -> Contract:
    """Return ``value`` as a Contract, parsing text such as "4SX"."""
    return value if isinstance(value, Contract) else Contract.parse(value)


def settle_deal(deal, side_type: type, declarer_type: type) -> None:
    """Return None once text fields of a frozen deal have their types and the deal is sound.

    Raise DealError (or TricksError) for a deal that cannot be scored.
    """
    object.__setattr__(deal, "contract", as_contract(deal.contract))
    kinds = {"declarer": declarer_type, "honours": Honours, "honours_side": side_type}
    for name, kind in kinds.items():
        if getattr(deal, name) is not None:
            object.__setattr__(deal, name, kind(getattr(deal, name)))
    if type(deal.tricks) is not int or not 0 <= deal.tricks <= 13:
        raise TricksError(f"tricks must be 0 to 13: {deal.tricks!r}")
    if (deal.declarer is None) != deal.contract.is_pass:
        raise DealError("a passed-out deal has no declarer, and any other deal has one")
    if deal.contract.is_pass and deal.tricks:
        raise DealError("a passed-out deal has no tricks")
    if (deal.honours is None) != (deal.honours_side is None):
        raise DealError("honours need the side that holds them, and only honours have one")
    if deal.honours is not None:
        if deal.contract.is_pass:
            raise DealError("a passed-out deal scores no honours")
        if not deal.honours.fits(deal.contract.strain):
            raise DealError(f"{deal.honours} do not count in {deal.contract}")


def per_side(sides: Iterable, value: Callable) -> Mapping:
    """Return a read-only mapping of each side to ``value(side)``."""
    return MappingProxyType({side: value(side) for side in sides})


def score_deal(
    number: int, deal, declarer: Hashable, defenders: Hashable, vulnerable: bool
) -> tuple[PadEntry, ...]:
    """Return what one deal writes on the pad: Law 77 less the duplicate game/part-score bonus."""
    entries = []
    if not deal.contract.is_pass:
        for part in score_breakdown(deal.contract, deal.tricks, vulnerable).parts:
            if part.kind in (PartKind.GAME, PartKind.PART_SCORE):
                continue
            side = defenders if part.kind is PartKind.UNDERTRICKS else declarer
            entries.append(
                PadEntry(
                    side,
                    EntryKind(part.kind.value),
                    abs(part.points),
                    number,
                    part.formula,
                    part.redoubled,
                )
            )
    if deal.honours is not None:
        points = deal.honours.points
        entries.append(PadEntry(deal.honours_side, EntryKind.HONOURS, points, number, str(points)))
    return tuple(entries)


@dataclass(frozen=True, slots=True)
class Game:
    number: int  # 1 up
    entries: tuple[PadEntry, ...]  # the trick scores written below the line in this game
    winner: Hashable | None  # the side that won it: a line is drawn under it

    def below(self, side: Hashable) -> tuple[PadEntry, ...]:
        """Return the side's entries below the line in this game."""
        return tuple(entry for entry in self.entries if entry.side == side)

    def points(self, side: Hashable) -> int:
        """Return the side's points below the line in this game."""
        return sum(entry.points for entry in self.below(side))


class BelowTheLine:
    """The games below the line as they are written, deal by deal (a builder, not a value)."""

    def __init__(self) -> None:
        self.won: list[Game] = []
        self.current: list[PadEntry] = []

    def wins(self, side: Hashable) -> int:
        """Return how many games the side has won."""
        return sum(game.winner == side for game in self.won)

    def part_score(self, side: Hashable) -> int:
        """Return the side's points towards game in the current game."""
        return sum(entry.points for entry in self.current if entry.side == side)

    def write(self, entries: Iterable[PadEntry]) -> Hashable | None:
        """Return the side that these entries give a game, after writing them; None if none."""
        for entry in entries:
            if entry.below:
                self.current.append(entry)
                if self.part_score(entry.side) >= GAME_POINTS:
                    self.won.append(Game(len(self.won) + 1, tuple(self.current), entry.side))
                    self.current = []
                    return entry.side
        return None

    def games(self, open_game: bool = True) -> tuple[Game, ...]:
        """Return the games won and, if ``open_game``, the game being played."""
        if not open_game:
            return tuple(self.won)
        return (*self.won, Game(len(self.won) + 1, tuple(self.current), None))


@dataclass(frozen=True, slots=True)
class RubberDeal:
    declarer: RubberSide | None  # None: passed out
    contract: Contract
    tricks: int
    honours: Honours | None = None
    honours_side: RubberSide | None = None

    def __post_init__(self) -> None:
        settle_deal(self, RubberSide, RubberSide)


@dataclass(frozen=True, slots=True)
class RubberPad:
    deals: tuple[RubberDeal, ...]
    entries: tuple[PadEntry, ...]  # above and below the line, in the order written
    games: tuple[Game, ...]  # games won, then the game being played unless the rubber is over
    winner: RubberSide | None  # the side that won the rubber
    finished_early: bool  # stopped before a side won two games (Law 80, incomplete rubber)

    @property
    def over(self) -> bool:
        """Return True once a side has won two games."""
        return self.winner is not None

    def above(self, side: RubberSide) -> tuple[PadEntry, ...]:
        """Return the side's entries above the line."""
        return tuple(e for e in self.entries if e.side == side and not e.below)

    def below(self, side: RubberSide) -> tuple[PadEntry, ...]:
        """Return the side's entries below the line, all games."""
        return tuple(e for e in self.entries if e.side == side and e.below)

    @property
    def totals(self) -> Mapping[RubberSide, int]:
        """Return each side's total: everything above and below the line."""
        return per_side(RubberSide, lambda s: sum(e.points for e in self.entries if e.side == s))

    @property
    def games_won(self) -> Mapping[RubberSide, int]:
        """Return how many games each side has won."""
        return per_side(RubberSide, lambda s: sum(g.winner == s for g in self.games))

    @property
    def vulnerable(self) -> Mapping[RubberSide, bool]:
        """Return whether each side is vulnerable: it is once it has won a game."""
        return per_side(RubberSide, lambda s: self.games_won[s] > 0)

    @property
    def difference(self) -> int:
        """Return the net result from our side: our total less theirs."""
        totals = self.totals
        return totals[RubberSide.WE] - totals[RubberSide.THEY]

    @property
    def ahead(self) -> RubberSide | None:
        """Return the side with the larger total, None when level."""
        if self.difference == 0:
            return None
        return RubberSide.WE if self.difference > 0 else RubberSide.THEY


def incomplete_rubber_entries(below: BelowTheLine, deal: int) -> tuple[PadEntry, ...]:
    """Return the bonuses of a rubber stopped before a side won two games (Law 80).

    "If only one game has been completed, the winners of that game are credited with 300
    points; if only one side has a partscore or partscores in a game not completed, that
    side is credited with 100 points." (Laws of Contract Bridge, rubber bridge, Law 80.)
    """
    entries = []
    winners = [game.winner for game in below.games(open_game=False)]
    if len(winners) == 1:
        entries.append(bonus_entry(winners[0], EntryKind.UNFINISHED_GAME, deal))
    holding = [side for side in RubberSide if below.part_score(side)]
    if len(holding) == 1:
        entries.append(bonus_entry(holding[0], EntryKind.UNFINISHED_PART_SCORE, deal))
    return tuple(entries)


def rubber_pad(deals: Iterable[RubberDeal], finished_early: bool = False) -> RubberPad:
    """Return the cross pad of one rubber; a deal after it is won raises RubberOverError."""
    deals = tuple(deals)
    below = BelowTheLine()
    entries: list[PadEntry] = []
    winner = None
    for number, deal in enumerate(deals, 1):
        if winner is not None:
            raise RubberOverError(
                f"deal {number}: the rubber is over ({winner} won it); start a new rubber", number
            )
        if deal.declarer is None:
            continue
        vulnerable = below.wins(deal.declarer) > 0
        written = score_deal(number, deal, deal.declarer, deal.declarer.other, vulnerable)
        entries.extend(written)
        game = cast(RubberSide | None, below.write(written))  # the pad's sides are RubberSides
        if game is not None and below.wins(game) == 2:
            winner = game
            entries.append(bonus_entry(game, EntryKind.RUBBER, number, below.wins(game.other) > 0))
    stopped = finished_early and winner is None
    if stopped:
        entries.extend(incomplete_rubber_entries(below, len(deals)))
    return RubberPad(deals, tuple(entries), below.games(winner is None), winner, stopped)
