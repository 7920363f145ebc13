"""A team's page: its matches and byes stage by stage, its running VP and position after
each round, and its line in each stage's standings (read through ``matches.queries``)."""

from __future__ import annotations

from dataclasses import dataclass

from matches import scoring
from matches.models import Event
from matches.queries import (
    StageData,
    StandingRow,
    matches_of,
    ranking_inputs,
    stage_data,
    standings,
)
from matches.queries.corrections import with_provisional_until

from .charts import progress_chart


def team_progress(event: Event, team, data: StageData | None = None, chart: bool = True) -> dict:
    """Return a team's matches and its running VP and position after each round (without
    ``chart``: the matches and byes only, as in a knockout)."""
    data = data or stage_data(event)
    positions = []
    if chart:
        positions = scoring.positions_by_round(*ranking_inputs(data)).get(team.pk, [])
    matches = matches_of(
        event, pk__in=[o.match_id for o in data.outcomes if team.pk in (o.home, o.away)]
    )
    with_provisional_until(matches)
    byes = [b for b in data.bye_rows if b.team_id == team.pk]
    return {
        "rounds": sorted(
            [(m.round, m, None) for m in matches] + [(b.round, None, b) for b in byes],
            key=lambda row: (row[0], row[1].pk if row[1] else 0),
        ),
        "matches": matches,
        "chart": progress_chart(positions, len(data.teams)) if chart else None,
        "byes": byes,
        "positions": positions,
        "teams": len(data.teams),
    }


@dataclass(frozen=True)
class TeamStage:
    """A team's part in one stage: its matches and byes, chart, and standings line."""

    stage: object
    progress: dict
    standing: StandingRow | None  # None in a knockout (no standings)
    teams: int  # how many teams the stage's standings have


def team_stages(event: Event, team, stages: list, read: dict | None = None) -> list[TeamStage]:
    """Return the team's part in each stage it plays in, first stage first.

    A stage the team has no match, bye or entry in is left out (a knockout it did not
    reach). Each stage is read in a fixed number of queries (``read``: {stage number:
    stage_data} already read).
    """
    parts = []
    for stage in stages:
        data = (read or {}).get(stage.number) or stage_data(event, stage)
        plays = any(team.pk in (o.home, o.away) for o in data.outcomes) or any(
            b.team_id == team.pk for b in data.bye_rows
        )
        if not plays and not (stage.is_first or team.pk in data.entered):
            continue  # a stage not started yet, or one the team did not reach
        if stage.is_knockout:
            progress = team_progress(event, team, data, chart=False)
            parts.append(TeamStage(stage, progress, None, len(data.teams)))
            continue
        progress = team_progress(event, team, data)
        line = next((row for row in standings(event, data) if row.team.pk == team.pk), None)
        parts.append(TeamStage(stage, progress, line, len(data.teams)))
    return parts
