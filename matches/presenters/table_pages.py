"""The table page as the players' phones show it: each board of the segment with its
dealer and vulnerability and what the table has of it (nothing yet, an entry waiting for
the other side, a result accepted, the director's result, a result not agreed), the score
in words ("南北 4♠ 超一 +450" / "N-S 4♠ +1 +450"), and, once the table may see them, the
other room's result, the board's IMPs and the segment's score.

What the table may see is ``queries.table_view``'s to decide; this module only words it.
The score in words is ``score_words``'s, which the phone's script shares for an entry it
keeps offline.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import get_language, gettext, ngettext

from matches import queries, scoring
from matches.models import CallClosed, TableSide
from matches.presenters.formatting import signed
from matches.presenters.round_clock import ClockShown, clock_shown
from matches.presenters.score_words import side_name, words_html_of
from matches.presenters.table_moves import TableMoves, table_moves
from matches.queries.tables import BoardAtTable, TableView
from matches.scoring import Seat
from matches.text import sentence_gap


class Status:
    """What a table has of a board."""

    EMPTY = "empty"  # nothing entered yet
    WAITING = "waiting"  # entered by one side, waiting for the other side's word
    DISPUTED = "disputed"  # the other side did not agree: the director is called
    ACCEPTED = "accepted"  # entered at the table and accepted
    DIRECTOR = "director"  # the director's result: the table cannot change it


@dataclass(frozen=True)
class BoardRow:
    """One board of the table's segment, as its card on the phone shows it."""

    at: BoardAtTable
    home: str  # the teams' names, for the IMPs
    away: str

    @property
    def number(self) -> int:
        return self.at.number

    @property
    def dealer(self) -> Seat:
        return self.at.board.dealer

    @property
    def vulnerability(self) -> scoring.Vulnerability:
        return self.at.board.vulnerability

    @property
    def status(self) -> str:
        at = self.at
        if at.result is not None and at.by_director:
            return Status.DIRECTOR
        if at.waiting is not None:
            return Status.WAITING
        if at.disputed is not None:
            return Status.DISPUTED
        if at.result is not None:
            return Status.ACCEPTED
        return Status.EMPTY

    @property
    def entry(self):
        """Return the entry the card is about: the one waiting, or the one not agreed."""
        return self.at.waiting or self.at.disputed

    @property
    def entered_by(self) -> str:
        entry = self.entry
        return entry.side if entry else ""

    @property
    def decided_by(self) -> str:
        """Return the side whose word the waiting entry needs."""
        entry = self.at.waiting
        return TableSide(entry.side).other.value if entry else ""

    @property
    def words_html(self):
        """Return the result the card shows: the director's when the director entered it,
        else the entry waiting, the saved result, the entry not agreed."""
        if self.status == Status.DIRECTOR:
            return words_html_of(self.at.result)
        shown = self.at.waiting or self.at.result or self.at.disputed
        return words_html_of(shown) if shown is not None else ""

    @property
    def compared(self) -> bool:
        """Return True once the table may see the board's comparison: from then on only
        the director changes its result here."""
        return self.at.comparison is not None

    @property
    def saved_words_html(self):
        """Return the saved result, when a newer entry waits over it."""
        if self.at.result is None or self.at.waiting is None:
            return ""
        return words_html_of(self.at.result)

    @property
    def disputed_words_html(self):
        return words_html_of(self.at.disputed) if self.at.disputed else ""

    @property
    def typed(self) -> dict:
        """Return what the card's result is typed as, to change it from the form (nothing
        once only the director changes it)."""
        shown = self.at.waiting or self.at.disputed or self.at.result
        if shown is None or self.status == Status.DIRECTOR or self.compared:
            return {}
        if shown.contract.is_pass:
            return {"contract": "PASS", "declarer": "", "lead": "", "result": ""}
        return {
            "contract": str(shown.contract),
            "declarer": shown.declarer,
            "lead": shown.lead.replace("T", "10"),
            "result": scoring.format_result(shown.contract, shown.tricks),
        }

    @property
    def other_words_html(self):
        other = self.at.other
        return words_html_of(other) if other is not None else ""

    @property
    def imps_text(self) -> str:
        """Return the board's IMPs once the table may see them: "北京队 5 IMP"."""
        comparison = self.at.comparison
        if comparison is None or not comparison.complete:
            return ""
        if comparison.adjusted is not None:
            home, away = comparison.adjusted
            return gettext("Adjusted score: %(home)s %(home_imps)s, %(away)s %(away_imps)s") % {
                "home": self.home,
                "away": self.away,
                "home_imps": signed(home),
                "away_imps": signed(away),
            }
        imps = comparison.imps or 0
        if imps == 0:
            return gettext("No IMPs: the same score in both rooms")
        team = self.home if imps > 0 else self.away
        won = abs(imps)
        return ngettext("%(team)s wins %(imps)s IMP", "%(team)s wins %(imps)s IMPs", won) % {
            "team": team,
            "imps": won,
        }


@dataclass(frozen=True)
class TablePage:
    """The table's page: its match, its seats, the segment's boards."""

    view: TableView
    rows: list[BoardRow]
    ns_team: str
    ew_team: str
    seats: list[tuple[str, str]]  # (seat, player) North, East, South, West; [] unknown
    lead: bool  # the players enter the opening lead (an event setting)
    clock: ClockShown | None = None  # the round's clock, once a director sets it
    moves: TableMoves = TableMoves(False, [])  # where the pairs go once it is over here

    @property
    def table(self):
        return self.view.table

    @property
    def match(self):
        return self.view.table.match

    @property
    def segment(self):
        return self.view.shown

    @property
    def segments(self) -> list[int]:
        return [segment.number for segment in self.view.segments]

    @property
    def final(self) -> bool:
        return self.match.is_final

    @property
    def current(self) -> int | None:
        """Return the board the entry form starts at: the first with nothing entered (or
        not agreed), in playing order."""
        for row in self.rows:
            if row.status in (Status.EMPTY, Status.DISPUTED):
                return row.number
        return None

    @property
    def totals(self):
        """Return the segment's IMPs (this segment's, and the match's so far) once the
        table may see them, else None."""
        return self.segment.totals

    @property
    def calls(self):
        return self.view.calls

    @property
    def closed_call_text(self) -> str:
        """Return what the phones say of the table's last call, closed when its board was
        settled ("The call for the director about board 3 is closed: ...")."""
        call = self.view.closed_call
        if call is None:
            return ""
        why = {
            CallClosed.RESULT: gettext("the board's result is saved"),
            CallClosed.FINAL: gettext("the match is final"),
        }.get(call.closed_because, "")
        if call.board is not None:
            return gettext(
                "The call for the director about board %(board)s is closed: %(why)s."
            ) % {"board": call.board.number, "why": why}
        return gettext("The call for the director is closed: %(why)s.") % {"why": why}


def _saved(result) -> tuple | None:
    return (result.pk, result.version) if result is not None else None


def _entered(entry) -> tuple | None:
    return (entry.pk, entry.status) if entry is not None else None


def row_signature(row: BoardRow) -> tuple:
    """Return what a board's card is rendered from, beside the page's own settings (see
    ``card_signature``): the result saved (its version goes up with every change), the
    entry waiting or not agreed (an entry changes only its status), the other room's
    result and the comparison, as far as the table may see them."""
    at = row.at
    comparison = at.comparison
    compared = comparison and (comparison.open_ns, comparison.closed_ns, comparison.adjusted)
    return (
        at.number,
        _saved(at.result),
        at.by_director,
        _entered(at.waiting),
        _entered(at.disputed),
        _saved(at.other),
        compared,
    )


def card_signature(page: TablePage, row: BoardRow) -> tuple:
    """Return everything a board's card (templates/tables/_board_status.html, as the
    phones' state renders it) is rendered from: the same signature, the same card."""
    return (
        get_language(),
        page.table.token,
        page.final,
        page.segment.number,
        len(page.segments) > 1,
        row.home,
        row.away,
        row_signature(row),
    )


def state_signature(page: TablePage) -> str:
    """Return a digest of everything the table's state is rendered from (its ETag): the same
    digest, the same state, so a phone that has it is answered 304 with nothing rendered.

    A result's version goes up with every change to it; an entry changes only its status.
    """
    match, segment = page.match, page.segment
    parts = [
        get_language(),
        segment.number,
        segment.complete_here,
        page.final,
        page.lead,
        match.home.name,
        match.away.name,
        page.ns_team,
        page.ew_team,
    ]
    parts.extend(row_signature(row) for row in page.rows)
    totals = page.totals
    parts.append(totals and (totals.this, totals.running))
    parts.append([(call.pk, call.created.isoformat()) for call in page.calls])
    closed = page.view.closed_call
    parts.append(closed and (closed.pk, closed.closed_because))
    parts.append(page.clock and page.clock.signature)
    parts.append(page.moves.signature())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def table_page(view: TableView) -> TablePage:
    """Return the table's page for ``view`` (``queries.table_view``)."""
    table = view.table
    match = table.match
    ns_team = match.team_in(table.room, "N").name
    ew_team = match.team_in(table.room, "E").name
    rows = [BoardRow(at, match.home.name, match.away.name) for at in view.shown.boards]
    seated = match.seating().get(view.shown.number, {}).get(table.room, {})
    seats = [(Seat(seat).value, seated[seat].name) for seat in "NESW" if seat in seated]
    clock = clock_shown(queries.round_clock(match.stage_id, match.round), timezone.now())
    moves = table_moves(table, all(segment.complete_here for segment in view.segments))
    return TablePage(view, rows, ns_team, ew_team, seats, match.event.table_lead, clock, moves)


def phone_messages() -> dict:
    """Return what the phone's script says, in the page's language."""
    sides = list(TableSide)
    return {
        "gap": sentence_gap(),
        "offline": gettext(
            "No connection. What you enter is kept on this phone and sent as soon as the "
            "connection is back."
        ),
        "pending": gettext("Waiting to send: %(count)s."),
        "sending": gettext("Sending…"),
        "waiting_to_send": gettext("Waiting to send"),
        "entered_here": {
            side.value: gettext("Entered by %(side)s on this phone.") % {"side": side_name(side)}
            for side in sides
        },
        "handover": {
            side.value: gettext("Hand to %(side)s to accept") % {"side": side_name(side)}
            for side in sides
        },
        "ask": {
            side.value: gettext("%(side)s: is this right?") % {"side": side_name(side)}
            for side in sides
        },
        "accept": gettext("Accept"),
        "not_agreed": gettext("Not agreed"),
        "accepted_local": gettext("Accepted: waiting to send."),
        "disputed_local": gettext("Not agreed: the director will be called when this is sent."),
        "called_local": gettext("Call for the director: waiting to send."),
        "not_sent": gettext("Board %(board)s was refused: %(error)s"),
        "not_taken": gettext("Board %(board)s was not taken: %(error)s"),
        "server_failed": gettext(
            "the server could not save it. Send it again, or show it to the director."
        ),
        "send_again": gettext("Send again"),
        "call_not_sent": gettext("The call for the director was refused: %(error)s"),
        "dismiss": gettext("Dismiss"),
        "change_elsewhere": gettext(
            "A change to an accepted result: %(side)s accept it on their own phone."
        ),
        "unsent": gettext(
            "What this phone had not sent is listed on its boards: show it to the director."
        ),
        "choose_side": gettext("Choose North-South or East-West first."),
        "gone": gettext("This table's link no longer works: ask the director for the new one."),
        "stale": gettext("The page is out of date: reload it."),
    }
