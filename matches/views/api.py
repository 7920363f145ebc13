"""The JSON feed (see docs/json-feed.md): no login needed, nothing written."""

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from matches.caching.pagecache import public_page
from matches.caching.versions import event_of_event, event_of_match
from matches.feeds import events as event_feeds
from matches.feeds import stages as stage_feeds
from matches.models import Event, Match
from matches.queries import fair_totals
from matches.views.public_stages import stage_or_404


def _json(data) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"  # other sites may show the results
    return response


@require_GET
@public_page(event_of_event)
def standings(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    return _json(event_feeds.standings(event, request))


@require_GET
@public_page(event_of_match)
def scorecard(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    fair_totals.public_matches([match])
    return _json(event_feeds.scorecard(match, request))


@require_GET
@public_page(event_of_event)
def stages(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    return _json(stage_feeds.stages(event, request))


@require_GET
@public_page(event_of_event)
def draw(request, event_id, number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    return _json(stage_feeds.draw(stage, request))


@require_GET
@public_page(event_of_event)
def bracket(request, event_id, number):
    event = get_object_or_404(Event, pk=event_id)
    stage = stage_or_404(event, number)
    if not stage.is_knockout:
        raise Http404
    return _json(stage_feeds.bracket(stage, request))
