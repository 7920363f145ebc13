"""Chicago (four-deal bridge), scored on a pad like the rubber's, by the ACBL's rules.

The rules of four-deal bridge (ACBL, "How to keep score: Chicago", from the Laws of Contract
Bridge), the default here:

- Deals go in rounds of four. The dealer is North, East, South, West in turn from deal 1.
- Vulnerability by the deal's place in its round: 1 neither side; 2 and 3 the dealer's side
  (2: East deals, East-West vulnerable; 3: South deals, North-South vulnerable); 4 both.
- Each deal writes what a rubber pad would (trick score below the line; overtricks, the bonus
  for a doubled contract made, slams, undertricks and honours above it), by that deal's
  vulnerability. Trick scores add up towards game within the round; a game gets 300 not
  vulnerable or 500 vulnerable (the vulnerability, on that deal, of the side completing it),
  and no part-score of either side counts towards game after it.
- "A side that makes a partscore in the fourth deal, if the partscore is not sufficient to
  complete a game, receives a premium of 100 points", whether or not either side holds an
  earlier part-score. No other part-score earns a premium. A new round starts from nothing.
- A passed-out deal is dealt again by the same dealer at the same vulnerability: it is not
  one of the four (the common rule of Chicago; the ACBL's text says nothing of it).

House variants (``ChicagoRules``), each a choice players make before they start:

- ``PartScoreBonus.UNCONVERTED``: after the fourth deal, 100 to each side still holding a
  part-score towards game, wherever it was made.
- ``PassedOut.COUNTS``: a passed-out deal counts as one of the four; the next dealer deals.
- ``VulnerabilityOrder.NON_DEALER``: on deals 2 and 3 the dealer's side is not vulnerable
  and the other side is ("by mutual agreement, the vulnerability on the second and third
  deals may be switched").

Choices:
- Honours are scored as in rubber bridge (optional ``honours`` and ``honours_side``).
- A deal's ``part_scores`` are those after the deal; the pad's ``part_scores`` are those the
  next deal starts from. A passed-out deal that is dealt again is a row of its own
  (``redeal``), with the number, dealer and vulnerability of the deal it is dealt again as.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

from .boards import Seat, Side, Vulnerability
from .contract import Contract
from .rubber import (
    BelowTheLine,
    EntryKind,
    Honours,
    PadEntry,
    bonus_entry,
    per_side,
    score_deal,
    settle_deal,
)

DEALS_PER_ROUND = 4
_DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_OTHER = {Side.NS: Side.EW, Side.EW: Side.NS}


class PartScoreBonus(enum.StrEnum):
    """Who gets the 100 for a part-score at the end of a round."""

    FOURTH_DEAL = "fourth-deal"  # ACBL: a part-score made on deal 4 that completes no game
    UNCONVERTED = "unconverted"  # house: each side holding a part-score after deal 4


class PassedOut(enum.StrEnum):
    """What a passed-out deal does to the round."""

    REDEAL = "redeal"  # dealt again, same dealer and vulnerability: not one of the four
    COUNTS = "counts"  # house: one of the four; the next dealer deals


class VulnerabilityOrder(enum.StrEnum):
    """Who is vulnerable on deals 2 and 3 of a round."""

    DEALER = "dealer"  # ACBL: the dealer's side
    NON_DEALER = "non-dealer"  # switched, by agreement: the dealer's opponents


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    """The rules a Chicago pad is kept by: the ACBL's unless the players chose otherwise."""

    part_score_bonus: PartScoreBonus = PartScoreBonus.FOURTH_DEAL
    passed_out: PassedOut = PassedOut.REDEAL
    vulnerability: VulnerabilityOrder = VulnerabilityOrder.DEALER

    def __post_init__(self) -> None:
        object.__setattr__(self, "part_score_bonus", PartScoreBonus(self.part_score_bonus))
        object.__setattr__(self, "passed_out", PassedOut(self.passed_out))
        object.__setattr__(self, "vulnerability", VulnerabilityOrder(self.vulnerability))

    @property
    def variants(self) -> tuple[enum.StrEnum, ...]:
        """Return the house variants chosen, in a fixed order (empty: the ACBL's rules)."""
        defaults = ChicagoRules.__dataclass_fields__
        return tuple(
            getattr(self, name)
            for name in ("part_score_bonus", "passed_out", "vulnerability")
            if getattr(self, name) != defaults[name].default
        )


ACBL = ChicagoRules()
_VULNERABILITY = {
    VulnerabilityOrder.DEALER: (
        Vulnerability.NONE,
        Vulnerability.EW,
        Vulnerability.NS,
        Vulnerability.ALL,
    ),
    VulnerabilityOrder.NON_DEALER: (
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.ALL,
    ),
}


def _place(number: int) -> int:
    if type(number) is not int or number < 1:
        raise ValueError(f"deal numbers start at 1: {number!r}")
    return (number - 1) % DEALS_PER_ROUND


def chicago_dealer(number: int) -> Seat:
    """Return the dealer of deal ``number`` (1 up): N, E, S, W in turn."""
    return _DEALERS[_place(number)]


def chicago_vulnerability(
    number: int, order: VulnerabilityOrder | str = VulnerabilityOrder.DEALER
) -> Vulnerability:
    """Return the vulnerability of deal ``number`` (1 up): none, EW, NS, both in each round
    (none, NS, EW, both with the vulnerability of deals 2 and 3 switched)."""
    return _VULNERABILITY[VulnerabilityOrder(order)][_place(number)]


def _sum(entries: Iterable[PadEntry], side: Side) -> int:
    return sum(entry.points for entry in entries if entry.side == side)


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    declarer: Seat | None  # None: passed out
    contract: Contract
    tricks: int
    honours: Honours | None = None
    honours_side: Side | None = None

    def __post_init__(self) -> None:
        settle_deal(self, Side, Seat)


@dataclass(frozen=True, slots=True)
class ChicagoRow:
    """One deal on the pad, with what it scored."""

    number: int  # 1 up, across rounds; a deal dealt again keeps its number
    index: int  # the deal's place in the list given, 0 up
    deal: ChicagoDeal
    dealer: Seat
    vulnerability: Vulnerability
    entries: tuple[PadEntry, ...]  # in the order written; above and below the line
    part_scores: Mapping[Side, int] = field(hash=False)  # towards game, after the deal
    game: Side | None  # the side that made a game on this deal
    redeal: bool = False  # passed out and dealt again: not one of the four

    @property
    def round(self) -> int:
        """Return the round of four this deal is in, 1 up."""
        return (self.number - 1) // DEALS_PER_ROUND + 1

    @property
    def place(self) -> int:
        """Return the deal's place in its round, 1 to 4."""
        return _place(self.number) + 1

    @property
    def scores(self) -> Mapping[Side, int]:
        """Return what each side scored on this deal."""
        return per_side(Side, lambda side: _sum(self.entries, side))


@dataclass(frozen=True, slots=True)
class ChicagoRound:
    number: int  # 1 up
    deals: tuple[ChicagoRow, ...]  # one to four deals, and any passed out and dealt again
    brought_forward: Mapping[Side, int] = field(hash=False)  # totals of the rounds before

    @property
    def complete(self) -> bool:
        """Return True once all four deals of the round are played."""
        return sum(not row.redeal for row in self.deals) == DEALS_PER_ROUND

    @property
    def totals(self) -> Mapping[Side, int]:
        """Return each side's total for this round."""
        return per_side(Side, lambda side: sum(row.scores[side] for row in self.deals))

    @property
    def running_totals(self) -> Mapping[Side, int]:
        """Return each side's total for this round and all rounds before it."""
        totals = self.totals
        return per_side(Side, lambda side: self.brought_forward[side] + totals[side])


@dataclass(frozen=True, slots=True)
class ChicagoPad:
    rounds: tuple[ChicagoRound, ...]
    rules: ChicagoRules = ACBL

    @property
    def deals(self) -> tuple[ChicagoRow, ...]:
        """Return every deal on the pad, in order, those dealt again included."""
        return tuple(row for round_ in self.rounds for row in round_.deals)

    @property
    def totals(self) -> Mapping[Side, int]:
        """Return each side's total over all rounds."""
        if not self.rounds:
            return per_side(Side, lambda side: 0)
        return self.rounds[-1].running_totals

    @property
    def difference(self) -> int:
        """Return the net result from North-South's side: their total less East-West's."""
        return self.totals[Side.NS] - self.totals[Side.EW]

    @property
    def next_number(self) -> int:
        """Return the number of the next deal (a deal passed out and dealt again keeps it)."""
        return sum(not row.redeal for row in self.deals) + 1

    @property
    def next_place(self) -> int:
        """Return the next deal's place in its round, 1 to 4."""
        return _place(self.next_number) + 1

    @property
    def next_dealer(self) -> Seat:
        """Return who deals next."""
        return chicago_dealer(self.next_number)

    @property
    def next_vulnerability(self) -> Vulnerability:
        """Return the vulnerability of the next deal."""
        return chicago_vulnerability(self.next_number, self.rules.vulnerability)

    @property
    def part_scores(self) -> Mapping[Side, int]:
        """Return the part-scores towards game that the next deal starts from."""
        if not self.deals or self.deals[-1].round != (self.next_number - 1) // DEALS_PER_ROUND + 1:
            return per_side(Side, lambda side: 0)
        return self.deals[-1].part_scores


def _fourth_deal_bonus(
    deal: ChicagoDeal, game: Side | None, below: BelowTheLine, rules: ChicagoRules
) -> tuple[Side, ...]:
    """Return the sides that get the 100 for a part-score on a round's fourth deal."""
    if rules.part_score_bonus is PartScoreBonus.UNCONVERTED:
        return tuple(side for side in Side if below.part_score(side))
    made = deal.declarer is not None and deal.tricks >= deal.contract.book
    return (deal.declarer.side,) if deal.declarer and made and game is None else ()


def _row(
    number: int, index: int, deal: ChicagoDeal, below: BelowTheLine, rules: ChicagoRules
) -> ChicagoRow:
    """Return the pad row for one deal, writing its trick score below the line."""
    vulnerability = chicago_vulnerability(number, rules.vulnerability)
    redeal = deal.declarer is None and rules.passed_out is PassedOut.REDEAL
    entries: list[PadEntry] = []
    game = None
    if deal.declarer is not None:
        side = deal.declarer.side
        vulnerable = vulnerability.is_vulnerable(side)
        entries.extend(score_deal(number, deal, side, _OTHER[side], vulnerable))
        game = cast(Side | None, below.write(entries))  # the pad's sides are Sides
        if game is not None:
            entries.append(bonus_entry(game, EntryKind.GAME, number, vulnerable))
    if _place(number) == DEALS_PER_ROUND - 1 and not redeal:
        for side in _fourth_deal_bonus(deal, game, below, rules):
            entries.append(bonus_entry(side, EntryKind.PART_SCORE, number))
    return ChicagoRow(
        number,
        index,
        deal,
        chicago_dealer(number),
        vulnerability,
        tuple(entries),
        per_side(Side, below.part_score),
        game,
        redeal,
    )


def chicago_pad(deals: Iterable[ChicagoDeal], rules: ChicagoRules = ACBL) -> ChicagoPad:
    """Return the Chicago pad for these deals, in rounds of four, kept by these rules."""
    rows: list[ChicagoRow] = []
    number = 1
    below, below_round = BelowTheLine(), 1
    for index, deal in enumerate(deals):
        round_number = (number - 1) // DEALS_PER_ROUND + 1
        if round_number != below_round:
            below, below_round = BelowTheLine(), round_number
        row = _row(number, index, deal, below, rules)
        rows.append(row)
        if not row.redeal:
            number += 1
    rounds: list[ChicagoRound] = []
    brought_forward = per_side(Side, lambda side: 0)
    for round_number in sorted({row.round for row in rows}):
        round_ = ChicagoRound(
            round_number, tuple(row for row in rows if row.round == round_number), brought_forward
        )
        rounds.append(round_)
        brought_forward = round_.running_totals
    return ChicagoPad(tuple(rounds), rules)
