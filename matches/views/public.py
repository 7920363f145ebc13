"""Public pages: no login needed, nothing written; an event's pages are cached whole
between its changes (matches/caching/pagecache.py)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from matches.caching.pagecache import public_page
from matches.caching.versions import event_of_event, event_of_match
from matches.forms import BoardForm, OptionalResultForm, ResultForm
from matches.models import Deal, Event, Match, Team
from matches.models.stages import stages_of
from matches.presenters import hand_records
from matches.presenters.calculator import board_facts, compare, score_result
from matches.presenters.event_tables import EventTables
from matches.presenters.units import counts_boards
from matches.presenters.wall import round_address
from matches.queries import fair_totals
from matches.queries.home import home_events
from matches.queries.knockout_words import stage_round_name
from matches.queries.scorecards import scorecard as scorecard_of
from matches.queries.scorecards import traveller as traveller_rows


@require_GET
def home(request):
    """Return the home page: today's and coming events first, the recent ones, a search."""
    found = home_events(timezone.localdate(), request.GET.get("q", ""))
    return render(request, "matches/home.html", {"events": found})


@require_GET
@public_page(event_of_event)
def event(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    return render(request, "matches/event.html", {"event": event, "tables": EventTables(event)})


@require_GET
@public_page(event_of_event)
def live_standings(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "tables": EventTables(event)}
    return render(request, "matches/live_standings.html", context)


@require_GET
@public_page(event_of_event)
def round_page(request, event_id, round_number):
    event = get_object_or_404(Event, pk=event_id)
    if (
        not event.matches.filter(round=round_number).exists()
        and not event.byes.filter(round=round_number).exists()
    ):
        raise Http404
    tables = EventTables(event, round_number=round_number)
    return render(request, "matches/round.html", {"event": event, "tables": tables})


@require_GET
@public_page(event_of_event)
def cross_table(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "tables": EventTables(event)}
    return render(request, "matches/cross_table.html", context)


@require_GET
@public_page(event_of_event)
def team(request, event_id, team_id):
    event = get_object_or_404(Event, pk=event_id)
    team = get_object_or_404(Team, pk=team_id, event=event)
    context = {"event": event, "team": team, "tables": EventTables(event, team=team)}
    return render(request, "matches/team.html", context)


@require_GET
@public_page(event_of_event)
def traveller(request, event_id, round_number, board_number, number=None):
    """One board of every match of a round: of stage 1, or of the stage ``number``."""
    event = get_object_or_404(Event, pk=event_id)
    stage = None
    if number is not None:
        stage = next((s for s in stages_of(event) if s.number == number), None)
        if stage is None:
            raise Http404
    boards = traveller_rows(event, round_number, board_number, stage=stage)
    if not boards:
        raise Http404
    stage = boards[0].board.match.stage
    deal = Deal.objects.for_round(stage, round_number).filter(board=board_number).first()
    hand = hand_records.public_hand_record(deal) if deal else None
    context = {
        "event": event,
        "round": round_number,
        "number": board_number,
        "board": boards[0].board,
        "rows": boards,
        "stage": stage,
        "round_title": stage_round_name(stage, round_number),
        "round_url": round_address(stage, round_number),
        "board_points": counts_boards(stage),
        "hand": hand if hand and not hand.get("hidden") else None,
        "hand_hidden": bool(hand and hand.get("hidden")),
    }
    return render(request, "matches/traveller.html", context)


@require_GET
@public_page(event_of_match)
def scorecard(request, match_id):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    fair_totals.public_matches([match])
    context = {
        "match": match,
        "card": SimpleLazyObject(lambda: scorecard_of(match)),  # cached in the page
        "hands": SimpleLazyObject(lambda: hand_records.match_hand_records(match)),
    }
    return render(request, "matches/scorecard.html", context)


@require_GET
@vary_on_headers("HX-Request")
def calculator(request):
    data = request.GET if "board" in request.GET else None
    board_form = BoardForm(data, initial={"board": 1})
    first = ResultForm(data, prefix="a")
    second = OptionalResultForm(data, prefix="b")
    context = {"board_form": board_form, "first": first, "second": second}
    if data is not None and board_form.is_valid() and first.is_valid() and second.is_valid():
        board = board_form.cleaned_data["board"]
        scored = [score_result(board, **_result_fields(first))]
        if second.has_changed():
            scored.append(score_result(board, **_result_fields(second)))
            context["comparison"] = compare(*scored)
        context["scored"] = scored
    if board_form.is_bound and board_form.is_valid():
        context["board"] = board_facts(board_form.cleaned_data["board"])
    else:
        context["board"] = board_facts(1) if data is None else None
    template = "matches/_calculator.html" if request.htmx else "matches/calculator.html"
    return render(request, template, context)


@require_GET
def board_info(request):
    form = BoardForm(request.GET)
    context = {"board": board_facts(form.cleaned_data["board"]) if form.is_valid() else None}
    context["board_form"] = form
    return render(request, "matches/_board_info.html", context)


def _result_fields(form):
    return {key: form.cleaned_data[key] for key in ("contract", "declarer", "tricks")}
