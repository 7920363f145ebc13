"""Files of deals and of played results, read for the upload page and the commands alike.

The PBN reader (``matches/interchange/pbn.py``) reports what is wrong as codes; here each code
becomes a message in the user's language, deals are analysed (double dummy and par) with
progress reported as they are solved, and played results are checked by the room sheet's
own form, so a result from a file passes exactly the checks a typed one does. The writes
are the actions' (``matches/actions/deals.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from matches.actions.deals import Refusal, ResultEntry, outside_boards_message
from matches.choices import SeatChoice, VulnerabilityChoice
from matches.forms.results import SheetRowForm
from matches.interchange import pbn
from matches.scoring import Card, board_dealer, board_vulnerability
from matches.scoring.double_dummy import Analysis, analyse

# A PBN file of a session is a few kilobytes; a megabyte is a hundred sessions.


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
    }
    if problem.code == "dealer":
        p["found"] = _seat(p["found"]) if p["found"] in ("N", "E", "S", "W") else p["found"]
        p["expected"] = _seat(board_dealer(problem.board))
    if problem.code == "vulnerable":
        p["expected"] = str(VulnerabilityChoice(board_vulnerability(problem.board)).label)
    return messages[problem.code] % p


class FileRefused(ValueError):
    """A file that cannot be imported; ``messages`` says why, each in the user's language."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


@dataclass(frozen=True)
class DealsRead:
    deals: list[pbn.FileDeal]
    warnings: list[str]


def read_deals(data: bytes) -> DealsRead:
    """Return the deals of a PBN file and its warnings; raise FileRefused if it is broken."""
    _check_size(data)
    try:
        found = pbn.read_deals(data)
    except pbn.PbnError as error:
        raise FileRefused([problem_message(p) for p in error.problems]) from None
    return DealsRead(found.deals, [problem_message(w) for w in found.warnings])


def check_boards(found: DealsRead, event) -> None:
    """Refuse, before any analysis, a file whose boards the event does not play.

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


def read_results(data: bytes) -> list[ResultEntry]:
    """Return a PBN file's played results, each checked by the room sheet's form.

    Raise FileRefused naming every game that cannot be read or would be refused as typed.
    """
    _check_size(data)
    try:
        played = pbn.read_results(data)
    except pbn.PbnError as error:
        raise FileRefused([problem_message(p) for p in error.problems]) from None
    entries, refusals = [], []
    for game in played:
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
        entries.append(
            ResultEntry(game.line, game.home, game.visit, game.board, game.room, form.cleaned_data)
        )
    if refusals:
        raise FileRefused([refusal_message(r) for r in refusals])
    return entries


def refusal_message(refusal: Refusal) -> str:
    """Return a refused result's message with where it is in the file."""
    return _("Board %(board)s (line %(line)s): %(message)s") % {
        "board": refusal.board,
        "line": refusal.line,
        "message": refusal.message,
    }


def _check_size(data: bytes) -> None:
    if len(data) > settings.DEAL_FILE_MAX_BYTES:
        raise FileRefused(
            [_("The file is too large (over 1 MB): a PBN file of a session is a few kilobytes.")]
        )
