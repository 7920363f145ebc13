"""The revisions the caches are keyed on (matches/caching/), each read in one small query
put together by the ORM once (``PreparedRead``): they are read for every page and every
table's poll, where building the query would cost more than running it."""

from __future__ import annotations

from matches.lib.prepared import PreparedRead
from matches.models import Event, Match, Room

_EVENT = PreparedRead(
    lambda pk: Event.objects.filter(pk=pk).only("created", "revision").order_by(), -1
)
_MATCH = PreparedRead(
    lambda pk: (
        Match.objects.filter(pk=pk)
        .select_related("event")
        .only("revision", "event__created", "event__wide_revision", "event__play_revision")
        .order_by()
    ),
    -1,
)
_TABLE = PreparedRead(
    lambda token: (
        Room.objects.filter(token=token)
        .select_related("match__event")
        .only("revoked", "revision", "match__event__wide_revision")
        .order_by()
    ),
    "a token",
)


def event_version(event_id: int) -> str | None:
    """Return the event's ``cache_version`` (None: no such event)."""
    event = _EVENT.first(event_id)
    return None if event is None else event.cache_version


def match_version(match_id: int) -> tuple[int, str] | None:
    """Return a match's event and what its pages are keyed on (None: no such match): the
    event's ``play_version`` (its ``wide_revision`` and ``play_revision``) and the match's
    ``revision``."""
    match = _MATCH.first(match_id)
    if match is None:
        return None
    return match.event_id, f"{match.event.play_version}.m{match_id}.{match.revision}"


def table_revisions(token: str) -> tuple[int, int, int] | None:
    """Return (the table's id, its own revision, the event's wide revision) for an open
    table's token; None for a token no open table has."""
    room = _TABLE.first(token)
    if room is None or room.revoked is not None:
        return None
    return room.pk, room.revision, room.match.event.wide_revision
