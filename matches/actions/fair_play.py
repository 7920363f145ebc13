"""Fair play: the director takes a board out of play (a fouled or unplayable board, a late
table) or publishes a round's hand records (the event's ``hands_public`` "when the director
publishes them"). What the public then sees is the read model's (queries/fair_play.py).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from matches.models import BoardRelease, HandsRelease, Match

from .base import ActionError, changing, checked_text

NO_SUCH_BOARD = _("Round %(round)s has no board %(board)s.")
RELEASED_ALREADY = _("Board %(board)s of round %(round)s is out of play already.")


def release_board(match, *, board: int, reason: str, user) -> BoardRelease:
    """Return the release of a board of a match's round: it is out of play at every table
    of the round (of the match's stage), whatever they have played, with the reason."""
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        match_id = match if isinstance(match, int) else match.pk
        row = Match.objects.filter(pk=match_id).select_related("stage").first()
        if row is None:
            raise ActionError(code="gone")
        event = change.lock_event(row.event_id)
        row.event = event
        params = {"round": row.round, "board": board}
        if board not in row.board_numbers:
            raise ActionError(NO_SUCH_BOARD, field="board", code="board", params=params)
        if BoardRelease.objects.filter(stage=row.stage, round=row.round, board=board).exists():
            raise ActionError(RELEASED_ALREADY, field="board", code="released", params=params)
        release = BoardRelease(
            event=event, stage=row.stage, round=row.round, board=board, reason=reason
        )
        release.created_by = user
        return change.save(release)


def publish_hands(stage, *, round_number: int, user) -> HandsRelease:
    """Return the publication of a stage's round's hand records (published once: asked
    again, the same row)."""
    with changing(user) as change:
        event = change.lock_event(stage.event_id)
        found = HandsRelease.objects.filter(stage=stage, round=round_number).first()
        if found is not None:
            change.nothing_changed()
            return found
        release = HandsRelease(event=event, stage=stage, round=round_number)
        release.created_by = user
        return change.save(release)
