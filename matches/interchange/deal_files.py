"""Files of deals and of played results, read for the upload page and the commands alike.

The PBN reader (``matches/interchange/pbn.py``) reports what is wrong as codes; here each code
becomes a message in the user's language, deals are analysed (double dummy and par) with
progress reported as they are solved, and played results are checked by the room sheet's
own form, so a result from a file passes exactly the checks a typed one does. The writes
are the actions' (``matches/actions/deals.py``).

A file is read from its stream (an upload, an open file, or bytes), a line at a time: a
10 MB file is held once, as its bytes (in memory, or in the upload's temporary file), never
also as text or as a list of lines. A refusal lists the first MOST_MESSAGES problems and
says how many more there are.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches import actions
from matches.actions.deals import Refusal, ResultEntry, ResultsImported, outside_boards_message
from matches.choices import RoomChoice, SeatChoice, VulnerabilityChoice
from matches.forms.results import SheetRowForm
from matches.interchange import deal_formats, pbn
from matches.scoring import Card, board_dealer, board_vulnerability
from matches.scoring.double_dummy import Analysis, analyse
from matches.text import join

MOST_MESSAGES = pbn.MOST_PROBLEMS


def _seat(seat) -> str:
    return str(SeatChoice(seat).label)


def _card(code: str) -> str:
    return Card.parse(code).display()


def problem_message(problem: pbn.Problem) -> str:
    """Return what a problem found in a file means, in the active language."""
    p = {"board": problem.board, "line": problem.line, **problem.params}
    for name in ("seat", "other"):
        if name in p:
            p[name] = _seat(p[name])
    if "card" in p:
        p["card"] = _card(p["card"])
    messages = {
        "deal-format": _(
            "Board %(board)s: a deal starts with the first hand's seat and a colon, such as "
            "N:AKQ.…, then four hands."
        ),
        "deal-hands": _("Board %(board)s: a deal has four hands; this one has %(count)s."),
        "deal-missing-hand": _("Board %(board)s: %(seat)s's hand is missing."),
        "deal-suits": _(
            "Board %(board)s: %(seat)s's hand has %(count)s suits, not 4 (spades, hearts, "
            "diamonds and clubs, separated by dots)."
        ),
        "deal-card": _("Board %(board)s: %(seat)s's hand has “%(text)s”, which is no card."),
        "deal-duplicate": _(
            "Board %(board)s: %(card)s is in both %(seat)s's and %(other)s's hands."
        ),
        "deal-count": _("Board %(board)s: %(seat)s has %(count)s cards, not 13."),
        "no-board": _("Line %(line)s: a game has no board number ([Board] tag)."),
        "bad-board": _("Line %(line)s: “%(value)s” is not a board number."),
        "conflict": _(
            "Board %(board)s is in the file twice with different hands (lines %(first)s and "
            "%(line)s)."
        ),
        "no-deals": _(
            "The file has no deals: a PBN file of deals has a [Board] and a [Deal] tag for each "
            "board."
        ),
        "dealer": _(
            "Board %(board)s: the file says the dealer is %(found)s, but board %(board)s is "
            "dealt by %(expected)s. The board number decides."
        ),
        "vulnerable": _(
            "Board %(board)s: the file says “%(found)s” for vulnerability, but on board "
            "%(board)s it is %(expected)s. The board number decides."
        ),
        "room": _("Board %(board)s (line %(line)s): “%(value)s” is no room: write Open or Closed."),
        "contract": _("Board %(board)s (line %(line)s): “%(value)s” is not a contract."),
        "declarer": _(
            "Board %(board)s (line %(line)s): “%(value)s” is not a declarer (N, E, S, W)."
        ),
        "result": _(
            "Board %(board)s (line %(line)s): “%(value)s” is not a number of tricks (0 to 13)."
        ),
        "no-results": _(
            "The file has no played boards: each needs [Board], [Room], [Contract], "
            "[Declarer] and [Result] tags."
        ),
        "not-deals": _("The file is not a file of deals in a format the app reads (%(formats)s)."),
        "too-many-boards": _("The file holds %(count)s boards; a round has at most %(most)s."),
        "record-size": _(
            "The file is not a whole number of %(format)s boards (%(record)s bytes each; the "
            "file has %(size)s bytes): it is cut short, or it is not a %(format)s file."
        ),
        "bri-board": _("Board %(board)s: “%(text)s” is not 39 two-digit card numbers (78 digits)."),
        "card-number": _("Board %(board)s: “%(text)s” is no card number (01 to 52)."),
        "card-twice": _("Board %(board)s: %(card)s is given twice."),
        "dge-board": _(
            "Board %(board)s: “%(text)s” is not four hands of four suits, each suit after "
            "its symbol (♠♥♦♣)."
        ),
        "dup-differs": _(
            "Board %(board)s: the file's two copies of the deal (its BRI and DGE parts) "
            "differ, so the file is damaged."
        ),
        "dup-numbers": _(
            "The file does not say which boards it holds: its %(count)s boards are read as "
            "boards 1 to %(count)s."
        ),
        "dup-count": _(
            "The file says it holds boards %(first)s to %(last)s but has %(count)s boards: "
            "they are read as boards %(first)s on."
        ),
        "dlm-encrypted": _(
            "The file is encrypted (Crypto key %(key)s): save the deals from the dealing "
            "program without encryption."
        ),
        "dlm-boards": _(
            "The file's From board (%(first)s) and To board (%(last)s) are not board numbers "
            "from 1 to 99."
        ),
        "dlm-missing": _(
            "Board %(board)s is not in the file, though it is between From board and To board."
        ),
        "dlm-board": _("Board %(board)s: “%(text)s” is not 26 letters from a to p and a checksum."),
        "dlm-checksum": _(
            "Board %(board)s: the file's checksum does not match the cards. The cards were "
            "read and checked (13 to each hand), but compare the hand record with the boards."
        ),
        "score": _(
            "Board %(board)s, %(home)s – %(visit)s (line %(line)s): the file scores %(result)s "
            "as “%(found)s”, but on board %(board)s (%(vulnerability)s) it scores "
            "“%(expected)s”. The app's score stands."
        ),
    }
    if problem.code == "score":
        p["result"] = _played(p["contract"], p["declarer"], p["tricks"])
        p["vulnerability"] = str(VulnerabilityChoice(board_vulnerability(problem.board)).label)
    if problem.code == "dealer":
        p["found"] = _seat(p["found"]) if p["found"] in ("N", "E", "S", "W") else p["found"]
        p["expected"] = _seat(board_dealer(problem.board))
    if problem.code == "vulnerable":
        p["expected"] = str(VulnerabilityChoice(board_vulnerability(problem.board)).label)
    return messages[problem.code] % p


def _played(contract, declarer, tricks) -> str:
    if contract.is_pass:
        return _("a passed-out board")
    return _("%(contract)s by %(declarer)s, %(tricks)s tricks") % {
        "contract": contract,
        "declarer": _seat(declarer),
        "tricks": tricks,
    }


def capped(messages: list[str], more: int = 0) -> list[str]:
    """Return at most MOST_MESSAGES messages, and a last one saying how many more there are."""
    more += max(len(messages) - MOST_MESSAGES, 0)
    kept = messages[:MOST_MESSAGES]
    if more:
        kept.append(
            ngettext(
                "… and %(count)s more problem, not listed: fix these first.",
                "… and %(count)s more problems, not listed: fix these first.",
                more,
            )
            % {"count": f"{more:,}"}
        )
    return kept


class FileRefused(ValueError):
    """A file that cannot be imported; ``messages`` says why, each in the user's language."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


class FileNeedsConfirmation(FileRefused):
    """A file that can be imported once the director confirms: ``messages`` says what in
    it disagrees with the app (the app's board numbers and scoring decide)."""


@dataclass(frozen=True)
class DealsRead:
    deals: list[pbn.FileDeal]
    warnings: list[str]
    format: str = "PBN"  # the format the file was read as


def read_deals(data: bytes | BinaryIO, name: str = "") -> DealsRead:
    """Return the deals of a file of deals (PBN, DUP, DLM, BRI or DGE, found from what it
    holds; ``name`` decides only when its bytes do not) and its warnings; raise
    FileRefused if it is broken."""
    _check_size(data)
    try:
        found_format, found = deal_formats.read_deals(data, name)
    except pbn.PbnError as error:
        raise FileRefused(_problem_messages(error.problems, error.more)) from None
    warnings = _problem_messages(found.warnings, found.more_warnings)
    return DealsRead(found.deals, warnings, found_format.name)


def _problem_messages(problems, more: int) -> list[str]:
    return capped([problem_message(p) for p in problems], more)


def check_boards(found: DealsRead, event) -> None:
    """Refuse, before any analysis, a file whose boards the event (or a later stage: its
    ``settings``) does not play.

    The action checks the same rule when it writes; checking here first spares the director
    the wait for deals that would be refused anyway.
    """
    outside = sorted(d.board for d in found.deals if d.board > event.boards_per_match)
    if outside:
        raise FileRefused([outside_boards_message(outside, event.boards_per_match)])


def analyse_deals(
    deals: list[pbn.FileDeal], progress: Callable[[int, int], None] | None = None
) -> list[tuple[int, object, Analysis]]:
    """Return (board, hands, analysis) for each deal, analysed for its board's dealer and
    vulnerability; ``progress(done, total)`` as the deals are solved."""
    analysed = analyse(
        [(d.deal, board_dealer(d.board), board_vulnerability(d.board)) for d in deals],
        progress=progress,
    )
    return [(d.board, d.deal, a) for d, a in zip(deals, analysed, strict=True)]


@dataclass(frozen=True)
class ResultsRead:
    entries: list[ResultEntry]
    disagreements: list[str]  # what in the file the app's board numbers and scoring decide


def read_results(data: bytes | BinaryIO) -> ResultsRead:
    """Return a PBN file's played results, each checked by the room sheet's form, and the
    file's disagreements with the app ([Dealer], [Vulnerable], [Score]).

    Raise FileRefused naming every game that cannot be read or would be refused as typed.
    """
    _check_size(data)
    try:
        found = pbn.read_results(data)
    except pbn.PbnError as error:
        raise FileRefused(_problem_messages(error.problems, error.more)) from None
    entries, refusals = [], []
    for game in found.games:
        form = SheetRowForm(
            {
                "contract": str(game.contract),
                "declarer": game.declarer.value if game.declarer else "",
                "lead": game.lead,
                "result": "" if game.tricks is None else str(game.tricks),
                "version": "0",
            }
        )
        if not form.is_valid():
            for errors in form.errors.values():
                refusals.extend(Refusal(game.line, game.board, str(e)) for e in errors)
            continue
        if not game.home or not game.visit:
            refusals.append(
                Refusal(
                    game.line, game.board, _("The game names no teams ([HomeTeam], [VisitTeam]).")
                )
            )
            continue
        players = tuple((seat.value, name) for seat, name in game.players)
        entries.append(
            ResultEntry(
                game.line, game.home, game.visit, game.board, game.room, form.cleaned_data, players
            )
        )
    if refusals:
        raise FileRefused(capped([refusal_message(r) for r in refusals]))
    disagreements = _problem_messages(found.disagreements, found.more_disagreements)
    return ResultsRead(entries, disagreements)


def import_results_file(
    stage, round_number: int, data: bytes | BinaryIO, *, user, confirm: bool = False
) -> ResultsImported:
    """Read a results file and save it into the stage's round's matches
    (``actions.import_results``).

    Raise FileRefused for a file that cannot be read, FileNeedsConfirmation (unless
    ``confirm``) listing what in it disagrees with the app, ResultsRefused (the action's)
    when a result cannot be saved: then nothing is.
    """
    found = read_results(data)
    if found.disagreements and not confirm:
        raise FileNeedsConfirmation(found.disagreements)
    return actions.import_results(stage, round_number, found.entries, user=user)


def imported_messages(imported: ResultsImported) -> list[str]:
    """Return what the line-ups filled from the file were, one message per room."""
    messages = []
    for room in imported.seated:
        where = {
            "home": room.home,
            "away": room.away,
            "segment": room.segment,
            "room": RoomChoice(room.room).label,
        }
        if room.seated:
            messages.append(
                _(
                    "%(home)s – %(away)s, segment %(segment)s, %(room)s: line-up filled from the "
                    "file (%(players)s)."
                )
                % {**where, "players": join(f"{_seat(s)} {name}" for s, name in room.seated)}
            )
        if room.unknown:
            messages.append(
                _(
                    "%(home)s – %(away)s, segment %(segment)s, %(room)s: %(names)s in the file "
                    "is no player of the team in that seat (or sits twice), so the seat is left "
                    "empty."
                )
                % {**where, "names": join(f"{_seat(s)} {name}" for s, name in room.unknown)}
            )
    return messages


def refusal_message(refusal: Refusal) -> str:
    """Return a refused result's message with where it is in the file."""
    return _("Board %(board)s (line %(line)s): %(message)s") % {
        "board": refusal.board,
        "line": refusal.line,
        "message": refusal.message,
    }


def too_large_message() -> str:
    """Return the refusal of a file over the largest the app takes, naming that size."""
    return _("The file is too large: the largest file this site takes is %(most)s.") % {
        "most": filesizeformat(settings.DEAL_FILE_MAX_BYTES)
    }


def _size(data: bytes | BinaryIO) -> int:
    if isinstance(data, bytes | bytearray | memoryview):
        return len(data)
    if getattr(data, "size", None) is not None:
        return data.size
    position = data.tell()
    size = data.seek(0, os.SEEK_END)
    data.seek(position)
    return size


def _check_size(data: bytes | BinaryIO) -> None:
    if _size(data) > settings.DEAL_FILE_MAX_BYTES:
        raise FileRefused([too_large_message()])
