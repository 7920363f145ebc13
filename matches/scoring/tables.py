"""The standings seen two other ways: the cross-table (each pair of teams' matches) and the
standings after each round (a team's chart). Both rank by ``standings``' rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from .standings import (
    WBF_TIE_BREAKS,
    Bye,
    MatchOutcome,
    Penalty,
    Team,
    TieBreak,
    check_known,
    standings,
    team_order,
    tie_breaks,
)


@dataclass(frozen=True, slots=True)
class CrossCell:
    """The row team's VP against the column team in one of their matches."""

    round: int
    vp: Decimal | None  # None while the match does not count yet
    match_id: object = None


class RoundPosition(NamedTuple):
    """A team's running VP total and position after a round: (round, vp, position)."""

    round: int
    vp: Decimal
    position: int


def cross_table(
    teams: Iterable[Team], outcomes: Iterable[MatchOutcome]
) -> dict[tuple[Team, Team], list[CrossCell]]:
    """Return {(row team, column team): cells}, a cell per match between them, by round.

    Every ordered pair of different teams has a key (an empty list when they have not
    met); a double round robin gives two cells. A cell holds the row team's VP, or None
    while the match does not count, and the match's ``match_id``.
    """
    order = team_order(teams)
    known = set(order)
    table: dict[tuple[Team, Team], list[CrossCell]] = {
        (row, column): [] for row in order for column in order if row != column
    }
    for outcome in sorted(outcomes, key=lambda outcome: outcome.round):
        check_known(known, outcome.home, outcome.away)
        for team, opponent, team_vp, _, _ in outcome.sides():
            cell_vp = team_vp if outcome.counts else None
            table[team, opponent].append(CrossCell(outcome.round, cell_vp, outcome.match_id))
    return table


def positions_by_round(
    teams: Iterable[Team],
    outcomes: Iterable[MatchOutcome],
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    rules: Iterable[TieBreak | str] = WBF_TIE_BREAKS,
    director_order: Sequence[Team] = (),
) -> dict[Team, list[RoundPosition]]:
    """Return {team: [(round, running VP, position), ...]}: the standings after each round.

    A round is listed once at least one of its matches counts; the standings after round
    r are those of the matches and byes of rounds up to r. Penalties apply from the first
    round listed, whatever round they were given in.
    """
    teams, outcomes, byes, penalties = list(teams), list(outcomes), list(byes), list(penalties)
    rules = tie_breaks(rules)
    chart: dict[Team, list[RoundPosition]] = {team: [] for team in team_order(teams)}
    for number in sorted({outcome.round for outcome in outcomes if outcome.counts}):
        table = standings(
            teams,
            [outcome for outcome in outcomes if outcome.round <= number],
            [bye for bye in byes if bye.round <= number],
            penalties,
            rules,
            director_order,
        )
        for line in table:
            chart[line.team].append(RoundPosition(number, line.vp, line.position))
    return chart
