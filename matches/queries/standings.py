"""A stage's data and its standings, as pages, feeds, exports and actions read them.

``stage_data`` reads a stage in a fixed number of queries, however many teams, rounds and
boards it has (each match's totals are stored on it whenever a result changes); the
scoring core ranks what it read (``matches.scoring.standings``), by the rules of when a
match and a bye count (``matches.scoring.outcomes``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from matches import scoring
from matches.models import Event, Stage, Team
from matches.models.stages import stages_of

from .fair_totals import public_rows


@dataclass(frozen=True)
class StageData:
    """What one stage holds, read once: its teams, match totals, byes and penalties.

    ``outcomes`` and ``byes`` are what the standings count: official results, or with
    ``live`` the matches in play too (``live_data``).
    """

    stage: Stage
    rows: list  # each match's stored totals (scoring.OUTCOME_FIELDS), as plain rows
    teams: list  # the ids of the stage's teams, in seeding order (entered order for stage 1)
    entered: set  # the ids of the teams entered in the stage (empty: every team plays)
    by_id: dict  # every team of the event, by id
    bye_rows: list  # the stage's Bye rows, each with its team
    bye_vp: Decimal
    in_play: set  # the ids of the matches under way
    started: set  # the rounds with a board complete or a match that counts
    live: bool
    outcomes: list  # scoring.MatchOutcome of each match
    byes: list  # scoring.Bye of each bye that counts
    penalty_rows: list  # the stage's VpPenalty rows, each with its team
    penalties: list  # scoring.Penalty of each
    carried: dict  # {team id: VP brought from the previous stage}
    director_order: list  # the team order of the director's latest tie decision
    updated: datetime | None  # when a match of the stage last changed


@dataclass(frozen=True)
class StandingRow:
    standing: scoring.Standing
    team: Team
    penalties: list

    @property
    def tie_break(self) -> str | None:
        """Return the rule that placed the team among those level on VP (None before play)."""
        return self.standing.decided_by if self.standing.played else None


def stage_data(event: Event, stage: Stage | None = None, live: bool = False) -> StageData:
    """Return a stage's teams, match totals, byes and penalties in a fixed number of queries.

    ``stage`` None is the event's first stage. Official (the default): a match counts once
    it is complete, forfeited or final; ``live``: matches in play count too, as they stand.
    Match totals come as plain rows (a 500-team Swiss has thousands of matches); the pages
    load as objects only the few matches they show (``matches_of``). A VP penalty counts
    in the stage it was given in.
    """
    stage = stage or stages_of(event)[0]
    every_team = {team.pk: team for team in event.teams.all()}
    entries = list(stage.entries.all()) if stage.has_entries() else []
    if entries:
        team_ids = [entry.team_id for entry in entries]
    else:
        team_ids = [team.pk for team in sorted(every_team.values(), key=lambda t: t.name)]
    rows = public_rows(event, stage.matches_here().outcome_rows())  # as the viewer sees them
    bye_rows = list(stage.byes_here())
    for bye in bye_rows:
        bye.team = every_team[bye.team_id]
    penalty_rows = list(stage.penalties_here())
    for penalty in penalty_rows:
        penalty.team = every_team[penalty.team_id]
        penalty.stage = stage  # already loaded: its units need no query
    outcomes, byes = _counted(rows, bye_rows, stage, live)
    return StageData(
        stage=stage,
        rows=rows,
        teams=team_ids,
        entered={entry.team_id for entry in entries},
        by_id=every_team,
        bye_rows=bye_rows,
        bye_vp=stage.bye_vp_value(),
        in_play={row["pk"] for row in rows if scoring.is_in_play(row)},
        started={
            row["round"] for row in rows if row["complete_boards"] or scoring.is_official(row)
        },
        live=live,
        outcomes=outcomes,
        byes=byes,
        penalty_rows=penalty_rows,
        penalties=[scoring.Penalty(p.team_id, p.vp, p.reason) for p in penalty_rows],
        carried=carried_vp(stage),
        director_order=list(stage.tie_order or []),
        updated=max((row["updated"] for row in rows), default=None),
    )


def _counted(rows, bye_rows, stage, live: bool) -> tuple[list, list]:
    outcomes = [scoring.match_outcome(row, live=live) for row in rows]
    byes = scoring.counted_byes(
        [(b.team_id, b.round) for b in bye_rows],
        outcomes,
        stage.bye_vp_value(),
        average=stage.bye_average,
    )
    return outcomes, byes


def live_data(data: StageData) -> StageData:
    """Return the stage's data with the matches in play counted too (no more queries)."""
    outcomes, byes = _counted(data.rows, data.bye_rows, data.stage, True)
    return replace(data, live=True, outcomes=outcomes, byes=byes)


def up_to_round(data: StageData, last: int) -> StageData:
    """Return the stage's data as it stood after round ``last`` (no more queries)."""
    return replace(
        data,
        outcomes=[o for o in data.outcomes if o.round <= last],
        byes=[b for b in data.byes if b.round <= last],
    )


def carried_vp(stage: Stage) -> dict:
    """Return the VP each team brings from the previous stage (when the stage carries VP)."""
    if not stage.carry_vp or stage.number < 2:
        return {}
    previous = previous_stage(stage)
    if previous is None:
        return {}
    return {row.team.pk: row.standing.vp for row in standings(stage.event, stage=previous)}


def previous_stage(stage: Stage) -> Stage | None:
    """Return the stage before this one (its event already loaded), or None for stage 1."""
    if stage.number < 2:
        return None
    previous = stage.event.stages.filter(number=stage.number - 1).first()
    if previous is not None:
        previous.event = stage.event
    return previous


def standings(
    event: Event, data: StageData | None = None, stage: Stage | None = None
) -> list[StandingRow]:
    """Return the standings, best first, each row with its team and its VP penalties."""
    data = data or stage_data(event, stage)
    table = scoring.standings(*ranking_inputs(data), data.carried)
    return [
        StandingRow(
            standing,
            data.by_id[standing.team],
            [p for p in data.penalty_rows if p.team_id == standing.team],
        )
        for standing in table
    ]


def ranking_inputs(
    data: StageData,
) -> tuple[list, list, list, list, tuple[scoring.TieBreak, ...], list]:
    """Return what the scoring core ranks a stage by: teams, outcomes, byes, penalties,
    tie-break rules and the director's order."""
    return (
        data.teams,
        data.outcomes,
        data.byes,
        data.penalties,
        data.stage.tie_break_rules(),
        data.director_order,
    )


def quotient(standing) -> str:
    """Return a team's IMP quotient (a scoring.Standing's) to three places: "—" while it has
    no IMPs either way (before play, or every board flat), "∞" when it lost none.

    The pages and the CSV write it so; the JSON feeds write null for both ("feeds/values.py").
    """
    if standing.imps_won == 0 and standing.imps_lost == 0:
        return "—"
    if standing.imps_lost == 0:
        return "∞"
    return f"{standing.imp_quotient:.3f}"
