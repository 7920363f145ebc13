"""Double elimination stages: every match whose two teams are known is made, as the stage
starts and each time a match is marked final (or its tie decided), in that action's
transaction. The rules live in ``matches.scoring.double_elimination``; the brackets as
decided so far are read by ``matches.queries.double_brackets``.

``double_matches`` runs inside another action's change (``start_stage``, ``mark_final``
through ``advance_knockout``, ``decide_knockout_tie``); it is not an action by itself.
A double elimination carries nothing over: its matches start level.

``double_entrants``: the teams the stage after a double elimination takes (its winner, or
the top ``Stage.entrants`` of its final ranking), for ``stage_candidates``.
"""

from __future__ import annotations

from typing import cast

from django.utils.translation import gettext_lazy as _

from matches import queries
from matches.models import Match, Result, Team

from .base import Change
from .stage_base import ENTRANTS, new_match, refusal

PLAYED_ALREADY = _(
    "The match %(home)s – %(away)s has results already: its teams cannot change. Reopen "
    "it and delete its results first, or keep this match's winner."
)
TEAMS_CHANGED = _("Teams changed: an earlier match's winner changed after it was reopened.")
NOT_WON = _(
    "The previous stage, a double elimination, has no winner yet: decide its last match first."
)
SHARED_CUT = _(
    "The teams placed %(place)s= in the previous stage share that place: take %(fewer)s "
    "or %(more)s teams, or let that stage place its losers by their qualifying position."
)
NOT_NEEDED = _("Not needed any more: an earlier match's winner changed after it was reopened.")


def double_matches(change: Change, stage) -> list[Match]:
    """Return the matches made (or given new teams) for every place of the brackets whose
    two teams are now known.

    A match whose place now has other teams (an earlier match was reopened and its winner
    changed) follows while it has no results, and a second final no longer needed goes;
    with results, either is refused.
    """
    layout, matches = queries.double_bracket(stage)
    if layout is None:
        return []
    made = []
    slots = {slot.key: slot for slot in layout.slots()}
    for key, match in matches.items():
        if key not in slots:
            _no_results(match)
            change.delete(match, str(NOT_NEEDED))
    for slot in slots.values():
        if not slot.ready:
            continue
        home, away = cast(tuple[Team, Team], (slot.home, slot.away))  # Team rows, once ready
        existing = matches.get(slot.key)
        if existing is None:
            made.append(
                new_match(
                    change,
                    stage,
                    slot.playing_round,
                    slot.home,
                    slot.away,
                    bracket=slot.bracket,
                    bracket_position=slot.position,
                )
            )
        elif (existing.home_id, existing.away_id) != (home.pk, away.pk):
            _no_results(existing)
            existing.home, existing.away = home, away
            existing.decided_winner, existing.decided_reason = None, ""
            existing._change_reason = str(TEAMS_CHANGED)  # type: ignore[attr-defined]  # history's
            made.append(change.save(existing))
    return made


def _no_results(match: Match) -> None:
    if Result.objects.filter(board__match=match).exists():
        raise refusal(PLAYED_ALREADY, home=match.home.name, away=match.away.name)


def double_entrants(previous, entrants: int | None) -> list:
    """Return the teams that go through from the double elimination ``previous``: its
    winner alone (``entrants`` blank, as a knockout gives its winner), or the top
    ``entrants`` of its final ranking (``queries.double_places``: the winner, the runner-up,
    then by the losers' round of the second defeat, within a round by the stage's
    ``losers_by``). Teams sharing a place go through all together or not at all."""
    before = previous.event.stages.filter(number=previous.number - 1).first()
    placings = queries.double_places(previous.event, previous, before)
    if placings is None:
        raise refusal(NOT_WON)
    if not entrants:
        return [placings[0].team]
    if entrants > len(placings):
        raise refusal(ENTRANTS, "entrants", count=len(placings))
    if entrants < len(placings) and placings[entrants].place == placings[entrants - 1].place:
        place = placings[entrants].place
        fewer = sum(1 for placing in placings if placing.place < place)
        more = sum(1 for placing in placings if placing.place <= place)
        raise refusal(SHARED_CUT, "entrants", place=place, fewer=fewer, more=more)
    return [placing.team for placing in placings[:entrants]]
