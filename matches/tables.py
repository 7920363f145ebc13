"""Event tables for the public pages and the JSON feed: the scoring core's standings,
cross-table and running positions, with team and match objects put back in.

Every function here reads the event in a fixed number of queries, however many teams,
rounds and boards it has: each match's totals are stored on it whenever a result changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from matches import scoring
from matches.choices import RoomChoice
from matches.formatting import format_vp
from matches.models import Event, Stage
from matches.models.matches import is_in_play, is_official, match_outcome
from matches.models.stages import stages_of
from matches.scorecards import ScorecardRow


@dataclass(frozen=True)
class StandingRow:
    standing: scoring.Standing
    team: object
    penalties: list

    @property
    def quotient(self) -> float | None:
        """Return the IMP quotient, or None for a team that has not played yet."""
        return self.standing.imp_quotient if self.standing.played else None

    @property
    def tie_break(self) -> str | None:
        """Return the rule that placed the team among those level on VP (None before play)."""
        return self.standing.decided_by if self.standing.played else None


@dataclass(frozen=True)
class Round:
    number: int
    matches: list
    byes: list


def event_data(event: Event, stage: Stage | None = None, live: bool = False) -> dict:
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
    rows = stage.matches_here().outcome_rows()
    bye_rows = list(stage.byes_here())
    for bye in bye_rows:
        bye.team = every_team[bye.team_id]
    penalty_rows = list(stage.penalties_here())
    for penalty in penalty_rows:
        penalty.team = every_team[penalty.team_id]
    return {
        "stage": stage,
        "rows": rows,
        "teams": team_ids,
        "entered": {entry.team_id for entry in entries},  # empty: every team plays
        "by_id": every_team,
        "bye_rows": bye_rows,
        "bye_vp": stage.bye_vp_value(),
        "in_play": {row["pk"] for row in rows if is_in_play(row)},
        "started": {row["round"] for row in rows if row["complete_boards"] or is_official(row)},
        **_counted(rows, bye_rows, stage, live),
        "penalty_rows": penalty_rows,
        "penalties": [scoring.Penalty(p.team_id, p.vp, p.reason) for p in penalty_rows],
        "carried": carried_vp(stage),
        "director_order": director_order(stage),
        "updated": max((row["updated"] for row in rows), default=None),
    }


def _counted(rows, bye_rows, stage, live: bool) -> dict:
    outcomes = [match_outcome(row, live=live) for row in rows]
    # A bye counts once a match of its round counts.
    latest = max((o.round for o in outcomes if o.counts), default=0)
    return {
        "live": live,
        "outcomes": outcomes,
        "byes": [
            scoring.Bye(b.team_id, b.round, _bye_vp(stage, b.team_id, outcomes))
            for b in bye_rows
            if b.round <= latest
        ],
    }


def live_data(data: dict) -> dict:
    """Return the stage's data with the matches in play counted too (no more queries)."""
    return {**data, **_counted(data["rows"], data["bye_rows"], data["stage"], True)}


def _bye_vp(stage, team_id, outcomes) -> Decimal:
    """Return a bye's VP: the stage's bye VP, or with that option the team's average VP in
    its matches of the stage if that is higher."""
    vp = stage.bye_vp_value()
    if not stage.bye_average:
        return vp
    scored = [
        o.home_vp if o.home == team_id else o.away_vp
        for o in outcomes
        if o.counts and team_id in (o.home, o.away)
    ]
    if not scored:
        return vp
    average = (sum(scored) / len(scored)).quantize(Decimal("0.01"))
    return max(vp, average)


def carried_vp(stage) -> dict:
    """Return the VP each team brings from the previous stage (when the stage carries VP)."""
    if not stage.carry_vp or stage.number < 2:
        return {}
    previous = previous_stage(stage)
    if previous is None:
        return {}
    return {row.team.pk: row.standing.vp for row in standings(stage.event, stage=previous)}


def previous_stage(stage):
    if stage.number < 2:
        return None
    previous = stage.event.stages.filter(number=stage.number - 1).first()
    if previous is not None:
        previous.event = stage.event
    return previous


def director_order(stage) -> list:
    """Return the team order of the director's latest tie decision in the stage."""
    return list(stage.tie_order or [])


def standings(event: Event, data: dict | None = None, stage=None) -> list[StandingRow]:
    """Return the standings, best first, each row with its team and its VP penalties."""
    data = data or event_data(event, stage)
    table = scoring.standings(*ranking_inputs(data), data["carried"])
    return [
        StandingRow(
            standing,
            data["by_id"][standing.team],
            [p for p in data["penalty_rows"] if p.team_id == standing.team],
        )
        for standing in table
    ]


def ranking_inputs(data: dict) -> tuple:
    """Return what the scoring core ranks a stage by: teams, outcomes, byes, penalties,
    tie-break rules and the director's order."""
    return (
        data["teams"],
        data["outcomes"],
        data["byes"],
        data["penalties"],
        data["stage"].tie_break_rules(),
        data["director_order"],
    )


def cross_table(event: Event, data: dict | None = None) -> list[tuple[object, str]]:
    """Return the grid in standings order: (row team, its cells as escaped HTML).

    Each cell is the row team's VP against the column team, with the IMPs of the meeting
    under them, linked to the scorecard (a double round robin has two meetings). The cells
    are put together here rather than in the template: a 64-team grid has 4,096 of them.
    """
    data = data or event_data(event)
    order = [row.team for row in standings(event, data)]
    grid = scoring.cross_table(data["teams"], data["outcomes"])
    outcomes = {o.match_id: o for o in data["outcomes"]}
    scorecard = reverse("scorecard", args=[0]).replace("/0/", "/{}/")
    played = escape(gettext("IMPs %(won)s : %(lost)s, %(vp)s VP"))
    not_played = escape(gettext("Not played yet"))
    rows = []
    for row in order:
        cells = []
        for column in order:
            if column.pk == row.pk:
                cells.append(SELF_CELL)
                continue
            # Only numbers and our own translations go into a cell, never text a user
            # typed: nothing needs escaping.
            meetings = []
            for cell in grid.get((row.pk, column.pk), []):
                outcome = outcomes[cell.match_id]
                won, lost = outcome.home_imps, outcome.away_imps
                if outcome.home != row.pk:
                    won, lost = lost, won
                url = scorecard.format(int(cell.match_id))
                if cell.vp is None:
                    meetings.append(f'<a href="{url}" title="{not_played}">·</a>')
                    continue
                vp = format_vp(cell.vp)
                title = played % {"won": int(won), "lost": int(lost), "vp": vp}
                meetings.append(
                    f'<a href="{url}" title="{title}"><span class="vp">{vp}</span>'
                    f'<span class="imps">{int(won)}:{int(lost)}</span></a>'
                )
            cells.append(f'<td data-against="{int(column.pk)}">{"".join(meetings)}</td>')
        rows.append((row, mark_safe("".join(cells))))  # noqa: S308 - see above
    return rows


SELF_CELL = '<td class="table-secondary"></td>'


def round_numbers(data: dict) -> list[int]:
    """Return the event's round numbers in order."""
    return sorted({o.round for o in data["outcomes"]} | {b.round for b in data["bye_rows"]})


def current_round(data: dict) -> int | None:
    """Return the round players want to see first: the latest one under way, else the first."""
    numbers = round_numbers(data)
    if not numbers:
        return None
    return max(data["started"], default=numbers[0])


def matches_of(event: Event, **filters) -> list:
    """Return some of the event's matches as objects, with their teams: one query."""
    matches = list(event.matches.filter(**filters).select_related("home", "away"))
    for match in matches:
        match.event = event  # already loaded: no join, no query
    return matches


def round_of(event: Event, data: dict, number: int) -> Round:
    """Return one round of the stage with its matches (table order) and byes."""
    matches = list(data["stage"].matches_here().filter(round=number).select_related("home", "away"))
    for match in matches:
        match.event = event  # already loaded: no join, no query
    return Round(number, matches, [b for b in data["bye_rows"] if b.round == number])


def traveller(event: Event, round_number: int, board_number: int, stage=None) -> list[ScorecardRow]:
    """Return one board of every match of a round (of the stage): both rooms and the IMPs."""
    from matches.models import Board

    stage = stage or stages_of(event)[0]
    where = {"match__stage": stage} if not stage.is_first else {"match__stage__isnull": True}
    boards = (
        Board.objects.filter(
            match__event=event, match__round=round_number, number=board_number, **where
        )
        .select_related("match__home", "match__away", "adjustment")
        .prefetch_related("results")
        .order_by("match_id")
    )
    return [
        ScorecardRow(
            board,
            board.result_in(RoomChoice.OPEN),
            board.result_in(RoomChoice.CLOSED),
            board.comparison(),
        )
        for board in boards
    ]


class EventTables:
    """What an event's public pages show, worked out only when a page asks for it.

    The templates cache their parts keyed on the event's revision; on a cache hit none of
    this runs, so a page costs a query or two.
    """

    def __init__(
        self, event: Event, round_number: int | None = None, team=None, live=False, stage=None
    ):
        self.event = event
        self.round_number = round_number
        self.team = team
        self.live = live
        self.stage_given = stage

    @cached_property
    def stages(self) -> list:
        return stages_of(self.event)

    @cached_property
    def stage(self):
        return self.stage_given or self.stages[0]

    @cached_property
    def data(self) -> dict:
        return event_data(self.event, self.stage, live=self.live)

    @property
    def in_play(self) -> bool:
        """Return True while a match of the stage is in play (the live standings differ)."""
        return bool(self.data["in_play"])

    @cached_property
    def standings(self) -> list[StandingRow]:
        return standings(self.event, self.data)

    @cached_property
    def live_standings(self) -> list[StandingRow]:
        """Return the standings with the matches in play counted as they stand."""
        return standings(self.event, live_data(self.data))

    @cached_property
    def round_numbers(self) -> list[int]:
        return round_numbers(self.data)

    @cached_property
    def round(self) -> Round | None:
        number = self.round_number or current_round(self.data)
        return round_of(self.event, self.data, number) if number else None

    @cached_property
    def cross_table(self) -> list:
        return cross_table(self.event, self.data)

    @cached_property
    def team_stages(self) -> list:
        from matches.team_tables import team_stages

        return team_stages(self.event, self.team, self.stages, {self.stage.number: self.data})

    @property
    def updated(self):
        return self.data["updated"]

    @property
    def penalties(self) -> list:
        return self.data["penalty_rows"]
