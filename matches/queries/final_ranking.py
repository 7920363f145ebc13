"""The event's outcome: once the final of its knockout is decided, every team's place.

The winner is first and the runner-up second. The knockout's placing matches
(``Stage.placing``: a match for third place, or a play-off for every place) decide the
places they play for, and the outcome waits for them too. The teams no placing match
placed follow, round by round (the losing semi-finalists, then the losing quarter-
finalists ...), and within a round, by the stage's ``losers_by``, they are placed by their
position in the qualifying stage (the stage before the knockout; by their seed when the
knockout is the event's first stage), or share the round's first place
(``LosersBy.SHARED``). The teams that did not reach the knockout come last, by their
position in the qualifying stage, then those left out of that by the stage before it,
and so on.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from matches.models import Event, Stage
from matches.models.stages import stages_of
from matches.scoring import playoff
from matches.scoring.double_elimination import losers_rounds

from .brackets import knockout_playoff
from .double_brackets import double_bracket
from .entries import seeds
from .standings import standings


class LosersBy(enum.StrEnum):
    """How the teams that went out in the same knockout round are placed."""

    QUALIFYING = "qualifying"  # by their position in the qualifying stage (the default)
    SHARED = "shared"  # all of them in the round's first place (3=, 5= ...)


class How(enum.StrEnum):
    """What placed a team."""

    WINNER = "winner"
    RUNNER_UP = "runner-up"
    KNOCKOUT = "knockout"  # went out in a knockout round (``Placing.round``)
    PLACING_MATCH = "placing-match"  # placed by a placing match (``Placing.bracket``)
    QUALIFYING = "qualifying"  # did not reach the knockout (``Placing.stage``'s position)


@dataclass(frozen=True)
class Placing:
    place: int
    team: Any  # a Team row (the scoring core's brackets and places hold it as Hashable)
    how: How
    round: int | None = None  # the knockout round the team went out in (a double
    # elimination: the losers' round of its second defeat)
    stage: Stage | None = None  # the stage whose position placed it (None: its seed)
    position: int | None = None  # its position in that stage's standings
    shared: bool = False  # another team has the same place
    bracket: int | None = None  # the placing bracket that placed it: its best place


@dataclass(frozen=True)
class Outcome:
    knockout: Stage
    rounds: int  # how many rounds the knockout has
    placings: list[Placing]

    @property
    def winner(self):
        return self.placings[0].team


def final_ranking(event: Event, stages: list | None = None) -> Outcome | None:
    """Return every team's place once the final of the event's last stage, a knockout, is
    decided (marked final, or its tie decided by the director), and its placing matches
    too; None before that, or when the event's last stage is not a knockout. ``stages``:
    the event's stages in order, when the caller has read them already."""
    stages = stages_of(event) if stages is None else stages
    knockout = stages[-1] if stages else None
    if knockout is None or not knockout.is_knockout:
        return None
    if knockout.is_double_elimination:
        return _double_ranking(event, stages, LosersBy(knockout.losers_by))
    brackets, _matches = knockout_playoff(knockout)
    final = brackets[0].final if brackets else None  # two teams or more: a final
    if final is None or final.winner is None or not playoff.decided(brackets):
        return None
    rounds: Any = brackets[0].rounds  # its slots' teams are Team rows (Hashable in the core)
    losers_by = LosersBy(knockout.losers_by)
    previous = stages[-2] if len(stages) > 1 else None
    qualifying = _qualifying_order(event, knockout, previous)
    placed_by = previous if previous is not None and not previous.is_knockout else None
    lost_in = {
        team.pk: slot.round
        for matches in rounds
        for slot in matches
        if not slot.bye and slot.winner is not None
        for team in (slot.home, slot.away)
        if team != slot.winner
    }
    placings = []
    for team, (place, best) in sorted(playoff.places(brackets).items(), key=lambda i: i[1]):
        if best == playoff.MAIN:
            placings.append(Placing(place, team, How.WINNER if place == 1 else How.RUNNER_UP))
        elif _played_for(brackets, best):
            placings.append(Placing(place, team, How.PLACING_MATCH, bracket=best))
        else:  # alone in its bracket: its place without a match
            placings.append(_knockout_placing(place, team, lost_in, qualifying, placed_by))
    placed = {placing.team.pk for placing in placings}
    for number in range(len(rounds) - 1, 0, -1):
        losers = [
            team
            for slot in rounds[number - 1]
            if not slot.bye and slot.winner is not None
            for team in (slot.home, slot.away)
            if team is not None and team != slot.winner and team.pk not in placed
        ]
        losers.sort(key=lambda team: qualifying.get(team.pk, (len(qualifying), 0))[0])
        first, shared = len(placings) + 1, losers_by == LosersBy.SHARED and len(losers) > 1
        for index, team in enumerate(losers):
            place = first if losers_by == LosersBy.SHARED else first + index
            placings.append(
                _knockout_placing(place, team, lost_in, qualifying, placed_by, shared=shared)
            )
            placed.add(team.pk)
    placings += _the_rest(event, stages[:-1], placed, len(placings) + 1)
    return Outcome(knockout, len(rounds), placings)


def _double_ranking(event: Event, stages: list, losers_by: LosersBy) -> Outcome | None:
    """Return every team's place once a double elimination (the last stage) is won: its
    own teams' (``double_places``), then those that did not reach it."""
    knockout = stages[-1]
    previous = stages[-2] if len(stages) > 1 else None
    placings = double_places(event, knockout, previous)
    if placings is None:
        return None
    rounds = losers_rounds(len(placings))  # every team of the stage is placed
    placed = {placing.team.pk for placing in placings}
    placings += _the_rest(event, stages[:-1], placed, len(placings) + 1)
    return Outcome(knockout, rounds, placings)


def double_places(event: Event, knockout: Stage, previous: Stage | None) -> list | None:
    """Return the places of a double elimination's teams once it is won (None before):
    the winner, the runner-up, then the teams by the losers' round of their second
    defeat, the latest first, and within a round, by the stage's ``losers_by``, by their
    position in the qualifying stage ``previous`` (the stage before; by their seed when
    there is none, or it is a knockout), or sharing the round's first place. The stage
    after a double elimination takes its teams from here (``Stage.entrants``: the top N).
    """
    layout, _matches = double_bracket(knockout)
    if layout is None or layout.champion is None:
        return None
    losers_by = LosersBy(knockout.losers_by)
    qualifying = _qualifying_order(event, knockout, previous)
    placed_by = previous if previous is not None and not previous.is_knockout else None
    placings = [
        Placing(1, layout.champion, How.WINNER),
        Placing(2, layout.runner_up, How.RUNNER_UP),
    ]
    for place in layout.places()[2:]:
        assert place.where is not None  # a place after the second: the round it went out in
        teams = sorted(place.teams, key=lambda t: qualifying.get(t.pk, (len(qualifying), 0))[0])
        shared = losers_by == LosersBy.SHARED and len(teams) > 1
        for index, team in enumerate(teams):
            placings.append(
                Placing(
                    place.place if shared else place.place + index,
                    team,
                    How.KNOCKOUT,
                    round=place.where[1],
                    stage=placed_by,
                    position=qualifying.get(team.pk, (None, None))[1],
                    shared=shared,
                )
            )
    return placings


def _played_for(brackets, best: int) -> bool:
    """Return True when bracket ``best``'s final was played (not a lone team's bye)."""
    return not next(each for each in brackets if each.best == best).final.bye


def _knockout_placing(place, team, lost_in, qualifying, placed_by, shared=False) -> Placing:
    return Placing(
        place,
        team,
        How.KNOCKOUT,
        round=lost_in.get(team.pk),
        stage=placed_by,
        position=qualifying.get(team.pk, (None, None))[1],
        shared=shared,
    )


def _qualifying_order(event: Event, knockout: Stage, previous: Stage | None) -> dict:
    """Return {team id: (order, position)}: the knockout's teams as the qualifying stage
    placed them (its standings; a knockout or no stage before: the seeds, no position)."""
    if previous is None or previous.is_knockout:
        return {team.pk: (index, None) for index, team in enumerate(seeds(knockout))}
    rows = standings(event, stage=previous)
    return {row.team.pk: (index, row.standing.position) for index, row in enumerate(rows)}


def _the_rest(event: Event, stages: list, placed: set, first: int) -> list[Placing]:
    """Return the teams that did not reach the knockout, placed by the latest stage they
    played in, latest stage first; teams level there share a place."""
    placings: list[Placing] = []
    for stage in reversed(stages):
        if stage.is_knockout:
            continue
        rows = [row for row in standings(event, stage=stage) if row.team.pk not in placed]
        if not rows:
            continue
        start = first + len(placings)
        positions = [row.standing.position for row in rows]
        for row in rows:
            ahead = sum(1 for position in positions if position < row.standing.position)
            placings.append(
                Placing(
                    start + ahead,
                    row.team,
                    How.QUALIFYING,
                    stage=stage,
                    position=row.standing.position,
                    shared=positions.count(row.standing.position) > 1,
                )
            )
            placed.add(row.team.pk)
    return placings
