"""A stage's public pages: its standings (and bracket), cross-table, rounds and the draw
screen, cached whole between the event's changes (matches/caching/pagecache.py)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from matches.caching.pagecache import public_page
from matches.caching.versions import event_of_event
from matches.models import Event
from matches.models.stages import stages_of
from matches.presenters.event_tables import EventTables, RoundTables
from matches.queries import stage_pages


def stage_or_404(event, number):
    """Return the event's stage of that number, or raise Http404."""
    for stage in stages_of(event):
        if stage.number == number:
            return stage
    raise Http404


@require_GET
@public_page(event_of_event)
def stage(request, event_id, number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    tables = EventTables(event, stage=stage)
    context = {"event": event, "stage": stage, "tables": tables}
    if stage.is_knockout:
        context["bracket"] = stage_pages.bracket(stage)
        context["placing_bracket"] = stage_pages.placing_bracket(stage)
    return render(request, "matches/stage.html", context)


@require_GET
@public_page(event_of_event)
def stage_cross_table(request, event_id, number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    context = {"event": event, "stage": stage, "tables": EventTables(event, stage=stage)}
    return render(request, "matches/stage_cross_table.html", context)


@require_GET
@public_page(event_of_event)
def stage_round(request, event_id, number, round_number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    if not stage.matches_here().filter(round=round_number).exists() and (
        not stage.byes_here().filter(round=round_number).exists()
    ):
        raise Http404
    tables = RoundTables(event, stage=stage, round_number=round_number)
    return render(
        request, "matches/stage_round.html", {"event": event, "stage": stage, "tables": tables}
    )


@require_GET
@public_page(event_of_event)
def draw_screen(request, event_id, number):
    """The draw of the latest round for the playing room's screen, in both languages."""
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    context = {"event": event, "stage": stage, "draw": stage_pages.latest_draw(stage)}
    return render(request, "matches/draw_screen.html", context)
