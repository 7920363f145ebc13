"""A stage started again: its schedule, draw or bracket taken back while nothing has been
played in it, so that it starts afresh (a team added after it started, a seeding to
change). The history keeps each match taken back, with the reason."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from matches.models import BoardAdjustment, Result, Stage

from .base import HISTORY_REASON_MOST, changing, checked_text
from .stage_base import NOT_STARTED, locked_stage, refusal

PLAYED = _(
    "This stage has results (%(what)s): it cannot start again. Add a team's matches by hand, "
    "or enter it late in a Swiss stage."
)
NEXT_STARTED = _("Stage %(number)s has started: this stage cannot start again.")
RESTARTED = "started again: %(reason)s"


def restart_stage(stage, *, reason: str, user) -> Stage:
    """Return the stage as before it started: its matches (with their boards and tables),
    byes, seeding and draft taken back, while no result, adjusted score, forfeit or final
    match is in it and no later stage has started. ``reason`` is kept in the history of
    every match taken back."""
    reason = checked_text(reason, field="reason", required=True, most=HISTORY_REASON_MOST - 20)
    with changing(user) as change:
        stage = locked_stage(change, stage)
        if not stage.entries.exists():
            raise refusal(NOT_STARTED)
        later = stage.event.stages.filter(number__gt=stage.number, entries__isnull=False)
        if later.exists():
            raise refusal(NEXT_STARTED, number=later.order_by("number").first().number)
        matches = list(change.lock_matches(stage.event, stage.matches_here()))
        played = _played(matches)
        if played:
            raise refusal(PLAYED, what=played)
        for match in matches:
            change.delete(match, RESTARTED % {"reason": reason})
        for row in [*stage.byes_here(), *stage.draft.all(), *stage.swaps.all()]:
            change.delete(row, RESTARTED % {"reason": reason})
        for entry in stage.entries.all():
            change.delete(entry, RESTARTED % {"reason": reason})
        return stage


def _played(matches):
    """Return what has been played in these matches, in words for the refusal (None:
    nothing)."""
    ids = [match.pk for match in matches]
    if Result.objects.filter(board__match__in=ids).exists():
        return _("results entered")
    if BoardAdjustment.objects.filter(board__match__in=ids).exists():
        return _("adjusted scores")
    if any(match.is_final or match.forfeit_vp for match in matches):
        return _("a match final or forfeited")
    return None
