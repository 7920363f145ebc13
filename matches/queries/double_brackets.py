"""A double elimination stage's brackets as decided so far (the rules:
``matches.scoring.double_elimination``).

A match keeps its place as ``Match.bracket`` ("" the winners' bracket, "losers", "final",
"final-2"), ``Match.round`` (the stage's round it is played in) and ``bracket_position``;
the round within its bracket follows from the round played and the number of teams.
"""

from __future__ import annotations

from typing import cast

from matches.choices import DoubleFinalChoice
from matches.models import Match, Stage, Team
from matches.scoring import double_elimination
from matches.scoring.double_elimination import DoubleBracket, Key, bracket_round

from .entries import seeds
from .fair_totals import public_matches


def slot_key(match: Match, teams: int) -> Key:
    """Return the (bracket, round, position) of a double elimination's match."""
    number = bracket_round(match.bracket, match.round, teams)
    return match.bracket, number, match.bracket_position or 0


def double_bracket(stage: Stage) -> tuple[DoubleBracket | None, dict[Key, Match]]:
    """Return (the brackets, {(bracket, round, position): match}) as decided so far; the
    brackets are None before the stage has two teams. The stage's ``double_final`` says
    whether the losers' bracket winner's win in the grand final leads to a second final.

    A match's winner counts once it is final (or the director decided its tie), and only
    while the match has the teams the brackets now give its place: a match reopened (its
    winner unknown or changed) leaves the places it feeds open, whatever was played there.
    """
    teams = seeds(stage)
    twice = stage.double_final != DoubleFinalChoice.ONCE
    rows = list(stage.matches_here().select_related("home", "away", "decided_winner"))
    for match in rows:
        match.event = stage.event
    public_matches(rows)  # as the viewer sees them
    if len(teams) < 2:
        return None, {}
    matches = {slot_key(match, len(teams)): match for match in rows}
    winners: dict[Key, object] = {}
    for played_in in sorted({match.round for match in matches.values()}):
        layout = double_elimination.double_bracket(teams, winners, twice)
        for slot in layout.slots():
            match = matches.get(slot.key)
            if slot.playing_round != played_in or match is None or not match.is_final:
                continue
            home, away = cast(tuple[Team, Team], (slot.home, slot.away))  # Team rows, once ready
            if not slot.ready or (match.home_id, match.away_id) != (home.pk, away.pk):
                continue
            winner = match.knockout_winner()
            if winner is not None:
                winners[slot.key] = winner
    return double_elimination.double_bracket(teams, winners, twice), matches
