"""Event tables for the public pages and the JSON feed: the scoring core's standings,
cross-table and running positions, with team and match objects put back in.

Every function here reads the event in a fixed number of queries, however many teams,
rounds and boards it has: each match's totals are stored on it whenever a result changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from matches import scoring
from matches.charts import progress_chart
from matches.models import Event


@dataclass(frozen=True)
class StandingRow:
    standing: scoring.Standing
    team: object
    penalties: list


@dataclass(frozen=True)
class Round:
    number: int
    matches: list
    byes: list


def event_data(event: Event) -> dict:
    """Return the event's teams, matches, byes and penalties: four queries in all.

    Both as rows for the pages and as the scoring core's outcomes, byes and penalties.
    """
    teams = sorted(event.teams.all(), key=lambda team: team.name)
    matches = list(event.matches.with_teams())
    bye_rows = list(event.byes.select_related("team"))
    penalty_rows = list(event.vp_penalties.select_related("team"))
    bye_vp = event.bye_vp_value()
    outcomes = [match.outcome() for match in matches]
    # A bye counts once its round is under way (a board of the round is complete).
    latest = max((o.round for o in outcomes if o.counts), default=0)
    return {
        "teams": [team.pk for team in teams],
        "by_id": {team.pk: team for team in teams},
        "matches": matches,
        "outcomes": outcomes,
        "bye_rows": bye_rows,
        "byes": [scoring.Bye(b.team_id, b.round, bye_vp) for b in bye_rows if b.round <= latest],
        "penalty_rows": penalty_rows,
        "penalties": [scoring.Penalty(p.team_id, p.vp, p.reason) for p in penalty_rows],
        "updated": max((m.updated for m in matches), default=None),
    }


def standings(event: Event, data: dict | None = None) -> list[StandingRow]:
    """Return the standings, best first, each row with its team and its VP penalties."""
    data = data or event_data(event)
    table = scoring.standings(data["teams"], data["outcomes"], data["byes"], data["penalties"])
    return [
        StandingRow(
            standing,
            data["by_id"][standing.team],
            [p for p in data["penalty_rows"] if p.team_id == standing.team],
        )
        for standing in table
    ]


def cross_table(event: Event, data: dict | None = None) -> list[tuple[object, list]]:
    """Return the grid in standings order: (row team, [(column team, cells), …])."""
    data = data or event_data(event)
    order = [row.team for row in standings(event, data)]
    cells = scoring.cross_table(data["teams"], data["outcomes"])
    return [
        (row, [(column, cells.get((row.pk, column.pk), [])) for column in order]) for row in order
    ]


def rounds(event: Event, data: dict | None = None) -> list[Round]:
    """Return the event's rounds in order, each with its matches and byes."""
    data = data or event_data(event)
    numbers = sorted({m.round for m in data["matches"]} | {b.round for b in data["bye_rows"]})
    return [
        Round(
            number,
            [m for m in data["matches"] if m.round == number],
            [b for b in data["bye_rows"] if b.round == number],
        )
        for number in numbers
    ]


def team_progress(event: Event, team, data: dict | None = None) -> dict:
    """Return a team's matches and its running VP and position after each round."""
    data = data or event_data(event)
    positions = scoring.positions_by_round(
        data["teams"], data["outcomes"], data["byes"], data["penalties"]
    )[team.pk]
    matches = [m for m in data["matches"] if team.pk in (m.home_id, m.away_id)]
    byes = [b for b in data["bye_rows"] if b.team_id == team.pk]
    return {
        "rounds": sorted(
            [(m.round, m, None) for m in matches] + [(b.round, None, b) for b in byes],
            key=lambda row: (row[0], row[1].pk if row[1] else 0),
        ),
        "matches": matches,
        "chart": progress_chart(positions, len(data["teams"])),
        "byes": byes,
        "positions": positions,
        "teams": len(data["teams"]),
    }


def traveller(event: Event, round_number: int, board_number: int) -> list:
    """Return every match of a round with its two results on one board."""
    from matches.models import Board

    boards = (
        Board.objects.filter(match__event=event, match__round=round_number, number=board_number)
        .select_related("match__home", "match__away", "adjustment")
        .prefetch_related("results")
        .order_by("match_id")
    )
    return list(boards)
