"""The tables' pages that need no table link: ``/t/``, where a table's code is typed by
hand (a right code always costs nothing; wrong ones are limited per address, see
``matches.auth.code_lockouts``); and ``/t/sw.js``, the service worker that serves a table's
page once the network is gone.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from matches.actions.tables import REVOKED
from matches.auth import code_lockouts
from matches.forms.tables import TableCodeForm
from matches.models import Room
from matches.queries.event_tables import place_by_code
from matches.text import sentence_gap, wait_words
from matches.views.table_access import table_headers

SERVICE_WORKER = "js/table_sw.js"
WARN_FROM = 5  # a wrong code says after how many more the address waits, from this many


# --- /t/: a table's code, typed by hand --------------------------------------------------


def _waiting(seconds: int) -> str:
    return _(
        "Too many wrong table codes have been typed from your address: type the code "
        "again in %(wait)s. Meanwhile, scanning the QR code on your table's card "
        "opens your table, or ask the director."
    ) % {"wait": wait_words(seconds)}


def _wrong(typed: str, left: int | None) -> str:
    """Return what a wrong code is answered with; ``left``: the wrong codes the address may
    still type with no wait (the one after them is answered, and then it waits)."""
    message = _("No table has the code %(code)s: check it on your table's card.") % {"code": typed}
    if left is None or left + 1 > WARN_FROM:
        return message
    warning = ngettext(
        "After %(count)s more wrong code from your address, it waits between codes.",
        "After %(count)s more wrong codes from your address, it waits between codes.",
        left + 1,
    ) % {"count": left + 1}
    return sentence_gap().join([message, warning])


def _code_page(request, form, refusal="", status=200):
    return render(request, "tables/code.html", {"form": form, "refusal": refusal}, status=status)


@require_http_methods(["GET", "POST"])
@table_headers
def code(request):
    """Return the form for a table's code; a right code goes on to the table's page."""
    if request.method == "GET":
        return _code_page(request, TableCodeForm())
    form = TableCodeForm(request.POST)
    if not form.is_valid():  # not even the shape of a code: nothing looked up or counted
        return _code_page(request, form)
    turn = code_lockouts.take_turn(request)
    if not turn.allowed:
        return _code_page(request, form, _waiting(turn.wait), status=429)
    typed = form.cleaned_data["code"]
    found = Room.objects.filter(code=typed).first()
    if found is not None:
        turn.right()
        if found.is_open:
            return redirect("table", found.token)
        form.add_error("code", str(REVOKED))
        return _code_page(request, form)
    place = place_by_code(typed)  # a table's card for the whole event
    if place is not None:
        turn.right()
        if place.is_open:
            return redirect("table", place.token)
        form.add_error("code", str(REVOKED))
        return _code_page(request, form)
    wait = turn.wrong()
    form.add_error("code", _wrong(typed, turn.left()))
    if wait:
        return _code_page(request, form, _waiting(wait), status=429)
    return _code_page(request, form)


# --- the service worker -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _service_worker_source(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


@require_GET
def service_worker(request):
    """Return the tables' service worker from static/js, served under /t/ so that its
    scope is the tables' pages (and only them)."""
    path = finders.find(SERVICE_WORKER)
    if path is None:
        raise Http404
    source = (
        _service_worker_source.__wrapped__(path) if settings.DEBUG else _service_worker_source(path)
    )
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("table-code")
    response["Cache-Control"] = "no-cache"
    return response
