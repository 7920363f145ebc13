"""What the stage actions share (``stages.py``, ``swiss_rounds.py``, ``knockouts.py``):
their refusals, the stage's row locked through its event, and a new match with its boards.

These run inside an action's ``changing()`` block; none is an action by itself.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from matches.models import Board, Match, Stage

from .base import ActionError, Change, Gone

NO_REASON = _("Give a reason; the stage's history keeps it.")
NOT_STARTED = _("Start the stage first: its teams are not set yet.")
ENTRANTS = _("The previous stage has %(count)s teams: at most %(count)s can go through.")
FEW_TEAMS = _("A stage needs at least two teams; this one would have %(count)s.")


def refusal(message, field=None, **params) -> ActionError:
    """Return the ActionError for a stage setting or step the rules refuse."""
    return ActionError(message, field=field, code=field or "stage", params=params)


def locked_stage(change: Change, stage) -> Stage:
    """Return the stage's row, read after its event's row is locked (the stage's changes
    are the event's: they lock the event)."""
    stage_id = stage if isinstance(stage, int) else stage.pk
    event_id = Stage.objects.filter(pk=stage_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Gone
    event = change.lock_event(event_id)
    stage = Stage.objects.get(pk=stage_id)
    stage.event = event
    return stage


def name_of(team) -> str:
    """Return a team's name (or what was given, as text, when it is not a team)."""
    return team.name if hasattr(team, "name") else str(team)


def has_matches(stage: Stage) -> bool:
    """Return True once the stage has a match or a bye."""
    return stage.matches_here().exists() or stage.byes_here().exists()


def new_match(change: Change, stage: Stage, round_number: int, home, away, **fields) -> Match:
    """Return a new match of the stage with all its boards, saved with history."""
    boards = stage.settings.boards_per_match
    match = change.save(
        Match(
            event=stage.event,
            stage=stage,
            round=round_number,
            home=home,
            away=away,
            pending_boards=boards,
            **fields,
        )
    )
    Board.objects.bulk_create(
        [Board(match=match, number=n) for n in range(1, boards + 1)], ignore_conflicts=True
    )
    return match
