"""A knockout stage's bracket as decided so far, its last round's matches, and what a
knockout match's carry-over is worked out from."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Max, Q

from matches.models import Match, Stage, Team
from matches.scoring import knockout, playoff

from .entries import seeds
from .fair_totals import public_matches
from .standings import standings

# ``Match.bracket`` as stored: "" the main bracket, "place-N" a placing bracket playing
# for place N and below (``matches.scoring.playoff``).
MAIN_BRACKET = ""
PLACING_PREFIX = "place-"


def last_round(stage: Stage) -> list[Match]:
    """Return the matches of the stage's last round made, its placing matches left out, in
    bracket order."""
    main = stage.matches_here().exclude(bracket__startswith=PLACING_PREFIX)
    last = main.aggregate(last=Max("round"))["last"]
    rows = main.filter(round=last).select_related("home", "away", "decided_winner")
    return list(rows.order_by("bracket_position"))


def bracket_value(best: int) -> str:
    """Return what ``Match.bracket`` holds for the bracket playing for place ``best``."""
    return MAIN_BRACKET if best == playoff.MAIN else f"{PLACING_PREFIX}{best}"


def bracket_best(value: str) -> int | None:
    """Return the best place a stored ``Match.bracket`` plays for; None for a bracket of
    another kind (a double elimination's)."""
    if value == MAIN_BRACKET:
        return playoff.MAIN
    number = value.removeprefix(PLACING_PREFIX)
    if value.startswith(PLACING_PREFIX) and number.isdecimal() and number.isascii():
        return int(number)
    return None


def knockout_playoff(stage: Stage) -> tuple[list[playoff.Bracket], dict]:
    """Return (the knockout's brackets, {(bracket, round, position): match}) as decided
    so far: the main bracket first, then the placing matches the stage plays
    (``Stage.placing``). A match's winner counts once the match is final (or the
    director decided its tie)."""
    teams = seeds(stage)
    matches = {}
    rows = list(stage.matches_here().select_related("home", "away", "decided_winner"))
    for match in rows:
        match.event = stage.event
    for match in public_matches(rows):
        best = bracket_best(match.bracket)
        if best is not None:
            matches[(best, match.round, match.bracket_position)] = match
    if len(teams) < 2:
        return [], matches
    # Round by round, a winner counts only where the match still has the teams the bracket
    # gives its place: a match reopened (its winner unknown or changed) leaves the later
    # places it feeds open, whatever was played there.
    winners: dict[tuple[int, int, int], Team] = {}
    for number in sorted({key[1] for key in matches}):
        for slot in _slots(playoff.playoff(teams, stage.placing, winners), number):
            match = matches.get((slot.bracket, number, slot.position))
            if match is None or not match.is_final:
                continue
            if (match.home_id, match.away_id) != (_id_or_none(slot.home), _id_or_none(slot.away)):
                continue
            winner = match.knockout_winner()
            if winner is not None:
                winners[(slot.bracket, number, slot.position)] = winner
    return playoff.playoff(teams, stage.placing, winners), matches


def _slots(brackets, number: int) -> list[knockout.BracketMatch]:
    return [
        slot
        for each in brackets
        for matches in each.rounds
        for slot in matches
        if slot.round == number and not slot.bye
    ]


def knockout_bracket(stage: Stage) -> tuple[list, dict]:
    """Return (the main bracket's rounds, {(round, position): match}) as decided so far
    (``knockout_playoff`` with the placing matches)."""
    brackets, matches = knockout_playoff(stage)
    main = {(r, p): m for (best, r, p), m in matches.items() if best == playoff.MAIN}
    return (brackets[0].rounds if brackets else []), main


def _id_or_none(team) -> int | None:
    return None if team is None else team.pk


def carry_over_inputs(stage: Stage, home, away) -> tuple[Decimal | int, int]:
    """Return what the carry-over of a knockout match between ``home`` (the higher-placed
    team) and ``away`` is worked out from: the home team's VP less the away team's in the
    previous stage's standings (0 or more), and the home team's IMP margin in their matches
    against each other there. Both 0 when the previous stage is none or a knockout."""
    vp_difference: Decimal | int  # 0 when neither team is in the previous standings
    vp_difference, head_to_head = Decimal(0), 0
    previous = Stage.objects.filter(event=stage.event, number=stage.number - 1).first()
    if previous is None or previous.is_knockout:
        return vp_difference, head_to_head
    previous.event = stage.event
    vp = {row.team.pk: row.standing.vp for row in standings(stage.event, stage=previous)}
    vp_difference = max(vp.get(home.pk, 0) - vp.get(away.pk, 0), Decimal(0))
    for row in (
        previous.matches_here()
        .filter(Q(home=home, away=away) | Q(home=away, away=home))
        .values("home_id", "home_margin", "away_margin")
    ):
        head_to_head += row["home_margin"] if row["home_id"] == home.pk else row["away_margin"]
    return vp_difference, head_to_head


def carry_over_working(match: Match) -> knockout.CarryOverWorking | None:
    """Return how a knockout match's carry-over is worked out, by the stage's rule from the
    previous stage as it stands now; None when that no longer gives the carry-over the
    match was made with (the previous stage changed since), or the stage carries nothing."""
    stage = match.stage
    stage.event = match.event
    rule = stage.carry_over_rule()
    if rule.method is knockout.CarryOverMethod.NONE:
        return None
    vp_difference, head_to_head = carry_over_inputs(stage, match.home, match.away)
    working = knockout.carry_over_working(
        rule, vp_difference=vp_difference, head_to_head_imps=head_to_head
    )
    if working.carried != (match.carry_home, match.carry_away):
        return None
    return working
