"""The event's history page (each match's history is on the director's match page)."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from matches.auth.permissions import event_director_required
from matches.models import Event
from matches.presenters import history


@require_GET
@event_director_required
def event_history(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "entries": history.event_history(event)}
    return render(request, "director/event_history.html", context)
