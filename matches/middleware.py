"""Middleware: a host the site does not serve, the client's address behind trusted
proxies, a request body over the largest the app reads or in a charset it does not read,
and a database that does not answer
(cached public pages are answered early by ``matches.caching.middleware``).

When the database does not answer, say so plainly instead of showing a server error: a
request in flight when PostgreSQL restarts fails with this message; its transaction is
rolled back, so nothing is half-saved, and the same request succeeds once the database is
back (Django opens a new connection for the next request).
"""

import ipaddress
import logging

from csp.utils import build_policy
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import InterfaceError, OperationalError
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import parse_header_parameters

from matches.auth.permissions import directs, is_director
from matches.queries.fair_play import seen_by

logger = logging.getLogger(__name__)
security_logger = logging.getLogger("django.security.DisallowedHost")


class UnknownHostMiddleware:
    """Answer a request for a host the site does not serve (not in ALLOWED_HOSTS: a phone
    that typed the laptop's name, a scanner, a DNS rebinding) with a short page in Chinese
    and English at once (the request's language cannot be trusted before its host is),
    naming the address to open (PUBLIC_URL), with the headers every page has; never
    Django's debug page, whatever DEBUG says. The first middleware: nothing has read the
    host yet. Static files pass, so the page has its style."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            request.get_host()
        except DisallowedHost as refused:
            if request.path.startswith(settings.STATIC_URL):
                return self.get_response(request)
            security_logger.warning("%s", str(refused)[:300])
            return unknown_host_page()
        return self.get_response(request)


def unknown_host_page() -> HttpResponseBadRequest:
    """Return the bilingual page of a host the site does not serve (400)."""
    page = render_to_string("unknown_host.html", {"public_url": settings.PUBLIC_URL})
    response = HttpResponseBadRequest(page)
    response["Content-Security-Policy"] = build_policy()
    response["X-Frame-Options"] = "DENY"
    response["X-Content-Type-Options"] = "nosniff"
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "no-store"
    return response


def client_address(meta: dict, trusted_proxies: int) -> str:
    """Return the address of the client that sent a request, from its WSGI ``meta``.

    Each proxy appends the address it received the request from to X-Forwarded-For, so
    with ``trusted_proxies`` proxies in front the client is that many entries from the
    right; anything further left was written by the client and may be made up. With no
    trusted proxy the header is ignored: the peer's address (REMOTE_ADDR) is the client.
    """
    peer = meta.get("REMOTE_ADDR", "")
    if trusted_proxies <= 0:
        return peer
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if not forwarded:
        return peer
    candidate = forwarded[-min(trusted_proxies, len(forwarded))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        logger.warning("X-Forwarded-For without an address in place: %r", candidate)
        return peer


class ClientAddressMiddleware:
    """Put the client's address in REMOTE_ADDR, so lock-outs, rate limits and logs agree.

    The proxy's own address is kept in PROXY_ADDR.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        trusted_proxies = settings.TRUSTED_PROXIES
        if trusted_proxies:
            request.META["PROXY_ADDR"] = request.META.get("REMOTE_ADDR", "")
            request.META["REMOTE_ADDR"] = client_address(request.META, trusted_proxies)
        return self.get_response(request)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("database unavailable: %s %s", request.method, request.path, exc_info=True)
        if getattr(request, "htmx", False):
            response = render(request, "_database_unavailable.html", status=503)
            response["HX-Retarget"] = "#server-message"
            response["HX-Reswap"] = "innerHTML"
            return response
        return render(request, "503.html", status=503)


# How much of a too-large body is read and thrown away before the answer, so the browser,
# still sending, reads the page instead of a reset connection; beyond it the connection is
# simply closed after the answer.
DRAIN_MOST = 64 * 1024 * 1024


class RequestBodyLimitMiddleware:
    """Answer a request whose body is over REQUEST_MAX_BYTES with 413 and a page saying
    the largest file the site takes, before anything reads the body.

    Django caps form fields (DATA_UPLOAD_MAX_MEMORY_SIZE) but not files; without this, a
    30 MB upload would be read whole (to a temporary file) before the form refused it.
    Placed before anything reads ``request.POST`` (CSRF's check runs after every
    middleware's ``__call__``), it reads only the Content-Length header. The restore page
    takes a backup, up to BACKUP_FILE_MAX_BYTES and the same margin.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        most, file_most = settings.REQUEST_MAX_BYTES, settings.DEAL_FILE_MAX_BYTES
        if request.path_info == reverse("director-restore-event"):  # a backup: bigger
            file_most = settings.BACKUP_FILE_MAX_BYTES
            most = file_most + most - settings.DEAL_FILE_MAX_BYTES
        if length > most:
            logger.warning("request body of %s bytes refused: %s", length, request.path)
            if length <= DRAIN_MOST:
                _drain(request.META.get("wsgi.input"), length)
            context = {"most": file_most, "sent": length}
            response = render(request, "413.html", context, status=413)
            response["Connection"] = "close"
            return response
        return self.get_response(request)


# Methods whose body Django never parses as a form.
BODILESS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def readable_charset(content_type: str) -> bool:
    """Return True when a request body labelled ``content_type`` is one the app can read:
    no charset named, or UTF-8 (Django reads forms as UTF-8 only, and refuses any other
    label with an exception raised again by every error page that reads the form)."""
    try:
        params = parse_header_parameters(content_type)[1]
    except ValueError:
        return False
    charset = params.get("charset")
    return charset is None or charset.strip().lower() == "utf-8"


class RequestCharsetMiddleware:
    """Answer a request whose body is labelled with a charset other than UTF-8 (``utf-16``,
    an unknown name, a codec that is no text encoding) with 400 and the site's page for a
    bad request, before anything reads the body: Django would refuse it while checking the
    CSRF token, and fail again rendering its error page, ending in the server's bare 500.
    Placed after the middleware that add the security headers, so the page has them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        content_type = request.META.get("CONTENT_TYPE", "")
        if request.method not in BODILESS and not readable_charset(content_type):
            logger.warning(
                "request body in a charset not read: %r %s", content_type[:100], request.path
            )
            return render(request, "400.html", status=400)
        return self.get_response(request)


def _drain(stream, length: int) -> None:
    """Read and throw away a body of ``length`` bytes, 64 KB at a time."""
    if stream is None:
        return
    left = length
    while left > 0:
        chunk = stream.read(min(left, 65536))
        if not chunk:
            return
        left -= len(chunk)


class FairPlayMiddleware:
    """Read every page as the user asking sees it (matches/queries/fair_play.py): a board
    still in play shows only to the directors of its event. After the authentication
    middleware, which tells who is asking."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        # what the pages' fragment caches are keyed on besides the event: a director's own
        # (what they see depends on the events they direct), or the public's
        try:
            director = is_director(user)
        except (OperationalError, InterfaceError):  # the database is down: the view says so
            director = False  # (read as the public: fewer boards shown, never more)
        request.fair_key = f"u{user.pk}" if director else "public"
        with seen_by(lambda event_id: directs(user, event_id)):
            return self.get_response(request)
