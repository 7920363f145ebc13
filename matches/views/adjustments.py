"""Director pages for adjustments, penalties, forfeits, byes and final results."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth.permissions import event_director_required
from matches.forms.adjustments import (
    ArtificialScoreForm,
    AssignedScoreForm,
    ForfeitForm,
    ImpPenaltyForm,
    ReleaseBoardForm,
    StatusForm,
    VpPenaltyForm,
)
from matches.models import Board, Event, ImpPenalty, Match, MatchStatus, VpPenalty
from matches.views.manage import event_manage_context, match_manage_context
from matches.views.stages import announce_next_matches


@require_http_methods(["GET", "POST"])
@event_director_required
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
    form, done = None, None
    try:
        if action == "artificial" and artificial.is_valid():
            form, data = artificial, artificial.cleaned_data
            actions.set_artificial_score(
                board,
                home_imps=artificial.imps(data["home"]),
                away_imps=artificial.imps(data["away"]),
                reason=data["reason"],
                user=request.user,
            )
            done = _("Adjusted score saved.")
        elif action == "clear-artificial":
            form = artificial
            actions.clear_artificial_score(board, user=request.user)
            done = _("Adjusted score removed.")
        elif action == "assigned" and assigned.is_valid():
            form, data = assigned, assigned.cleaned_data
            actions.assign_result(
                board, data["room"], data, reason=data["reason"], user=request.user
            )
            done = _("Assigned score saved.")
    except ActionError as error:
        form.refuse(error)
    if done:
        messages.success(request, done)
        return redirect("director-board-adjust", match.pk, number)
    context = {"board": board, "match": match, "artificial": artificial, "assigned": assigned}
    return render(request, "director/board_adjust.html", context)


@require_POST
@event_director_required
def match_status(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    form = StatusForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        if data["status"] == MatchStatus.FINAL and not data["confirm"] and not match.is_final:
            # The first press shows the result to be confirmed; the second marks it final.
            context = match_manage_context(request, match, status_form=form)
            context.update(confirming=True, pending_boards=match.pending_board_numbers())
            return render(request, "director/match.html", context)
        try:
            if data["status"] == MatchStatus.FINAL:
                match = actions.mark_final(match, confirm=data["confirm"], user=request.user)
            else:
                actions.reopen_match(match, reason=data["reason"], user=request.user)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Match status saved."))
            return _after_status(request, match)
    match.refresh_from_db()
    return _match_page(request, match, status_form=form)


def _after_status(request, match):
    """Say what marking a knockout match final did: the next match made, or a tie to
    decide (the decision's page comes next)."""
    advance = getattr(match, "advance", None)
    if advance is not None and advance.tie:
        messages.warning(request, _("The match is level: record how the tie was decided."))
        return redirect("director-knockout-tie", match.pk)
    announce_next_matches(request, advance.made if advance is not None else [])
    return redirect("director-match", match.pk)


@require_POST
@event_director_required
def match_forfeit(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    form = ForfeitForm(request.POST, match=match, prefix="forfeit")
    clear = request.POST.get("action") == "clear"
    if clear or form.is_valid():
        try:
            if clear:
                actions.clear_forfeit(match, user=request.user)
            else:
                data = form.cleaned_data
                actions.set_forfeit(
                    match,
                    home_vp=data["home_vp"],
                    away_vp=data["away_vp"],
                    reason=data["reason"],
                    user=request.user,
                )
        except ActionError as error:
            form = ForfeitForm(match=match, prefix="forfeit") if clear else form
            form.refuse(error)
        else:
            messages.success(request, _("Forfeit removed.") if clear else _("Forfeit saved."))
            return redirect("director-match", match.pk)
    return _match_page(request, match, forfeit_form=form)


@require_POST
@event_director_required
def imp_penalty_add(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    form = ImpPenaltyForm(request.POST, match=match, prefix="penalty")
    if form.is_valid():
        data = form.cleaned_data
        try:
            actions.add_imp_penalty(
                match,
                team=data["team"],
                imps=data["imps"],
                reason=data["reason"],
                user=request.user,
            )
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("IMP penalty saved."))
            return redirect("director-match", match.pk)
    return _match_page(request, match, penalty_form=form)


@require_POST
@event_director_required
def imp_penalty_delete(request, match_id, penalty_id):
    penalty = get_object_or_404(ImpPenalty, pk=penalty_id, match=match_id)
    try:
        actions.remove_imp_penalty(penalty, user=request.user)
    except ActionError as error:
        match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
        form = ImpPenaltyForm(match=match, prefix="penalty")
        form.refuse(error)
        return _match_page(request, match, penalty_form=form)
    messages.success(request, _("IMP penalty removed."))
    return redirect("director-match", match_id)


@require_POST
@event_director_required
def vp_penalty_add(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = VpPenaltyForm(request.POST, event=event, prefix="vp")
    if form.is_valid():
        data = form.cleaned_data
        try:
            actions.add_vp_penalty(
                event,
                team=data["team"],
                vp=data["vp"],
                reason=data["reason"],
                stage=data.get("stage", form.default_stage),
                user=request.user,
            )
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("VP penalty saved."))
            return redirect("director-event", event.pk)
    return _event_page(request, event, vp_form=form)


@require_POST
@event_director_required
def vp_penalty_delete(request, event_id, penalty_id):
    penalty = get_object_or_404(VpPenalty, pk=penalty_id, event=event_id)
    try:
        actions.remove_vp_penalty(penalty, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("VP penalty removed."))
    return redirect("director-event", event_id)


@require_POST
@event_director_required
def round_robin(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    try:
        made = actions.make_round_robin(event, user=request.user)
    except ActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Round robin made: %(count)s matches.") % {"count": len(made)})
    return redirect("director-event", event.pk)


def _match_page(request, match, **forms):
    return render(request, "director/match.html", match_manage_context(request, match, **forms))


def _event_page(request, event, **forms):
    return render(request, "director/event.html", event_manage_context(event, **forms))


@require_POST
@event_director_required
def release_board(request, match_id):
    """Take a board out of play for the round (a fouled board, a late table): its results
    and hands become public by the event's rules as if every table had played it."""
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    form = ReleaseBoardForm(request.POST, prefix="release")
    if form.is_valid():
        data = form.cleaned_data
        try:
            actions.release_board(
                match, board=data["board"], reason=data["reason"], user=request.user
            )
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Board %(board)s is out of play.") % data)
            return redirect("director-match", match.pk)
    return _match_page(request, match, release_form=form)
