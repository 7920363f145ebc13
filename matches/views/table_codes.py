"""The tables' pages that need no table link: ``/t/``, where a table's code is typed by
hand, limited per address and per code and locked for an address after repeated wrong
codes (never for a logged-in director); and ``/t/sw.js``, the service worker that serves
a table's page once the network is gone.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from matches.actions.tables import REVOKED
from matches.auth import ratelimit
from matches.auth.permissions import is_director
from matches.forms.tables import TableCodeForm
from matches.lib.text import sentence_gap
from matches.models import Room
from matches.views.tables import table_headers

SERVICE_WORKER = "js/table_sw.js"

# How often /t/ may be tried: from one address (any code), at one code (from anywhere),
# and the wrong codes an address may type before it is locked out until the period ends.
# Generous, as a club's phones may all reach the server from one address behind its
# router; most players scan the QR code and never type a code. Settings override them.
CODE_RATES = {
    "tries": ("TABLE_CODE_RATE", "20/m"),
    "per_code": ("TABLE_CODE_PER_CODE_RATE", "30/h"),
    "wrong": ("TABLE_CODE_WRONG_RATE", "20/h"),
}


def code_rate(which: str) -> str:
    """Return a limit on typing table codes (a sliding window, matches/auth/ratelimit.py)."""
    name, default = CODE_RATES[which]
    return getattr(settings, name, default)


# --- /t/: a table's code, typed by hand --------------------------------------------------


class CodeLimits:
    """The limits on typing table codes, for one request: tries from its address, tries at
    one code, and the wrong codes that lock its address out, each a sliding window. A
    logged-in director is never limited (the counts are not even kept)."""

    def __init__(self, request):
        self.request = request
        self.off = is_director(request.user)

    def refusal(self) -> str:
        """Count a try from the address; return why it is refused (blank: it is not)."""
        if self.off:
            return ""
        if not ratelimit.attempt("table-code", self.request, code_rate("tries")):
            return _("Too many tries from your address: wait a minute, then type the code "
                     "again.")  # fmt: skip
        wrong = ratelimit.usage("table-code-wrong", self.request, code_rate("wrong"))
        return _locked(wrong) if wrong.left == 0 else ""

    def refusal_at(self, code: str) -> str:
        """Count a try at this code; return why it is refused (blank: it is not)."""
        if self.off:
            return ""
        rate = code_rate("per_code")
        if not ratelimit.attempt("table-code-code", self.request, rate, key=code):
            used = ratelimit.usage("table-code-code", self.request, rate, key=code)
            return _("This table's code has been tried too often: ask the director for your "
                     "table's link, or try again in %(minutes)s minutes.") % {
                "minutes": _minutes(used)}  # fmt: skip
        return ""

    def wrong(self, message: str) -> tuple[str, str]:
        """Count a wrong code; return the message beside the field (saying how many wrong
        codes are left) and the lock-out's, once the address is locked out."""
        if self.off:
            return message, ""
        rate = code_rate("wrong")
        ratelimit.attempt("table-code-wrong", self.request, rate)
        wrong = ratelimit.usage("table-code-wrong", self.request, rate)
        if wrong.left == 0:
            return message, _locked(wrong)
        left = _("%(left)s more wrong codes and this address is locked out for a while.") % {
            "left": wrong.left}  # fmt: skip
        return sentence_gap().join([message, left]), ""


def _minutes(usage) -> int:
    return max(1, -(-usage.wait // 60))


def _locked(usage) -> str:
    return _("Too many wrong table codes from your address: it is locked out for "
             "%(minutes)s minutes. Ask the director for your table's link or its QR code.") % {
        "minutes": _minutes(usage)}  # fmt: skip


def _code_page(request, form, refusal="", status=200):
    return render(request, "tables/code.html", {"form": form, "refusal": refusal},
                  status=status)  # fmt: skip


@require_http_methods(["GET", "POST"])
@table_headers
def code(request):
    """Return the form for a table's code; a right code goes on to the table's page."""
    if request.method == "GET":
        return _code_page(request, TableCodeForm())
    form = TableCodeForm(request.POST)
    limits = CodeLimits(request)
    refusal = limits.refusal()
    if refusal:
        return _code_page(request, form, refusal, status=429)
    if not form.is_valid():
        return _code_page(request, form)
    typed = form.cleaned_data["code"]
    refusal = limits.refusal_at(typed)
    if refusal:
        return _code_page(request, form, refusal, status=429)
    found = Room.objects.filter(code=typed).first()
    if found is not None and found.is_open:
        return redirect("table", found.token)
    if found is not None:
        form.add_error("code", str(REVOKED))
        return _code_page(request, form)
    message = _("No table has the code %(code)s: check it on your table's card.") % {
        "code": typed}  # fmt: skip
    message, refusal = limits.wrong(message)
    form.add_error("code", message)
    return _code_page(request, form, refusal, status=429 if refusal else 200)


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
