"""How far the matches of a stage's round have got, for the director's event page: boards
entered in each room, complete, final, and what the round still waits for; the tabs of
every stage's rounds. Reads only."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from matches import queries
from matches.models import Event, Match, Seating, Stage
from matches.queries.knockout_words import round_link_text, stage_round_name


@dataclass(frozen=True)
class MatchProgress:
    match: Match
    open: int  # boards with a result in the open room
    closed: int  # ... in the closed room
    boards: int  # boards the match plays
    seated: int = 0  # seats filled, over all segments and both rooms
    segments: int = 1

    @property
    def complete(self) -> bool:
        """Return True once every board is complete (both rooms, or an adjusted score)."""
        return self.match.complete_boards >= self.boards

    @property
    def final(self) -> bool:
        return self.match.is_final

    @property
    def lineup_complete(self) -> bool:
        """Return True once all eight seats of every segment have a player."""
        return self.seated >= 8 * self.segments

    @property
    def pending(self) -> int:
        """Return the boards not complete yet."""
        return max(self.boards - self.match.complete_boards, 0)


@dataclass(frozen=True)
class RoundProgress:
    number: int
    matches: list[MatchProgress]
    title: str = ""  # the round's name: "Final", "Grand final", "Round 3"
    stage: Stage | None = None  # the stage whose round it is

    @property
    def pending_matches(self) -> int:
        """Return how many matches of the round still have boards to come."""
        return sum(1 for m in self.matches if not m.complete)

    @property
    def pending_boards(self) -> int:
        return sum(m.pending for m in self.matches)

    @property
    def final_matches(self) -> int:
        return sum(1 for m in self.matches if m.final)

    @property
    def missing_lineups(self) -> int:
        """Return how many matches of the round lack part of their line-up."""
        return sum(1 for m in self.matches if not m.lineup_complete)


@dataclass(frozen=True)
class RoundTab:
    """A stage's round among the director's tabs: its link's text ("3", "Final")."""

    stage: Stage
    number: int
    label: str
    current: bool


def round_tabs(event: Event, stage: Stage | None, number: int | None, rounds=None) -> list:
    """Return [(stage, [RoundTab])] for every stage with matches, in order, the round
    (``stage``, ``number``) marked current: two queries (none given ``rounds``, the
    event's ``queries.event_rounds``)."""
    groups: dict = {}
    for playing, round_number in queries.event_rounds(event) if rounds is None else rounds:
        current = stage is not None and playing.pk == stage.pk and round_number == number
        tab = RoundTab(playing, round_number, round_link_text(playing, round_number), current)
        groups.setdefault(playing, []).append(tab)
    return list(groups.items())


def shown_round(rounds: list, event: Event, stage_number, number, first_current=None):
    """Return (stage, round) the director's event page shows, of ``rounds`` (the event's
    ``queries.event_rounds``): the one asked for if it has matches, else the round under
    way of the latest stage with matches (None, None: no matches yet); ``first_current``:
    stage 1's round under way, when the caller has it."""
    for stage, round_number in rounds:
        if stage.number == (stage_number or 1) and round_number == number:
            return stage, round_number
    if not rounds:
        return None, None
    stage = rounds[-1][0]
    if stage.is_first and first_current is not None:
        current = first_current
    else:
        current = queries.current_round(queries.stage_data(event, stage))
    ours = [n for s, n in rounds if s.pk == stage.pk]
    return stage, current if current in ours else ours[-1]


def round_progress(stage: Stage, number: int) -> RoundProgress:
    """Return the progress of every match of one stage's round (``stage`` with its event
    loaded): three queries."""
    event = stage.event
    matches = list(stage.matches.filter(round=number).select_related("home", "away"))
    entered = queries.boards_entered(m.pk for m in matches)
    seats = (
        Seating.objects.filter(match__in=[m.pk for m in matches])
        .values("match")
        .annotate(seated=Count("pk"))
    )
    seated = {row["match"]: row["seated"] for row in seats}
    for match in matches:
        match.event, match.stage = event, stage
    return RoundProgress(
        number,
        [
            MatchProgress(
                match,
                entered.get((match.pk, "open"), 0),
                entered.get((match.pk, "closed"), 0),
                stage.settings.boards_per_match,
                seated.get(match.pk, 0),
                len(match.segment_numbers),
            )
            for match in matches
        ],
        stage_round_name(stage, number),
        stage,
    )
