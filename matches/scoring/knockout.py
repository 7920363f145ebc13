"""Knockouts: seeding a bracket, moving winners on, and the carry-over from the qualifier.

Seeding
    A knockout of n teams is played in a bracket of 2ᵏ places (the next power of two); the
    places over n are byes, and they go to the top seeds. Round 1 pairs seeds so that, if
    the better seed always wins, 1 meets 2 only in the final, 1 meets 4 and 2 meets 3 in
    the semi-finals: for 8 teams 1 v 8, 4 v 5, 2 v 7, 3 v 6 (the bracket read top to
    bottom). ``first_round`` takes the teams in seed order (or in the order the director
    sets) and gives the pairings, the better seed first (home).

Progression
    The winner of match p (0-based) of round r plays in match p // 2 of round r + 1: the
    winners of matches 0 and 1 meet, then 2 and 3, and so on. In a later round the better
    seed is home. ``bracket`` lays out every round from the winners decided so far.

Carry-over (``carry_over``)
    Per stage, one of:
    - none;
    - a fixed amount of IMPs to the higher-placed team (say 0.1, so a tie cannot follow);
    - a fraction of the qualifying-stage difference, with a cap: the VP difference in the
      qualifier's standings, or the IMPs of the two teams' matches against each other in
      the qualifier (to the team that won them, which may be the lower-placed one), with
      one share for both cases or, set apart (``lower_fraction``), another share when the
      lower-placed team won them;
    - the WBF's (``CarryOverMethod.WBF``): the IMPs of their match in the qualifier, half
      of them when the higher-placed team won it, a third when the lower-placed team did,
      at most 16 IMPs, rounded to a tenth (the carry-over into the quarter-finals of the
      2013 Bermuda Bowl: docs/rules.md).
      The amount is worked out exactly, rounded to a tenth of an IMP (half up) and capped.
      IMPs on the boards are whole numbers, so a tie can only follow a whole carry-over:
      then the tenth goes the higher-placed team's way (0.1 more to it, or 0.1 less to the
      lower-placed team; at the cap, 0.1 less than the cap to the higher-placed team;
      nothing to carry at all: 0.1 to the higher-placed team). That is the stage's level
      rule "tenth"; with "extra boards" (``CarryOverRule.tenth`` False) the carry-over
      stays as worked out, and a match that ends level goes to extra boards.
    The carry-over is shown on the scorecard as segment 0 and added to the match's IMPs.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

Team = Hashable
TENTH = Decimal("0.1")


def bracket_size(teams: int) -> int:
    """Return the places in the bracket: the smallest power of two holding ``teams`` (≥ 2)."""
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise ValueError(f"a knockout needs at least two teams, not {teams!r}")
    size = 2
    while size < teams:
        size *= 2
    return size


def round_count(teams: int) -> int:
    """Return the rounds of a knockout of ``teams``: 3 for 5 to 8 teams."""
    return bracket_size(teams).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """Return the seeds in bracket order, top to bottom: 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        places = len(order) * 2
        order = [seed for top in order for seed in (top, places + 1 - top)]
    return order


def first_round(seeds: Sequence[Team]) -> list[tuple[Team, Team | None]]:
    """Return round 1 in bracket order: (better seed, other or None for a bye).

    ``seeds`` lists the teams best first. Byes fall to the top seeds.
    """
    teams = list(seeds)
    for team, times in Counter(teams).items():
        if times > 1:
            raise ValueError(f"team {team!r} is seeded twice")
    order = seed_order(bracket_size(len(teams)))
    pairs = []
    for index in range(0, len(order), 2):
        top, bottom = order[index], order[index + 1]
        pairs.append((teams[top - 1], teams[bottom - 1] if bottom <= len(teams) else None))
    return pairs


def next_match(round_number: int, position: int) -> tuple[int, int]:
    """Return (round, position) of the match the winner of this match plays next."""
    return round_number + 1, position // 2


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One place in the bracket: round (1 = first), position (0 = top), the two teams."""

    round: int
    position: int
    home: Team | None  # None: not known yet (the match feeding it is not decided)
    away: Team | None
    bye: bool = False  # the home team goes through without playing
    winner: Team | None = None
    bracket: int = 1  # the best place the bracket plays for: 1 the main one (playoff.py)


def bracket(
    seeds: Sequence[Team], winners: Mapping[tuple[int, int], Team] | None = None
) -> list[list[BracketMatch]]:
    """Return every round of the bracket, round 1 first, filled in as far as decided.

    ``winners`` maps (round, position) to the team that won that match. A winner that is
    not one of the match's two teams raises ValueError. Byes are won without playing.
    """
    winners = dict(winners or {})
    teams = list(seeds)
    rank = {team: index for index, team in enumerate(teams)}
    rounds: list[list[BracketMatch]] = []
    current = []
    for position, (home, away) in enumerate(first_round(teams)):
        bye = away is None
        winner = home if bye else _won(winners, 1, position, home, away)
        current.append(BracketMatch(1, position, home, away, bye, winner))
    rounds.append(current)
    while len(current) > 1:
        number = current[0].round + 1
        following = []
        for position in range(len(current) // 2):
            a, b = current[2 * position].winner, current[2 * position + 1].winner
            if a is not None and b is not None and rank[b] < rank[a]:
                a, b = b, a  # the better seed is home
            winner = None
            if a is not None and b is not None:
                winner = _won(winners, number, position, a, b)
            if (number, position) in winners and winner is None:
                raise ValueError(f"round {number} match {position + 1} has not been drawn yet")
            following.append(BracketMatch(number, position, a, b, False, winner))
        rounds.append(following)
        current = following
    return rounds


def _won(winners, number, position, home, away):
    winner = winners.get((number, position))
    if winner is not None and winner not in (home, away):
        raise ValueError(f"{winner!r} did not play round {number} match {position + 1}")
    return winner


def match_winner(
    home_imps: int, away_imps: int, carry: tuple[Decimal, Decimal] = (Decimal(0), Decimal(0))
) -> str | None:
    """Return "home" or "away", whoever has more IMPs with the carry-over; None for a tie."""
    home = Decimal(home_imps) + carry[0]
    away = Decimal(away_imps) + carry[1]
    if home == away:
        return None
    return "home" if home > away else "away"


class CarryOverMethod(enum.StrEnum):
    """How a knockout match's carry-over is worked out."""

    NONE = "none"
    FIXED = "fixed"  # a fixed amount to the higher-placed team
    VP_DIFFERENCE = "vp-difference"  # a fraction of the VP difference in the qualifier
    HEAD_TO_HEAD_IMPS = "head-to-head-imps"  # a fraction of their IMPs against each other
    WBF = "wbf"  # ½ of their IMPs to the higher-placed winner, ⅓ to the lower, at most 16


# The WBF's carry-over: (share when the higher-placed team won, when the lower did, cap).
WBF_CARRY = (Fraction(1, 2), Fraction(1, 3), Decimal("16.0"))


def _tenths(value: Decimal | int | str, what: str) -> Decimal:
    amount = Decimal(value)
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(TENTH):
        raise ValueError(f"{what} must be 0 or more, in tenths of an IMP, not {value!r}")
    return amount.quantize(TENTH)


@dataclass(frozen=True, slots=True)
class CarryOverRule:
    """A stage's carry-over setting; see the module docstring."""

    method: CarryOverMethod = CarryOverMethod.NONE
    amount: Decimal = Decimal(0)  # FIXED: IMPs to the higher-placed team
    fraction: Fraction = Fraction(0)  # VP_DIFFERENCE / HEAD_TO_HEAD_IMPS: share carried
    cap: Decimal | None = None  # the most that is carried (None: no cap)
    # HEAD_TO_HEAD_IMPS: the share carried when the lower-placed team won their matches
    # (None: ``fraction``, as when the higher-placed team won them).
    lower_fraction: Fraction | None = None
    # The level rule: True, a whole carry-over moves by a tenth so that the match cannot
    # end level (see the module docstring); False, it stays whole, and a match that ends
    # level is decided by extra boards (the director records their winner).
    tenth: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", CarryOverMethod(self.method))
        if self.method is CarryOverMethod.WBF:
            fraction, lower, cap = WBF_CARRY
            object.__setattr__(self, "fraction", fraction)
            object.__setattr__(self, "lower_fraction", lower)
            object.__setattr__(self, "cap", cap)
        object.__setattr__(self, "amount", _tenths(self.amount, "a fixed carry-over"))
        object.__setattr__(self, "fraction", _share(self.fraction))
        if self.lower_fraction is not None:
            object.__setattr__(self, "lower_fraction", _share(self.lower_fraction))
        if self.cap is not None:
            cap = _tenths(self.cap, "the cap")
            if cap == 0:
                raise ValueError("a cap of 0 carries nothing: choose no carry-over instead")
            object.__setattr__(self, "cap", cap)

    def share(self, to_higher: bool) -> Fraction:
        """Return the share carried: ``fraction`` when the higher-placed team won the
        earlier meeting (or for a VP difference), else ``lower_fraction`` if it is set."""
        if to_higher or self.lower_fraction is None:
            return self.fraction
        return self.lower_fraction


def _share(value) -> Fraction:
    fraction = Fraction(value)
    if not 0 <= fraction <= 1:
        raise ValueError(f"the share carried over must be 0 to 1, not {value!r}")
    return fraction


class TieRule(enum.StrEnum):
    """How a whole carry-over was moved a tenth so that the match cannot end level."""

    NOT_NEEDED = "not-needed"  # the carry-over has tenths already (or there is none)
    NOTHING = "nothing"  # nothing to carry: 0.1 to the higher-placed team
    LESS_TO_LOWER = "less-to-lower"  # 0.1 less to the lower-placed team
    UNDER_CAP = "under-cap"  # at a whole cap: 0.1 under it
    MORE_TO_HIGHER = "more-to-higher"  # 0.1 more to the higher-placed team


@dataclass(frozen=True, slots=True)
class CarryOverWorking:
    """How a carry-over was worked out, step by step (what the pages show as its working).

    ``difference`` is what the share is taken of (VP or IMPs, the higher-placed team's:
    negative when the lower-placed team won the head-to-head); ``exact`` the share of it,
    exactly; ``rounded`` that to a tenth, half up; ``capped`` the cap when it applied;
    ``tie`` the tenth moved when the amount was whole; ``amount`` what is carried, to
    the higher-placed team when ``to_higher``.
    """

    rule: CarryOverRule
    difference: Fraction = Fraction(0)
    exact: Fraction = Fraction(0)
    rounded: Decimal = Decimal("0.0")
    capped: Decimal | None = None
    tie: TieRule = TieRule.NOT_NEEDED
    to_higher: bool = True
    amount: Decimal = Decimal("0.0")

    @property
    def carried(self) -> tuple[Decimal, Decimal]:
        """Return (higher-placed team's IMPs, lower-placed team's IMPs)."""
        zero = Decimal("0.0")
        return (self.amount, zero) if self.to_higher else (zero, self.amount)


def _in_tenths(tenths: int) -> Decimal:
    return (Decimal(tenths) / 10).quantize(TENTH, rounding=ROUND_HALF_UP)


def carry_over_working(
    rule: CarryOverRule,
    *,
    vp_difference: Decimal | int | str = 0,
    head_to_head_imps: int = 0,
) -> CarryOverWorking:
    """Return how the carry-over is worked out, each step (see ``carry_over``)."""
    if rule.method is CarryOverMethod.NONE:
        return CarryOverWorking(rule)
    if rule.method is CarryOverMethod.FIXED:
        return CarryOverWorking(rule, rounded=rule.amount, amount=rule.amount)
    if rule.method is CarryOverMethod.VP_DIFFERENCE:
        difference = Fraction(Decimal(vp_difference))
        if difference < 0:
            raise ValueError("the higher-placed team cannot have fewer VP than the other")
    else:
        if isinstance(head_to_head_imps, bool) or not isinstance(head_to_head_imps, int):
            raise ValueError(f"head-to-head IMPs must be a whole number: {head_to_head_imps!r}")
        difference = Fraction(head_to_head_imps)
    to_higher = difference >= 0
    exact = abs(difference) * rule.share(to_higher)
    tenths = int(exact * 10 + Fraction(1, 2))  # half up, exact
    rounded = _in_tenths(tenths)
    capped = None
    if rule.cap is not None and tenths > int(rule.cap * 10):
        tenths = int(rule.cap * 10)
        capped = rule.cap
    tie = TieRule.NOT_NEEDED
    if tenths % 10 == 0 and rule.tenth:
        if tenths == 0:
            to_higher, tenths, tie = True, 1, TieRule.NOTHING
        elif not to_higher:
            tenths, tie = tenths - 1, TieRule.LESS_TO_LOWER
        elif rule.cap is not None and tenths == int(rule.cap * 10):
            tenths, tie = tenths - 1, TieRule.UNDER_CAP
        else:
            tenths, tie = tenths + 1, TieRule.MORE_TO_HIGHER
    return CarryOverWorking(
        rule, difference, exact, rounded, capped, tie, to_higher, _in_tenths(tenths)
    )


def carry_over(
    rule: CarryOverRule,
    *,
    vp_difference: Decimal | int | str = 0,
    head_to_head_imps: int = 0,
) -> tuple[Decimal, Decimal]:
    """Return the carry-over as (higher-placed team's IMPs, lower-placed team's IMPs).

    ``vp_difference`` is the higher-placed team's qualifying VP less the other's (0 or
    more); ``head_to_head_imps`` is the higher-placed team's IMP margin in their matches
    against each other in the qualifier (negative when the lower-placed team won them).
    Worked out step by step by ``carry_over_working``.
    """
    working = carry_over_working(
        rule, vp_difference=vp_difference, head_to_head_imps=head_to_head_imps
    )
    return working.carried
