"""What an event's public pages show, worked out only when a page asks for it."""

from __future__ import annotations

from functools import cached_property

from matches import queries
from matches.models import Deal, Event
from matches.models.stages import stages_of
from matches.queries.corrections import ends_of_rows, with_provisional_until

from .cross_table import cross_table
from .team_pages import team_stages


class EventTables:
    """A stage's standings, rounds, cross-table and a team's part, read lazily.

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
    def data(self) -> queries.StageData:
        return queries.stage_data(self.event, self.stage, live=self.live)

    @property
    def in_play(self) -> bool:
        """Return True while a match of the stage is in play (the live standings differ)."""
        return bool(self.data.in_play)

    @cached_property
    def outcome(self) -> queries.Outcome | None:
        """Return the event's final ranking once its knockout's final is decided."""
        return queries.final_ranking(self.event, stages=self.stages)

    @cached_property
    def standings(self) -> list[queries.StandingRow]:
        return queries.standings(self.event, self.data)

    @cached_property
    def live_standings(self) -> list[queries.StandingRow]:
        """Return the standings with the matches in play counted as they stand."""
        return queries.standings(self.event, queries.live_data(self.data))

    @cached_property
    def round_numbers(self) -> list[int]:
        return queries.round_numbers(self.data)

    @cached_property
    def round(self) -> queries.Round | None:
        number = self.round_number or queries.current_round(self.data)
        if not number:
            return None
        shown = queries.round_of(self.event, self.data, number)
        with_provisional_until(shown.matches, self.corrections)
        return shown

    @cached_property
    def round_has_deals(self) -> bool:
        """Return True when the round shown has deals (its hand records can be shown)."""
        return Deal.objects.for_round(self.stage, self.round_number).exists()

    @cached_property
    def cross_table(self) -> list:
        return cross_table(self.event, self.data)

    @cached_property
    def team_stages(self) -> list:
        return team_stages(self.event, self.team, self.stages, {self.stage.number: self.data})

    @property
    def updated(self):
        return self.data.updated

    @cached_property
    def corrections(self) -> dict:
        """Return when each of the stage's matches waiting for its corrections period to
        end becomes final by itself, by id."""
        return ends_of_rows(self.event, self.data.rows)

    @property
    def provisional_until(self):
        """Return when the last of them becomes final: the standings stand from then (None:
        no match is waiting)."""
        return max(self.corrections.values(), default=None)

    @property
    def penalties(self) -> list:
        return self.data.penalty_rows


class RoundTables(EventTables):
    """A stage's round page: its matches and byes, and the stage's round numbers, read
    without the stage's standings (a 500-team Swiss has 3,000 matches)."""

    @cached_property
    def round_numbers(self) -> list[int]:
        return queries.stage_round_numbers(self.stage)

    @cached_property
    def round(self) -> queries.Round:
        shown = queries.stage_round(self.event, self.stage, self.round_number)
        with_provisional_until(shown.matches)
        return shown

    @property
    def updated(self):
        return queries.last_updated(self.stage)
