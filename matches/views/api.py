"""The JSON feed (see README): no login needed, nothing written."""

from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from matches import feeds
from matches.models import Event, Match


def _json(data) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"  # other sites may show the results
    return response


@require_GET
def standings(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    key = f"standings-json:{request.get_host()}:{event.cache_version}"
    return _json(cache.get_or_set(key, lambda: feeds.standings(event, request)))


@require_GET
def scorecard(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    key = f"scorecard-json:{request.get_host()}:{match.pk}:{match.event.cache_version}"
    return _json(cache.get_or_set(key, lambda: feeds.scorecard(match, request)))
