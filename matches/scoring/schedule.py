"""Round-robin schedules by the Berger tables (FIDE Handbook C.05, Annex 1).

Teams are numbered 1..n by their draw numbers. With an even number ``n`` there are n - 1
rounds; with an odd number a dummy team n + 1 is added, the team drawn against it has a
bye, and there are n rounds. Each pairing is (home, away), home written first as in the
printed tables (white in chess).

The tables come from a rotation: in round r the teams 1..N-1 (N = n rounded up to even)
are laid out in a ring starting at team ((r - 1) * N/2 mod (N - 1)) + 1. The first team
of the ring meets team N, at home in odd rounds and away in even rounds; then the 2nd
team of the ring meets the last at home, the 3rd the second-to-last, and so on. Round 1
of 6 teams is 1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2.
"""

from __future__ import annotations

from typing import NamedTuple

MIN_TEAMS = 3
MAX_TEAMS = 64


class Pairing(NamedTuple):
    """One match of a round: ``home`` against ``away``; ``away`` is None for a bye."""

    home: int
    away: int | None

    @property
    def is_bye(self) -> bool:
        """Return True when the home team sits out this round (a bye)."""
        return self.away is None


def _check_teams(teams: int) -> int:
    if isinstance(teams, bool) or not isinstance(teams, int):
        raise TypeError(f"the number of teams must be a whole number, not {teams!r}")
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise ValueError(
            f"a round robin needs {MIN_TEAMS} to {MAX_TEAMS} teams; {teams} is not supported"
        )
    return teams


def round_count(teams: int) -> int:
    """Return the rounds of a single round robin: n - 1 for even n, n for odd n."""
    _check_teams(teams)
    return teams - 1 if teams % 2 == 0 else teams


def berger_schedule(teams: int) -> list[list[Pairing]]:
    """Return the rounds of a single round robin by the Berger tables, round 1 first.

    Each round lists its pairings in table order (board 1 first); with an odd number of
    teams the round's bye, ``Pairing(team, None)``, comes last. Pairings are tuples, so
    ``Pairing(1, 4) == (1, 4)``. Raise ValueError for fewer than 3 or more than 64 teams.
    """
    _check_teams(teams)
    size = teams + teams % 2  # the dummy team ``size`` stands for the bye when n is odd
    half = size // 2
    ring_size = size - 1
    schedule = []
    for number in range(1, size):
        start = (number - 1) * half
        ring = [(start + k) % ring_size + 1 for k in range(ring_size)]
        first = (ring[0], size) if number % 2 else (size, ring[0])
        others = [Pairing(ring[i], ring[ring_size - i]) for i in range(1, half)]
        if size == teams:
            schedule.append([Pairing(*first), *others])
        else:
            schedule.append([*others, Pairing(ring[0], None)])
    return schedule


def byes_by_round(teams: int) -> dict[int, int]:
    """Return {round number: the team with the bye}; empty for an even number of teams."""
    return {
        number: pairing.home
        for number, pairings in enumerate(berger_schedule(teams), start=1)
        for pairing in pairings
        if pairing.is_bye
    }
