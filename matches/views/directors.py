"""An event's directors: its directors (and chief directors) add and remove them; the
director's dashboard lists the events a director directs first."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import director_required, event_director_required, is_chief_director
from matches.models import Event, EventDirector


@require_GET
@director_required
def dashboard(request):
    mine = set(EventDirector.objects.filter(user=request.user).values_list("event_id", flat=True))
    events = list(Event.objects.all())
    chief = is_chief_director(request.user)
    context = {
        "mine": [event for event in events if event.pk in mine],
        "others": [event for event in events if event.pk not in mine],
        "chief": chief,
    }
    return render(request, "director/dashboard.html", context)


@require_POST
@event_director_required
def add(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    username = request.POST.get("username", "")[:150]
    try:
        actions.add_director(event, username=username, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s now directs this event.") % {"name": username})
    return redirect("director-event", event.pk)


@require_POST
@event_director_required
def remove(request, event_id, user_id):
    event = get_object_or_404(Event, pk=event_id)
    director = get_object_or_404(get_user_model(), pk=user_id)
    try:
        actions.remove_director(event, director=director, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("%(name)s no longer directs this event.") % {"name": director.username}
        )
    return redirect("director-event", event.pk)
