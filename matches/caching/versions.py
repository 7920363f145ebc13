"""An event's version, as the public pages' caches are keyed on it, and where it is read.

An event's version is its id, creation time and revision (``Event.cache_version``), which
every change bumps. Where the cache is shared by every server process (Redis;
``REVISIONS_IN_CACHE``), each event's current version is kept in the cache too, set by
whoever changes the event once the change is committed (``event_changed``): a cached page
then costs no database query. Without a shared cache the version is read from the
database on every request (one small query), since another process's change could not
reach this process's memory. The page cache itself is in ``pagecache``.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.core.cache import cache
from django.db import connections, router, transaction
from django.db.models.signals import post_delete

from matches.models import Event, Match

READER_TIMEOUT = 300  # a version read from the database, kept by a reader
WRITER_TIMEOUT = 3600  # a version set by the change that made it


def version_key(event_id: int) -> str:
    return f"event-version:{event_id}"


def _match_key(match_id: int) -> str:
    return f"match-event:{match_id}"


def _version(event_id: int, created, revision: int) -> str:
    return Event.version_of(event_id, created, revision)


def version_from_database(event_id: int) -> str | None:
    """Return the event's version as the database has it, or None if there is no such event.

    One small query, written out once rather than built by the ORM on every call (putting
    it together costs the ORM several times what the query itself costs, and this runs for
    every page asked for where the cache does not hold the revisions); the creation time
    is converted from the database as the ORM converts it.
    """
    connection = connections[router.db_for_read(Event)]
    sql, column, converters = _version_query(connection.vendor, connection.alias)
    with connection.cursor() as cursor:
        cursor.execute(sql, [event_id])
        row = cursor.fetchone()
    if row is None:
        return None
    created = row[0]
    for convert in converters:
        created = convert(created, column, connection)
    return _version(event_id, created, row[1])


@functools.cache
def _version_query(vendor: str, alias: str) -> tuple:
    """Return the query of an event's creation time and revision, the creation time's
    column and its converters, for the database ``alias`` (of the kind ``vendor``)."""
    connection, meta = connections[alias], Event._meta
    created, revision = meta.get_field("created"), meta.get_field("revision")
    quote = connection.ops.quote_name
    sql = (
        f"SELECT {quote(created.column)}, {quote(revision.column)} FROM {quote(meta.db_table)}"
        f" WHERE {quote(meta.pk.column)} = %s"
    )
    column = created.get_col(meta.db_table)
    converters = connection.ops.get_db_converters(column) + created.get_db_converters(connection)
    return sql, column, tuple(converters)


def _remember(event_id: int, version: str) -> None:
    """Keep a version just read from the database, unless a newer one is there already."""
    if settings.REVISIONS_IN_CACHE:
        cache.add(version_key(event_id), version, READER_TIMEOUT)


def event_version(event_id: int) -> str | None:
    """Return the event's current version (None: no such event), from the cache if it may
    be trusted there, else from the database."""
    if settings.REVISIONS_IN_CACHE:
        version = cache.get(version_key(event_id))
        if version is not None:
            return version
    version = version_from_database(event_id)
    if version is not None:
        _remember(event_id, version)
    return version


def publish(event_id: int) -> None:
    """Put the event's committed version in the cache (after a change is committed).

    Two changes committed close together may publish in either order: whoever publishes
    reads the database again afterwards and publishes once more if it has moved on, so the
    last value in the cache is never older than the database.
    """
    key = version_key(event_id)
    for _ in range(5):
        version = version_from_database(event_id)
        if version is None:
            cache.delete(key)
            return
        cache.set(key, version, WRITER_TIMEOUT)
        if version_from_database(event_id) == version:
            return


def event_changed(event_id: int) -> None:
    """Mark the event changed for the page cache: call it wherever the revision goes up.

    The cached version is dropped at once (until the change commits, readers read the
    database, which still shows the event as it was) and published once committed.
    """
    if not settings.REVISIONS_IN_CACHE:
        return
    cache.delete(version_key(event_id))
    transaction.on_commit(lambda: publish(event_id))


def _event_deleted(sender, instance, **kwargs):
    event_changed(instance.pk)


def _match_deleted(sender, instance, **kwargs):
    cache.delete(_match_key(instance.pk))


def connect() -> None:
    """Connect the handlers (called once, from the app's ready())."""
    post_delete.connect(_event_deleted, sender=Event, dispatch_uid="pagecache-event")
    post_delete.connect(_match_deleted, sender=Match, dispatch_uid="pagecache-match")


# Which event a URL shows -------------------------------------------------------------


def event_of_event(kwargs, cached_only=False, forget=False) -> tuple[int, None]:
    """Return the event in the URL (its version still to be found)."""
    return kwargs["event_id"], None


def event_of_match(kwargs, cached_only=False, forget=False) -> tuple[int | None, str | None]:
    """Return the event of the match in the URL (kept in the cache: a match never moves
    to another event), and its version when the database was asked for both at once.
    ``cached_only``: ask only the cache (None if it does not know); ``forget``: ask the
    database (an event deleted with its matches leaves their ids to new ones on SQLite)."""
    match_id = kwargs["match_id"]
    key = _match_key(match_id)
    event_id = None if forget else cache.get(key)
    if event_id is not None or cached_only:
        return event_id, None
    row = (
        Match.objects.filter(pk=match_id)
        .values_list("event_id", "event__created", "event__revision")
        .first()
    )
    if row is None:
        return None, None
    cache.set(key, row[0], None)
    version = _version(*row)
    _remember(row[0], version)
    return row[0], version
