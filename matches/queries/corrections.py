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
            status=MatchStatus.PROVISIONAL,
            pending_boards=0,
            complete_boards__gt=0,
            forfeit_home_vp__isnull=True,
            event__corrections_minutes__isnull=False,
        )
        .exclude(Exists(open_call))
        .select_related("event")
    )


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


def _candidate(status, pending, complete, forfeit) -> bool:
    """Return True for a match complete in both rooms, provisional, with no forfeit."""
    return status == MatchStatus.PROVISIONAL and not pending and complete > 0 and forfeit is None


def _ends(minutes: int | None, candidates: list[tuple[int, datetime.datetime]]) -> dict:
    """Return {match id: end of its period} of the candidates (id, last change) whose
    tables have no call for the director open: one query, none without candidates."""
    if minutes is None or not candidates:
        return {}
    held = set(
        DirectorCall.objects.filter(
            table__match__in=[pk for pk, _ in candidates], answered__isnull=True
        ).values_list("table__match", flat=True)
    )
    period = datetime.timedelta(minutes=minutes)
    return {pk: updated + period for pk, updated in candidates if pk not in held}


def ends_of_rows(event, rows) -> dict[int, datetime.datetime]:
    """Return when each match of the plain rows (``Match.outcome_rows``, of the ``event``)
    that waits for its corrections period to end becomes final by itself, by id: the rows
    read already, and one query for the open calls only when a match is waiting."""
    candidates = [
        (row["pk"], row["updated"])
        for row in rows
        if _candidate(
            row["status"], row["pending_boards"], row["complete_boards"], row["forfeit_home_vp"]
        )
    ]
    return _ends(event.corrections_minutes, candidates)


def with_provisional_until(matches: list, ends: dict | None = None) -> list:
    """Give each match (objects, with their event) its ``provisional_until``: when it
    becomes final by itself (None: it does not, or not yet), from ``ends`` (``ends_of_rows``)
    or read here (one query, only when one of them waits for its period to end)."""
    if ends is None:
        ends = {}
        for event_id in {match.event_id for match in matches}:
            mine = [m for m in matches if m.event_id == event_id]
            candidates = [
                (m.pk, m.updated)
                for m in mine
                if _candidate(m.status, m.pending_boards, m.complete_boards, m.forfeit_home_vp)
            ]
            ends.update(_ends(mine[0].event.corrections_minutes, candidates))
    for match in matches:
        match.provisional_until = ends.get(match.pk)
    return matches
