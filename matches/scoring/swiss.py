"""The Swiss draw: top-down (Monrad) pairing with look-ahead, as bridge federations use it.

``pair(ranking, met, had_bye)`` draws the next round of a Swiss stage.

The rule
    ``ranking`` lists the teams in standing order, best first (for round 1 the seeding, or
    ``random_order(teams, seed)``). ``met`` holds ``frozenset({a, b})`` for every pair that
    may not meet again (see ``met_pairs`` for "repeats allowed after N rounds").

    1. With an odd number of teams the bye is given first: to the lowest-ranked team that
       has not had one such that the rest can still be paired without a repeat. Teams below
       it are passed over because they had a bye already, or because the rest could not be
       paired without it (look-ahead). When every team has had a bye, the same rule runs
       over all the teams.
    2. Then, top-down: the highest-ranked unpaired team plays the highest-ranked team it has
       not met such that all the remaining teams can still be paired without a repeat; and
       so on down. Table 1 is the first pairing made; the higher-ranked team is home.
    3. When no draw without a repeat exists, the draw keeps the repeats as few as possible
       (the fewest any draw can have) and as low in the field as possible: each team, from
       the top, still takes the best opponent it has not met as long as the rest can be
       paired within the fewest repeats; a team that cannot gets the highest-ranked
       opponent it has met that keeps the rest within them. ``Draw.repeats`` lists them.

    Every table that is not a straight top-down pairing (the home team's opponent is not
    the highest-ranked team left) says why in ``Draw.notes``: the teams passed over, each
    because it had met the home team (``Why.MET``) or because the rest could not have been
    paired (``Why.LOOK_AHEAD``), and whether the table is a repeat.

How the look-ahead is fast
    "Can the rest still be paired?" is a question about matchings: the teams are the
    vertices of a graph whose edges join the pairs that have not met; the rest can be
    paired without a repeat when its graph has a perfect matching, and with r repeats when
    its maximum matching leaves 2r teams over. Trying every pairing (backtracking) grows
    exponentially; instead the draw keeps one maximum matching of the remaining teams and,
    for each pairing it tries, repairs that matching with at most a few augmenting-path
    searches (Edmonds' blossom algorithm), each linear-to-quadratic in the field. A
    500-team field is drawn in well under a second (``make bench``).
"""

from __future__ import annotations

import enum
import random
from bisect import bisect_right
from collections import Counter, deque
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

Team = Hashable
T = TypeVar("T", bound=Hashable)  # a team of any one kind: random_order gives back the same


class Why(enum.StrEnum):
    """Why a team was passed over for a table (or for the bye)."""

    MET = "met"  # it had met the home team already
    LOOK_AHEAD = "look-ahead"  # with that pairing the rest could not have been paired
    HAD_BYE = "had-bye"  # (bye only) it had a bye already


@dataclass(frozen=True, slots=True)
class Skip:
    """A team passed over for a table or the bye, and why."""

    team: Team
    why: Why


@dataclass(frozen=True, slots=True)
class Note:
    """Why a table is not a straight top-down pairing."""

    skipped: tuple[Skip, ...] = ()
    repeat: bool = False  # the two teams have met before: no draw without a repeat exists


@dataclass(slots=True)
class Draw:
    """A round's draw: ``tables`` as (home, away), table 1 first; ``bye`` or None."""

    tables: list[tuple[Team, Team]]
    bye: Team | None = None
    notes: dict[int, Note] = field(default_factory=dict)  # table number (1-based) -> why
    bye_skipped: tuple[Skip, ...] = ()  # teams ranked below the bye team, passed over

    @property
    def repeats(self) -> list[tuple[Team, Team]]:
        """Return the tables whose teams have met before, table 1 first."""
        return [self.tables[number - 1] for number, note in self.notes.items() if note.repeat]


def random_order(teams: Iterable[T], seed: int) -> list[T]:
    """Return the teams in a random order that the same ``seed`` always gives again.

    For a first round drawn at random: the director publishes the seed, and anyone can
    check the order with it.
    """
    order = list(teams)
    random.Random(seed).shuffle(order)
    return order


def met_pairs(
    meetings: Iterable[tuple[Team, Team, int]],
    next_round: int,
    repeats_after: int | None = None,
) -> frozenset[frozenset]:
    """Return the pairs that may not meet in ``next_round``, from (team, team, round) rows.

    Without ``repeats_after`` every pair that has met is kept apart. With
    ``repeats_after=N`` two teams may meet again once N rounds have been played since
    they last met: teams that met in round 2 with N = 3 are apart in rounds 3 to 5 and may
    meet from round 6.
    """
    pairs = set()
    for home, away, number in meetings:
        if number >= next_round:
            continue
        if repeats_after is None or next_round - number <= repeats_after:
            pairs.add(frozenset((home, away)))
    return frozenset(pairs)


def ranking_round(next_round: int, delayed: bool = False) -> int:
    """Return the round whose standings rank the teams for ``next_round`` (0: the seeding).

    A delayed Swiss pairs round n + 1 from the standings after round n - 1, so its draw
    can be published while round n is still being played.
    """
    return max(next_round - 1 - (1 if delayed else 0), 0)


class _Field:
    """The teams still to be paired, and a maximum matching of their graph of allowed pairs."""

    def __init__(self, n: int, apart: list[set[int]]):
        self.n = n
        self.apart = apart
        self.alive = [True] * n
        self.mate = [-1] * n
        self.size = 0
        for team in range(n):  # greedy top-down: often the draw itself
            if self.mate[team] == -1:
                for other in range(team + 1, n):
                    if self.mate[other] == -1 and other not in apart[team]:
                        self.mate[team], self.mate[other] = other, team
                        self.size += 1
                        break
        for team in range(n):
            if self.mate[team] == -1 and self._augment(team, self.mate):
                self.size += 1

    def remaining(self) -> list[int]:
        return [team for team in range(self.n) if self.alive[team]]

    def _augment(self, root: int, mate: list[int]) -> bool:
        """Find an augmenting path from ``root`` (Edmonds' blossom search); flip it if found."""
        n, alive, apart = self.n, self.alive, self.apart
        members = [team for team in range(n) if alive[team]]
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, stem: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stem:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            avoid = apart[v]
            for to in _nearest_first(members, v):
                if to == v or to in avoid or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    stem = common_base(v, to)
                    blossom = [False] * n
                    mark(v, stem, to, blossom)
                    mark(to, stem, v, blossom)
                    for i in members:
                        if blossom[base[i]]:
                            base[i] = stem
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:
                            previous = parent[to]
                            after = mate[previous]
                            mate[to], mate[previous] = previous, to
                            to = after
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    def try_remove(self, teams: Sequence[int], target: int) -> bool:
        """Remove ``teams`` if the rest still has a matching of ``target`` pairs; else keep all.

        The matching stays maximum: the teams the removal leaves unmatched are searched
        first, then every other unmatched team, each once (a search that fails once never
        succeeds later in the same graph), stopping as soon as ``target`` is reached.
        """
        mate = self.mate.copy()
        size = self.size
        freed = []
        for team in teams:
            partner = mate[team]
            if partner != -1:
                mate[partner] = mate[team] = -1
                size -= 1
                if partner not in teams:
                    freed.append(partner)
        for team in teams:
            self.alive[team] = False
        if size < target and len(freed) == 2 and freed[1] not in self.apart[freed[0]]:
            first, second = freed  # the shortest repair: their two partners play each other
            mate[first], mate[second] = second, first
            size += 1
        if size < target:
            others = [t for t in range(self.n) if self.alive[t] and mate[t] == -1]
            for root in freed + [t for t in others if t not in freed]:
                if mate[root] == -1 and self._augment(root, mate):
                    size += 1
                    if size >= target:
                        break
        if size < target:
            for team in teams:
                self.alive[team] = True
            return False
        self.mate, self.size = mate, size
        return True


def _nearest_first(members: list[int], v: int):
    """Yield the teams in order of distance in the ranking from ``v``, the one below first.

    Searching the nearest teams first keeps the matching's repairs local, so the matching
    stays close to the top-down draw and most pairings need no search at all.
    """
    below = bisect_right(members, v)
    above = below - 1
    if above >= 0 and members[above] == v:
        above -= 1
    count = len(members)
    while below < count or above >= 0:
        if below < count:
            yield members[below]
            below += 1
        if above >= 0:
            yield members[above]
            above -= 1


def _check(ranking: Sequence[Team], met: Iterable, had_bye: Iterable[Team]):
    order = list(ranking)
    for team, times in Counter(order).items():
        if times > 1:
            raise ValueError(f"team {team!r} is listed twice")
    if len(order) < 2:
        raise ValueError("a draw needs at least two teams")
    index = {team: number for number, team in enumerate(order)}
    apart: list[set[int]] = [set() for _ in order]
    for pair in met:
        members = tuple(pair)
        if len(members) != 2:
            raise ValueError(f"a pair that met must be two different teams, not {pair!r}")
        a, b = members
        if a in index and b in index:  # a team no longer in the field is ignored
            apart[index[a]].add(index[b])
            apart[index[b]].add(index[a])
    byes = {index[team] for team in had_bye if team in index}
    return order, apart, byes


def pair(
    ranking: Sequence[Team], met: Iterable = frozenset(), had_bye: Iterable[Team] = frozenset()
) -> Draw:
    """Return the draw of the next round by the rule in this module's docstring.

    Teams in ``met`` or ``had_bye`` that are not in ``ranking`` (withdrawn) are ignored.
    Raise ValueError for a team listed twice or fewer than two teams.
    """
    order, apart, byes = _check(ranking, met, had_bye)
    n = len(order)
    pool = _Field(n, apart)
    bye = None
    bye_skipped: list[Skip] = []
    if n % 2:
        bye, bye_skipped = _give_bye(pool, byes)
    left = len(pool.remaining())
    repeats = left // 2 - pool.size  # the fewest any draw of the rest can have
    tables: list[tuple[Team, Team]] = []
    notes: dict[int, Note] = {}
    while True:
        rest = pool.remaining()
        if not rest:
            break
        home, candidates = rest[0], rest[1:]
        skipped: list[Skip] = []
        away = None
        for other in candidates:
            if other in apart[home]:
                skipped.append(Skip(order[other], Why.MET))
            elif pool.try_remove((home, other), (left - 2) // 2 - repeats):
                away = other
                break
            else:
                skipped.append(Skip(order[other], Why.LOOK_AHEAD))
        repeat = away is None
        if repeat:  # no opponent it has not met keeps the rest within the fewest repeats
            skipped = []
            for other in candidates:
                target = (left - 2) // 2 - (repeats - (other in apart[home]))
                if pool.try_remove((home, other), target):
                    away = other
                    repeats -= other in apart[home]
                    repeat = other in apart[home]
                    break
                skipped.append(Skip(order[other], Why.LOOK_AHEAD))
            assert away is not None, "some pairing always keeps the rest within the repeats"
        left -= 2
        tables.append((order[home], order[away]))
        if away != candidates[0] or repeat:
            notes[len(tables)] = Note(tuple(skipped), repeat)
    bye_team = None if bye is None else order[bye]
    passed = tuple(Skip(order[skip.team], skip.why) for skip in bye_skipped)
    return Draw(tables, bye_team, notes, passed)


def _give_bye(pool: _Field, byes: set[int]) -> tuple[int, list[Skip]]:
    """Give the bye (odd field) by rule 1; return the team and the teams passed over."""
    n = pool.n
    eligible = [team for team in range(n) if team not in byes] or list(range(n))
    best = pool.size  # a maximum matching of all the teams; removing one keeps it at best
    for target in (best, best - 1):
        skipped = []
        for team in reversed(range(n)):
            if team not in eligible:
                skipped.append(Skip(team, Why.HAD_BYE))
            elif pool.try_remove((team,), target):
                return team, skipped
            else:
                skipped.append(Skip(team, Why.LOOK_AHEAD))
    raise AssertionError("removing one team leaves a matching at most one pair smaller")
