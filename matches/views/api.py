"""The JSON feed (see README): no login needed, nothing written."""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from matches import feeds
from matches.models import Event, Match
from matches.pagecache import event_of_event, event_of_match, public_page


def _json(data) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"  # other sites may show the results
    return response


@require_GET
@public_page(event_of_event)
def standings(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    return _json(feeds.standings(event, request))


@require_GET
@public_page(event_of_match)
def scorecard(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    return _json(feeds.scorecard(match, request))
