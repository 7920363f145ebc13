"""The director's stage pages: set stages up, draw Swiss rounds and run knockouts (a
stage's public pages are ``public_stages.py``).

Every write goes through ``matches.actions``; a refusal comes back as a message beside
the form, never a server error.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from matches import actions, queries
from matches.auth.permissions import event_director_required
from matches.forms.stage_steps import (
    KnockoutTieForm,
    RestartForm,
    SeedingForm,
    StandingsTieForm,
    SwapForm,
    TeamChoiceForm,
)
from matches.forms.stages import StageForm
from matches.models import Event, Match
from matches.models.stages import stages_of
from matches.presenters.event_tables import EventTables
from matches.queries import stage_pages
from matches.views.public_stages import stage_or_404


def announce_next_matches(request, made):
    """Tell the director which knockout matches marking a match final (or deciding its
    tie) made."""
    for match in made:
        messages.info(
            request,
            _("Next round's match made: %(home)s – %(away)s.")
            % {"home": match.home.name, "away": match.away.name},
        )


def _manage(request, stage, status=200, **forms):
    event = stage.event
    teams = event.teams.all()
    tables = EventTables(event, stage=stage)
    bracket = stage_pages.bracket(stage) if stage.is_knockout else None
    placing = stage_pages.placing_bracket(stage) if stage.is_knockout else []
    context = {
        "event": event,
        "stage": stage,
        "stages": stages_of(event),
        "tables": tables,
        "form": forms.get("form") or StageForm(event=event, stage=stage, number=stage.number),
        "swap_form": forms.get("swap_form") or SwapForm(teams=teams, prefix="swap"),
        "withdraw_form": forms.get("withdraw_form")
        or TeamChoiceForm(teams=teams, prefix="withdraw"),
        "enter_form": forms.get("enter_form") or TeamChoiceForm(teams=teams, prefix="enter"),
        "tie_form": forms.get("tie_form") or StandingsTieForm(teams=teams, prefix="tie"),
        "draft": stage_pages.draft(stage),
        "entries": list(stage.entries.select_related("team")),
        "swaps": list(stage.swaps.select_related("first", "second", "created_by")),
        "decisions": list(stage.tie_decisions.select_related("created_by")),
        "bracket": bracket,
        "placing_bracket": placing,
        "places_waiting": stage_pages.places_waiting((bracket or []) + placing),
        "started": stage.entries.exists() or stage.matches_here().exists(),
        "complete": queries.stage_complete(stage),
        "next_stage": next((s for s in stages_of(event) if s.number == stage.number + 1), None),
        "restart_form": forms.get("restart_form") or RestartForm(prefix="restart"),
    }
    context["seeding_form"] = forms.get("seeding_form") or _seeding_form(stage, context)
    return render(request, "director/stage.html", context, status=status)


def _seeding_form(stage, context, data=None):
    """Return the seeding form while the seeding can change (else None).

    Before the stage starts: the teams that will enter, in their default order (posted
    with "Start this stage"). A started Swiss stage before its first draw: its entries.
    """
    if not context["started"]:
        try:
            teams = actions.stage_candidates(stage)
        except actions.ActionError:
            return None  # the start button says why when pressed
        return SeedingForm(data, teams=teams, prefix="seeding")
    if stage.is_swiss and not context["draft"] and not stage.matches_here().exists():
        if not stage.byes_here().exists():
            teams = [entry.team for entry in context["entries"]]
            return SeedingForm(data, teams=teams, prefix="seeding")
    return None


def _refused(request, stage, error, form_name=None, form=None):
    if form is not None and form_name:
        form.add_error(error.field if error.field in form.fields else None, str(error))
        return _manage(request, stage, status=400, **{form_name: form})
    messages.error(request, str(error))
    return redirect("director-stage", stage.event_id, stage.number)


@require_http_methods(["GET", "POST"])
@event_director_required
def stages(request, event_id):
    """The event's stages, and the form that adds the next one."""
    event = get_object_or_404(Event, pk=event_id)
    existing = stages_of(event)
    number = existing[-1].number + 1
    form = StageForm(request.POST or None, event=event, number=number)
    if request.method == "POST" and form.is_valid():
        try:
            stage = actions.configure_stage(
                event, user=request.user, number=number, **form.values()
            )
        except actions.ActionError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
        else:
            messages.success(request, _("Stage added."))
            return redirect("director-stage", event.pk, stage.number)
    status = 400 if request.method == "POST" else 200
    context = {"event": event, "stages": existing, "form": form, "number": number}
    return render(request, "director/stages.html", context, status=status)


@require_http_methods(["GET", "POST"])
@event_director_required
def stage_manage(request, event_id, number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    if request.method == "POST":
        form = StageForm(request.POST, event=event, stage=stage, number=number)
        if not form.is_valid():
            return _manage(request, stage, status=400, form=form)
        try:
            actions.configure_stage(event, user=request.user, number=number, **form.values())
        except actions.ActionError as error:
            return _refused(request, stage, error, "form", form)
        messages.success(request, _("Stage saved."))
        return redirect("director-stage", event.pk, number)
    return _manage(request, stage)


def _saved_stage(request, event_id, number):
    return stage_or_404(get_object_or_404(Event, pk=event_id), number)


@require_POST
@event_director_required
def stage_start(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    order = None
    if any(name.startswith("seeding-") for name in request.POST):
        try:
            form = SeedingForm(
                request.POST, teams=actions.stage_candidates(stage), prefix="seeding"
            )
        except actions.ActionError as error:
            return _refused(request, stage, error)
        if not form.is_valid():
            return _manage(request, stage, status=400, seeding_form=form)
        order = form.order()
    try:
        made = actions.start_stage(stage, user=request.user, order=order)
    except actions.ActionError as error:
        return _refused(request, stage, error)
    if stage.is_swiss:  # a Swiss stage is drawn round by round: nothing is made yet
        count = stage.entries.count()
        messages.success(
            request,
            _("Stage started: its %(count)s teams are seeded. Draw round 1 below.")
            % {"count": count},
        )
    else:
        messages.success(
            request, _("Stage started: %(count)s matches made.") % {"count": len(made)}
        )
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_restart(request, event_id, number):
    """Start the stage again while nothing is played in it (the reason is kept)."""
    stage = _saved_stage(request, event_id, number)
    form = RestartForm(request.POST, prefix="restart")
    if not form.is_valid():
        return _manage(request, stage, status=400, restart_form=form)
    try:
        actions.restart_stage(stage, reason=form.cleaned_data["reason"], user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error, "restart_form", form)
    messages.success(
        request,
        _("The stage is as before it started: check its teams and seeding, then start it again."),
    )
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_seeding(request, event_id, number):
    """A started Swiss stage's seeding, changed before its first draw."""
    stage = _saved_stage(request, event_id, number)
    teams = [entry.team for entry in stage.entries.select_related("team")]
    form = SeedingForm(request.POST, teams=teams, prefix="seeding")
    if not form.is_valid():
        return _manage(request, stage, status=400, seeding_form=form)
    try:
        actions.reseed_stage(stage, order=form.order(), user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error)
    messages.success(request, _("Seeding saved."))
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_draw(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    try:
        actions.draw_next_round(stage, user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error)
    messages.success(request, _("Draw made. Check it, swap teams if you must, then publish it."))
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_swap(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    form = SwapForm(request.POST, teams=stage.event.teams.all(), prefix="swap")
    if not form.is_valid():
        return _manage(request, stage, status=400, swap_form=form)
    try:
        actions.swap_in_draw(stage, user=request.user, **form.cleaned_data)
    except actions.ActionError as error:
        return _refused(request, stage, error, "swap_form", form)
    messages.success(request, _("Teams swapped; the reason is kept in the stage's history."))
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_publish(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    try:
        made = actions.publish_draw(stage, user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error)
    messages.success(request, _("Draw published: %(count)s matches.") % {"count": len(made)})
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_withdraw(request, event_id, number):
    return _team_action(
        request,
        event_id,
        number,
        "withdraw",
        actions.withdraw_team,
        _("%(team)s withdrawn from the next rounds."),
    )


@require_POST
@event_director_required
def stage_enter(request, event_id, number):
    return _team_action(
        request,
        event_id,
        number,
        "enter",
        actions.enter_late,
        _("%(team)s enters from the next round."),
    )


def _team_action(request, event_id, number, prefix, action, done):
    stage = _saved_stage(request, event_id, number)
    form = TeamChoiceForm(request.POST, teams=stage.event.teams.all(), prefix=prefix)
    if not form.is_valid():
        return _manage(request, stage, status=400, **{f"{prefix}_form": form})
    try:
        action(stage, team=form.cleaned_data["team"], user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error, f"{prefix}_form", form)
    messages.success(request, done % {"team": form.cleaned_data["team"].name})
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_next(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    try:
        made = actions.next_knockout_round(stage, user=request.user)
    except actions.ActionError as error:
        return _refused(request, stage, error)
    messages.success(request, _("%(count)s knockout matches made.") % {"count": len(made)})
    return redirect("director-stage", event_id, number)


@require_POST
@event_director_required
def stage_tie(request, event_id, number):
    stage = _saved_stage(request, event_id, number)
    form = StandingsTieForm(request.POST, teams=stage.event.teams.all(), prefix="tie")
    if not form.is_valid():
        return _manage(request, stage, status=400, tie_form=form)
    try:
        actions.decide_tie(
            stage,
            order=[form.cleaned_data["first"]],
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
    except actions.ActionError as error:
        return _refused(request, stage, error, "tie_form", form)
    messages.success(request, _("Decision recorded."))
    return redirect("director-stage", event_id, number)


@require_http_methods(["GET", "POST"])
@event_director_required
def knockout_tie(request, match_id):
    match = get_object_or_404(Match.objects.select_related("event", "home", "away"), pk=match_id)
    form = KnockoutTieForm(request.POST or None, match=match)
    if request.method == "POST" and form.is_valid():
        try:
            decided = actions.decide_knockout_tie(match, user=request.user, **form.cleaned_data)
        except actions.ActionError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
            match.refresh_from_db()  # a decision recorded meanwhile: the page shows it
        else:
            messages.success(request, _("Decision recorded."))
            announce_next_matches(request, decided.advance.made)
            number = match.stage.number if match.stage_id else 1
            return redirect("director-stage", match.event_id, number)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "director/knockout_tie.html", {"match": match, "form": form}, status=status
    )
