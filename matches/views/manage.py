"""Director pages: login and the Directors group required before any form work."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from matches import actions, queries
from matches.actions import ActionError
from matches.auth.permissions import director_required, event_director_required
from matches.forms import EventForm, MatchForm, SeatingForm, TeamForm
from matches.forms.adjustments import (
    ForfeitForm,
    ImpPenaltyForm,
    ReleaseBoardForm,
    StatusForm,
    VpPenaltyForm,
)
from matches.models import Board, BoardRelease, Deal, Event, Match, Result, Team
from matches.presenters import history, progress, table_cards
from matches.presenters.board_history import board_history_rows
from matches.queries.lineups import proposed_lineups


@require_http_methods(["GET", "POST"])
@director_required
def event_new(request):
    form = EventForm(request.POST or None, initial={"date": timezone.localdate()})
    if form.is_valid():
        try:
            event = actions.create_event(user=request.user, **form.settings)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Event created. Now add its teams."))
            return redirect("director-event", event.pk)
    return render(request, "director/event_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@event_director_required
def event_manage(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    # Prefixed: the page also has the new-team form, whose fields share these names.
    form = EventForm(request.POST or None, instance=event, prefix="event")
    if form.is_valid():
        try:
            actions.change_event(event, user=request.user, **form.settings)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Event saved."))
            return redirect("director-event", event.pk)
        event.refresh_from_db()
    stage, shown = (_number(request.GET.get(key, "")) for key in ("stage", "round"))
    context = event_manage_context(event, form=form, shown_round=shown, shown_stage=stage)
    return render(request, "director/event.html", context)


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


def event_manage_context(event, shown_round=None, shown_stage=None, **forms):
    """Return what the director's event page shows, with any form just posted.

    The matches shown are those of the stage ``shown_stage``'s round ``shown_round`` (a
    round counts within its stage; no stage: stage 1), by default the round under way.
    """
    current = queries.current_round(queries.stage_data(event))  # stage 1's
    rounds = queries.event_rounds(event)
    stage, shown = progress.shown_round(rounds, event, shown_stage, shown_round, current)
    return {
        "event": event,
        "form": forms.get("form") or EventForm(instance=event),
        "teams": event.teams.order_by("pk").prefetch_related("players"),  # in entry order
        "left_out": queries.teams_left_out(event),  # added after stage 1 started
        "rounds": progress.round_tabs(event, stage, shown, rounds),
        "progress": progress.round_progress(stage, shown) if shown else None,
        "tables": table_cards.round_tables(stage, shown) if shown else None,  # their links
        "round_has_deals": bool(shown) and Deal.objects.for_round(stage, shown).exists(),
        "team_form": forms.get("team_form") or TeamForm(event=event),
        "match_form": forms.get("match_form")
        or MatchForm(event=event, initial={"round": current or 1}),
        "vp_form": forms.get("vp_form") or VpPenaltyForm(event=event, prefix="vp"),
        "vp_penalties": event.vp_penalties.select_related("team", "stage"),
        "byes": event.byes.select_related("team", "stage__event"),
        "directors": event.director_rows.select_related("user"),
    }


@require_http_methods(["GET", "POST"])
@event_director_required
def team_form(request, event_id, team_id=None):
    event = get_object_or_404(Event, pk=event_id)
    team = get_object_or_404(Team, pk=team_id, event=event) if team_id else None
    form = TeamForm(request.POST or None, team=team, event=event)
    if form.is_valid():
        data = form.cleaned_data
        try:
            if team is None:
                actions.add_team(
                    event,
                    name=data["name"],
                    captain=data["captain"],
                    players=data["players"],
                    user=request.user,
                )
            else:
                actions.change_team(team, user=request.user, **form.changes())
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("Team saved."))
            return redirect("director-event", event.pk)
    context = {"event": event, "team": team, "form": form}
    return render(request, "director/team_form.html", context)


@require_http_methods(["GET", "POST"])
@event_director_required
def match_new(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = MatchForm(request.POST or None, event=event)
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = actions.add_match(
                event,
                round=data["round"],
                home=data["home"],
                away=data["away"],
                confirm=data["confirm"],
                user=request.user,
            )
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(
                request, _("Match created. Enter the players' seats, then the results.")
            )
            return redirect("director-match", match.pk)
    return render(request, "director/match_form.html", {"event": event, "form": form})


@require_http_methods(["GET", "POST"])
@event_director_required
def match_manage(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    segment = request.POST.get("segment", "")
    segment = int(segment) if segment.isdigit() and segment.isascii() else 0
    seating_forms = []
    proposals = proposed_lineups(match.stage, match.round, [match])
    for number in match.segment_numbers:
        data = request.POST if number == segment else None
        form = _seating_form(match, number, proposals, data)
        if data is not None and form.is_valid():
            try:
                actions.set_seating(match, number, form.seats(), user=request.user)
            except ActionError as error:
                form.refuse(error)
            else:
                messages.success(request, _("Seating saved."))
                return redirect("director-match", match.pk)
        seating_forms.append((number, form))
    context = match_manage_context(request, match, seating_forms=seating_forms)
    return render(request, "director/match.html", context)


def _seating_form(match, segment, proposals, data=None) -> SeatingForm:
    """Return a segment's seating form: as saved, or (nothing saved) the proposed line-up,
    shown until the director saves it."""
    proposal = proposals.get((match.pk, segment))
    initial = proposal.seats if proposal else SeatingForm.initial_for(match, segment)
    form = SeatingForm(data, match=match, segment=segment, initial=initial, prefix=f"s{segment}")
    form.proposal = proposal
    return form


def match_manage_context(request, match, seating_forms=None, **forms):
    """Return what the match page shows: seating, status, forfeit, penalties, adjustments."""
    if seating_forms is None:
        proposals = proposed_lineups(match.stage, match.round, [match])
        seating_forms = [(n, _seating_form(match, n, proposals)) for n in match.segment_numbers]
    initial = {
        "home_vp": match.forfeit_home_vp,
        "away_vp": match.forfeit_away_vp,
        "reason": match.forfeit_reason,
    }
    return {
        "match": match,
        "seating_forms": seating_forms,
        "penalties": match.imp_penalties.select_related("team"),
        "adjusted_boards": match.boards.filter(adjustment__isnull=False).select_related(
            "adjustment"
        ),
        "penalty_form": forms.get("penalty_form") or ImpPenaltyForm(match=match, prefix="penalty"),
        "forfeit_form": forms.get("forfeit_form")
        or ForfeitForm(match=match, prefix="forfeit", initial=initial),
        "status_form": forms.get("status_form") or StatusForm(),
        "release_form": forms.get("release_form") or ReleaseBoardForm(prefix="release"),
        "releases": BoardRelease.objects.filter(stage_id=match.stage_id, round=match.round),
        "history": history.match_history(match),
    }


@require_GET
@event_director_required
def board_history(request, match_id, number):
    board = get_object_or_404(Board.objects.select_related("match"), match=match_id, number=number)
    history = (
        Result.history.filter(board_id=board.pk)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    rows, entries = board_history_rows(board, history)  # who entered each result at a table
    context = {"board": board, "history": history, "rows": rows, "table_entries": entries}
    return render(request, "director/board_history.html", context)
