"""A stage's round as the director's pages and the hand records find it, and the old
addresses of an event's round (before a round counted within its stage) sent on to
stage 1's.

A round belongs to its stage (``Match.stage``, ``Match.round``): a knockout after a Swiss
has a round 1 of its own, with its own tables, line-ups, deals and hand records.
"""

from django.http import Http404, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET

from matches.auth.permissions import event_director_required
from matches.models import Event, Match, Stage
from matches.models.stages import stages_of


def stage_of_round(event_id: int, number: int, round_number: int) -> tuple[Event, Stage]:
    """Return (event, stage) for the stage ``number``'s round, the stage with its event
    loaded; 404 for an event or stage that does not exist, or a round of the stage with
    no match."""
    event, stage = stage_of(event_id, number)
    if not Match.objects.filter(stage=stage, round=round_number).exists():
        raise Http404
    return event, stage


def stage_of(event_id: int, number: int) -> tuple[Event, Stage]:
    """Return (event, stage) for the event's stage ``number``, with its event loaded; 404
    if there is none."""
    event = get_object_or_404(Event, pk=event_id)
    stage = next((s for s in stages_of(event) if s.number == number), None)
    if stage is None:
        raise Http404
    return event, stage


# What an event's round's old director address ended with → the name of stage 1's page.
OLD_DIRECTOR_PAGES = {
    "lineups/": "director-lineups",
    "table-sheets/": "director-table-sheets",
    "scorecards/": "director-round-scorecards",
    "table-cards/": "director-table-cards",
    "tables/open/": "director-open-tables",
    "monitor/": "director-monitor",
    "publish-hands/": "director-publish-hands",
}

# … and of its old public files.
OLD_PUBLIC_PAGES = {"/hands/": "hand-records", ".pbn": "round-pbn", ".csv": "round-csv"}


@event_director_required
def director_round_moved(request, event_id, round_number, rest):
    """Send an event's round's old director address (a bookmark) on to stage 1's round,
    as permanent (308 keeps a form's POST a POST)."""
    name = OLD_DIRECTOR_PAGES.get(rest)
    args = [event_id, 1, round_number]
    if name is None and rest.startswith("deals."):
        name, args = "director-deals-file", [*args, rest.removeprefix("deals.")]
    if name is None:
        raise Http404
    try:
        url = reverse(name, args=args)
    except NoReverseMatch:  # a file format there is none of
        raise Http404 from None
    return _moved(request, url)


@require_GET
def public_round_moved(request, event_id, round_number, rest):
    """Send an event's round's old hand records or files address on to stage 1's."""
    name = OLD_PUBLIC_PAGES.get(rest)
    if name is None:
        raise Http404
    return _moved(request, reverse(name, args=[event_id, 1, round_number]))


def _moved(request, url: str):
    query = request.META.get("QUERY_STRING", "")
    # preserve_request: 308, so a form's POST stays a POST
    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url, preserve_request=True)
