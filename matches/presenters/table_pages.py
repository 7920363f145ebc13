"""The table page as the players' phones show it: each board of the segment with its
dealer and vulnerability and what the table has of it (nothing yet, an entry waiting for
the other side, a result accepted, the director's result, a result not agreed), the score
in words ("南北 4♠ 超一 +450" / "N-S 4♠ +1 +450"), and, once the table may see them, the
other room's result, the board's IMPs and the segment's score.

What the table may see is ``queries.table_view``'s to decide; this module only words it.
The phone's script words an entry it keeps offline the same way, from ``phone_words()``:
the same sentence, the same result words, and each contract's score table from the
scoring core (so no rule of scoring is written twice).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy

from matches import scoring
from matches.choices import SideChoice
from matches.lib.text import sentence_gap
from matches.models import TableSide
from matches.presenters.formatting import contract_html, contract_text, doubling_text
from matches.queries.tables import BoardAtTable, TableView
from matches.scoring import Doubling, Seat

MINUS = "\u2212"  # a real minus sign, as the printed tables write scores
_NUMERALS = "一二三四五六七八九十"


SIDE_NAMES = {
    TableSide.NS: pgettext_lazy("side, in full", "North-South"),
    TableSide.EW: pgettext_lazy("side, in full", "East-West"),
}


def side_name(side) -> str:
    """Return a side's name in full ("North-South" / "南北"); blank for none."""
    try:
        return str(SIDE_NAMES[TableSide(side)])
    except ValueError:
        return ""


class Status:
    """What a table has of a board."""

    EMPTY = "empty"  # nothing entered yet
    WAITING = "waiting"  # entered by one side, waiting for the other side's word
    DISPUTED = "disputed"  # the other side did not agree: the director is called
    ACCEPTED = "accepted"  # entered at the table and accepted
    DIRECTOR = "director"  # the director's result: the table cannot change it


def _chinese() -> bool:
    return (get_language() or "").startswith("zh")


def count_word(count: int) -> str:
    """Return a count of tricks as the result words write it: 一 to 十三 in Chinese."""
    if not _chinese() or not 1 <= count <= 19:
        return str(count)
    if count <= 10:
        return _NUMERALS[count - 1]
    return "十" + _NUMERALS[count - 11]


def made_word() -> str:
    return pgettext("result in words", "=")


def over_word(count: int) -> str:
    return pgettext("result in words", "+%(count)s") % {"count": count_word(count)}


def down_word(count: int) -> str:
    return pgettext("result in words", "−%(count)s") % {"count": count_word(count)}


def result_words(contract: scoring.Contract, tricks: int) -> str:
    """Return a result in words: "超一", "正好完成", "宕二" / "+1", "=", "−2"."""
    over = tricks - contract.book
    if over > 0:
        return over_word(over)
    if over < 0:
        return down_word(-over)
    return made_word()


def signed_score(points: int) -> str:
    """Return a score with its sign and a real minus: "+450", "−50", "0"."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def declarer_score(contract, declarer, tricks: int, board_number: int) -> int:
    """Return the declaring side's score for the result on this board."""
    points = scoring.ns_score(contract, declarer, tricks, board_number)
    return points if Seat(declarer).side is scoring.Side.NS else -points


def _parts(contract, declarer, tricks, board_number) -> dict:
    return {
        "side": SideChoice(Seat(declarer).side.value).label,
        "result": result_words(contract, tricks),
        "score": signed_score(declarer_score(contract, declarer, tricks, board_number)),
    }


def sentence() -> str:
    return gettext("%(side)s %(contract)s %(result)s %(score)s")


def score_words(contract, declarer, tricks, board_number: int) -> str:
    """Return the score in words, from the declaring side: "南北 4♠ 超一 +450"."""
    if contract.is_pass:
        return gettext("Passed out")
    parts = _parts(contract, declarer, tricks, board_number)
    return sentence() % {**parts, "contract": contract_text(contract)}


def score_words_html(contract, declarer, tricks, board_number: int):
    """Return ``score_words`` with the suit symbol in its colour."""
    if contract.is_pass:
        return gettext("Passed out")
    parts = _parts(contract, declarer, tricks, board_number)
    text = sentence().replace("%(contract)s", "\x00") % parts
    before, _, after = text.partition("\x00")
    return format_html("{}{}{}", before, contract_html(contract), after)


def words_of(result) -> str:
    """Return the words of a saved result or of an entry (both have contract, declarer,
    tricks and a board)."""
    return score_words(result.contract, result.declarer, result.tricks, result.board.number)


def words_html_of(result):
    return score_words_html(result.contract, result.declarer, result.tricks, result.board.number)


def phone_words() -> dict:
    """Return what the phone's script needs to word an entry it keeps offline, in the
    page's language: the sentence, the sides, the result words, the doubling marks, and
    each contract's declarer scores for 0 to 13 tricks, not vulnerable and vulnerable."""
    return {
        "sentence": sentence(),
        "sides": {side.value: SideChoice(side.value).label for side in TableSide},
        "made": made_word(),
        "over": {count: over_word(count) for count in range(1, 7)},
        "down": {count: down_word(count) for count in range(1, 14)},
        "passed": gettext("Passed out"),
        "doubling": {d.value: doubling_text(d) for d in Doubling if d.value},
        "scores": {str(c): [list(row) for row in c.scores] for c in scoring.all_contracts()},
    }


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
        """Return the result the card shows: the saved one, or the entry's."""
        shown = self.at.waiting or self.at.result or self.at.disputed
        return words_html_of(shown) if shown is not None else ""

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
        """Return what the card's result is typed as, to change it from the form."""
        shown = self.at.waiting or self.at.disputed or self.at.result
        if shown is None or self.status == Status.DIRECTOR:
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
                "home": self.home, "away": self.away,
                "home_imps": signed_score(home), "away_imps": signed_score(away),
            }  # fmt: skip
        imps = comparison.imps or 0
        if imps == 0:
            return gettext("No IMPs: the same score in both rooms")
        team = self.home if imps > 0 else self.away
        won = abs(imps)
        return ngettext("%(team)s wins %(imps)s IMP", "%(team)s wins %(imps)s IMPs", won) % {
            "team": team, "imps": won}  # fmt: skip


@dataclass(frozen=True)
class TablePage:
    """The table's page: its match, its seats, the segment's boards."""

    view: TableView
    rows: list[BoardRow]
    ns_team: str
    ew_team: str
    seats: list[tuple[str, str]]  # (seat, player) North, East, South, West; [] unknown
    lead: bool  # the players enter the opening lead (an event setting)

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


def _saved(result) -> tuple | None:
    return (result.pk, result.version) if result is not None else None


def _entered(entry) -> tuple | None:
    return (entry.pk, entry.status) if entry is not None else None


def row_signature(row: BoardRow) -> tuple:
    """Return what a board's card is drawn from, beside the page's own settings (see
    ``card_signature``): the result saved (its version goes up with every change), the
    entry waiting or not agreed (an entry changes only its status), the other room's
    result and the comparison, as far as the table may see them."""
    at = row.at
    comparison = at.comparison
    compared = comparison and (comparison.open_ns, comparison.closed_ns, comparison.adjusted)
    return (at.number, _saved(at.result), at.by_director, _entered(at.waiting),
            _entered(at.disputed), _saved(at.other), compared)  # fmt: skip


def card_signature(page: TablePage, row: BoardRow) -> tuple:
    """Return everything a board's card (templates/tables/_board_status.html, as the
    phones' state draws it) is drawn from: the same signature, the same card."""
    return (get_language(), page.table.token, page.final, page.segment.number,
            len(page.segments) > 1, row.home, row.away, row_signature(row))  # fmt: skip


def state_signature(page: TablePage) -> str:
    """Return a digest of everything the table's state is drawn from (its ETag): the same
    digest, the same state, so a phone that has it is answered 304 with nothing drawn.

    A result's version goes up with every change to it; an entry changes only its status.
    """
    match, segment = page.match, page.segment
    parts = [get_language(), segment.number, segment.complete_here, page.final, page.lead,
             match.home.name, match.away.name, page.ns_team, page.ew_team]  # fmt: skip
    parts.extend(row_signature(row) for row in page.rows)
    totals = page.totals
    parts.append(totals and (totals.this, totals.running))
    parts.append([(call.pk, call.created.isoformat()) for call in page.calls])
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
    return TablePage(view, rows, ns_team, ew_team, seats, match.event.table_lead)


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
        "not_sent": gettext("Board %(board)s was not sent: %(error)s"),
        "call_not_sent": gettext("The call for the director was not sent: %(error)s"),
        "choose_side": gettext("Choose North-South or East-West first."),
        "gone": gettext(
            "This table's link no longer works: ask the director for the new one. What "
            "this phone had not sent is listed here: give it to the director."
        ),
        "stale": gettext("The page is out of date: reload it."),
    }
