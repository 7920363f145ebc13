"""Director pages for adjustments, penalties, forfeits, byes and final results."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from matches.forms.adjustments import (
    ArtificialScoreForm,
    AssignedScoreForm,
    ForfeitForm,
    ImpPenaltyForm,
    StatusForm,
    VpPenaltyForm,
)
from matches.models import Board, Event, ImpPenalty, Match, MatchIsFinal, VpPenalty
from matches.permissions import director_required


@require_http_methods(["GET", "POST"])
@director_required
def board_adjust(request, match_id, number):
    board = get_object_or_404(
        Board.objects.select_related("match__event", "match__home", "match__away"),
        match=match_id,
        number=number,
    )
    match = board.match
    action = request.POST.get("action")
    artificial = ArtificialScoreForm(
        request.POST if action == "artificial" else None, event=match.event, prefix="art"
    )
    assigned = AssignedScoreForm(request.POST if action == "assigned" else None, prefix="asg")
    try:
        if action == "artificial" and artificial.is_valid():
            board.set_artificial_score(
                artificial.imps(artificial.cleaned_data["home"]),
                artificial.imps(artificial.cleaned_data["away"]),
                artificial.cleaned_data["reason"],
                request.user,
            )
            messages.success(request, _("Adjusted score saved."))
            return redirect("director-board-adjust", match.pk, number)
        if action == "clear-artificial":
            board.set_artificial_score(None, None, "", request.user)
            messages.success(request, _("Adjusted score removed."))
            return redirect("director-board-adjust", match.pk, number)
        if action == "assigned" and assigned.is_valid():
            board.assign_result(assigned.cleaned_data, request.user)
            messages.success(request, _("Assigned score saved."))
            return redirect("director-board-adjust", match.pk, number)
    except MatchIsFinal:
        messages.error(request, _("This match is final; reopen it before changing it."))
    context = {"board": board, "match": match, "artificial": artificial, "assigned": assigned}
    return render(request, "director/board_adjust.html", context)


@require_POST
@director_required
def match_status(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    form = StatusForm(request.POST)
    if form.is_valid():
        match.set_status(form.cleaned_data["status"], form.cleaned_data["reason"], request.user)
        messages.success(request, _("Match status saved."))
    else:
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("director-match", match.pk)


@require_POST
@director_required
def match_forfeit(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    if request.POST.get("action") == "clear":
        match.set_forfeit(None, None, "", request.user)
        messages.success(request, _("Forfeit removed."))
        return redirect("director-match", match.pk)
    form = ForfeitForm(request.POST, match=match, prefix="forfeit")
    if form.is_valid():
        data = form.cleaned_data
        match.set_forfeit(data["home_vp"], data["away_vp"], data["reason"], request.user)
        messages.success(request, _("Forfeit saved."))
        return redirect("director-match", match.pk)
    return _match_page(request, match, forfeit_form=form)


@require_POST
@director_required
def imp_penalty_add(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    form = ImpPenaltyForm(request.POST, match=match, prefix="penalty")
    if form.is_valid():
        form.instance.created_by = request.user
        form.save()
        match.refresh_totals()
        messages.success(request, _("IMP penalty saved."))
        return redirect("director-match", match.pk)
    return _match_page(request, match, penalty_form=form)


@require_POST
@director_required
def imp_penalty_delete(request, match_id, penalty_id):
    penalty = get_object_or_404(ImpPenalty, pk=penalty_id, match=match_id)
    penalty.delete()
    penalty.match.refresh_totals()
    messages.success(request, _("IMP penalty removed."))
    return redirect("director-match", match_id)


@require_POST
@director_required
def vp_penalty_add(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = VpPenaltyForm(request.POST, event=event, prefix="vp")
    if form.is_valid():
        form.instance.created_by = request.user
        form.save()
        messages.success(request, _("VP penalty saved."))
    else:
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("director-event", event.pk)


@require_POST
@director_required
def vp_penalty_delete(request, event_id, penalty_id):
    get_object_or_404(VpPenalty, pk=penalty_id, event=event_id).delete()
    messages.success(request, _("VP penalty removed."))
    return redirect("director-event", event_id)


@require_POST
@director_required
def round_robin(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    if event.matches.exists():
        messages.error(request, _("This event already has matches; add any more by hand."))
    elif not 3 <= event.teams.count() <= 64:
        messages.error(request, _("A round robin needs 3 to 64 teams."))
    else:
        made = event.create_round_robin()
        messages.success(request, _("Round robin made: %(count)s matches.") % {"count": len(made)})
    return redirect("director-event", event.pk)


def _match_page(request, match, **forms):
    from matches.views.director import match_manage_context

    return render(request, "director/match.html", match_manage_context(request, match, **forms))
