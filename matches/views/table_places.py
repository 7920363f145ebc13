"""A table's card for the whole event (``EventTable``): its link, ``/t/<token>/`` like a
room's, hands the phone on to the room of the match at that table now (or, with
``?match=<id>``, the match a pair was sent on to: ``presenters.table_moves``), whose own
link the phone keeps. Any other token is a room's (``tables.page``).
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from matches import actions
from matches.actions import ActionError
from matches.queries.event_tables import place_by_token
from matches.views import tables
from matches.views.table_access import TOKEN_MAX, table_headers


@require_GET
@table_headers
def page(request, token):
    """Return the table's page: a card's link goes on to the room of its match now."""
    place = place_by_token(token) if len(token) <= TOKEN_MAX else None
    if place is None:
        return tables.page(request, token)
    if not place.is_open:
        return render(request, "tables/withdrawn.html", status=410)
    wanted = request.GET.get("match", "")
    try:
        room = actions.room_at(
            place, match=int(wanted) if wanted.isdigit() and len(wanted) < 12 else None
        )
    except ActionError as error:
        return render(request, "tables/no_match.html", {"message": str(error)}, status=404)
    return redirect("table", room.token)
