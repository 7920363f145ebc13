"""The director's room sheets: one page per room, each row saved on its own (static/js/sheet.js
queues the saves so that typing ahead never loses a keystroke)."""

from dataclasses import replace

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from matches import actions
from matches.actions import ActionError, Conflict, ReplacesTableResult
from matches.auth.permissions import event_director_required
from matches.choices import RoomChoice
from matches.forms import SheetRowForm
from matches.forms.adjustments import StatusForm
from matches.models import Board, Match, MatchStatus
from matches.presenters.room_sheets import (
    SheetRow,
    client_messages,
    next_match,
    other_room,
    sheet_rows,
    table_sheets,
    table_word,
)
from matches.queries.knockout_words import stage_round_name
from matches.queries.scorecards import round_scorecards
from matches.views.monitor import tables_of_round
from matches.views.rounds import stage_of_round

# What the running score above the sheet shows (director/_match_score.html).
SCORE_FIELDS = ["home_imps", "away_imps", "home_vp", "away_vp", "complete_boards", "status"]


@require_GET
@event_director_required
def room_sheet(request, match_id, room):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    asked = request.GET.get("board")
    if asked is None:
        return _render_sheet(request, match, RoomChoice(room))
    # "Go to board N" without JavaScript: the sheet again, opened on that board's row.
    asked = asked.strip()
    if asked.isascii() and asked.isdigit() and int(asked) in match.board_numbers:
        url = reverse("director-sheet", args=[match.pk, room])
        return redirect(f"{url}#row-{int(asked)}")
    error = _("There is no board %(board)s in this match: its boards are 1 to %(last)s.") % {
        "board": asked[:10],
        "last": match.board_numbers[-1],
    }
    return _render_sheet(request, match, RoomChoice(room), goto=(asked[:10], error))


def _render_sheet(
    request, match, room, posted: SheetRow | None = None, reopen_form=None, goto=("", "")
):
    """Return the room's sheet page; ``posted`` is the row just posted, kept as typed."""
    rows = sheet_rows(match, room)
    if posted is not None:
        rows = [posted if row.board.number == posted.board.number else row for row in rows]
    context = {
        "match": match,
        "room": room,
        "other_room": other_room(room),
        "rows": rows,
        "next_match": next_match(match),
        "readonly": match.is_final,
        "reopen_form": reopen_form or StatusForm(initial={"status": MatchStatus.PROVISIONAL}),
        "sheet_messages": client_messages(),
        "goto_value": goto[0],
        "goto_error": goto[1],
    }
    return render(request, "director/sheet.html", context)


@require_POST
@event_director_required
def save_row(request, match_id, room, number):
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    board = get_object_or_404(Board, match=match, number=number)
    board.match = match
    room = RoomChoice(room)
    prefix = f"b{number}"
    form = SheetRowForm(request.POST, prefix=prefix)
    row = SheetRow(board, room, form)
    if form.keeps_result():  # "Keep the table's result": nothing to save
        row.kept = True
    elif form.is_valid():
        data = form.cleaned_data
        try:
            actions.record_result(
                board,
                room,
                data,
                version=data["version"],
                user=request.user,
                confirm=data["confirm"],
            )
        except ReplacesTableResult as asked:  # the row as typed, asking over the version now
            row.question = str(asked)
            row.form = SheetRowForm(
                _with_version(request.POST, prefix, asked.current), prefix=prefix
            )
        except Conflict as conflict:
            row.conflict = conflict.current
            row.form = SheetRowForm(
                _with_version(request.POST, prefix, conflict.current), prefix=prefix
            )
        except ActionError as error:  # the match is final, or the board is gone
            form.refuse(error)
        else:
            row.just_saved = True
    # Both rooms as they are now, for the row's score and its check against the other room.
    row.board = Board.objects.with_results().get(pk=board.pk)
    row.board.match = match
    row.saved = row.board.result_in(room)
    row.table = table_word(row.board, room)
    if row.just_saved or row.kept:
        row.form = SheetRowForm.for_result(row.saved, prefix=prefix)
    if request.htmx:  # the row, and the match's running score after it
        match.refresh_from_db(fields=SCORE_FIELDS)
        context = {"row": row, "match": match, "room": room, "readonly": match.is_final}
        return render(request, "director/_row_answer.html", context)
    if row.just_saved or row.kept:  # without JavaScript: back to the whole sheet
        return redirect(reverse("director-sheet", args=[board.match_id, room]) + f"#row-{number}")
    return _render_sheet(request, match, room, posted=row)


@require_POST
@event_director_required
def reopen(request, match_id, room):
    """Reopen a final match from its sheet (a reason is needed), then back to the sheet."""
    match = get_object_or_404(Match.objects.with_teams(), pk=match_id)
    room = RoomChoice(room)
    form = StatusForm({"status": MatchStatus.PROVISIONAL, "reason": request.POST.get("reason", "")})
    if form.is_valid():
        try:
            actions.reopen_match(match, reason=form.cleaned_data["reason"], user=request.user)
        except ActionError as error:
            form.refuse(error)
        else:
            messages.success(request, _("The match is provisional again: its results can change."))
            return redirect("director-sheet", match.pk, room)
    match.refresh_from_db()
    return _render_sheet(request, match, room, reopen_form=form)


def _with_version(data, prefix, current):
    """Return the posted row with the version of the result now saved, to save over it."""
    data = data.copy()
    data[f"{prefix}-version"] = current.version if current else 0
    return data


@require_GET
@event_director_required
def blank_sheets(request, event_id, number, round_number):
    """Return the stage's round's blank table sheets to print: one page per match, room and
    segment."""
    event, stage = stage_of_round(event_id, number, round_number)
    sheets = table_sheets(stage, round_number)
    tables = tables_of_round(request, stage, round_number)  # reads: a GET opens no table
    sheets = [replace(s, link=tables.for_room(s.match.pk, s.room)) for s in sheets]
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "sheets": sheets,
        "tables": tables,
        "round_title": stage_round_name(stage, round_number),
    }
    return render(request, "director/table_sheets.html", context)


@require_GET
@event_director_required
def round_scorecards_page(request, event_id, number, round_number):
    """Return every match's scorecard of the stage's round, to print at the end of the
    evening: one match a page where it fits."""
    event, stage = stage_of_round(event_id, number, round_number)
    cards = round_scorecards(stage, round_number)
    context = {
        "event": event,
        "stage": stage,
        "round": round_number,
        "cards": cards,
        "round_title": stage_round_name(stage, round_number),
    }
    return render(request, "director/round_scorecards.html", context)
