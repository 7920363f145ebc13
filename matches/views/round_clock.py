"""The director's round clock: a stage's round timed (its length, start, pause, resume,
extension, reset), shown on the wall, the tables' phones and the monitor. The event's
directors only; every change through ``actions.change_round_clock``."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from matches import actions, queries
from matches.auth.permissions import event_director_required
from matches.forms.round_clock import RoundClockForm
from matches.presenters.round_clock import clock_shown
from matches.queries.knockout_words import stage_round_name
from matches.views.rounds import stage_of_round


def _done(command: str) -> str:
    return {
        "length": _("The length of the round is set."),
        "start": _("The clock is started."),
        "pause": _("The clock is paused."),
        "resume": _("The clock runs again."),
        "extend": _("The round is extended."),
        "reset": _("The clock is reset: start it when the round starts."),
    }[command]


@never_cache
@require_http_methods(["GET", "POST"])
@event_director_required
def round_clock(request, event_id, number, round_number):
    """Return the round's clock with its forms; a post changes it, then back here."""
    event, stage = stage_of_round(event_id, number, round_number)
    forms = {command: RoundClockForm(command=command) for command in ("length", "extend")}
    status = 200
    if request.method == "POST":
        command = request.POST.get("command", "")
        form = RoundClockForm(request.POST, command=command)
        if form.is_valid():
            try:
                actions.change_round_clock(
                    stage,
                    round_number,
                    command=command,
                    minutes=form.cleaned_data.get("minutes"),
                    user=request.user,
                )
            except actions.ActionError as error:
                form.refuse(error)
            else:
                messages.success(request, _done(command))
                return redirect("director-round-clock", event.pk, number, round_number)
        forms[command] = form
        status = 400
    now = timezone.now()
    row = queries.round_clock(stage.pk, round_number)
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "round_title": stage_round_name(stage, round_number),
        "clock": clock_shown(row, now),
        "now_ms": int(now.timestamp() * 1000),
        "length_form": forms.pop("length"),
        "extend_form": forms.pop("extend"),
        "posted_form": next(iter(forms.values()), None),  # a refused start, pause...
    }
    return render(request, "director/round_clock.html", context, status=status)
