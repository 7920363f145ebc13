"""The end of a match's corrections period (Law 79C): a match complete in both rooms, its
last result older than the event's period and no call for the director open, becomes
final by itself; its history says the period did it, not a person. A director can still
reopen it, as any final match."""

from __future__ import annotations

import datetime

from django.utils import timezone

from matches.models import Match
from matches.queries.corrections import period_over

from .base import changing, store_totals
from .matches import made_final


def end_corrections_periods(now: datetime.datetime | None = None) -> list[Match]:
    """Return the matches made final because their corrections period ended by ``now``
    (by default the time now), each in an action of its own, checked again under its
    lock (a result saved meanwhile starts its period again)."""
    now = now or timezone.now()
    made = []
    for candidate in period_over(now):
        with changing(None) as change:
            match = change.lock_match(candidate, final_ok=True)
            if not period_over(now, Match.objects.filter(pk=match.pk)):
                change.nothing_changed()
                continue
            store_totals(match)
            made.append(made_final(change, match, period=candidate.event.corrections_minutes))
    return made
