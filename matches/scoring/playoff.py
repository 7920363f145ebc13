"""Placing matches of a knockout: the match for third place, or a play-off for every place.

Brackets
    Every bracket is named by the best place it plays for: 1 is the main bracket (its
    final's winner is first, its loser second). A bracket of 2ᵏ places has k rounds; the
    teams that lose its round j (2ᵏ⁻ʲ of them) play on, with a full play-off, in the
    bracket of the places just below its winners': for the main bracket of 8 teams, the
    losers of the quarter-finals play for 5–8 (bracket 5), those of the semi-finals for 3–4
    (bracket 3); in bracket 5 the semi-finals' winners play for 5th place and their losers
    for 7th (bracket 7). With only a match for third place, bracket 3 is the only one.

Who meets whom
    The losers of matches 0 and 1 of a round meet first (then 2 and 3 …), as the winners
    do: the bracket's shape is the main bracket's. The better seed of the knockout is home.
    Where the main bracket had a bye there is no loser: the team that would have met that
    loser goes through without playing, and a bracket left with one team gives it the
    bracket's best place without a match (a knockout of 5 teams: 5th place).

Rounds
    A placing match is played beside the main bracket's next round: the semi-finals of
    places 5–8 beside the main semi-finals, the matches for 3rd, 5th and 7th beside the
    final. ``BracketMatch.round`` is that round of the main bracket, so every bracket ends
    with the final, and the places are known when the final's round is over.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .knockout import BracketMatch, bracket

Team = Hashable
MAIN = 1  # the main bracket: it plays for first place


class PlayOff(enum.StrEnum):
    """Which places a knockout plays for besides the final (the stage's ``placing``)."""

    NONE = "none"
    THIRD = "third"  # the losing semi-finalists play for third place
    ALL = "all"  # every round's losers play on for the places below


class _Empty:
    """No team will ever come from here (a bye in the bracket that feeds it)."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY = _Empty()


@dataclass(frozen=True, slots=True)
class Bracket:
    """A bracket: the best place it plays for, how many places, and its rounds (each the
    matches with at least one team to come; ``BracketMatch.round`` the main bracket's
    round it is played beside)."""

    best: int
    places: int
    rounds: list[list[BracketMatch]]

    @property
    def final(self) -> BracketMatch | None:
        """Return the bracket's last match (None when the bracket has no team at all)."""
        return self.rounds[-1][0] if self.rounds and self.rounds[-1] else None


def playoff(
    seeds: Sequence[Team],
    placing: PlayOff | str = PlayOff.NONE,
    winners: Mapping[tuple[int, int, int], Team] | None = None,
) -> list[Bracket]:
    """Return the knockout's brackets, the main bracket first, then by the best place.

    ``winners`` maps (bracket, round, position) to the team that won that match (bracket
    1, the main bracket, as ``knockout.bracket`` lays it out). A winner that did not play
    the match raises ValueError. (A knockout of 3 has one semi-final: its loser is third
    without playing; the stage's settings refuse placing matches below 4 teams.)
    """
    placing = PlayOff(placing)
    winners = dict(winners or {})
    teams = list(seeds)
    main_winners = {(r, p): team for (b, r, p), team in winners.items() if b == MAIN}
    main = bracket(teams, main_winners)
    brackets = {MAIN: Bracket(MAIN, len(main[0]) * 2, main)}
    if placing is PlayOff.NONE:
        return [brackets[MAIN]]
    rank = {team: index for index, team in enumerate(teams)}
    pending = [brackets[MAIN]]
    while pending:
        parent = pending.pop(0)
        fed: Sequence[int] = range(len(parent.rounds) - 1)  # every round but the final
        if placing is PlayOff.THIRD:
            fed = [len(parent.rounds) - 2] if parent.best == MAIN and len(parent.rounds) > 1 else []
        for index in fed:
            played = parent.rounds[index]
            size = 2 ** (len(parent.rounds) - index - 1)  # the matches of that round
            entrants = [EMPTY] * size
            for slot in played:
                entrants[slot.position] = _loser(slot)
            if all(entrant is EMPTY for entrant in entrants):
                continue
            best = parent.best + size
            start = played[0].round + 1
            child = _lay_out(best, start, entrants, winners, rank)
            brackets[best] = child
            pending.append(child)
    return [brackets[best] for best in sorted(brackets)]


def _loser(slot: BracketMatch):
    """Return who comes out of a match as its loser: a team, None (not decided yet), or
    EMPTY (a bye: nobody)."""
    if slot.bye:
        return EMPTY
    if slot.winner is None:
        return None
    return slot.away if slot.winner == slot.home else slot.home


def _lay_out(best, start, entrants, winners, rank) -> Bracket:
    """Return bracket ``best`` from its entrants in bracket order (a team, None for one
    not known yet, EMPTY for none), its first round played in main round ``start``."""
    rounds = []
    current = list(entrants)
    number = start
    while len(current) > 1:
        slots, following = [], []
        for position in range(len(current) // 2):
            a, b = current[2 * position], current[2 * position + 1]
            if a is EMPTY and b is EMPTY:
                following.append(EMPTY)
                continue
            if a is EMPTY or b is EMPTY:
                team = b if a is EMPTY else a
                slots.append(BracketMatch(number, position, team, None, True, team, best))
                following.append(team)
                continue
            if a is not None and b is not None and rank[b] < rank[a]:
                a, b = b, a  # the better seed is home
            winner = winners.get((best, number, position))
            if winner is not None and (a is None or b is None or winner not in (a, b)):
                raise ValueError(f"{winner!r} did not play bracket {best} match {position + 1}")
            slots.append(BracketMatch(number, position, a, b, False, winner, best))
            following.append(winner)
        rounds.append(slots)
        current = following
        number += 1
    return Bracket(best, len(entrants), rounds)


def places(brackets: Sequence[Bracket]) -> dict[Team, tuple[int, int]]:
    """Return {team: (place, bracket)} for every place a decided bracket final gives:
    its winner the bracket's best place, its loser the next (a bracket's lone team, its
    final a bye, the best place)."""
    placed = {}
    for each in brackets:
        final = each.final
        if final is None or final.winner is None:
            continue
        placed[final.winner] = (each.best, each.best)
        if not final.bye:
            loser = final.away if final.winner == final.home else final.home
            placed[loser] = (each.best + 1, each.best)
    return placed


def decided(brackets: Sequence[Bracket]) -> bool:
    """Return True once every match of every bracket has its winner."""
    return all(slot.winner is not None for b in brackets for r in b.rounds for slot in r)


def round_places(best: int, round_number: int, rounds: int, teams: int) -> tuple[int, int]:
    """Return (first, last) of the places at stake in round ``round_number`` of bracket
    ``best`` in a knockout of ``rounds`` rounds and ``teams`` teams (every bracket ends
    beside the final): for 8 teams, bracket 5's round 2 plays for 5–8, its round 3 for 5–6;
    the last never more than the teams."""
    span = 2 ** (rounds - round_number + 1)
    return best, min(best + span - 1, teams)


def placing_errors(teams: int, placing: PlayOff | str) -> list[str]:
    """Return why a knockout of ``teams`` cannot play these placing matches ([] if it can)."""
    if PlayOff(placing) is not PlayOff.NONE and teams < 4:
        return [f"placing matches need a knockout of 4 teams or more, not {teams}"]
    return []


__all__ = [
    "EMPTY",
    "MAIN",
    "Bracket",
    "PlayOff",
    "decided",
    "placing_errors",
    "places",
    "playoff",
    "round_places",
]
