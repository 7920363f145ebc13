"""A stage's rounds: their numbers, the round under way, one round's matches and byes
(each match with the boards entered in each room), and the latest round published."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max

from matches.models import Event, MatchStatus, Result, Stage

from .fair_totals import public_matches
from .standings import StageData


@dataclass(frozen=True)
class Round:
    number: int | None
    matches: list  # in table order, each with its teams
    byes: list


def round_numbers(data: StageData) -> list[int]:
    """Return the stage's round numbers in order."""
    return sorted({o.round for o in data.outcomes} | {b.round for b in data.bye_rows})


def current_round(data: StageData) -> int | None:
    """Return the round under way, which the pages show first (players and directors alike):
    the latest round of the stage with a board complete in both rooms or a match that
    counts (complete, forfeited or final); else the first round (None: no rounds yet).
    Read from the stored totals: no query."""
    numbers = round_numbers(data)
    if not numbers:
        return None
    return max(data.started, default=numbers[0])


def matches_of(event: Event, **filters) -> list:
    """Return some of the event's matches as objects, with their teams: one query."""
    matches = list(event.matches.filter(**filters).select_related("home", "away"))
    for match in matches:
        match.event = event  # already loaded: no join, no query
    return public_matches(matches)


def boards_entered(match_ids) -> dict:
    """Return {(match id, room): boards with a result in that room} for some matches: one
    query."""
    counts = (
        Result.objects.filter(board__match__in=list(match_ids))
        .values("board__match", "room")
        .annotate(entered=Count("pk"))
    )
    return {(row["board__match"], row["room"]): row["entered"] for row in counts}


def with_boards_entered(matches: list) -> list:
    """Return the matches, each with ``rooms_entered``: (open room's boards with a result,
    closed room's): one query."""
    entered = boards_entered(match.pk for match in matches)
    for match in matches:
        match.rooms_entered = (
            entered.get((match.pk, "open"), 0),
            entered.get((match.pk, "closed"), 0),
        )
    return matches


def round_of(event: Event, data: StageData, number: int) -> Round:
    """Return one round of the stage with its matches (table order, each with the boards
    entered in each room) and byes."""
    matches = list(data.stage.matches_here().filter(round=number).select_related("home", "away"))
    for match in matches:
        match.event = event  # already loaded: no join, no query
    with_boards_entered(public_matches(matches))
    return Round(number, matches, [b for b in data.bye_rows if b.round == number])


def stage_round(event: Event, stage: Stage, number: int) -> Round:
    """Return one round of the stage, read without the stage's standings (a 500-team Swiss
    has 3,000 matches): its matches in table order (each with the boards entered in each
    room) and its byes."""
    matches = list(
        stage.matches_here().filter(round=number).select_related("home", "away").order_by("pk")
    )
    for match in matches:
        match.event = event
    with_boards_entered(public_matches(matches))
    byes = list(stage.byes_here().filter(round=number).select_related("team"))
    return Round(number, matches, byes)


def event_rounds(event: Event) -> list[tuple[Stage, int]]:
    """Return every stage's rounds that have matches, as (stage, round number) in playing
    order (stage 1's rounds first), each stage with the event loaded: two queries."""
    stages = {stage.pk: stage for stage in event.stages.all()}
    for stage in stages.values():
        stage.event = event
    pairs = set(event.matches.values_list("stage_id", "round").distinct())
    found = [(stages[stage_id], number) for stage_id, number in pairs]
    return sorted(found, key=lambda pair: (pair[0].number, pair[1]))


def stage_round_numbers(stage: Stage) -> list[int]:
    """Return the stage's round numbers, read without its standings."""
    matches = stage.matches_here().values_list("round", flat=True).distinct()
    byes = stage.byes_here().values_list("round", flat=True).distinct()
    return sorted(set(matches) | set(byes))


def published_rounds(stage: Stage) -> int:
    """Return the number of the stage's last round with a match or a bye (0: none yet)."""
    return max(
        stage.matches_here().aggregate(last=Max("round"))["last"] or 0,
        stage.byes_here().aggregate(last=Max("round"))["last"] or 0,
    )


def stage_complete(stage: Stage) -> bool:
    """Return True once the stage is played out: it has matches, each of them final, and
    a Swiss stage has published all its rounds (a knockout's last match made final makes
    no more)."""
    matches = stage.matches_here()
    if not matches.exists() or matches.exclude(status=MatchStatus.FINAL).exists():
        return False
    return not stage.is_swiss or published_rounds(stage) >= (stage.rounds or 0)


def teams_left_out(event: Event) -> list:
    """Return the event's teams that its first stage started without (added after it
    started, never entered late): they have no match there."""
    first = event.stages.filter(number=1).first()
    if first is None or not first.entries.exists():
        return []
    return list(event.teams.exclude(stage_entries__stage=first).order_by("pk"))


def latest_round(stage: Stage) -> Round:
    """Return the latest published round of the stage: its matches in table order, byes
    (number None before the first)."""
    last = published_rounds(stage)
    if not last:
        return Round(None, [], [])
    return stage_round(stage.event, stage, last)


def last_updated(stage: Stage):
    """Return when a match of the stage last changed (None: no match yet)."""
    return stage.matches_here().aggregate(last=Max("updated"))["last"]
