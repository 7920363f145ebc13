"""Director pages for corrections at the event level: delete a match or an event, remove
or withdraw a team, and the event's export offered before its deletion. Each page asks
the director to confirm; the actions keep the deletion (and its reason) in the history."""

from django.contrib import messages
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import event_director_required
from matches.forms.corrections import (
    DeleteEventForm,
    DeleteMatchForm,
    RemoveTeamForm,
    WithdrawTeamForm,
)
from matches.interchange import backup
from matches.models import Event, Match, Result, Team


@require_http_methods(["GET", "POST"])
@event_director_required
def match_delete(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    results = Result.objects.filter(board__match=match).count()
    form = DeleteMatchForm(_posted(request), results=results)
    if request.method == "POST" and form.is_valid():
        try:
            actions.delete_match(match, user=request.user, **form.cleaned())
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(
                request,
                _("Match deleted: round %(round)s, %(home)s – %(away)s.")
                % {"round": match.round, "home": match.home.name, "away": match.away.name},
            )
            return redirect("director-event", match.event_id)
    context = {"match": match, "event": match.event, "results": results, "form": form}
    return render(request, "director/match_delete.html", context)


@require_http_methods(["GET", "POST"])
@event_director_required
def event_delete(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = DeleteEventForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        name = event.name
        try:
            actions.delete_event(
                event, reason=form.cleaned_data["reason"], confirm=True, user=request.user
            )
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Event deleted: %(name)s.") % {"name": name})
            return redirect("director")
    context = {
        "event": event,
        "form": form,
        "teams": event.teams.count(),
        "matches": event.matches.count(),
        "results": Result.objects.filter(board__match__event=event).count(),
    }
    return render(request, "director/event_delete.html", context)


@require_GET
@event_director_required
def event_export(request, event_id):
    """The event as one JSON document (matches/interchange/backup/), for ``import_event``."""
    event = get_object_or_404(Event, pk=event_id)
    response = HttpResponse(
        backup.dumps(backup.export_event(event)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}.json"'
    return response


@require_http_methods(["GET", "POST"])
@event_director_required
def team_remove(request, event_id, team_id):
    """Remove a team with no match; withdraw one that has played (its results stand)."""
    event = get_object_or_404(Event, pk=event_id)
    team = get_object_or_404(Team, pk=team_id, event=event)
    matches = event.matches.filter(Q(home=team) | Q(away=team))
    played = matches.filter(boards__results__isnull=False).distinct().count()
    unplayed = matches.exclude(boards__results__isnull=False).exclude(status="final").count()
    has_matches = matches.exists()
    form_class = WithdrawTeamForm if has_matches else RemoveTeamForm
    form = form_class(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            if has_matches:
                actions.withdraw_from_event(
                    team, reason=form.cleaned_data["reason"], user=request.user
                )
                done = _("%(team)s withdrawn: its results stand.")
            else:
                actions.remove_team(team, user=request.user)
                done = _("%(team)s removed.")
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, done % {"team": team.name})
            return redirect("director-event", event.pk)
    context = {
        "event": event,
        "team": team,
        "form": form,
        "withdraw": has_matches,
        "played": played,
        "unplayed": unplayed,
        "players": team.players.count(),
    }
    return render(request, "director/team_remove.html", context)


def _posted(request):
    """Return the posted data (bound even when empty: a confirm page may post no field)."""
    return request.POST if request.method == "POST" else None
