"""The revisions the caches are keyed on (matches/caching/), each read in one small query
put together by the ORM once (``PreparedRead``), as a row of values: they are read for
every cached page and every table's poll, where building the query, or model instances,
would cost more than running it."""

from __future__ import annotations

from matches.lib.prepared import PreparedRead
from matches.models import Event, Match, Room

_EVENT = PreparedRead(
    lambda pk: (
        Event.objects.filter(pk=pk)
        .order_by()
        .values_list("created", "public_revision", "progress_changed", "revision")
    ),
    -1,
)
_MATCH = PreparedRead(
    lambda pk: (
        Match.objects.filter(pk=pk)
        .order_by()
        .values_list(
            "event", "event__created", "event__wide_revision", "event__play_revision", "revision"
        )
    ),
    -1,
)
_TABLE = PreparedRead(
    lambda token: (
        Room.objects.filter(token=token)
        .order_by()
        .values_list("pk", "revoked", "revision", "match__event__wide_revision")
    ),
    "a token",
)


def event_versions(event_id: int) -> tuple[str, str] | None:
    """Return what the event's ``public_version`` is made from (``Event.public_stamp_of``)
    and its ``cache_version`` (None: no such event)."""
    row = _EVENT.first(event_id)
    if row is None:
        return None
    created, public_revision, progress_changed, revision = row
    stamp = Event.public_stamp_of(event_id, created, public_revision, progress_changed)
    return stamp, Event.version_of(event_id, created, revision)


def public_version(event_id: int) -> str | None:
    """Return the event's ``public_version`` now, what a visitor's pages are keyed on (None:
    no such event)."""
    found = event_versions(event_id)
    return None if found is None else Event.public_version_at(found[0])


def user_version(event_id: int) -> str | None:
    """Return the event's ``cache_version``, what a logged-in user's pages are keyed on: a
    director's show every result (None: no such event)."""
    found = event_versions(event_id)
    return None if found is None else found[1]


def match_version(match_id: int) -> tuple[int, str] | None:
    """Return a match's event and what its pages are keyed on (None: no such match): the
    event's ``play_version`` (its ``wide_revision`` and ``play_revision``) and the match's
    ``revision``."""
    row = _MATCH.first(match_id)
    if row is None:
        return None
    event_id, created, wide_revision, play_revision, revision = row
    wide = Event.version_of(event_id, created, wide_revision)
    return event_id, f"{wide}.p{play_revision}.m{match_id}.{revision}"


def table_revisions(token: str) -> tuple[int, int, int] | None:
    """Return (the table's id, its own revision, the event's wide revision) for an open
    table's token; None for a token no open table has."""
    row = _TABLE.first(token)
    if row is None or row[1] is not None:
        return None
    return row[0], row[2], row[3]
