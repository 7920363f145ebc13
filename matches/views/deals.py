"""Deals and results files, hand records, downloads and Butler rankings."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from matches import actions
from matches.actions.deals import ResultsRefused
from matches.auth.permissions import event_director_required
from matches.forms.deals import DealsFileForm, ResultsFileForm
from matches.interchange import deal_files, exports
from matches.interchange.csv import csv_bytes
from matches.models import Deal, Event, Match
from matches.presenters import hand_records, pairs

PROGRESS_SECONDS = 600


def _progress_key(event_id: int, token: str) -> str:
    return f"deals-progress:{event_id}:{token}"


def _rounds(event) -> list[int]:
    return list(event.matches.values_list("round", flat=True).distinct().order_by("round"))


def _deal_rounds(event) -> dict[int, dict]:
    """Return {round: {"count": n, "source": file}} for the rounds that have deals."""
    found: dict[int, dict] = {}
    for deal in Deal.objects.filter(event=event).only("round", "source"):
        entry = found.setdefault(deal.round, {"count": 0, "source": deal.source})
        entry["count"] += 1
    return found


@require_http_methods(["GET", "POST"])
@event_director_required
def deals_upload(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    rounds = _rounds(event)
    form = DealsFileForm(request.POST or None, request.FILES or None, rounds=rounds)
    results_form = ResultsFileForm(rounds=rounds, prefix="results")
    if request.method == "POST" and form.is_valid():
        round_number = form.cleaned_data["round"]
        token = form.cleaned_data["token"]
        try:
            found = deal_files.read_deals(form.cleaned_data["file"])
            deal_files.check_boards(found, event)
        except deal_files.FileRefused as refused:
            for message in refused.messages:
                form.add_error("file", message)
        else:

            def progress(done, total):
                if token:
                    cache.set(
                        _progress_key(event.pk, token),
                        {"done": done, "total": total},
                        PROGRESS_SECONDS,
                    )

            analysed = deal_files.analyse_deals(found.deals, progress)
            try:
                made = actions.import_deals(
                    event,
                    round_number,
                    analysed,
                    source=request.FILES["file"].name,
                    user=request.user,
                    confirm=form.cleaned_data["confirm"],
                )
            except actions.ActionError as refused:
                form.add_error(
                    refused.field if refused.field in form.fields else None, str(refused)
                )
            else:
                messages.success(
                    request,
                    _("Round %(round)s: %(count)s deals imported, with double dummy and par.")
                    % {"round": round_number, "count": len(made)},
                )
                for warning in found.warnings:
                    messages.warning(request, warning)
                return redirect("hand-records", event.pk, round_number)
    context = {
        "event": event,
        "form": form,
        "results_form": results_form,
        "deal_rounds": _deal_rounds(event),
        "rounds": rounds,
        "file_most": settings.DEAL_FILE_MAX_BYTES,
    }
    return render(request, "director/deals_upload.html", context, status=_status(form))


def _status(form) -> int:
    return 400 if form.is_bound and form.errors else 200


@require_GET
def deals_progress(request, event_id, token):
    """Return how far an upload's analysis has gone: {"done": n, "total": m}.

    The token is the upload's own random name, known only to the page that posted it, and
    the answer is two numbers; so no login is checked (and no database touched) while the
    director's upload is being analysed.
    """
    state = cache.get(_progress_key(event_id, token)) or {"done": 0, "total": 0}
    return JsonResponse(state)


@require_http_methods(["POST"])
@event_director_required
def results_upload(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    rounds = _rounds(event)
    results_form = ResultsFileForm(request.POST, request.FILES, rounds=rounds, prefix="results")
    if results_form.is_valid():
        round_number = results_form.cleaned_data["round"]
        try:
            imported = deal_files.import_results_file(
                event,
                round_number,
                results_form.cleaned_data["file"],
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
                _("Round %(round)s: %(count)s results imported.")
                % {"round": round_number, "count": imported.saved},
            )
            for message in deal_files.imported_messages(imported):
                messages.info(request, message)
            return redirect("round", event.pk, round_number)
    context = {
        "event": event,
        "form": DealsFileForm(rounds=rounds),
        "results_form": results_form,
        "deal_rounds": _deal_rounds(event),
        "rounds": rounds,
        "file_most": settings.DEAL_FILE_MAX_BYTES,
    }
    return render(request, "director/deals_upload.html", context, status=_status(results_form))


@require_GET
def hand_record_sheet(request, event_id, round_number):
    event = get_object_or_404(Event, pk=event_id)
    deals = list(Deal.objects.for_round(event, round_number))
    if not deals:
        raise Http404
    per_page = 6 if request.GET.get("per_page") == "6" else 4
    records = [hand_records.hand_record(deal) for deal in deals]
    pages = [records[i : i + per_page] for i in range(0, len(records), per_page)]
    context = {"event": event, "round": round_number, "pages": pages, "per_page": per_page}
    return render(request, "matches/hand_records.html", context)


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
def round_pbn(request, event_id, round_number):
    event = get_object_or_404(Event, pk=event_id)
    matches = event.matches.filter(round=round_number)
    if not matches.exists():
        raise Http404
    text = exports.pbn_text(matches)
    filename = f"event-{event.pk}-round-{round_number}.pbn"
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
def round_csv(request, event_id, round_number):
    event = get_object_or_404(Event, pk=event_id)
    if not event.matches.filter(round=round_number).exists():
        raise Http404
    header, rows = exports.round_rows(event, round_number)
    filename = f"event-{event.pk}-round-{round_number}.csv"
    return _download(csv_bytes(header, rows), filename, "text/csv; charset=utf-8")


@require_GET
def butler(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    context = {"event": event, "rows": pairs.butler_rows(event)}
    return render(request, "matches/butler.html", context)
