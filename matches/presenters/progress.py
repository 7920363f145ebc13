"""How far the matches of a round have got, for the director's event page: boards entered in
each room, complete, final, and what the round still waits for. Reads only."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from matches import queries
from matches.models import Event, Match, Seating
from matches.queries.knockout_words import stages_round_name


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
    title: str = ""  # the round's name: "Final", "Grand final", "Round 3", "Round 2 · Final"
    mixed: bool = False  # played by several stages: each match says which round it is

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


def round_numbers(event: Event) -> list[int]:
    """Return the rounds that have matches, in order."""
    return sorted(set(event.matches.values_list("round", flat=True)))


def round_progress(event: Event, number: int) -> RoundProgress:
    """Return the progress of every match of one round: three queries."""
    matches = list(event.matches.filter(round=number).select_related("home", "away", "stage"))
    entered = queries.boards_entered(m.pk for m in matches)
    seats = (
        Seating.objects.filter(match__in=[m.pk for m in matches])
        .values("match")
        .annotate(seated=Count("pk"))
    )
    seated = {row["match"]: row["seated"] for row in seats}
    for match in matches:
        match.event = event
    stages = {match.stage_id: match.stage for match in matches}
    in_order = sorted(stages.values(), key=lambda stage: stage.number)
    return RoundProgress(
        number,
        [
            MatchProgress(
                match,
                entered.get((match.pk, "open"), 0),
                entered.get((match.pk, "closed"), 0),
                event.boards_per_match,
                seated.get(match.pk, 0),
                len(match.segment_numbers),
            )
            for match in matches
        ],
        stages_round_name(in_order, number),
        mixed=len(stages) > 1,
    )
