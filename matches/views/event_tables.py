"""The director's side of the event's table cards (one per table and room for the whole
event): open them, print them, revoke or renew one, and move a match to another table
before its round starts. Every write goes through matches/actions; the event's directors
only.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import event_director_required
from matches.forms.event_tables import MoveTableForm
from matches.models import Event, EventTable, Match
from matches.presenters.event_cards import event_cards
from matches.public_address import link_maker, public_url
from matches.queries.knockout_words import stage_round_name


def _cards(request, event):
    absolute = link_maker(request)
    return event_cards(event, lambda table: absolute(reverse("table", args=[table.token])))


def _choices(cards) -> list[tuple[int, str]]:
    """Return the matches that may still move, named by where they play now."""
    return [
        (
            m.pk,
            _("%(where)s: %(home)s – %(away)s")
            % {"where": _where(m), "home": m.home.name, "away": m.away.name},
        )
        for m in cards.movable
    ]


def _where(match: Match) -> str:
    name = stage_round_name(match.stage, match.round)
    return _("%(round)s, table %(number)s") % {"round": name, "number": match.table_number}


def _page(request, event, form=None):
    cards = _cards(request, event)
    form = form or MoveTableForm(matches=_choices(cards))
    context = {
        "event": event,
        "cards": cards,
        "form": form,
        "code_url": public_url(request, reverse("table-code")),
    }
    return render(request, "director/event_table_cards.html", context)


def _back(event_id: int):
    return redirect("director-event-table-cards", event_id)


@never_cache
@require_GET
@event_director_required
def table_cards(request, event_id):
    """Return the event's table cards to print, four to an A4 page, with what each opens
    now, revoke and renew, and the form that moves a match to another table."""
    return _page(request, get_object_or_404(Event, pk=event_id))


@require_POST
@event_director_required
def open_tables(request, event_id):
    """Make the event's table cards (each table number's open and closed room)."""
    event = get_object_or_404(Event, pk=event_id)
    try:
        made = actions.open_event_tables(event, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        text = _("The event's tables are open: %(cards)s cards, to print once for the event.")
        messages.success(request, text % {"cards": len(made)})
    return _back(event.pk)


def _card_of(event_id: int, table_id: int) -> EventTable:
    return get_object_or_404(EventTable, pk=table_id, event_id=event_id)


def _name(table: EventTable) -> str:
    return _("table %(number)s, %(room)s") % {
        "number": table.number,
        "room": table.get_room_display(),
    }


@require_POST
@event_director_required
def renew_card(request, event_id, table_id):
    """Give a table's card a new link and code: the old ones stop working at once."""
    table = _card_of(event_id, table_id)
    try:
        renewed = actions.renew_event_table(table, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        text = _("The new link and code of %(table)s: %(code)s. Print its card again.")
        messages.success(request, text % {"table": _name(renewed), "code": renewed.code})
    return _back(event_id)


@require_POST
@event_director_required
def revoke_card(request, event_id, table_id):
    """Withdraw a table card's link: its phones can no longer enter results until renewed."""
    table = _card_of(event_id, table_id)
    try:
        actions.revoke_event_table(table, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        text = _("The link of %(table)s is withdrawn: renew it to give the table a new one.")
        messages.success(request, text % {"table": _name(table)})
    return _back(event_id)


@require_POST
@event_director_required
def move_match(request, event_id):
    """Move a match to another table of its round, before the round starts."""
    event = get_object_or_404(Event, pk=event_id)
    form = MoveTableForm(request.POST, matches=_choices(_cards(request, event)))
    if not form.is_valid():
        return _page(request, event, form)
    match = get_object_or_404(Match, pk=form.cleaned_data["match"], event=event)
    try:
        actions.move_to_table(match, number=form.cleaned_data["number"], user=request.user)
    except ActionError as error:
        form.refuse(error)
        return _page(request, event, form)
    text = _("%(home)s – %(away)s now plays at table %(number)s.")
    messages.success(
        request,
        text
        % {"home": match.home.name, "away": match.away.name, "number": form.cleaned_data["number"]},
    )
    return _back(event_id)
