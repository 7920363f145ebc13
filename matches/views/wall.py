"""The wall (a projector or TV in the playing area: no site chrome, both languages, large
type, panels in turn) and a round's QR-code poster. Public, cached whole between the
event's changes like every public page (matches/caching/pagecache.py)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from matches.caching.pagecache import public_page
from matches.caching.versions import event_of_event
from matches.models import Event
from matches.models.stages import stages_of
from matches.presenters.wall import Poster, Wall
from matches.public_address import link_maker


@require_GET
@public_page(event_of_event)
def wall(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "wall": Wall(event, link_maker(request))}
    return render(request, "matches/wall.html", context)


@require_GET
@public_page(event_of_event)
def poster(request, event_id, number, round_number):
    event = get_object_or_404(Event, pk=event_id)
    stage = next((s for s in stages_of(event) if s.number == number), None)
    if stage is None:
        raise Http404
    poster = Poster(event, stage, round_number, link_maker(request))
    if not poster.round.matches:
        raise Http404
    return render(request, "matches/poster.html", {"event": event, "wall": poster})
