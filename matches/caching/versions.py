"""An event's version, as the public pages' caches are keyed on it, and where it is read.

The public's pages of an event are keyed on its ``public_version`` (its id, creation time
and ``public_revision``), which every change to what the public sees moves; a table's
entry, or its acceptance of a result still hidden from the public, leaves it as it is
(only the event's ``revision`` moves, which a logged-in user's pages are keyed on:
``user_version``). Where the cache is shared by every server process (Redis;
``REVISIONS_IN_CACHE``), each event's public version is kept in the cache too, set by
whoever changes it once the change is committed (``event_changed``): a cached page then
costs no database query. Without a shared cache the version is read from the database on
every request (one small query, ``matches/queries/revisions.py``), since another process's
change could not reach this process's memory. The page cache itself is in ``pagecache``.

A process that changed an event while Redis was out of reach deletes the version it could
not update once Redis answers it again (``resilient_cache``); should that process end
first (a restart, a killed or recycled worker), the version in Redis would stay stale for
up to an hour. So every process that saw the outage, at its first trusted read once Redis
answers again, and every new server process (gunicorn's ``post_worker_init``), checks
each version the cache holds against the database's and drops those that differ
(``check_cached_versions``).

A match's pages (its scorecard, and its feed) are keyed on the match instead
(``event_of_match``): on the event's ``play_version`` (its ``wide_revision`` and
``play_revision``: a board leaving play shows its hands) and the match's ``revision``, read
from the database in one query, so a result accepted at one table does not make every
other match's scorecard be rendered again.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models.signals import post_delete

from matches.models import Event
from matches.queries import revisions

from . import resilient_cache

logger = logging.getLogger(__name__)

READER_TIMEOUT = 300  # a version read from the database, kept by a reader
WRITER_TIMEOUT = 3600  # a version set by the change that made it


def version_key(event_id) -> str:
    """Return the cache's key of an event's version (made with its prefix by the cache)."""
    return f"event-version:{event_id}"


def stamp_from_database(event_id: int) -> str | None:
    """Return what the event's public version is made from (``Event.public_stamp_of``), as
    the database has it (None: no such event): what the cache keeps."""
    found = revisions.event_versions(event_id)
    return None if found is None else found[0]


def version_from_database(event_id: int) -> str | None:
    """Return the event's public version now, as the database has it (None: no such
    event)."""
    stamp = stamp_from_database(event_id)
    return None if stamp is None else Event.public_version_at(stamp)


def user_version(event_id: int) -> str | None:
    """Return what a logged-in user's pages of the event are keyed on, its ``cache_version``
    (None: no such event), from the database: a director's pages show every result."""
    found = revisions.event_versions(event_id)
    return None if found is None else found[1]


def _remember(event_id: int, stamp: str) -> None:
    """Keep what a version is made from, just read from the database, unless a newer one
    is there already."""
    if settings.REVISIONS_IN_CACHE:
        cache.add(version_key(event_id), stamp, READER_TIMEOUT)


CHECK_CHUNK = 500
_check = {"due": False}  # whether the cache's versions are to be checked before trusted


def check_cached_versions() -> int | None:
    """Drop every event version the cache holds that is not the database's (a change made
    by a process that could not reach Redis, and ended before it could): return how many
    were dropped, None when the cache could not be read (then nothing was checked)."""
    keys_matching = getattr(cache, "keys_matching", None)
    if not settings.REVISIONS_IN_CACHE or keys_matching is None:
        return 0
    keys = keys_matching(version_key("*"))
    if keys is None:
        return None
    dropped = 0
    for start in range(0, len(keys), CHECK_CHUNK):
        cached = cache.get_many(keys[start : start + CHECK_CHUNK])
        ids = {key: int(key.rsplit(":", 1)[1]) for key in cached if key.rsplit(":", 1)[1].isdigit()}
        rows = Event.objects.filter(pk__in=ids.values()).values_list(
            "pk", "created", "public_revision", "progress_changed"
        )
        current = {row[0]: Event.public_stamp_of(*row) for row in rows}
        stale = [key for key, event_id in ids.items() if current.get(event_id) != cached[key]]
        if stale:
            cache.delete_many(stale)
            dropped += len(stale)
    if dropped:
        logger.warning("%d event versions in the cache were stale and are dropped", dropped)
    return dropped


def _check_due() -> None:
    """The cache answers again after an outage: check its versions before trusting one."""
    _check["due"] = True


def _checked() -> None:
    """Check the cache's versions if an outage made it due (once, at the first trusted
    read after it; again at the next one if the cache or the database fails meanwhile)."""
    if not _check["due"]:
        return
    _check["due"] = False
    try:
        if check_cached_versions() is None:
            _check["due"] = True
    except DatabaseError:
        _check["due"] = True
        raise


def cached_version_and(event_id: int, key: str | None) -> tuple[str | None, object]:
    """Return the event's public version now as the cache holds it and what it holds under
    ``key`` (None: nothing, or no key), in one round trip to the cache."""
    _checked()
    keys = [version_key(event_id)] + ([key] if key else [])
    found = cache.get_many(keys)
    if _check["due"]:  # this very read found the cache answering again: check first
        _checked()
        found = cache.get_many(keys)
    stamp = found.get(keys[0])
    version = None if stamp is None else Event.public_version_at(stamp)
    return version, found.get(key) if key else None


def event_version(event_id: int) -> str | None:
    """Return the event's current public version (None: no such event), from the cache
    if it may be trusted there, else from the database."""
    if settings.REVISIONS_IN_CACHE:
        version = cached_version_and(event_id, None)[0]
        if version is not None:
            return version
    stamp = stamp_from_database(event_id)
    if stamp is None:
        return None
    _remember(event_id, stamp)
    return Event.public_version_at(stamp)


def publish(event_id: int) -> None:
    """Put what the event's committed public version is made from in the cache (after a
    change is committed).

    Two changes committed close together may publish in either order: whoever publishes
    reads the database again afterwards and publishes once more if it has moved on, so the
    last value in the cache is never older than the database.
    """
    key = version_key(event_id)
    for _ in range(5):
        stamp = stamp_from_database(event_id)
        if stamp is None:
            cache.delete(key)
            return
        cache.set(key, stamp, WRITER_TIMEOUT)
        if stamp_from_database(event_id) == stamp:
            return


def event_changed(event_id: int) -> None:
    """Mark the event changed for the page cache: call it wherever what its public version
    is made from moves (its ``public_revision``, its ``progress_changed``).

    The cached version is dropped at once (until the change commits, readers read the
    database, which still shows the event as it was) and published once committed.
    """
    if not settings.REVISIONS_IN_CACHE:
        return
    cache.delete(version_key(event_id))
    transaction.on_commit(lambda: publish(event_id))


def _event_deleted(sender, instance, **kwargs):
    event_changed(instance.pk)


def connect() -> None:
    """Connect the handlers (called once, from the app's ready())."""
    post_delete.connect(_event_deleted, sender=Event, dispatch_uid="pagecache-event")
    resilient_cache.on_answering_again(_check_due)


# Which event a URL shows -------------------------------------------------------------


def event_of_event(kwargs, cached_only=False) -> tuple[int, None]:
    """Return the event in the URL (its version still to be found)."""
    return kwargs["event_id"], None


def event_of_match(kwargs, cached_only=False) -> tuple[int | None, str | None]:
    """Return the event of the match in the URL and the version of the match's pages, read
    from the database in one query (None, None: no such match).

    A match's scorecard shows that match and what the whole event shares (names, the
    stage's settings, the deals, the hands out of play), so it is keyed on the event's
    ``play_version``, and on the match's ``revision``, which every
    change to what the match shows moves (``Change.lock_match``; a table's entry, dispute
    or call changes nothing public and leaves it): a result accepted at another match's
    table leaves this scorecard cached. ``cached_only`` (the middleware, before the rest
    of the stack): a database that does not answer gives (None, None), and the whole
    stack answers with its message."""
    try:
        found = revisions.match_version(kwargs["match_id"])
    except DatabaseError:
        if cached_only:
            return None, None
        raise
    return (None, None) if found is None else found


event_of_match.reads_version = True  # pagecache: its version comes with it
