"""The tables' own pages, at ``/t/``: what a table's players open on their phones, with no
login, from the link (or QR code) on their table's card, or by typing its short code.

- ``/t/<token>/``: the table's page (templates/tables/table.html, static/js/table.js);
  ``state.json`` is what its phones poll; ``enter/``, ``accept/``, ``dispute/`` and
  ``call/`` take what they post (JSON answers for the script, a page without it).
- ``/t/`` (a table's code typed by hand) and ``/t/sw.js`` (the service worker) are in
  ``table_codes.py``.

A link reads and writes only its own room: every URL finds the table by its token and
acts on that table alone; an entry or call named in a post is looked up within it. A
withdrawn link answers 410 with the reason, an unknown one 404. Nothing private is shown:
the table's own room, and the other room only when ``queries.table_view`` allows.
Responses carry ``Referrer-Policy: same-origin`` (the token never leaves in a Referer; a
stricter policy would make browsers send ``Origin: null`` and fail the CSRF check) and
``Cache-Control: no-store``; gunicorn.conf.py masks the token in the access log.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from matches import actions, queries
from matches.actions import ActionError, Conflict
from matches.actions.table_results import ALREADY_SAVED, EntryWaiting
from matches.caching import table_states
from matches.forms.tables import CallForm, DecisionForm, TableEntryForm
from matches.presenters.score_words import phone_words, side_name, words_of
from matches.presenters.table_moves import moved_message
from matches.presenters.table_pages import (
    card_signature,
    phone_messages,
    state_signature,
    table_page,
)
from matches.views.table_access import (
    TOKEN_MAX,
    device_name,
    phone_name,
    table_headers,
    wants_json,
    with_table,
)

WAITING_SHOWN = gettext_lazy(
    "%(side)s entered board %(board)s as %(result)s. Accept it, or say it is not agreed: "
    "a different result is not taken while one waits."
)
MOVED = gettext_lazy("Nothing was entered: this match is over at this table. %(now)s")
# the refusals a phone left on an earlier round's page gets (its match over): said as that
STALE = {"final", "compared", "director"}
ACTION_STATUS = 409  # an action refused the post: the answer says why, with the state
# The name a form posted without the script has on the page rendered again with its errors
# (any other form, an answer's, is listed in the page's error summary).
POSTED_AS = {TableEntryForm: "form", CallForm: "call_form"}


def _segment(request) -> int | None:
    value = request.GET.get("segment") or request.POST.get("segment") or ""
    return int(value) if value.isdigit() and len(value) < 4 else None


def _page_context(request, table, *, segment=None, refusal="", forms=None):
    """Return the page's context; ``forms``: the forms posted, with their errors."""
    page = table_page(queries.table_view(table, segment))
    forms = forms or {}
    form = forms.get("form")
    if form is None:
        board = request.GET.get("board", "")
        current = int(board) if board.isdigit() and len(board) < 5 else page.current
        form = TableEntryForm(
            boards=table.match.board_numbers, lead=page.lead, initial={"board": current}
        )
    return {
        "page": page,
        **forms,
        "form": form,
        "call_form": forms.get("call_form") or CallForm(),
        "refusal": refusal,
        "token": table.token,
        "stamp": timezone.now().isoformat(),
        "phone_words": phone_words(),
        "phone_messages": phone_messages(),
    }


def _state(request, page) -> dict:
    """Return what the phones poll: each board's card (the same template as the page's,
    without forms' tokens, which the script adds), the segment's score and the calls."""
    context = {"page": page, "fragment": True}

    def html(template, **extra):
        return render_to_string(f"tables/{template}", {**context, **extra}, request).strip()

    return {
        "segment": page.segment.number,
        "final": page.final,
        "current": page.current,
        "language": get_language(),
        "boards": [
            {
                "number": row.number,
                "status": row.status,
                "entry": row.entry.pk if row.entry else None,
                "html": table_states.card_html(
                    card_signature(page, row), lambda row=row: html("_board_status.html", row=row)
                ),
            }
            for row in page.rows
        ],
        "summary": html("_summary.html"),
        "clock": html("_clock.html"),
        "calls": html("_calls.html"),
    }


def _state_response(request, data: dict, *, status=200, **extra) -> JsonResponse:
    body = {
        **extra,
        "state": {**data, "stamp": timezone.now().isoformat(), "csrf": get_token(request)},
    }
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


@require_GET
@table_headers
@phone_name
@with_table
def page(request, table):
    """Return the table's page."""
    context = _page_context(request, table, segment=_segment(request))
    return render(request, "tables/table.html", context)


@require_GET
@table_headers
def state(request, token):
    """Return the table's state as JSON; 304 while it is what the phone already has, after
    one small query while the match and the event stand still (caching/table_states.py)."""
    segment, language = _segment(request), get_language()
    found = table_states.revisions(token) if len(token) <= TOKEN_MAX else None
    known = table_states.known_state(found, segment, language) if found else None
    if known is None:
        return _rendered_state(request, token, found=found, segment=segment)
    return _state_answer(request, *known)


@with_table
def _rendered_state(request, table, *, found, segment):
    return _state_answer(request, *_fresh_state(request, table, segment, found))


def _state_answer(request, signature: str, data: dict) -> HttpResponse:
    etag = f'"{signature}"'
    response = get_conditional_response(request, etag)  # 304: the same as the phone has
    if response is None:
        response = _state_response(request, data, ok=True)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # asked again each time, with its ETag
    return response


def _fresh_state(request, table, segment, found) -> tuple[str, dict]:
    """Return the table's state rendered afresh and its digest, kept under the revisions
    ``found`` (read before it was rendered) for the next poll."""
    page = table_page(queries.table_view(table, segment))
    signature, data = state_signature(page), _state(request, page)
    if found is not None:
        table_states.remember_state(found, segment, get_language(), signature, data)
    return signature, data


def _answer(request, table, *, ok=True, status=200, form=None, error=None, board=None):
    """Answer a post: JSON with the state for the script (as last rendered, when nothing it
    shows has changed since: the same post sent again, a refusal), else the page (back to
    the page when it went through; the page with the refusal beside its field when it
    did not)."""
    segment = _segment(request)
    if wants_json(request):
        extra = {"ok": ok}
        if form is not None and form.errors:
            extra["errors"] = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
        if error is not None:
            extra["message"], extra["code"] = str(error), error.code
        found = table_states.revisions(table.token)  # read before the state is rendered
        known = table_states.known_state(found, segment, get_language()) if found else None
        _signature, data = known or _fresh_state(request, table, segment, found)
        return _state_response(request, data, status=status, **extra)
    if ok:
        url = reverse("table", args=[table.token])
        query = f"?segment={segment}" if segment else ""
        return redirect(f"{url}{query}#board-{board}" if board else f"{url}{query}")
    forms = {POSTED_AS.get(type(form), "posted_form"): form} if form is not None else {}
    context = _page_context(
        request,
        table,
        segment=segment,
        forms=forms,
        refusal=str(error) if error is not None else "",
    )
    return render(request, "tables/table.html", context)


def _refused(request, table, form, error: ActionError, **kwargs):
    moved = moved_message(table) if error.code in STALE else ""
    if moved:  # a phone left on an earlier round's page: the card's match now is named
        error = ActionError(MOVED, params={"now": moved}, code="moved")
    elif isinstance(error, Conflict):  # the director's result stands
        error = ActionError(
            ALREADY_SAVED, params={"board": kwargs.get("board", "")}, code="director"
        )
    elif isinstance(error, EntryWaiting) and error.waiting is not None:
        waiting = error.waiting  # shown, to be accepted or not agreed
        error = ActionError(
            WAITING_SHOWN,
            code=error.code,
            params={
                "side": side_name(waiting.side),
                "board": waiting.board.number,
                "result": words_of(waiting),
            },
        )
    if form is not None and getattr(form, "refuse", None) and error.code != "director":
        form.refuse(error)
    return _answer(request, table, ok=False, status=ACTION_STATUS, form=form, error=error, **kwargs)


@require_POST
@table_headers
@phone_name
@with_table
def enter(request, table):
    """Take a board's result entered by one side; it waits for the other side."""
    match = table.match
    form = TableEntryForm(request.POST, boards=match.board_numbers, lead=match.event.table_lead)
    if not form.is_valid():
        return _answer(request, table, ok=False, status=400, form=form)
    data = form.cleaned_data
    try:
        actions.enter_at_table(
            table,
            board=data["board"],
            entry=form.entry(),
            side=data["side"],
            device=device_name(request, form),
            key=data["key"],
        )
    except ActionError as error:
        return _refused(request, table, form, error, board=data["board"])
    return _answer(request, table, board=data["board"])


def _decide(request, table, decision):
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _answer(request, table, ok=False, status=400, form=form)
    data = form.cleaned_data
    entry = queries.entry_at_table(table, entry_id=data.get("entry"), key=data.get("entry_key"))
    if entry is None:
        error = ActionError(
            _("This result is no longer on the table: reload the page."), code="gone"
        )
        return _answer(request, table, ok=False, status=404, error=error)
    options = {"side": data["side"], "device": device_name(request, form), "key": data["key"]}
    if decision is actions.dispute_at_table:
        options["reason"] = data["reason"]
    try:
        decision(entry, **options)
    except ActionError as error:
        return _refused(request, table, None, error, board=entry.board.number)
    return _answer(request, table, board=entry.board.number)


@require_POST
@table_headers
@phone_name
@with_table
def accept(request, table):
    """Take the other side's acceptance of an entry: the result is saved for the room."""
    return _decide(request, table, actions.accept_at_table)


@require_POST
@table_headers
@phone_name
@with_table
def dispute(request, table):
    """Take the other side's "not agreed": the director is called to the table."""
    return _decide(request, table, actions.dispute_at_table)


@require_POST
@table_headers
@phone_name
@with_table
def call(request, table):
    """Call the director to the table, with an optional reason."""
    form = CallForm(request.POST)
    if not form.is_valid():
        return _answer(request, table, ok=False, status=400, form=form)
    data = form.cleaned_data
    try:
        actions.call_director(table, key=data["key"], reason=data["reason"])
    except ActionError as error:
        return _refused(request, table, form, error)
    return _answer(request, table)
