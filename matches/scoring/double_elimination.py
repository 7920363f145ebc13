"""Double elimination (双败淘汰): a team is out after its second defeat.

As the usual arrangement is described (Wikipedia, "Double-elimination tournament",
https://en.wikipedia.org/wiki/Double-elimination_tournament), the teams play two brackets:

Winners' bracket (胜者组)
    A knockout, seeded and with byes exactly as the single knockout
    (``matches.scoring.knockout.bracket``): n teams in a bracket of 2ᵏ places, byes to the
    top seeds, 1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight. Its losers drop into the losers'
    bracket instead of going out.

Losers' bracket (败者组)
    2(k − 1) rounds, each of teams with one defeat; a defeat here is the second, and out.
    Round 1 pairs the losers of the winners' round 1, matches 1 and 2, 3 and 4 …; then each
    winners' round r ≥ 2 brings its losers into losers' round 2(r − 1) (the "major" stage
    in Wikipedia's words), each against a winner of the losers' round before; between
    them, the losers' bracket plays within itself (the "minor" stage). The losers of a
    winners' round come down in an order crossed over to the other half, so that a team
    does not meet at once a team it met before: winners' round 2's in reverse order (the
    loser of its match 1 plays in the losers' bracket's last match of the round), round
    3's with the halves swapped, round 4's reversed again, and so on. A bye of the winners'
    round 1 leaves an empty place in the losers' round 1: the team paired with it goes
    through without playing (a bye), and two empty places leave no match at all.

Grand final (总决赛)
    The winners' bracket winner (no defeat) against the losers' bracket winner (one). If
    the winners' bracket winner wins, it is over; if it loses, both have one defeat and a
    second final (第二场总决赛) is played, its winner the winner of the stage (the
    "bracket reset"; ``second_final=True``, the default).

One final only (``second_final=False``)
    The CBA plays its A-class club league final (全国桥牌A类俱乐部联赛总决赛) as a double
    elimination of four teams, 胜区 and 败区, with one final: the winner of the third
    round (the 败区 final) goes to the final, its loser is third, and the two finalists
    play for the title, nothing said of a second match (太仓日报, 2023-11-20,
    https://www.taicangdaily.com/Home/NewsDetail/77487636-5538-4e7a-a00a-34dc4189a80c);
    the 2017 final was one match of six sessions, won 221 : 151 (国家体育总局,
    https://www.sport.gov.cn/n20001280/n20745751/n20767274/c21956890/content.html). The
    grand final's winner wins the stage, whichever bracket it came from; its loser is
    second, with one defeat only when it is the winners' bracket winner.

The places after the winner and the runner-up go by the round of the second defeat: the
loser of the losers' final third, of the round before it fourth, and so on; the teams
out in the same round are placed by the caller (by their qualifying position).

Match slots are keyed by (bracket, round, position): the bracket "" (winners'),
"losers", "final" or "final-2", the round within that bracket (1 first), the position
from the top (0 first). The stage plays them in rounds (``playing_round``): winners'
round 1 first; then winners' round r ≥ 2 beside losers' round 2(r − 1) − 1, each
losers' round in a round of its own after it, the grand final after the losers'
final and the second final after that: for eight teams 1 W1, 2 W2 + L1, 3 L2,
4 W3 + L3, 5 L4, 6 the grand final, 7 the second final.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from .knockout import bracket as single_bracket
from .knockout import round_count

Team = Hashable
WINNERS, LOSERS, FINAL, SECOND_FINAL = "", "losers", "final", "final-2"
BRACKETS = (WINNERS, LOSERS, FINAL, SECOND_FINAL)
Key = tuple[str, int, int]  # (bracket, round, position)


class _Absent:
    """An empty place: no team ever comes to it (a bye of the winners' round 1)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()


@dataclass(frozen=True, slots=True)
class Slot:
    """One match of the stage: where it is, its two teams (None: not known yet), and its
    winner once decided. ``bye``: the home team goes through without playing (or will,
    once known); ``playing_round``: the stage's round it is played in."""

    bracket: str
    round: int
    position: int
    playing_round: int
    home: Team | None
    away: Team | None
    bye: bool = False
    winner: Team | None = None

    @property
    def key(self) -> Key:
        return self.bracket, self.round, self.position

    @property
    def loser(self) -> Team | None:
        if self.bye or self.winner is None:
            return None
        return self.away if self.winner == self.home else self.home

    @property
    def ready(self) -> bool:
        """Return True when the match can be played: both teams known, not a bye."""
        return not self.bye and self.home is not None and self.away is not None


@dataclass(frozen=True)
class Place:
    """A place decided: ``place`` (1 first) and the teams in it; several teams out in the
    same losers' round share it until the caller places them (``where`` names the slot
    round: (bracket, round) of their second defeat; None for the winner)."""

    place: int
    teams: list
    where: tuple[str, int] | None = None


@dataclass(frozen=True)
class DoubleBracket:
    teams: int
    winners: list[list[Slot]]  # the winners' bracket, round 1 first
    losers: list[list[Slot]]  # the losers' bracket, round 1 first (no empty places)
    finals: list[Slot]  # the grand final, then the second final when it is needed
    champion: Team | None = None
    runner_up: Team | None = None
    defeats: dict = field(default_factory=dict)  # team → its defeats so far
    out: dict = field(default_factory=dict)  # team → (bracket, round) of its 2nd defeat

    def slots(self) -> list[Slot]:
        """Return every slot in the order played (by playing round, then bracket)."""
        every = [s for r in self.winners for s in r] + [s for r in self.losers for s in r]
        every += self.finals
        order = {name: index for index, name in enumerate(BRACKETS)}
        return sorted(every, key=lambda s: (s.playing_round, order[s.bracket], s.position))

    def slot(self, key: Key) -> Slot | None:
        return next((s for s in self.slots() if s.key == key), None)

    def places(self) -> list[Place]:
        """Return the places decided so far: the winner and the runner-up once the stage
        is won, and the teams out in each losers' round, the latest round first (a round's
        losers take the places after every team that can still go out later)."""
        result = []
        if self.champion is not None:
            runner_up = self.runner_up
            where = self.out.get(runner_up, (FINAL, 1))  # one final: maybe its 1st defeat
            result += [Place(1, [self.champion]), Place(2, [runner_up], where)]
        played = 0
        firsts = {}
        for number, slots in enumerate(self.losers, start=1):
            played += sum(1 for slot in slots if not slot.bye)
            firsts[number] = self.teams - played + 1
        for number in range(len(self.losers), 0, -1):
            teams = [team for team, where in self.out.items() if where == (LOSERS, number)]
            if teams:
                result.append(Place(firsts[number], teams, (LOSERS, number)))
        return result


def losers_rounds(teams: int) -> int:
    """Return the rounds of the losers' bracket: 2(k − 1) for a winners' bracket of k."""
    return 2 * (round_count(teams) - 1)


def playing_round(bracket: str, number: int, teams: int) -> int:
    """Return the stage's round in which (bracket, round ``number``) is played."""
    rounds = round_count(teams)
    if bracket == WINNERS:
        return 1 if number == 1 else 2 * number - 2
    if bracket == LOSERS:
        return number + 1
    return 2 * rounds + (1 if bracket == SECOND_FINAL else 0)


def bracket_round(bracket: str, played_in: int, teams: int) -> int:
    """Return the round within its bracket of a match played in the stage's round
    ``played_in`` (the inverse of ``playing_round``)."""
    if bracket == WINNERS:
        return 1 if played_in == 1 else (played_in + 2) // 2
    if bracket == LOSERS:
        return played_in - 1
    return 1


def rounds_played_in(played_in: int, teams: int) -> list[tuple[str, int]]:
    """Return the (bracket, round) pairs played in the stage's round ``played_in``, the
    winners' bracket first: for eight teams round 2 plays the winners' round 2 and the
    losers' round 1, round 3 the losers' round 2 alone, round 6 the grand final (none
    after the second final)."""
    rounds = round_count(teams)
    if played_in >= 2 * rounds:
        finals = {2 * rounds: FINAL, 2 * rounds + 1: SECOND_FINAL}
        return [(finals[played_in], 1)] if played_in in finals else []
    result = []
    winners = bracket_round(WINNERS, played_in, teams)
    if playing_round(WINNERS, winners, teams) == played_in and winners <= rounds:
        result.append((WINNERS, winners))
    if 1 <= played_in - 1 <= losers_rounds(teams):
        result.append((LOSERS, played_in - 1))
    return result


def drop_order(count: int, winners_round: int) -> list[int]:
    """Return, for each match of the losers' round that winners' round ``winners_round``
    (≥ 2) drops into, the winners' match whose loser comes down there: reversed for round
    2, halves swapped for round 3, reversed again for 4 … (``count`` matches)."""
    order = list(range(count))
    if winners_round % 2 == 0:
        return order[::-1]
    half = count // 2
    return order[half:] + order[:half] if half else order


def double_bracket(
    seeds: Sequence[Team], winners: Mapping[Key, Team] | None = None, second_final=True
) -> DoubleBracket:
    """Return every slot of a double elimination of ``seeds`` (best first), filled in from
    ``winners`` ({(bracket, round, position): team that won}); with ``second_final``
    False, the grand final is played once (the CBA's), its winner the stage's. A winner
    of a slot whose teams are not known, or who did not play it, raises ValueError."""
    winners = dict(winners or {})
    teams = list(seeds)
    count = len(teams)
    rank = {team: index for index, team in enumerate(teams)}
    upper = single_bracket(
        teams, {(r, p): team for (b, r, p), team in winners.items() if b == WINNERS}
    )
    top = [
        [
            Slot(
                WINNERS,
                s.round,
                s.position,
                playing_round(WINNERS, s.round, count),
                s.home,
                s.away,
                s.bye,
                s.winner,
            )
            for s in slots
        ]
        for slots in upper
    ]

    def dropped(number: int) -> list:
        return [ABSENT if s.bye else s.loser for s in top[number - 1]]

    def play(number: int, position: int, a, b) -> tuple[Slot | None, object]:
        """Return the losers' slot of ``a`` and ``b`` (None: an empty place) and who
        comes out of it (a team, None not known yet, or ABSENT)."""
        when = playing_round(LOSERS, number, count)
        key = (LOSERS, number, position)
        if a is ABSENT and b is ABSENT:
            return None, ABSENT
        if a is ABSENT or b is ABSENT:
            team = b if a is ABSENT else a
            return Slot(LOSERS, number, position, when, team, None, True, team), team
        if a is not None and b is not None and rank[b] < rank[a]:
            a, b = b, a  # the better seed is home
        winner = _won(winners, key, a, b)
        return Slot(LOSERS, number, position, when, a, b, False, winner), winner

    lower: list[list[Slot]] = []
    coming: list = []  # who comes out of each match of the losers' round before
    for number in range(1, losers_rounds(count) + 1):
        if number == 1:
            first = dropped(1)
            pairs = [(first[2 * i], first[2 * i + 1]) for i in range(len(first) // 2)]
        elif number % 2 == 0:
            down = dropped(number // 2 + 1)
            order = drop_order(len(down), number // 2 + 1)
            pairs = [(coming[i], down[order[i]]) for i in range(len(coming))]
        else:
            pairs = [(coming[2 * i], coming[2 * i + 1]) for i in range(len(coming) // 2)]
        slots, coming = [], []
        for position, (a, b) in enumerate(pairs):
            slot, out = play(number, position, a, b)
            coming.append(out)
            if slot is not None:
                slots.append(slot)
        lower.append(slots)
    best = top[-1][0].winner
    second = coming[0] if lower else top[-1][0].loser
    finals = [_final(FINAL, count, best, second, winners)]
    champion = runner_up = None
    if finals[0].winner is not None:
        if finals[0].winner == best or not second_final:
            champion, runner_up = finals[0].winner, finals[0].loser
        else:
            finals.append(_final(SECOND_FINAL, count, best, second, winners))
            champion = finals[1].winner
            runner_up = finals[1].loser
    for key in winners:
        if key[0] != WINNERS and key not in {s.key for r in lower for s in r} | {
            s.key for s in finals
        }:
            raise ValueError(f"{key!r} has not been drawn")
    result = DoubleBracket(count, top, lower, finals, champion, runner_up)
    for slot in result.slots():
        loser = slot.loser
        if loser is None:
            continue
        result.defeats[loser] = result.defeats.get(loser, 0) + 1
        if result.defeats[loser] == 2:
            result.out[loser] = (slot.bracket, slot.round)
    return result


def _final(name: str, count: int, best, second, winners) -> Slot:
    when = playing_round(name, 1, count)
    winner = _won(winners, (name, 1, 0), best, second)
    return Slot(name, 1, 0, when, best, second, False, winner)


def _won(winners: Mapping, key: Key, home, away):
    winner = winners.get(key)
    if winner is None:
        return None
    if home is None or away is None:
        raise ValueError(f"{key!r} has not been drawn yet")
    if winner not in (home, away):
        raise ValueError(f"{winner!r} did not play {key!r}")
    return winner
