"""The director's room sheet as page rows: each board's form, the result saved in the room,
and the check against the other room that table devices make (the other room's contract,
the board's IMPs, a big swing or the same contract from opposite sides flagged).

Everything here reads; saving a row is the actions layer's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from matches import scoring
from matches.choices import RoomChoice
from matches.contract_words import result_words
from matches.forms import SheetRowForm
from matches.models import Board, Match, Result, TableSide
from matches.presenters.formatting import card_html, contract_html
from matches.presenters.table_cards import teams_at
from matches.queries.table_entries import TableWord, table_words
from matches.queries.tables import room_result

# A board whose IMPs reach this is highlighted for a second look (never refused).
SWING_IMPS = 10


def other_room(room: str) -> RoomChoice:
    """Return the room that is not ``room``."""
    return RoomChoice.CLOSED if room == RoomChoice.OPEN else RoomChoice.OPEN


@dataclass
class SheetRow:
    """One board of a room's sheet."""

    board: Board  # with its results prefetched
    room: RoomChoice
    form: SheetRowForm
    saved: Result | None = None  # this room's result as the database has it now
    conflict: Result | None = None  # someone else's result, when a save met a conflict
    just_saved: bool = False  # the answer to a save that went through
    table: TableWord | None = None  # what the room's table entered (None: not read)
    question: str = ""  # asked before replacing the table's accepted result
    kept: bool = False  # the answer to "keep the table's result": nothing saved

    @property
    def state(self) -> str:
        """Return what the table (or a director) made of the board: "disputed" (not agreed
        at the table, not settled since), "waiting" (entered, waiting for the other side),
        "accepted" (the table's result), "director" (a director's or a file's), "empty"."""
        word = self.table or TableWord(self.saved)
        if word.disputed is not None:
            return "disputed"
        if word.waiting is not None:
            return "waiting"
        if self.saved is None:
            return "empty"
        return "accepted" if word.from_table else "director"

    @property
    def from_table(self) -> bool:
        """Return True when the room's result is the one the table accepted."""
        return self.table is not None and self.table.from_table

    @property
    def table_notes(self) -> list[tuple[str, str]]:
        """Return what the row says of the table's entries: (kind, words), the entry not
        agreed first, then the one waiting for the other side."""
        word = self.table
        notes = []
        if word is not None and word.disputed is not None:
            notes.append(("disputed", disputed_html(word.disputed)))
        if word is not None and word.waiting is not None:
            notes.append(("waiting", waiting_html(word.waiting)))
        return notes

    @property
    def described_by(self) -> str:
        """Return the ids of what the row says about itself, for its first field: the
        table's entries, and a message about the row as a whole."""
        number = self.board.number
        ids = [f"row-{number}-table"] if self.table_notes else []
        if self.form.non_field_errors() or self.conflict is not None or self.question:
            ids.append(f"row-{number}-message")
        return " ".join(ids)

    @property
    def ok(self) -> bool:
        """Return True when the row shows a saved result: no errors, no conflict."""
        if self.question or self.conflict is not None:
            return False
        return self.saved is not None and not self.form.errors

    @property
    def other(self) -> Result | None:
        """Return the other room's result on this board."""
        return self.board.result_in(other_room(self.room))

    @property
    def comparison(self) -> scoring.BoardComparison:
        return self.board.comparison()

    @property
    def imps(self) -> int | None:
        """Return the board's IMPs to the home team (negative: to the away team), once
        both rooms are in."""
        return self.comparison.imps if self.ok else None

    @property
    def swing(self) -> bool:
        """Return True when the board swings SWING_IMPS or more."""
        return self.imps is not None and abs(self.imps) >= SWING_IMPS

    @property
    def opposite_sides(self) -> bool:
        """Return True when both rooms played the same contract from opposite sides.

        4S by North in one room and 4S by East in the other can happen, but is more often
        a declarer typed on the wrong side.
        """
        mine, other = (self.saved if self.ok else None), self.other
        if mine is None or other is None or not mine.level or not other.level:
            return False
        if (mine.level, mine.strain) != (other.level, other.strain):
            return False
        return scoring.Seat(mine.declarer).side != scoring.Seat(other.declarer).side

    @property
    def conflict_html(self):
        """Return the result someone else saved, as the conflict message shows it."""
        if self.conflict is None:
            return ""
        return format_html('<strong class="current">{}</strong>', result_html(self.conflict))

    @property
    def conflict_by(self) -> str:
        """Return who saved the result a save met: the user, or the room's table (which
        saves as no user), or "someone" (a file read by a command, a user since deleted)."""
        current = self.conflict
        if current is None:
            return ""
        if current.entered_by_id is not None and current.entered_by is not None:
            return current.entered_by.get_username()
        _current, by_director = room_result(self.board, self.room)
        if not by_director:
            return gettext("the table (%(room)s)") % {"room": RoomChoice(self.room).label}
        return gettext("someone")

    @property
    def typed_html(self):
        """Return what the director typed in the row, as the conflict message shows it."""
        names = ("contract", "declarer", "lead", "result")
        typed = [self.form[name].value() or "" for name in names]
        return format_html('<strong class="yours">{}</strong>', " ".join(typed))

    @property
    def announcement(self) -> str:
        """Return what the sheet's live region says about this row after a save."""
        number = self.board.number
        if self.conflict is not None:
            return gettext("Board %(number)s not saved: someone else changed it first.") % {
                "number": number
            }
        if self.question:
            return gettext("Board %(number)s not saved: %(error)s") % {
                "number": number,
                "error": self.question,
            }
        if self.kept:
            return gettext("Board %(number)s: the table’s result is kept.") % {"number": number}
        if self.form.errors:
            errors = [e for field_errors in self.form.errors.values() for e in field_errors]
            return gettext("Board %(number)s not saved: %(error)s") % {
                "number": number,
                "error": errors[0],
            }
        if not self.just_saved or self.saved is None:
            return ""
        score = self.saved.ns_score
        if not self.saved.level:
            text = gettext("passed out")
        elif score >= 0:
            text = gettext("N-S %(score)s") % {"score": score}
        else:
            text = gettext("E-W %(score)s") % {"score": -score}
        return gettext("Board %(number)s saved: %(score)s") % {"number": number, "score": text}


def result_html(result) -> str:
    """Return a saved result or a table's entry as the sheet's messages write it: "4♠ by
    North, =, lead ♠Q (N-S 420)", its suit symbols in colour."""
    if not result.level:
        return contract_html(result.contract)
    lead = card_html(result.lead) if result.lead else ""
    return mark_safe(result_words(result, contract=contract_html(result.contract), lead=lead))


def _sentence(template: str, **values) -> str:
    """Return a translated sentence with its values (escaped unless already safe) put in."""
    return mark_safe(template % {name: conditional_escape(v) for name, v in values.items()})


def disputed_html(entry) -> str:
    """Return an entry not agreed at the table, with who entered it and what the other side
    said (the reason given with the call for the director)."""
    values = {
        "result": result_html(entry),
        "side": entry.get_side_display(),
        "other": TableSide(entry.side).other.label,
    }
    if entry.reason:
        template = gettext(
            "Not agreed at the table: %(result)s, entered by %(side)s. %(other)s said: “%(reason)s”"
        )
        return _sentence(template, reason=entry.reason, **values)
    template = gettext(
        "Not agreed at the table: %(result)s, entered by %(side)s. %(other)s gave no reason."
    )
    return _sentence(template, **values)


def waiting_html(entry) -> str:
    """Return an entry waiting at the table for the other side to accept it."""
    template = gettext(
        "Entered at the table by %(side)s: %(result)s. Waiting for %(other)s to accept."
    )
    return _sentence(
        template,
        result=result_html(entry),
        side=entry.get_side_display(),
        other=TableSide(entry.side).other.label,
    )


def blank_row(board: Board, room: RoomChoice, table: TableWord | None = None) -> SheetRow:
    """Return a board's row as the sheet first shows it: the saved result filled in, and
    what the table entered (``table``)."""
    saved = board.result_in(room)
    form = SheetRowForm.for_result(saved, prefix=f"b{board.number}")
    return SheetRow(board, room, form, saved, table=table)


def sheet_rows(match: Match, room: RoomChoice) -> list[SheetRow]:
    """Return every board's row of a room's sheet: three queries (the boards, their
    results, what the room's table entered)."""
    boards = list(match.boards.with_results())
    words = table_words(boards, room)
    return [blank_row(board, room, words[board.pk]) for board in boards]


def table_word(board: Board, room: RoomChoice) -> TableWord:
    """Return what the room's table entered on one board (its results read): one query."""
    return table_words([board], room)[board.pk]


def next_match(match: Match) -> Match | None:
    """Return the match after this one: the next in its stage's round, else the next
    round's first (a later stage's once the stage's rounds are done)."""
    later = match.event.matches.filter(
        stage_id=match.stage_id, round=match.round, pk__gt=match.pk
    ).order_by("pk")
    found = later.select_related("home", "away").first()
    if found is None:
        number = match.stage.number
        found = (
            match.event.matches.filter(
                Q(stage__number=number, round__gt=match.round) | Q(stage__number__gt=number)
            )
            .order_by("stage__number", "round", "pk")
            .select_related("home", "away")
            .first()
        )
    return found


def client_messages() -> dict:
    """Return what static/js/sheet.js says when a save fails before the server could answer
    for the row, in the page's language (%(board)s: the board number)."""
    return {
        "session": gettext(
            "Your session ended; board %(board)s was not saved. Log in again in another tab, "
            "then press Enter in the row."
        ),
        "login": gettext("Log in (opens a new tab)"),
        "forbidden": gettext(
            "Board %(board)s was not saved: the server refused it (403). Check that you are "
            "still logged in as a director, then press Enter in the row to try again."
        ),
        "server": gettext(
            "Board %(board)s was not saved: the server had an error (%(status)s). Press Enter "
            "in the row to try again."
        ),
        "unavailable": gettext(
            "Board %(board)s was not saved: the database did not answer. Press Enter in the row "
            "to try again in a moment."
        ),
        "network": gettext(
            "Board %(board)s was not saved: no connection to the server. It is sent again when "
            "the connection is back, or press Enter in the row."
        ),
        "failures": gettext("Not saved yet: %(boards)s"),
        "board": gettext("Board %(board)s"),
        "separator": gettext(", "),
        "count": gettext("%(saved)s of %(total)s boards saved"),
        "no_board": gettext(
            "There is no board %(board)s in this match: its boards are 1 to %(last)s."
        ),
    }


@dataclass(frozen=True)
class TableSheet:
    """A blank sheet for one room's table: the players write the results on it."""

    match: Match
    room: RoomChoice
    segment: int
    boards: list[Board]
    seats: dict  # {seat: player} already known, for the names to be printed
    table: int = 0  # the table number: the match's place in the round (both rooms share it)
    link: object = None  # the table's TableLink (QR code and code), once its tables are open

    @property
    def ns_team(self):
        return teams_at(self.match, self.room)[0]

    @property
    def ew_team(self):
        return teams_at(self.match, self.room)[1]

    @property
    def seat_rows(self) -> list[tuple[str, object]]:
        """Return (seat, player or None) in the order the sheet prints them: N, S, E, W."""
        return [(seat, self.seats.get(seat)) for seat in "NSEW"]


def table_sheets(stage, round_number: int) -> list[TableSheet]:
    """Return the blank table sheets of a stage's round: each match, each room, each
    segment (``stage`` with its event loaded)."""
    matches = list(
        stage.matches.filter(round=round_number)
        .select_related("home", "away")
        .prefetch_related("boards", "seatings__player")
    )
    sheets = []
    for table, match in enumerate(matches, 1):
        match.event, match.stage = stage.event, stage
        boards = list(match.boards.all())
        seating: dict = {}
        for seat in match.seatings.all():
            seating.setdefault((seat.segment, seat.room), {})[seat.seat] = seat.player
        for segment in match.segment_numbers:
            numbers = match.segment_boards(segment)
            for room in RoomChoice:
                sheets.append(
                    TableSheet(
                        match,
                        room,
                        segment,
                        [b for b in boards if b.number in numbers],
                        seating.get((segment, room.value), {}),
                        table=table,
                    )
                )
    return sheets
