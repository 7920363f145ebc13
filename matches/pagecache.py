"""The public pages and the JSON feed, cached whole between changes, with ETags.

Every page of an event is keyed on the event's version (its id, creation time and
revision: ``Event.cache_version``), which every change bumps. A page carries an ETag made
of that version and the language, so a browser (and the 15-second live refresh) asking
with ``If-None-Match`` gets ``304 Not Modified`` with no body while nothing has changed.

Where the cache is shared by every server process (Redis; ``REVISIONS_IN_CACHE``), each
event's current version is kept in the cache too, set by whoever changes the event once
the change is committed (``event_changed``): then a page that is cached, or unchanged,
answers without touching the database. Without a shared cache the version is read from
the database on every request (one small query), since another process's change could not
reach this process's memory.

Visitors who are not logged in all see the same page: it is kept whole, with a stand-in
for the CSRF token (the language switch is a form) that each answer fills with the
visitor's own. A logged-in user's page names them, so it is rendered for them (its
expensive parts still come from the template fragment caches), with its own ETag.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

READER_TIMEOUT = 300  # a version read from the database, kept by a reader
WRITER_TIMEOUT = 3600  # a version set by the change that made it
PAGE_TIMEOUT = 3600
LIVE_START, LIVE_END = b"<!--live-->", b"<!--/live-->"
CSRF_STAND_IN = b"csrf-token-stand-in-0123456789abcdef0123456789abcdef0123456789abcdef"
_CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')


def _version_key(event_id: int) -> str:
    return f"event-version:{event_id}"


def _match_key(match_id: int) -> str:
    return f"match-event:{match_id}"


def _version(event_id: int, created, revision: int) -> str:
    from matches.models import Event

    return Event(pk=event_id, created=created, revision=revision).cache_version


def version_from_database(event_id: int) -> str | None:
    """Return the event's version as the database has it, or None if there is no such event."""
    from matches.models import Event

    row = Event.objects.filter(pk=event_id).values_list("created", "revision").first()
    return None if row is None else _version(event_id, *row)


def _remember(event_id: int, version: str) -> None:
    """Keep a version just read from the database, unless a newer one is there already."""
    if settings.REVISIONS_IN_CACHE:
        cache.add(_version_key(event_id), version, READER_TIMEOUT)


def event_version(event_id: int) -> str | None:
    """Return the event's current version (None: no such event), from the cache if it may
    be trusted there, else from the database."""
    if settings.REVISIONS_IN_CACHE:
        version = cache.get(_version_key(event_id))
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
    key = _version_key(event_id)
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
    cache.delete(_version_key(event_id))
    transaction.on_commit(lambda: publish(event_id))


def _event_deleted(sender, instance, **kwargs):
    event_changed(instance.pk)


def _match_deleted(sender, instance, **kwargs):
    cache.delete(_match_key(instance.pk))


def connect() -> None:
    """Connect the handlers (called once, from the app's ready())."""
    from matches.models import Event, Match

    post_delete.connect(_event_deleted, sender=Event, dispatch_uid="pagecache-event")
    post_delete.connect(_match_deleted, sender=Match, dispatch_uid="pagecache-match")


# Which event a URL shows -------------------------------------------------------------


def event_of_event(kwargs) -> tuple[int, None]:
    """Return the event in the URL (its version still to be found)."""
    return kwargs["event_id"], None


def event_of_match(kwargs) -> tuple[int | None, str | None]:
    """Return the event of the match in the URL (kept in the cache: a match never moves
    to another event), and its version when the database was asked for both at once."""
    from matches.models import Match

    match_id = kwargs["match_id"]
    key = _match_key(match_id)
    event_id = cache.get(key)
    if event_id is not None:
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


# The decorator -----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A page kept whole: the version it shows, the headers its view set, its body."""

    version: str
    headers: tuple
    body: bytes
    has_token: bool


def _page_key(request) -> str:
    where = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    digest = hashlib.blake2b(where.encode(), digest_size=16).hexdigest()
    return f"page:{digest}:{get_language()}"


def _anonymous(request) -> bool | None:
    """Return True for a visitor who is not logged in (without touching the database when
    they have no session), False for a logged-in user, None when the page must be rendered
    afresh (messages are waiting to be shown)."""
    if "messages" in request.COOKIES:
        return None
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return True
    return not request.user.is_authenticated


def _etag(version: str, user_id: int | None) -> str:
    who = "" if user_id is None else f".u{user_id}"
    return f'W/"{version}.{get_language()}{who}"'


def _unchanged(request, etag: str) -> bool:
    sent = request.headers.get("If-None-Match", "")
    return bool(sent) and (sent.strip() == "*" or etag in [t.strip() for t in sent.split(",")])


def _finish(response, etag: str) -> HttpResponse:
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language", "X-Live"))
    return response


def _live_part(body: bytes) -> bytes:
    """Return what the live refresh replaces: the page between its live markers."""
    start, end = body.find(LIVE_START), body.find(LIVE_END)
    if start < 0 or end < start:
        return body
    return body[start + len(LIVE_START) : end]


def public_page(event_of):
    """Cache a public page (or feed) of an event whole, with an ETag, as described above.

    ``event_of(kwargs)`` returns the id of the event the URL shows (None: not found), and
    its version if it has just read it.
    The view renders the page; ``request.page_etag`` is the ETag it will carry, for the
    page to tell the live refresh. A request with ``X-Live: 1`` gets only the part of the
    page between ``<!--live-->`` and ``<!--/live-->``.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            event_id, version = event_of(kwargs)
            if version is None and event_id is not None:
                version = event_version(event_id)
            if version is None:
                return view(request, *args, **kwargs)  # not found: the view says so
            anonymous = _anonymous(request)
            user_id = None if anonymous is not False else request.user.pk
            etag = request.page_etag = _etag(version, user_id)
            if _unchanged(request, etag):
                return _finish(HttpResponseNotModified(), etag)
            live = request.headers.get("X-Live") == "1"
            key = _page_key(request) if anonymous else None
            entry = cache.get(key) if key else None
            if entry is not None and entry.version == version:
                response = _from_entry(request, entry, live)
            else:
                response = view(request, *args, **kwargs)
                if key and response.status_code == 200 and not response.streaming:
                    cache.set(key, _entry(version, response), PAGE_TIMEOUT)
                if live and response.status_code == 200:
                    response.content = _live_part(response.content)
            return _finish(response, etag)

        return wrapper

    return decorator


def _entry(version: str, response) -> Entry:
    body = response.content
    found = _CSRF_INPUT.search(body)
    if found:
        body = body.replace(found.group(1), CSRF_STAND_IN)
    return Entry(version, tuple(response.items()), body, bool(found))


def _from_entry(request, entry: Entry, live: bool) -> HttpResponse:
    body = _live_part(entry.body) if live else entry.body
    if entry.has_token:
        body = body.replace(CSRF_STAND_IN, get_token(request).encode())
    response = HttpResponse(body)
    for name, value in entry.headers:
        response[name] = value
    return response
