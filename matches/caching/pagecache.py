"""The public pages and the JSON feed, cached whole between changes, with ETags.

Every page of an event a visitor sees is keyed on the event's public version (its id,
creation time and the revisions every change to what the public sees moves:
``Event.public_version``), a logged-in user's on every change (``Event.cache_version``: a
director sees every result as it is accepted). A page carries an ETag made of that version
and the language, so a browser (and the 15-second live refresh) asking with
``If-None-Match`` gets ``304 Not Modified`` with no body while nothing has changed.

The version is read from the database (``matches/queries/revisions.py``); which event a URL
shows is ``versions``' part. Either way a visitor's request for a page that is cached, or
unchanged, is answered by ``CachedPageMiddleware`` (matches/caching/middleware.py),
straight after the static files and before sessions, locale, CSRF, auth, messages, CSP and
the view, with the headers they would have added (``answer_from_cache``); anything else is
left to the whole stack and the ``public_page`` decorator.

With ``PUBLIC_PAGE_GRACE`` (seconds), a page kept for visitors is still sent to them, with
its own ETag, for that long after it was rendered though the event has changed since: a
congress's standings, changed by every result accepted at a table, are then rendered once in
that time whatever the number of visitors, and no visitor sees them more than that many
seconds late. Nor is a page rendered by several processes at once: once its grace is over, the
first request takes the page's render lock (``_take_render_lock``, in the shared cache, for
at most ``RENDER_LOCK_SECONDS``) and renders it, while the others are still sent the page as it
was rendered until the new one is kept; on a busy server, where a page takes longer to render,
every visitor asking meanwhile would otherwise render it too, and the server fall further
behind. A page is then at most the grace plus the time to render it late.

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
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import Error as DatabaseError
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, get_language_from_request

from matches.queries import revisions

logger = logging.getLogger(__name__)

PAGE_TIMEOUT = 3600
RENDER_LOCK_SECONDS = 10  # a render lock left by a process that died meanwhile lapses
LIVE_START, LIVE_END = b"<!--live-->", b"<!--/live-->"
VARY = ("Cookie", "Accept-Language", "X-Live")
_CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken"')


# The decorator -----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A page kept whole: the version it shows, the headers its view set, its body."""

    version: str
    headers: tuple
    body: bytes
    rendered: float = 0.0  # when (time.time()), for PUBLIC_PAGE_GRACE

    def in_grace(self) -> bool:
        """Whether the page may still be sent though the event has changed since it was
        rendered: for PUBLIC_PAGE_GRACE seconds after it was rendered (see the module)."""
        grace = settings.PUBLIC_PAGE_GRACE
        return grace > 0 and time.time() - self.rendered < grace


def _page_key(request, language: str) -> str:
    where = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    digest = hashlib.blake2b(where.encode(), digest_size=16).hexdigest()
    return f"page:{digest}:{language}"


def _render_lock_key(page_key: str) -> str:
    return f"rendering:{page_key}"


def _take_render_lock(page_key: str) -> bool:
    """Return True when this request is to render the page again (with PUBLIC_PAGE_GRACE,
    the first to ask once its grace is over; without it, every request), False while
    another process is rendering it (see the module)."""
    if settings.PUBLIC_PAGE_GRACE <= 0:
        return True
    return cache.add(_render_lock_key(page_key), 1, RENDER_LOCK_SECONDS)


def _release_render_lock(page_key: str) -> None:
    if settings.PUBLIC_PAGE_GRACE > 0:
        cache.delete(_render_lock_key(page_key))


def _being_rendered(page_key: str) -> bool:
    return settings.PUBLIC_PAGE_GRACE > 0 and cache.get(_render_lock_key(page_key)) is not None


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
    the ETag it will carry, for the page to tell the live refresh, and
    ``request.page_version`` the version, for its fragment caches. A request with
    ``X-Live: 1`` gets only the part of the page between ``<!--live-->`` and
    ``<!--/live-->``.
    """

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            event_id, version = event_of(kwargs)
            anonymous = _anonymous(request)
            if version is None and event_id is not None:
                # the public's version, or what a logged-in user's page shows (a director's)
                read = revisions.public_version if anonymous else revisions.user_version
                version = read(event_id)
            if version is None:
                return view(request, *args, **kwargs)  # not found: the view says so
            language = get_language()
            user_id = None if anonymous is not False else request.user.pk
            request.page_version = version  # what the page's fragment caches are keyed on
            etag = request.page_etag = _etag(version, language, user_id)
            if (conditional := get_conditional_response(request, etag)) is not None:
                return _finish(conditional, etag)
            live = request.headers.get("X-Live") == "1"
            key = _page_key(request, language) if anonymous else None
            entry = cache.get(key) if key else None
            if entry is not None and entry.version == version:
                response = _body_response(entry, live)
            elif entry is not None and not _take_render_lock(key):
                # rendered again by another process this moment: the page as it was rendered
                etag = _etag(entry.version, language)
                if (conditional := get_conditional_response(request, etag)) is not None:
                    return _finish(conditional, etag)
                response = _body_response(entry, live)
            else:
                try:
                    response = _rendered(request, view, args, kwargs, key, version, live)
                finally:
                    if entry is not None:  # the lock _take_render_lock took
                        _release_render_lock(key)
            return _finish(response, etag)

        wrapper.public_page = event_of  # for CachedPageMiddleware
        return wrapper

    return decorator


def _rendered(request, view, args, kwargs, key, version, live) -> HttpResponse:
    """Return the page rendered by its view, kept whole under ``key`` (None: not kept)."""
    response = view(request, *args, **kwargs)
    if key and response.status_code == 200 and not response.streaming:
        if _CSRF_INPUT.search(response.content):
            logger.warning("%s holds a CSRF token: not cached", request.path)
        else:
            entry = Entry(version, tuple(response.items()), response.content, time.time())
            cache.set(key, entry, PAGE_TIMEOUT)
    if live and response.status_code == 200:
        response.content = _live_part(response.content)
    return response


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
    the page not in the cache, a database that does not answer).

    The event's version is read from the database (``queries.revisions``): with If-None-Match, a
    304 needs only the version, and without it a page not in the cache costs no query (the
    view reads it). A match's pages are keyed on the match (``versions.event_of_match``),
    whose version is read with its event in one query.
    """
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
        return None
    route = _route(request.path_info)
    if route is None:
        return None
    event_of, kwargs = route
    request.get_host()  # a Host not allowed is refused (400), as the whole stack refuses it
    language = get_language_from_request(request)
    sent, key = request.META.get("HTTP_IF_NONE_MATCH"), _page_key(request, language)
    entry = None
    if not sent and (entry := cache.get(key)) is None:
        return None  # the view renders it, and reads the version itself
    try:
        event_id, version = event_of(kwargs)
        if event_id is not None and version is None:
            version = revisions.public_version(event_id)
    except DatabaseError:
        return None  # the whole stack answers, with its message (matches/middleware.py)
    return _cached_answer(request, version, language, sent, entry, key)


def _cached_answer(request, version, language, sent, entry, key) -> HttpResponse | None:
    """Return the answer for a page at ``version`` (None: unknown, the whole stack answers):
    304 for the ETag ``sent``, else the page kept (``entry``, or read now from ``key``),
    within its grace when it was rendered at an older version."""
    if version is None:
        return None
    etag = _etag(version, language)
    if sent:
        if (conditional := get_conditional_response(request, etag)) is not None:
            return _fixed(conditional, etag, language)
        entry = cache.get(key)
    if entry is None:
        return None
    if entry.version != version:
        if not entry.in_grace() and not _being_rendered(key):
            return None  # the whole stack renders it (public_page)
        etag = _etag(entry.version, language)  # the page as rendered a moment ago
        if sent and (conditional := get_conditional_response(request, etag)) is not None:
            return _fixed(conditional, etag, language)
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
