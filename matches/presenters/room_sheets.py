"""The director's room sheet as page rows: each board's form, the result saved in the room,
and the check against the other room that table devices make (the other room's contract,
the board's IMPs, a big swing or the same contract from opposite sides flagged).

Everything here reads; saving a row is the actions layer's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import gettext

from matches import scoring
from matches.choices import RoomChoice, SeatChoice
from matches.forms import SheetRowForm
from matches.models import Board, Match, Result
from matches.presenters.formatting import card_html, contract_html
from matches.presenters.table_cards import teams_at

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

    @property
    def ok(self) -> bool:
        """Return True when the row shows a saved result: no errors, no conflict."""
        return self.saved is not None and not self.form.errors and self.conflict is None

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
        current = self.conflict
        if current is None:
            return ""
        if not current.level:
            return format_html(
                '<strong class="current">{}</strong>', contract_html(current.contract)
            )
        return format_html(
            '<strong class="current">{} {} {} {}</strong>',
            contract_html(current.contract),
            SeatChoice(current.declarer).label,
            card_html(current.lead),
            current.result_text,
        )

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


def blank_row(board: Board, room: RoomChoice) -> SheetRow:
    """Return a board's row as the sheet first shows it: the saved result filled in."""
    saved = board.result_in(room)
    form = SheetRowForm.for_result(saved, prefix=f"b{board.number}")
    return SheetRow(board, room, form, saved)


def sheet_rows(match: Match, room: RoomChoice) -> list[SheetRow]:
    """Return every board's row of a room's sheet: two queries."""
    return [blank_row(board, room) for board in match.boards.with_results()]


def next_match(match: Match) -> Match | None:
    """Return the match after this one: the next in its round, else the next round's first."""
    later = match.event.matches.filter(round=match.round, pk__gt=match.pk).order_by("pk")
    found = later.select_related("home", "away").first()
    if found is None:
        found = (
            match.event.matches.filter(round__gt=match.round)
            .order_by("round", "pk")
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


def table_sheets(event, round_number: int) -> list[TableSheet]:
    """Return the blank table sheets of a round: each match, each room, each segment."""
    matches = list(
        event.matches.filter(round=round_number)
        .select_related("home", "away", "stage")
        .prefetch_related("boards", "seatings__player")
    )
    sheets = []
    for table, match in enumerate(matches, 1):
        match.event = event
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
