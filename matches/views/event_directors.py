"""An event's directors: its directors (and chief directors) add and remove them; the
director's dashboard lists the events a director directs first.

A refused name is shown beside the "add a director" field; neither view tells the site's
accounts apart (see ``matches.actions.directors``).
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import director_required, event_director_required, is_chief_director
from matches.forms.accounts import AddDirectorForm
from matches.models import Event, EventDirector
from matches.presenters import jobs as presented_jobs
from matches.views.manage import event_manage_context


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
        "jobs": presented_jobs.recent(user=request.user),
    }
    return render(request, "director/dashboard.html", context)


@require_POST
@event_director_required
def add(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = AddDirectorForm(request.POST)
    if form.is_valid():
        username = form.cleaned_data["username"]
        try:
            actions.add_director(event, username=username, user=request.user)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("%(name)s now directs this event.") % {"name": username})
            return redirect("director-event", event.pk)
    context = {**event_manage_context(event), "director_form": form}
    return render(request, "director/event.html", context)


@require_POST
@event_director_required
def remove(request, event_id, user_id):
    event = get_object_or_404(Event, pk=event_id)
    try:  # the id of any user, or of none: the action tells them apart to nobody
        name = actions.remove_director(event, director=user_id, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s no longer directs this event.") % {"name": name})
    return redirect("director-event", event.pk)
