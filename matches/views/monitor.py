"""The director's side of the tables: open a round's tables, print their cards (QR code and
short code), revoke or renew a table's link, and watch the room on the monitor, answering
the players' calls. Every write goes through matches/actions; the event's directors only.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import event_director_required
from matches.models import DirectorCall, Match, Room
from matches.presenters.monitor import LEGEND, PACE_GAP, room_monitor
from matches.presenters.table_cards import qr_file, round_tables, table_label
from matches.public_address import link_maker, public_url
from matches.queries.event_tables import table_numbers
from matches.queries.knockout_words import stage_round_name
from matches.views.rounds import stage_of_round


def table_link(request):
    """Return the function giving a table's absolute link (what its QR code holds), on the
    address phones reach (``matches.public_address``)."""

    absolute = link_maker(request)

    def link_for(table: Room) -> str:
        return absolute(reverse("table", args=[table.token]))

    return link_for


def tables_of_round(request, stage, round_number: int):
    """Return the stage's round's tables with their links, as the round page and the
    sheets show them."""
    return round_tables(stage, round_number, table_link(request))


def back_to_round(event_id: int, stage_number: int, round_number: int):
    """Return the redirect to the round's tab of the director's event page, at its tables."""
    url = reverse("director-event", args=[event_id])
    return redirect(
        f"{url}?stage={stage_number}&round={round_number}#tables-{stage_number}-{round_number}"
    )


@never_cache
@require_GET
@event_director_required
def table_cards(request, event_id, number, round_number):
    """Return the stage's round's table cards to print, four to an A4 page (reads only: a
    round whose tables are not open yet offers the button that opens them)."""
    event, stage = stage_of_round(event_id, number, round_number)
    tables = tables_of_round(request, stage, round_number)
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "tables": tables,
        "round_title": stage_round_name(stage, round_number),
        "code_url": public_url(request, reverse("table-code")),
    }
    return render(request, "director/table_cards.html", context)


@require_POST
@event_director_required
def open_tables(request, event_id, number, round_number):
    """Make the stage's round's tables (each of its matches' open and closed room, with
    link and code; no other stage's), then show their cards."""
    event, stage = stage_of_round(event_id, number, round_number)
    try:
        tables = actions.open_tables(stage, round_number=round_number, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
        return back_to_round(event.pk, number, round_number)
    values = {"round": stage_round_name(stage, round_number), "tables": len(tables)}
    messages.success(request, _("The tables are open: %(round)s, %(tables)s tables.") % values)
    return redirect("director-table-cards", event.pk, number, round_number)


def _table_of(event_id: int, table_id: int) -> Room:
    return get_object_or_404(
        Room.objects.select_related("match__stage"), pk=table_id, match__event_id=event_id
    )


def _number(table: Room) -> int:
    """Return the table's number: its match's place in its stage's round (as the cards
    print it)."""
    match = table.match
    in_round = list(Match.objects.filter(stage_id=match.stage_id, round=match.round))
    return table_numbers(in_round)[match.pk]


def _name(table: Room) -> str:
    return _("table %(number)s, %(room)s") % {
        "number": _number(table),
        "room": table.get_room_display(),
    }


@never_cache
@require_GET
@event_director_required
def table_qr(request, event_id, table_id):
    """Return a table's QR code as an SVG image (the round page shows it: the link it holds
    is the table's own, so only the event's directors see it)."""
    table = _table_of(event_id, table_id)
    svg = qr_file(table_link(request)(table), table_label(_number(table), table.room))
    return HttpResponse(svg, content_type="image/svg+xml")


@require_POST
@event_director_required
def renew_table(request, event_id, table_id):
    """Give a table a new link and code: the old ones stop working at once."""
    table = _table_of(event_id, table_id)
    try:
        renewed = actions.renew_table(table, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        text = _("The new link and code of %(table)s: %(code)s. Print its card again.")
        messages.success(request, text % {"table": _name(renewed), "code": renewed.code})
    return _back_to(table)


def _back_to(table: Room):
    match = table.match
    number = match.stage.number
    return back_to_round(match.event_id, number, match.round)


@require_POST
@event_director_required
def revoke_table(request, event_id, table_id):
    """Withdraw a table's link: its phones can no longer enter results until it is renewed."""
    table = _table_of(event_id, table_id)
    try:
        actions.revoke_table(table, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        text = _("The link of %(table)s is withdrawn: renew it to give the table a new one.")
        messages.success(request, text % {"table": _name(table)})
    return _back_to(table)


@never_cache
@require_GET
@event_director_required
def monitor(request, event_id, number, round_number):
    """Return the stage's round's room monitor; asked by its own script (HX-Request), only
    its live part."""
    return _monitor(request, *stage_of_round(event_id, number, round_number), round_number)


def _monitor(request, event, stage, round_number: int):
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "round_title": stage_round_name(stage, round_number),
        "monitor": room_monitor(stage, round_number, timezone.now()),
        "legend": LEGEND,
        "pace_gap": PACE_GAP,
        "now": timezone.localtime(),
        "now_ms": int(timezone.now().timestamp() * 1000),
    }
    template = "director/_monitor_live.html" if request.htmx else "director/monitor.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_POST
@event_director_required
def answer_call(request, event_id, number, round_number, call_id):
    """Mark a call for the director answered, then back to the monitor (its script asks
    with HX-Request and gets the monitor's live part)."""
    event, stage = stage_of_round(event_id, number, round_number)
    call = get_object_or_404(DirectorCall, pk=call_id, table__match__event_id=event_id)
    try:
        actions.answer_call(call, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    if request.htmx:
        return _monitor(request, event, stage, round_number)
    return redirect("director-monitor", event_id, number, round_number)
