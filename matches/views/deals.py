"""Deals and results files, hand records, downloads and Butler rankings.

A round is a stage's: its deals, hand records and files are the stage's round's
(``/events/<id>/stages/<n>/rounds/<r>/hands/``), and the deals page offers every stage's
rounds.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import actions, queries
from matches.actions.deals import ResultsRefused, check_deals_import, replaces_message
from matches.auth.permissions import event_director_required
from matches.background import submit
from matches.caching.pagecache import public_page
from matches.caching.versions import event_of_event
from matches.choices import HandsPublicChoice
from matches.forms.deals import DealsFileForm, MakeDealsForm, ResultsFileForm
from matches.interchange import deal_files, deal_formats, exports
from matches.interchange.csv import csv_bytes
from matches.models import Deal, Event, JobKind, Match
from matches.models.stages import stages_of
from matches.presenters import hand_records, pairs
from matches.presenters import jobs as presented_jobs
from matches.presenters.wall import round_address
from matches.queries.knockout_words import stage_round_name
from matches.views import jobs
from matches.views.rounds import stage_of, stage_of_round


def _rounds(event) -> list[tuple]:
    """Return every stage's rounds with matches, as (stage, round) in playing order."""
    return queries.event_rounds(event)


def _stage(rounds, chosen: tuple[int, int]):
    """Return (stage, round number) for a round field's (stage number, round number)."""
    number, round_number = chosen
    return next(s for s, n in rounds if s.number == number and n == round_number), round_number


def _deal_rounds(event, rounds) -> list[dict]:
    """Return each stage's round that has deals: its stage, number, name, how many deals
    and from which file, in playing order."""
    stages = {stage.pk: stage for stage in stages_of(event)}
    several = len({stage.pk for stage, _ in rounds}) > 1
    found: dict[tuple, dict] = {}
    published = set(event.hands_releases.values_list("stage_id", "round"))
    for deal in Deal.objects.filter(event=event).only("stage_id", "round", "source"):
        stage = stages[deal.stage_id]
        key = (stage.number, deal.round)
        if key not in found:  # a round's name once, not once a deal (a knockout's queries)
            found[key] = {
                "stage": stage,
                "round": deal.round,
                "count": 0,
                "source": deal.source,
                "title": _round_title(stage, deal.round, several),
                "published": (stage.pk, deal.round) in published,
            }
        found[key]["count"] += 1
    return [found[key] for key in sorted(found)]


def _round_title(stage, round_number: int, several: bool) -> str:
    """Return a round's name on the deals page: with its stage's when the event has
    several ("Knockout · Semi-finals")."""
    title = stage_round_name(stage, round_number)
    return f"{stage} · {title}" if several else title


@require_http_methods(["GET", "POST"])
@event_director_required
def deals_upload(request, event_id):
    """Read and check a deals file at once (a refusal is shown before anything is
    analysed), then leave its analysis and import to a worker: the job's page follows it."""
    event = get_object_or_404(Event, pk=event_id)
    rounds = _rounds(event)
    form = DealsFileForm(request.POST or None, request.FILES or None, rounds=rounds)
    if request.method == "POST" and form.is_valid():
        stage, round_number = _stage(rounds, form.cleaned_data["round"])
        upload = form.cleaned_data["file"]
        confirm = form.cleaned_data["confirm"]
        try:
            found = deal_files.read_deals(upload, upload.name)
            check_deals_import(stage, round_number, [d.board for d in found.deals], confirm=confirm)
        except deal_files.FileRefused as refused:
            for message in refused.messages:
                form.add_error("file", message)
        except actions.ActionError as refused:
            form.add_error(refused.field if refused.field in form.fields else None, str(refused))
        else:
            job, new = submit.submit_upload(
                kind=JobKind.DEALS,
                upload=upload,
                file_name=upload.name,
                user=request.user,
                language=get_language(),
                event=event,
                stage=stage,
                round_number=round_number,
                options={"confirm": confirm},
            )
            return jobs.in_the_background(request, job, new)
    return _page(request, event, rounds, form=form)


@require_http_methods(["POST"])
@event_director_required
def deals_make(request, event_id):
    """Deal the round's boards at random (Big Deal's method, ``scoring.dealing``), then
    analyse and save them as an upload's deals are: the job's page follows it."""
    event = get_object_or_404(Event, pk=event_id)
    rounds = _rounds(event)
    make_form = MakeDealsForm(request.POST, rounds=rounds, prefix="make")
    if make_form.is_valid():
        stage, round_number = _stage(rounds, make_form.cleaned_data["round"])
        confirm = make_form.cleaned_data["confirm"]
        boards_per_match = stage.settings.boards_per_match
        boards = range(1, boards_per_match + 1)
        try:
            check_deals_import(stage, round_number, boards, confirm=confirm)
        except actions.NeedsConfirmation:
            existing = list(Deal.objects.for_round(stage, round_number).only("source"))
            title = stage_round_name(stage, round_number)
            make_form.add_error("confirm", replaces_message(title, existing, random=True))
        except actions.ActionError as refused:
            field = refused.field if refused.field in make_form.fields else None
            make_form.add_error(field, str(refused))
        else:
            title = f"{event.name}, {_stage_round_file(stage, round_number).replace('-', ' ')}"
            data = deal_formats.random_deals_pbn(boards_per_match, title, event.date)
            name = f"random-{_stage_round_file(stage, round_number)}.pbn"
            job, new = submit.submit_upload(
                kind=JobKind.DEALS,
                upload=data,
                file_name=name,
                user=request.user,
                language=get_language(),
                event=event,
                stage=stage,
                round_number=round_number,
                options={"confirm": confirm},
            )
            return jobs.in_the_background(request, job, new)
    return _page(request, event, rounds, make_form=make_form)


@require_GET
@event_director_required
def deals_file(request, event_id, number, round_number, code):
    """Download a stage's round's deals for a dealing machine or program (PBN, DUP, DLM,
    BRI, DGE); a format that cannot hold the round's boards says so on the deals page."""
    event, stage = stage_of(event_id, number)
    if not Deal.objects.for_round(stage, round_number).exists():
        raise Http404
    try:
        content = exports.round_deals_file(stage, round_number, code)
    except exports.DealsNotWritten as refused:
        messages.error(request, str(refused))
        return redirect("director-deals", event.pk)
    found = deal_formats.FORMATS[code]
    filename = f"event-{event.pk}-{_stage_round_file(stage, round_number)}-deals{found.suffix}"
    return _download(content, filename, found.content_type)


def _page(request, event, rounds, *, form=None, results_form=None, make_form=None):
    context = {
        "event": event,
        "form": form or DealsFileForm(rounds=rounds),
        "results_form": results_form or ResultsFileForm(rounds=rounds, prefix="results"),
        "make_form": make_form or MakeDealsForm(rounds=rounds, prefix="make"),
        "deal_rounds": _deal_rounds(event, rounds),
        "deal_formats": deal_formats.FORMATS.values(),
        "rounds": [
            {
                "stage": stage,
                "round": number,
                "title": _round_title(stage, number, several=len({s for s, _ in rounds}) > 1),
            }
            for stage, number in rounds
        ],
        "hands_rule": event.get_hands_public_display(),
        "by_director": event.hands_public == HandsPublicChoice.DIRECTOR,
        "file_most": settings.DEAL_FILE_MAX_BYTES,
        "jobs": presented_jobs.recent(event=event),
    }
    bound = next((f for f in (form, results_form, make_form) if f is not None and f.is_bound), None)
    return render(request, "director/deals_upload.html", context, status=_status(bound))


def _status(form) -> int:
    return 400 if form is not None and form.is_bound and form.errors else 200


@require_http_methods(["POST"])
@event_director_required
def results_upload(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    rounds = _rounds(event)
    results_form = ResultsFileForm(request.POST, request.FILES, rounds=rounds, prefix="results")
    if results_form.is_valid():
        stage, round_number = _stage(rounds, results_form.cleaned_data["round"])
        upload = results_form.cleaned_data["file"]
        if upload.size > settings.RESULTS_IN_REQUEST_BYTES:  # read and saved by a worker
            job, new = submit.submit_upload(
                kind=JobKind.RESULTS,
                upload=upload,
                file_name=upload.name,
                user=request.user,
                language=get_language(),
                event=event,
                stage=stage,
                round_number=round_number,
                options={"confirm": results_form.cleaned_data["confirm"]},
            )
            return jobs.in_the_background(request, job, new)
        try:
            imported = deal_files.import_results_file(
                stage,
                round_number,
                upload,
                user=request.user,
                confirm=results_form.cleaned_data["confirm"],
            )
        except deal_files.FileNeedsConfirmation as asked:
            for message in asked.messages:
                results_form.add_error("confirm", message)
        except deal_files.FileRefused as refused:
            for message in refused.messages:
                results_form.add_error("file", message)
        except ResultsRefused as refused:
            for message in deal_files.capped(
                [deal_files.refusal_message(r) for r in refused.refusals]
            ):
                results_form.add_error("file", message)
        except actions.ActionError as refused:
            results_form.add_error(None, str(refused))
        else:
            messages.success(
                request,
                _("%(round)s: %(count)s results imported.")
                % {"round": stage_round_name(stage, round_number), "count": imported.saved},
            )
            for message in deal_files.imported_messages(imported):
                messages.info(request, message)
            return redirect(round_address(stage, round_number))
    return _page(request, event, rounds, results_form=results_form)


@require_POST
@event_director_required
def publish_hands(request, event_id, number, round_number):
    """Publish a stage's round's hand records (the event's "when the director publishes
    them")."""
    event, stage = stage_of_round(event_id, number, round_number)
    actions.publish_hands(stage, round_number=round_number, user=request.user)
    messages.success(
        request,
        _("The hand records are public: %(round)s.")
        % {"round": stage_round_name(stage, round_number)},
    )
    return redirect("director-deals", event.pk)


@require_GET
@public_page(event_of_event)
def hand_record_sheet(request, event_id, number, round_number):
    """Return a stage's round's hand records to print, four or six boards a page."""
    event, stage = stage_of(event_id, number)
    deals = list(Deal.objects.for_round(stage, round_number))
    if not deals:
        raise Http404
    per_page = 6 if request.GET.get("per_page") == "6" else 4
    records = [hand_records.public_hand_record(deal) for deal in deals]
    pages = [records[i : i + per_page] for i in range(0, len(records), per_page)]
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "pages": pages,
        "per_page": per_page,
        "round_title": stage_round_name(stage, round_number),
        "round_url": round_address(stage, round_number),
    }
    return render(request, "matches/hand_records.html", context)


def _stage_round_file(stage, round_number: int) -> str:
    """Return how a file of a stage's round is named: "round-2" for stage 1 (as before
    rounds were a stage's), "stage-2-round-1" for a later stage."""
    if stage.number == 1:
        return f"round-{round_number}"
    return f"stage-{stage.number}-round-{round_number}"


def _download(content, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def match_pbn(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    text = exports.pbn_text([match])
    return _download(text, f"match-{match.pk}.pbn", "application/x-pbn; charset=utf-8")


@require_GET
def round_pbn(request, event_id, number, round_number):
    """Return a stage's round's deals and results as a PBN file."""
    event, stage = stage_of_round(event_id, number, round_number)
    matches = stage.matches.filter(round=round_number)
    text = exports.pbn_text(matches)
    filename = f"event-{event.pk}-{_stage_round_file(stage, round_number)}.pbn"
    return _download(text, filename, "application/x-pbn; charset=utf-8")


@require_GET
def event_usebio(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    return _download(
        exports.usebio_document(event), f"event-{event.pk}-usebio.xml", "application/xml"
    )


@require_GET
def standings_csv(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    header, rows = exports.standings_rows(event)
    return _download(
        csv_bytes(header, rows), f"event-{event.pk}-standings.csv", "text/csv; charset=utf-8"
    )


@require_GET
def round_csv(request, event_id, number, round_number):
    """Return a stage's round's results as a CSV file, a row per board and room."""
    event, stage = stage_of_round(event_id, number, round_number)
    header, rows = exports.round_rows(stage, round_number)
    filename = f"event-{event.pk}-{_stage_round_file(stage, round_number)}.csv"
    return _download(csv_bytes(header, rows), filename, "text/csv; charset=utf-8")


@require_GET
def butler(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "rows": pairs.butler_rows(event)}
    return render(request, "matches/butler.html", context)
