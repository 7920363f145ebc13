"""The corrections period (Law 79C): how long after a match's last change (a result or an
adjusted score saved, its totals stored, or the match reopened) it may still be corrected,
and which matches the period has ended for. It runs only once the match is complete in
both rooms, and ends only while no call for the director is open at its tables."""

from __future__ import annotations

import datetime

from django.db.models import Exists, OuterRef

from matches.models import DirectorCall, Match, MatchStatus


def _waiting(matches):
    """Return the matches complete in both rooms, provisional, with no forfeit, in an event
    with a corrections period, and no call for the director open at their tables."""
    open_call = DirectorCall.objects.filter(table__match=OuterRef("pk"), answered__isnull=True)
    return (
        matches.filter(
            status=MatchStatus.PROVISIONAL, pending_boards=0, complete_boards__gt=0,
            forfeit_home_vp__isnull=True, event__corrections_minutes__isnull=False,
        )
        .exclude(Exists(open_call))
        .select_related("event")
    )  # fmt: skip


def deadline(match: Match) -> datetime.datetime | None:
    """Return when the match's corrections period ends, counted from its last change
    (``Match.updated``; None: its event has no period)."""
    minutes = match.event.corrections_minutes
    if minutes is None:
        return None
    return match.updated + datetime.timedelta(minutes=minutes)


def period_over(now: datetime.datetime, matches=None) -> list[Match]:
    """Return the matches whose corrections period has ended by ``now`` (of ``matches``,
    by default all), ready to be made final."""
    waiting = _waiting(matches if matches is not None else Match.objects.all())
    return [match for match in waiting if (end := deadline(match)) is not None and end <= now]


def provisional_until(match: Match) -> datetime.datetime | None:
    """Return when a match complete in both rooms becomes final by itself (None: it does
    not, or not yet: it is not complete, or a call for the director is open)."""
    if not _waiting(Match.objects.filter(pk=match.pk)).exists():
        return None
    return deadline(match)
