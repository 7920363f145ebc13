"""How a request reaches a table: the headers that keep a table's token in, the phone's
own name, and the table found by the token in the URL (404 for a token no table has, 410
for a link the director withdrew or replaced). Used by every page at ``/t/``."""

from __future__ import annotations

import secrets
from functools import wraps

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches import queries
from matches.actions.tables import REVOKED

TOKEN_MAX = 64
# The phone's own name, kept in its browser: what a phone does at a table is tied to the
# phone (a change to an accepted result is accepted on another phone than the one that
# entered it), whatever side it says it is.
PHONE_COOKIE = "table_phone"
PHONE_COOKIE_AGE = 400 * 24 * 3600
REPLACED = gettext_lazy(
    "The director has replaced this table's link with a new one: scan the new card, or ask "
    "the director for it."
)


def table_headers(view):
    """Give a table page's answers the headers that keep its token in: the referrer only
    to this site, no copy in any cache on the way, no search engine."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Referrer-Policy"] = "same-origin"
        response.setdefault("Cache-Control", "no-store")
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return wrapper


def phone_name(view):
    """Give the phone a name of its own the first time it comes (a cookie only the
    tables' pages read), and pass it on as ``request.phone``."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        named = request.COOKIES.get(PHONE_COOKIE, "")
        request.phone = named or secrets.token_urlsafe(16)
        response = view(request, *args, **kwargs)
        if not named:
            response.set_cookie(
                PHONE_COOKIE,
                request.phone,
                max_age=PHONE_COOKIE_AGE,
                path=reverse("table-code"),
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response

    return wrapper


def device_name(request, form) -> str:
    """Return the phone's name: its cookie's, else what its script says it is."""
    return request.COOKIES.get(PHONE_COOKIE) or form.cleaned_data.get("device", "")


def wants_json(request) -> bool:
    """Return True for a request the table's script sent, which reads JSON answers."""
    return request.headers.get("Accept", "").startswith("application/json")


def with_table(view):
    """Find the table by the token in the URL and pass it on: 404 for a token no table
    has, 410 with the reason for a link the director withdrew."""

    @wraps(view)
    def wrapper(request, token, *args, **kwargs):
        table = queries.table_by_token(token) if len(token) <= TOKEN_MAX else None
        if table is None and len(token) <= TOKEN_MAX and queries.link_replaced(token):
            if wants_json(request):
                return JsonResponse(
                    {"ok": False, "code": "replaced", "message": str(REPLACED)}, status=410
                )
            return render(request, "tables/withdrawn.html", {"replaced": True}, status=410)
        if table is None:
            if wants_json(request):
                return JsonResponse(
                    {"ok": False, "code": "unknown", "message": _("This is not a table's link.")},
                    status=404,
                )
            raise Http404
        if not table.is_open:
            if wants_json(request):
                return JsonResponse(
                    {"ok": False, "code": "revoked", "message": str(REVOKED)}, status=410
                )
            return render(request, "tables/withdrawn.html", status=410)
        return view(request, table, *args, **kwargs)

    return wrapper
