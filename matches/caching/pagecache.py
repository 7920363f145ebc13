"""The public pages and the JSON feed, cached whole between changes, with ETags.

Every page of an event is keyed on the event's version (its id, creation time and
revision: ``Event.cache_version``), which every change bumps. A page carries an ETag made
of that version and the language, so a browser (and the 15-second live refresh) asking
with ``If-None-Match`` gets ``304 Not Modified`` with no body while nothing has changed.

Where the cache is shared by every server process (Redis; ``REVISIONS_IN_CACHE``), each
event's current version is kept in the cache too, set by whoever changes the event once
the change is committed (``event_changed``): a cached page then costs no database query.
Without a shared cache the version is read from the database on every request (one small
query), since another process's change could not reach this process's memory. Either
way a visitor's request for a page that is cached, or unchanged, is answered by
``CachedPageMiddleware`` (matches/caching/middleware.py), straight after the static files
and before sessions, locale, CSRF, auth, messages, CSP and the view, with the headers
they would have added (``answer_from_cache``); anything else is left to the whole stack
and the ``public_page`` decorator.

Visitors who are not logged in all see the same page, which is kept whole; it holds no
CSRF token (the language switch needs none, see scoresheet/urls.py), and a page that does
is never kept. A logged-in user's page names them, so it is rendered for them (its
expensive parts still come from the template fragment caches), with an ETag of its own.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import Error as DatabaseError
from django.db import connections, router, transaction
from django.db.models.signals import post_delete
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, get_language_from_request

from matches.models import Event, Match

logger = logging.getLogger(__name__)

READER_TIMEOUT = 300  # a version read from the database, kept by a reader
WRITER_TIMEOUT = 3600  # a version set by the change that made it
PAGE_TIMEOUT = 3600
LIVE_START, LIVE_END = b"<!--live-->", b"<!--/live-->"
VARY = ("Cookie", "Accept-Language", "X-Live")
_CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken"')


def _version_key(event_id: int) -> str:
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


# The decorator -----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A page kept whole: the version it shows, the headers its view set, its body."""

    version: str
    headers: tuple
    body: bytes


def _page_key(request, language: str) -> str:
    where = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    digest = hashlib.blake2b(where.encode(), digest_size=16).hexdigest()
    return f"page:{digest}:{language}"


def _anonymous(request) -> bool | None:
    """Return True for a visitor who is not logged in (without touching the database when
    they have no session), False for a logged-in user, None when the page must be rendered
    afresh (messages are waiting to be shown)."""
    if "messages" in request.COOKIES:
        return None
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return True
    return not request.user.is_authenticated


def _etag(version: str, language: str, user_id: int | None = None) -> str:
    who = "" if user_id is None else f".u{user_id}"
    return f'W/"{version}.{language}{who}"'


def _unchanged(request, etag: str) -> bool:
    return _sent_unchanged(request.META.get("HTTP_IF_NONE_MATCH", ""), etag)


def _sent_unchanged(sent: str, etag: str) -> bool:
    """Whether an If-None-Match header's value ``sent`` names ``etag`` (or is ``*``)."""
    if sent == etag:
        return True
    return bool(sent) and (sent.strip() == "*" or etag in [t.strip() for t in sent.split(",")])


def _finish(response, etag: str) -> HttpResponse:
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, VARY)
    return response


def _live_part(body: bytes) -> bytes:
    """Return what the live refresh replaces: the page between its live markers."""
    start, end = body.find(LIVE_START), body.find(LIVE_END)
    if start < 0 or end < start:
        return body
    return body[start + len(LIVE_START) : end]


def _body_response(entry: Entry, live: bool) -> HttpResponse:
    response = HttpResponse(_live_part(entry.body) if live else entry.body)
    for name, value in entry.headers:
        response[name] = value
    return response


def public_page(event_of):
    """Cache a public page (or feed) of an event whole, with an ETag, as described above.

    ``event_of(kwargs)`` returns the id of the event the URL shows (None: not found), and
    its version if it has just read it. The view renders the page; ``request.page_etag`` is
    the ETag it will carry, for the page to tell the live refresh. A request with
    ``X-Live: 1`` gets only the part of the page between ``<!--live-->`` and
    ``<!--/live-->``.
    """

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            event_id, version = event_of(kwargs)
            if version is None and event_id is not None:
                version = event_version(event_id)
                if version is None:  # the event kept for a match is gone: ask again
                    event_id, version = event_of(kwargs, forget=True)
            if version is None:
                return view(request, *args, **kwargs)  # not found: the view says so
            language = get_language()
            anonymous = _anonymous(request)
            user_id = None if anonymous is not False else request.user.pk
            etag = request.page_etag = _etag(version, language, user_id)
            if _unchanged(request, etag):
                return _finish(HttpResponseNotModified(), etag)
            live = request.headers.get("X-Live") == "1"
            key = _page_key(request, language) if anonymous else None
            entry = cache.get(key) if key else None
            if entry is not None and entry.version == version:
                response = _body_response(entry, live)
            else:
                response = view(request, *args, **kwargs)
                if key and response.status_code == 200 and not response.streaming:
                    if _CSRF_INPUT.search(response.content):
                        logger.warning("%s holds a CSRF token: not cached", request.path)
                    else:
                        entry = Entry(version, tuple(response.items()), response.content)
                        cache.set(key, entry, PAGE_TIMEOUT)
                if live and response.status_code == 200:
                    response.content = _live_part(response.content)
            return _finish(response, etag)

        wrapper.public_page = event_of  # for CachedPageMiddleware
        return wrapper

    return decorator


# Straight from the cache, before the rest of the middleware --------------------------


@functools.lru_cache(maxsize=4096)
def _route(path: str):
    """Return (how to find the event, URL arguments) for a public page's path, else None."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    event_of = getattr(match.func, "public_page", None)
    return None if event_of is None else (event_of, match.kwargs)


@functools.cache
def _fixed_headers() -> tuple:
    """Return the headers an answer from the cache carries whatever the page: those the
    middleware after CachedPageMiddleware adds to every page, and the cache's own (as
    ``_finish`` makes them), worked out once."""
    from csp.utils import build_policy

    finished = _finish(HttpResponse(), "")
    return (
        ("Content-Security-Policy", build_policy()),
        ("X-Frame-Options", settings.X_FRAME_OPTIONS),
        ("Cache-Control", finished["Cache-Control"]),
        ("Vary", finished["Vary"]),
    )


def answer_from_cache(request) -> HttpResponse | None:
    """Return the answer to a visitor's GET of a cached public page, or None to let the
    whole stack answer (not a public page, a logged-in user or session, messages waiting,
    the event's version or the page not in the cache, a database that does not answer).

    The event's version comes from the cache where it may be trusted there
    (REVISIONS_IN_CACHE), else from the database; with If-None-Match, a 304 needs only the
    version, and without it a page not in the cache costs no query (the view reads it).
    """
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
        return None
    route = _route(request.path_info)
    if route is None:
        return None
    event_of, kwargs = route
    event_id, _ = event_of(kwargs, cached_only=True)
    if event_id is None:
        return None
    request.get_host()  # a Host not allowed is refused (400), as the whole stack refuses it
    language = get_language_from_request(request)
    sent = request.META.get("HTTP_IF_NONE_MATCH")
    entry = None
    if settings.REVISIONS_IN_CACHE:
        if sent:
            version = cache.get(_version_key(event_id))
        else:
            page_key = _page_key(request, language)
            found = cache.get_many([_version_key(event_id), page_key])
            version, entry = found.get(_version_key(event_id)), found.get(page_key)
    else:
        if not sent:
            entry = cache.get(_page_key(request, language))
            if entry is None:
                return None
        try:
            version = version_from_database(event_id)
        except DatabaseError:
            return None  # the whole stack answers, with its message (matches/middleware.py)
    if version is None:
        return None
    etag = _etag(version, language)
    if sent:
        if _sent_unchanged(sent, etag):
            return _fixed(HttpResponseNotModified(), etag, language)
        entry = cache.get(_page_key(request, language))
    if entry is None or entry.version != version:
        return None
    response = _body_response(entry, request.META.get("HTTP_X_LIVE") == "1")
    response["Content-Length"] = str(len(response.content))
    return _fixed(response, etag, language)


def _fixed(response, etag: str, language: str) -> HttpResponse:
    if "Cache-Control" in response or "Vary" in response:  # the view set its own: merged
        response = _finish(response, etag)
        fixed = _fixed_headers()[:2]
    else:
        response["ETag"] = etag
        fixed = _fixed_headers()
    for name, value in fixed:
        response[name] = value
    response["Content-Language"] = language
    return response
