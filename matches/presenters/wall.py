"""The wall: what a projector or a TV in the playing area shows, a panel at a time.

The round under way (each table's running IMPs, the boards done in each room), the
standings (a knockout: its bracket), the next round's draw (each table, and which room
each team sits in: the home team North-South in the open room, East-West in the closed
room), and once a knockout's final is decided the event's final ranking; with QR codes
(drawn here by segno, as the tables' cards are, no network) to the event, the round and
each scorecard; the round's clock, once a director sets it. Each kind of panel holds all
its rows: the page's script (static/js/wall.js) pages through them as the screen holds
them. The same rows make the printable poster of a round's QR codes.

Reads only; the page is cached whole like every public page (``public_page``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from matches import queries
from matches.choices import RoomChoice
from matches.models import Event
from matches.models.stages import stages_of
from matches.queries import double_bracket_rounds as double_brackets
from matches.queries import stage_pages
from matches.queries.corrections import ends_of_rows, with_provisional_until
from matches.queries.knockout_words import stage_round_name

from .round_clock import ClockShown, clock_shown
from .table_cards import qr_svg, teams_at

PLACING_TITLE = gettext_lazy("Placing matches")  # the placing matches' panel
TWO_COLUMNS_FROM = 7  # standings of this many teams or more stand in two columns


@dataclass(frozen=True)
class WallMatch:
    """A table of the round under way: its match, how far each room has got, its score."""

    table: int
    match: object
    open: int  # boards with a result in the open room
    closed: int
    boards: int
    url: str  # the scorecard's address, absolute
    qr: str  # its QR code (inline SVG)

    @property
    def knockout(self) -> bool:
        return self.match.stage.is_knockout

    @property
    def imps(self) -> tuple:
        """Return the running IMPs (home, away), the carry-over included in a knockout."""
        if self.knockout:
            return self.match.total_with_carry
        return self.match.home_imps, self.match.away_imps

    @property
    def state(self) -> str:
        """Return "final", "complete", "in-play" or "not-started"."""
        match = self.match
        if match.is_final:
            return "final"
        if match.complete_boards >= self.boards or match.forfeit_vp:
            return "complete"
        return "in-play" if match.started else "not-started"


@dataclass(frozen=True)
class DrawTable:
    """A table of a round's draw, and where each team sits: the home team North-South in
    the open room and East-West in the closed room, the away team the other way round."""

    table: int
    match: object

    @property
    def open_room(self) -> tuple:
        """Return (North-South, East-West) in the open room."""
        return teams_at(self.match, RoomChoice.OPEN)

    @property
    def closed_room(self) -> tuple:
        return teams_at(self.match, RoomChoice.CLOSED)


@dataclass(frozen=True)
class Code:
    """A QR code with what it leads to (``number``: the round's)."""

    url: str
    qr: str
    number: int | None = None


def current_stage(event: Event):
    """Return the stage being played: the last one with a match or a bye (else stage 1)."""
    stages = stages_of(event)
    for stage in reversed(stages):
        if stage.matches_here().exists() or stage.byes_here().exists():
            return stage
    return stages[0]


def round_address(stage, number: int) -> str:
    """Return a round's public page (stage 1's own round page, with its board links)."""
    if stage.is_first:
        return reverse("round", args=[stage.event_id, number])
    return reverse("stage-round", args=[stage.event_id, stage.number, number])


def traveller_address(stage, number: int, board: int) -> str:
    """Return a board's traveller in a round of the stage (stage 1's at the event's own
    address, the later stages' under theirs: a knockout's round 2 is not stage 1's)."""
    if stage.is_first:
        return reverse("traveller", args=[stage.event_id, number, board])
    return reverse("stage-traveller", args=[stage.event_id, stage.number, number, board])


class Wall:
    """The wall of an event, read lazily (the page is cached: on a hit none of this runs)."""

    def __init__(self, event: Event, absolute):
        self.event = event
        self.absolute = absolute  # a path → the absolute address a phone can open

    @cached_property
    def stage(self):
        return current_stage(self.event)

    @cached_property
    def data(self) -> queries.StageData:
        return queries.stage_data(self.event, self.stage)

    @property
    def updated(self):
        return self.data.updated

    @property
    def stages_shown(self) -> bool:
        """Return True when the stage is worth naming: more than one, or not a round robin."""
        return len(stages_of(self.event)) > 1 or not self.stage.is_round_robin

    @cached_property
    def round(self) -> queries.Round | None:
        number = queries.current_round(self.data)
        if not number:
            return None
        shown = queries.round_of(self.event, self.data, number)
        with_provisional_until(shown.matches, self.corrections)
        return shown

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

    @cached_property
    def clock(self) -> ClockShown | None:
        """Return the round's clock, once a director has set it."""
        if self.round is None:
            return None
        return clock_shown(queries.round_clock(self.stage.pk, self.round.number), timezone.now())

    @cached_property
    def boards(self) -> int:
        return self.stage.settings.boards_per_match

    @cached_property
    def matches(self) -> list[WallMatch]:
        if self.round is None:
            return []
        rows = []
        for table, match in enumerate(self.round.matches, start=1):
            match.stage = self.stage
            url = self.absolute(match.get_absolute_url())
            label = gettext("QR code of the scorecard of table %(table)s") % {"table": table}
            rows.append(
                WallMatch(table, match, *match.rooms_entered, self.boards, url, qr_svg(url, label))
            )
        return rows

    @cached_property
    def standings(self) -> list:
        return [] if self.stage.is_knockout else queries.standings(self.event, self.data)

    @property
    def standings_columns(self) -> list[list]:
        """Return the standings in one column, or two (the first the longer) from seven
        teams on. The wall's script pages through them as the screen holds them."""
        rows = self.standings
        half = (len(rows) + 1) // 2 if len(rows) >= TWO_COLUMNS_FROM else len(rows)
        return [rows[:half], rows[half:]]

    @cached_property
    def bracket(self) -> list:
        return stage_pages.bracket(self.stage) if self.stage.is_knockout else []

    @property
    def bracket_panels(self) -> list[tuple]:
        """Return the bracket's panels, (title or None, rounds): a knockout's one, then its
        placing matches' (named by the places they play for) when it has them; a double
        elimination's two, its winners' bracket with the finals, then its losers' bracket
        (nine rounds side by side would leave no room for the names)."""
        if self.stage.is_double_elimination:
            return double_brackets.wall_panels(self.bracket)
        placing = stage_pages.placing_bracket(self.stage)
        return [(None, self.bracket)] + ([(PLACING_TITLE, placing)] if placing else [])

    @cached_property
    def draw_round(self) -> queries.Round | None:
        """Return the round whose draw is shown: the round under way while no match of it
        has started, else the next one (None until its matches are made)."""
        if self.round is None:
            return None
        if not any(match.started for match in self.round.matches):
            return self.round
        following = queries.stage_round(self.event, self.stage, self.round.number + 1)
        return following if following.matches or following.byes else None

    @property
    def draw(self) -> list[DrawTable]:
        if self.draw_round is None:
            return []
        return [DrawTable(n, m) for n, m in enumerate(self.draw_round.matches, start=1)]

    @cached_property
    def outcome(self) -> queries.Outcome | None:
        return queries.final_ranking(self.event)

    @cached_property
    def event_code(self) -> Code:
        url = self.absolute(self.event.get_absolute_url())
        return Code(url, qr_svg(url, gettext("QR code of the event's page")))

    @cached_property
    def round_code(self) -> Code | None:
        shown = self.round or self.draw_round
        if shown is None:
            return None
        url = self.absolute(round_address(self.stage, shown.number))
        name = stage_round_name(self.stage, shown.number)
        label = gettext("QR code of the round's page: %(round)s") % {"round": name}
        return Code(url, qr_svg(url, label), shown.number)


class Poster(Wall):
    """A round's QR codes on paper: the event, the round and each table's scorecard."""

    def __init__(self, event: Event, stage, round_number: int, absolute):
        super().__init__(event, absolute)
        self.stage = stage
        self.round_number = round_number

    @cached_property
    def round(self) -> queries.Round:
        return queries.stage_round(self.event, self.stage, self.round_number)

    @property
    def round_title(self) -> str:
        """Return the round's name in the language of the request ("决赛", "总决赛",
        "第 3 轮")."""
        return stage_round_name(self.stage, self.round_number)

    @cached_property
    def round_code(self) -> Code:
        url = self.absolute(round_address(self.stage, self.round_number))
        name = stage_round_name(self.stage, self.round_number)
        label = gettext("QR code of the round's page: %(round)s") % {"round": name}
        return Code(url, qr_svg(url, label), self.round_number)
