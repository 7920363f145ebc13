"""Stage standings from match results: VP totals, tie-breaks, cross table, running positions.

What counts
    A match counts once ``MatchOutcome.counts`` is True (at least one complete board, or a
    forfeit the director scored). A match that does not count adds nothing anywhere: no
    VP, not played, no IMPs, no head-to-head. A bye adds the stage's bye VP and one match
    played, but no IMPs and nothing between teams. VP penalties are subtracted from the
    team's total. VP are ``Decimal``: whole numbers on a 25-VP scale or hundredths on the
    WBF 20-VP scale, summed exactly.

The order
    Teams are ranked by total VP after penalties, most first (``DecidedBy.VP``: no other
    team has it). Teams level on VP are separated by the stage's tie-breaks, an ordered
    list of ``TieBreak`` rules:

    - ``HEAD_TO_HEAD_VP``: the VP each scored in the matches among the tied teams only (a
      mini-league of the group). It applies only when every pair of the group has met, and
      each pair the same number of times; otherwise it is passed over.
    - ``HEAD_TO_HEAD_IMPS``: the IMP difference (won less lost) in those same matches, with
      the same condition: two teams whose match was a draw on VP are separated by who won
      it on IMPs.
    - ``IMP_QUOTIENT``: IMPs won / IMPs lost over the stage, compared exactly as fractions;
      infinite when a team lost no IMPs but won some, 1 when it won and lost none.
    - ``IMP_DIFFERENCE``: IMPs won less IMPs lost over the stage.
    - ``DIRECTOR``: the order the director decided for teams still level (``director_order``,
      recorded with the reason); teams it does not name stay level.

    The rules are tried in order on a group of tied teams until one separates some of them.
    Each smaller group it leaves level starts again from the first rule, among its own
    members only: when a three-way tie breaks down to two, those two are separated by
    their own match before anything else. Teams still level after every rule share the
    position (``DecidedBy.SHARED``: positions 1, 2, 2, 4), listed in the order of ``teams``
    as given. ``decided_by`` names the rule that set the team apart from the teams it was
    last tied with.

    The default, ``WBF_TIE_BREAKS``, follows the WBF General Conditions of Contest for
    round robins: the matches between the tied teams in VP, then in IMPs, then the IMP
    quotient, each applied again to teams still tied; then the director.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Callable, Container, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from itertools import groupby
from typing import Any, cast

Team = Hashable  # a team id (or name): anything hashable, as long as it is used consistently
_ZERO = Decimal(0)
_Totals = tuple[Decimal, int, int, int]


class DecidedBy(enum.StrEnum):
    """The rule that set a team's position apart from the teams it was tied with."""

    VP = "vp"
    HEAD_TO_HEAD = "head-to-head"  # VP in the matches between the tied teams
    HEAD_TO_HEAD_IMPS = "head-to-head-imps"
    IMP_QUOTIENT = "imp-quotient"
    IMP_DIFFERENCE = "imp-difference"
    DIRECTOR = "director"
    SHARED = "shared"


class TieBreak(enum.StrEnum):
    """A rule that may separate teams level on VP; a stage lists them in the order tried."""

    HEAD_TO_HEAD_VP = "head-to-head"
    HEAD_TO_HEAD_IMPS = "head-to-head-imps"
    IMP_QUOTIENT = "imp-quotient"
    IMP_DIFFERENCE = "imp-difference"
    DIRECTOR = "director"


# The default order. The WBF General Conditions of Contest's clause on ties in a round
# robin could not be read from the reference library used here (only WBF Supplemental
# Conditions and national regulations derived from the WBF's were found), so no clause
# number is quoted. The order is the one those regulations give, e.g. the CBAI's "Breaking
# ties in team competitions" (cbai.ie/education/tournament-direction/breaking-ties-in-team-
# competitions/): the VP of the match(es) between the tied teams (a mini-league for three
# or more that have all met), then the IMPs of that match, then the IMP quotient over all
# matches; EBU White Book 143.7.1 is the same for two teams. The extra boards or lot that
# regulations end with are the director's decision here.
WBF_TIE_BREAKS = (
    TieBreak.HEAD_TO_HEAD_VP,
    TieBreak.HEAD_TO_HEAD_IMPS,
    TieBreak.IMP_QUOTIENT,
    TieBreak.DIRECTOR,
)


def tie_breaks(rules: Iterable[TieBreak | str]) -> tuple[TieBreak, ...]:
    """Return the rules as TieBreaks; ValueError for an unknown or repeated rule."""
    order = tuple(TieBreak(rule) for rule in rules)
    if len(set(order)) != len(order):
        raise ValueError("a tie-break is listed twice")
    return order


def _vp(value: Decimal | int | str, what: str) -> Decimal:
    if isinstance(value, bool | float) or not isinstance(value, Decimal | int | str):
        raise TypeError(f"{what} must be a Decimal, an int or a string, not {value!r}")
    try:
        vp = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"{what} is not a number: {value!r}") from None
    if not vp.is_finite():
        raise ValueError(f"{what} must be a finite number, not {value!r}")
    return vp


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """One team match as it stands: VP after any forfeit override, IMPs from the scorecard.

    ``home_imps`` and ``away_imps`` are the IMPs each team won on the boards (the two
    columns of the scorecard), not the net margin.
    """

    home: Team
    away: Team
    round: int
    home_vp: Decimal
    away_vp: Decimal
    home_imps: int = 0
    away_imps: int = 0
    counts: bool = True  # False until the match has a complete board (or is forfeited)
    match_id: object = None  # passed through to the cross table

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"a team cannot play itself: {self.home!r}")
        object.__setattr__(self, "home_vp", _vp(self.home_vp, "home_vp"))
        object.__setattr__(self, "away_vp", _vp(self.away_vp, "away_vp"))
        for imps in (self.home_imps, self.away_imps):
            if isinstance(imps, bool) or not isinstance(imps, int) or imps < 0:
                raise ValueError(f"IMPs won must be a whole number, 0 or more, not {imps!r}")

    def sides(self) -> tuple[tuple[Team, Team, Decimal, int, int], ...]:
        """Return (team, opponent, VP, IMPs won, IMPs lost) for the home team, then away."""
        return (
            (self.home, self.away, self.home_vp, self.home_imps, self.away_imps),
            (self.away, self.home, self.away_vp, self.away_imps, self.home_imps),
        )


@dataclass(frozen=True, slots=True)
class Bye:
    """A round a team sat out; it scores the event's bye VP and counts as played."""

    team: Team
    round: int
    vp: Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "vp", _vp(self.vp, "bye vp"))


@dataclass(frozen=True, slots=True)
class Penalty:
    """VP taken off a team's total; ``vp`` is the amount subtracted, 0 or more."""

    team: Team
    vp: Decimal
    reason: str = ""

    def __post_init__(self) -> None:
        vp = _vp(self.vp, "penalty vp")
        if vp < 0:
            raise ValueError(f"a penalty is the VP subtracted, 0 or more, not {vp}")
        object.__setattr__(self, "vp", vp)


@dataclass(frozen=True, slots=True)
class Standing:
    """A team's line in the standings."""

    team: Team
    position: int  # 1-based; teams still tied after every rule share it
    vp: Decimal  # after penalties
    played: int  # matches that count, plus byes
    imps_won: int
    imps_lost: int
    imp_quotient: float  # won / lost; inf when lost is 0 and won > 0; 1.0 when both are 0
    decided_by: DecidedBy


def team_order(teams: Iterable[Team]) -> list[Team]:
    """Return the teams as a list, refusing a team listed twice."""
    order = list(teams)
    for team, times in Counter(order).items():
        if times > 1:
            raise ValueError(f"team {team!r} is listed twice")
    return order


def check_known(known: Container[Team], *teams: Team) -> None:
    """Refuse a team that is not one of ``known``."""
    for team in teams:
        if team not in known:
            raise ValueError(f"team {team!r} is not one of the event's teams")


def _quotient(won: int, lost: int) -> Fraction | float:
    """Return IMPs won / IMPs lost exactly: inf when lost is 0 and won > 0, 1 when both are 0."""
    if lost:
        return Fraction(won, lost)
    return math.inf if won else Fraction(1)


def imp_quotient(won: int, lost: int) -> float:
    """Return IMPs won / IMPs lost: inf when lost is 0 and won > 0, 1.0 when both are 0."""
    return float(_quotient(won, lost))


def _split(teams: Sequence[Team], key: Callable[[Team], Any]) -> list[list[Team]]:
    """Return the teams in groups of equal key, highest key first, each in the given order."""
    ordered = sorted(teams, key=key, reverse=True)  # stable: ties keep the given order
    return [list(group) for _, group in groupby(ordered, key=key)]


def _head_to_head(
    group: list[Team], outcomes: list[MatchOutcome]
) -> tuple[dict[Team, Decimal], dict[Team, int]] | None:
    """Return each team's VP and IMP difference against the rest of the group.

    None when the group has not played a complete mini-league: some pair has not met, or
    some pairs met more often than others.
    """
    members = set(group)
    vp = dict.fromkeys(group, _ZERO)
    imps = dict.fromkeys(group, 0)
    meetings: Counter[frozenset] = Counter()
    for outcome in outcomes:
        if outcome.home in members and outcome.away in members:
            meetings[frozenset((outcome.home, outcome.away))] += 1
            vp[outcome.home] += outcome.home_vp
            vp[outcome.away] += outcome.away_vp
            imps[outcome.home] += outcome.home_imps - outcome.away_imps
            imps[outcome.away] += outcome.away_imps - outcome.home_imps
    every_pair = len(group) * (len(group) - 1) // 2
    if len(meetings) != every_pair or len(set(meetings.values())) != 1:
        return None
    return vp, imps


def _add(line: list, *amounts: Decimal | int) -> None:
    for index, amount in enumerate(amounts):
        line[index] += amount


def standings(
    teams: Iterable[Team],
    outcomes: Iterable[MatchOutcome],
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    rules: Iterable[TieBreak | str] = WBF_TIE_BREAKS,
    director_order: Sequence[Team] = (),
    carried: Mapping[Team, Decimal] | None = None,
) -> list[Standing]:
    """Return the standings, first place first, by the rules in this module's docstring.

    Every team in ``teams`` gets a line, played or not; a match, bye or penalty naming a
    team not in ``teams`` raises ValueError. Matches that do not count are left out.
    ``rules`` are the tie-breaks in the order tried; ``director_order`` lists teams in the
    order the director decided (only the order among teams still tied matters).
    ``carried`` gives VP a team brings from an earlier stage (added to its total, not to
    its matches played).
    """
    rules = tie_breaks(rules)
    order = team_order(teams)
    # VP, played, IMPs won, IMPs lost
    totals: dict[Team, list[Any]] = {team: [_ZERO, 0, 0, 0] for team in order}
    counted = []
    for outcome in outcomes:
        check_known(totals, outcome.home, outcome.away)
        if outcome.counts:
            counted.append(outcome)
            for team, _, team_vp, imps_won, imps_lost in outcome.sides():
                _add(totals[team], team_vp, 1, imps_won, imps_lost)
    for bye in byes:
        check_known(totals, bye.team)
        _add(totals[bye.team], bye.vp, 1)
    for penalty in penalties:
        check_known(totals, penalty.team)
        _add(totals[penalty.team], -penalty.vp)
    for team, vp in (carried or {}).items():
        if team in totals:
            _add(totals[team], _vp(vp, "carried vp"))
    return [
        # cast: mypy cannot count a list's items (VP, played, IMPs won, IMPs lost)
        Standing(
            team, position, *cast(_Totals, totals[team]), imp_quotient(*totals[team][2:]), rule
        )
        for team, position, rule in _rank(order, totals, counted, rules, director_order)
    ]


_DECIDED_BY = {
    TieBreak.HEAD_TO_HEAD_VP: DecidedBy.HEAD_TO_HEAD,
    TieBreak.HEAD_TO_HEAD_IMPS: DecidedBy.HEAD_TO_HEAD_IMPS,
    TieBreak.IMP_QUOTIENT: DecidedBy.IMP_QUOTIENT,
    TieBreak.IMP_DIFFERENCE: DecidedBy.IMP_DIFFERENCE,
    TieBreak.DIRECTOR: DecidedBy.DIRECTOR,
}


def _rank(
    teams: list[Team],
    totals: dict[Team, list],
    counted: list[MatchOutcome],
    rules: tuple[TieBreak, ...],
    director_order: Sequence[Team],
) -> list[tuple[Team, int, DecidedBy]]:
    """Return (team, position, rule) in order: VP, then the tie-breaks, re-applied."""
    ranked: list[tuple[Team, int, DecidedBy]] = []
    decided = {team: index for index, team in enumerate(director_order)}
    lowest = len(decided)
    home_matches: dict[Team, list[MatchOutcome]] = {}  # each match once, under its home team
    for outcome in counted:
        home_matches.setdefault(outcome.home, []).append(outcome)

    def among(group: list[Team]) -> list[MatchOutcome]:
        """Return the matches between teams of the group: a look at its members' own
        matches, not at the whole stage's (a 500-team Swiss has many tied groups)."""
        members = set(group)
        return [o for team in group for o in home_matches.get(team, ()) if o.away in members]

    def place(group: list[Team], rule: DecidedBy) -> None:
        position = len(ranked) + 1
        ranked.extend((team, position, rule) for team in group)

    def key(rule: TieBreak, group: list[Team]) -> Callable[[Team], object] | None:
        if rule in (TieBreak.HEAD_TO_HEAD_VP, TieBreak.HEAD_TO_HEAD_IMPS):
            between = _head_to_head(group, among(group))
            if between is None:
                return None
            return between[rule is TieBreak.HEAD_TO_HEAD_IMPS].__getitem__
        if rule is TieBreak.IMP_QUOTIENT:
            return lambda team: _quotient(*totals[team][2:])
        if rule is TieBreak.IMP_DIFFERENCE:
            return lambda team: totals[team][2] - totals[team][3]
        return lambda team: -decided.get(team, lowest)  # DIRECTOR: first named first

    def settle(group: list[Team]) -> None:
        for rule in rules:
            by = key(rule, group)
            if by is None:
                continue
            parts = _split(group, by)
            if len(parts) == 1:
                continue
            for part in parts:
                if len(part) == 1:
                    place(part, _DECIDED_BY[rule])
                else:
                    settle(part)  # the teams still level start again from the first rule
            return
        place(group, DecidedBy.SHARED)

    for tied in _split(teams, lambda team: totals[team][0]):
        if len(tied) == 1:
            place(tied, DecidedBy.VP)
        else:
            settle(tied)
    return ranked
