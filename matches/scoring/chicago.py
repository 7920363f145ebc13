"""Chicago (four-deal bridge): the common home form, scored on a pad like the rubber's.

Deals go in rounds of four. The dealer is North, East, South, West in turn from deal 1. The
vulnerability goes by the deal's place in its round: 1 none, 2 and 3 the dealer's side (2: East
deals, East-West vulnerable; 3: South deals, North-South vulnerable), 4 both.

Each deal writes what a rubber pad would (trick score below the line; overtricks, the bonus for
a doubled contract made, slams, undertricks and honours above it), by that deal's vulnerability.
Trick scores add up towards game within the round; a game gets 300 not vulnerable or 500
vulnerable on the deal that makes it, and wipes both sides' part-scores off the way to game.
After the fourth deal each side with a part-score towards game gets 100. A new round starts
from nothing.

Choices:
- A passed-out deal (declarer None) is not replayed: it scores nothing and the next deal,
  with the next dealer and vulnerability, follows.
- Honours are scored as in rubber bridge (optional ``honours`` and ``honours_side``).
- A deal's ``part_scores`` are those after the deal (on the fourth deal, the ones that earn
  the 100); the pad's ``part_scores`` are those the next deal starts from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

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
_VULNERABILITY = (Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.ALL)
_OTHER = {Side.NS: Side.EW, Side.EW: Side.NS}


def _place(number: int) -> int:
    if type(number) is not int or number < 1:
        raise ValueError(f"deal numbers start at 1: {number!r}")
    return (number - 1) % DEALS_PER_ROUND


def chicago_dealer(number: int) -> Seat:
    """Return the dealer of deal ``number`` (1 up): N, E, S, W in turn."""
    return _DEALERS[_place(number)]


def chicago_vulnerability(number: int) -> Vulnerability:
    """Return the vulnerability of deal ``number`` (1 up): none, EW, NS, both in each round."""
    return _VULNERABILITY[_place(number)]


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

    number: int  # 1 up, across rounds
    deal: ChicagoDeal
    dealer: Seat
    vulnerability: Vulnerability
    entries: tuple[PadEntry, ...]  # in the order written; above and below the line
    part_scores: Mapping[Side, int] = field(hash=False)  # towards game, after the deal
    game: Side | None  # the side that made a game on this deal

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
    deals: tuple[ChicagoRow, ...]  # one to four
    brought_forward: Mapping[Side, int] = field(hash=False)  # totals of the rounds before

    @property
    def complete(self) -> bool:
        """Return True once all four deals of the round are played."""
        return len(self.deals) == DEALS_PER_ROUND

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

    @property
    def deals(self) -> tuple[ChicagoRow, ...]:
        """Return every deal played, in order."""
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
        """Return the number of the next deal."""
        return len(self.deals) + 1

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
        return chicago_vulnerability(self.next_number)

    @property
    def part_scores(self) -> Mapping[Side, int]:
        """Return the part-scores towards game that the next deal starts from."""
        if self.next_place == 1:
            return per_side(Side, lambda side: 0)
        return self.deals[-1].part_scores


def _row(number: int, deal: ChicagoDeal, below: BelowTheLine) -> ChicagoRow:
    """Return the pad row for one deal, writing its trick score below the line."""
    vulnerability = chicago_vulnerability(number)
    entries: list[PadEntry] = []
    game = None
    if deal.declarer is not None:
        side = deal.declarer.side
        vulnerable = vulnerability.is_vulnerable(side)
        entries.extend(score_deal(number, deal, side, _OTHER[side], vulnerable))
        game = below.write(entries)
        if game is not None:
            entries.append(bonus_entry(game, EntryKind.GAME, number, vulnerable))
    if _place(number) == DEALS_PER_ROUND - 1:
        for side in Side:
            if below.part_score(side):
                entries.append(bonus_entry(side, EntryKind.PART_SCORE, number))
    return ChicagoRow(
        number,
        deal,
        chicago_dealer(number),
        vulnerability,
        tuple(entries),
        per_side(Side, below.part_score),
        game,
    )


def chicago_pad(deals: Iterable[ChicagoDeal]) -> ChicagoPad:
    """Return the Chicago pad for these deals, in rounds of four."""
    rows = []
    for number, deal in enumerate(deals, 1):
        if _place(number) == 0:
            below = BelowTheLine()
        rows.append(_row(number, deal, below))
    rounds: list[ChicagoRound] = []
    brought_forward = per_side(Side, lambda side: 0)
    for start in range(0, len(rows), DEALS_PER_ROUND):
        round_ = ChicagoRound(
            len(rounds) + 1, tuple(rows[start : start + DEALS_PER_ROUND]), brought_forward
        )
        rounds.append(round_)
        brought_forward = round_.running_totals
    return ChicagoPad(tuple(rounds))
