"""Time the Swiss draw of a 500-team, 12-round event (aim: each draw under 2 s).

The event is played out in memory: each team has a strength, each match's VP come from
the two strengths and some luck, and the standings after each round rank the next draw,
so teams of like score meet (and the look-ahead has real work to do). Round 12's draw is
also timed against a baseline: the plain greedy top-down pairing of the same ranking,
with no look-ahead (which can leave teams that have all met one another at the bottom).
Run with `make bench`.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from matches.scoring.swiss import pair  # noqa: E402

TEAMS = 500
ROUNDS = 12


def greedy(ranking, met):
    """Top-down without look-ahead: each team takes the best team left it has not met."""
    left = list(ranking)
    tables = []
    while len(left) > 1:
        home = left.pop(0)
        away = next((t for t in left if frozenset((home, t)) not in met), left[0])
        left.remove(away)
        tables.append((home, away))
    return tables


def main() -> None:
    """Play the event, print the time of each draw, the slowest, and round 12's ratio."""
    rng = random.Random(500)
    teams = list(range(1, TEAMS + 1))
    strength = {team: rng.gauss(0, 1) for team in teams}
    vp = dict.fromkeys(teams, 0.0)
    met, byes = set(), set()
    times = []
    ranking = list(teams)
    for number in range(1, ROUNDS + 1):
        ranking = sorted(teams, key=lambda team: (-vp[team], team))
        start = time.perf_counter()
        draw = pair(ranking, met, byes)
        times.append(time.perf_counter() - start)
        print(
            f"round {number:2}: draw {times[-1] * 1000:7.1f} ms, "
            f"{len(draw.notes):3} tables not straight down, {len(draw.repeats)} repeats"
        )
        if draw.bye is not None:
            byes.add(draw.bye)
            vp[draw.bye] += 12
        for home, away in draw.tables:
            met.add(frozenset((home, away)))
            margin = 10 * (strength[home] - strength[away]) + rng.gauss(0, 6)
            home_vp = min(20.0, max(0.0, 10 + margin))
            vp[home] += home_vp
            vp[away] += 20 - home_vp
    ranking = sorted(teams, key=lambda team: (-vp[team], team))
    draws = []
    for function in (pair, greedy, pair, greedy):
        start = time.perf_counter()
        function(ranking, met)
        draws.append((function.__name__, time.perf_counter() - start))
    best = {name: min(t for n, t in draws if n == name) for name, _ in draws}
    print(f"slowest draw of {ROUNDS}: {max(times) * 1000:7.1f} ms (aim: under 2,000 ms)")
    print(f"round 13 draw:      {best['pair'] * 1000:7.1f} ms")
    print(f"greedy, no look-ahead: {best['greedy'] * 1000:4.1f} ms")
    print(f"ratio:              {best['pair'] / best['greedy']:7.1f}× the greedy pairing")


if __name__ == "__main__":
    main()
