"""Director pages that set up many things at once: teams from a list, a round's line-ups.
Every write goes through the actions layer."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import event_director_required
from matches.choices import SeatChoice
from matches.forms.bulk import LineupForm, TeamListForm
from matches.models import Event
from matches.presenters import progress
from matches.queries.knockout_words import stage_round_name
from matches.queries.lineups import proposed_lineups
from matches.views.rounds import stage_of_round


@require_http_methods(["GET", "POST"])
@event_director_required
def team_list(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = TeamListForm(request.POST or None, event=event)
    if form.is_valid():
        try:
            teams = actions.add_teams(event, teams=form.cleaned_data["teams"], user=request.user)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("%(count)s teams added.") % {"count": len(teams)})
            return redirect("director-event", event.pk)
    context = {"event": event, "form": form, "teams": event.teams.order_by("pk")}
    return render(request, "director/team_list.html", context)


@require_http_methods(["GET", "POST"])
@event_director_required
def lineups(request, event_id, number, round_number):
    """Every match of a stage's round, each segment's eight seats: saved match by match."""
    event, stage = stage_of_round(event_id, number, round_number)
    matches = list(
        stage.matches.filter(round=round_number)
        .select_related("home", "away")
        .prefetch_related("seatings")
    )
    data = request.POST if request.method == "POST" else None
    for match in matches:
        match.event, match.stage = event, stage
    # Where nothing is saved: last round's pairs (or players 1–2 N-S, 3–4 E-W), shown only.
    proposals = proposed_lineups(stage, round_number, matches)
    forms = []
    for match in matches:
        for segment in match.segment_numbers:
            proposal = proposals.get((match.pk, segment))
            initial = proposal.seats if proposal else LineupForm.initial_for(match, segment)
            prefix = f"m{match.pk}-s{segment}"
            form = LineupForm(data, match=match, segment=segment, initial=initial, prefix=prefix)
            form.proposal = proposal
            forms.append(form)
    if data is not None and all(form.is_valid() for form in forms):
        refused = 0
        for form in forms:
            if not (form.has_changed() or (form.proposal and form.complete)):  # confirmed as shown
                continue
            try:
                actions.set_seating(form.match, form.segment, form.seats(), user=request.user)
            except ActionError as error:
                form.refuse(error)
                refused += 1
        if not refused:
            messages.success(
                request,
                _("Line-ups saved: %(round)s.") % {"round": stage_round_name(stage, round_number)},
            )
            url = reverse("director-event", args=[event.pk])
            return redirect(f"{url}?stage={number}&round={round_number}")
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "round_title": stage_round_name(stage, round_number),
        "forms": forms,
        "rounds": progress.round_tabs(event, stage, round_number),
        "seats": list(SeatChoice),
        "proposed": bool(proposals),
    }
    return render(request, "director/lineups.html", context)
