"""A knockout stage's bracket as decided so far, and its last round's matches."""

from __future__ import annotations

from django.db.models import Max

from matches.models import Match, Stage
from matches.scoring import knockout

from .entries import seeds


def last_round(stage: Stage) -> list[Match]:
    """Return the matches of the stage's last round made, in bracket order."""
    last = stage.matches_here().aggregate(last=Max("round"))["last"]
    rows = stage.matches_here().filter(round=last).select_related("home", "away", "decided_winner")
    return list(rows.order_by("bracket_position"))


def knockout_bracket(stage: Stage) -> tuple[list, dict]:
    """Return (the bracket's rounds, {(round, position): match}) as decided so far.

    A match's winner counts once the match is final (or the director decided its tie).
    """
    teams = seeds(stage)
    matches = {
        (m.round, m.bracket_position): m
        for m in stage.matches_here().select_related("home", "away", "decided_winner")
    }
    if len(teams) < 2:
        return [], matches
    # Round by round, a winner counts only where the match still has the teams the bracket
    # gives its place: a match reopened (its winner unknown or changed) leaves the later
    # places it feeds open, whatever was played there.
    winners = {}
    for number in sorted({key[0] for key in matches}):
        slots = knockout.bracket(teams, winners)[number - 1]
        for slot in slots:
            match = matches.get((number, slot.position))
            if match is None or not match.is_final:
                continue
            if (match.home_id, match.away_id) != (_id_or_none(slot.home), _id_or_none(slot.away)):
                continue
            winner = match.knockout_winner()
            if winner is not None:
                winners[(number, slot.position)] = winner
    return knockout.bracket(teams, winners), matches


def _id_or_none(team) -> int | None:
    return None if team is None else team.pk
