"""DLM: the dealing machines' Windows file of deals (Duplimate's, Dealer4's, HandyDup's).

A Windows settings file (``[Document]``, ``key=value`` lines): ``From board`` and ``To
board`` (at most 99), and for each board ``Board NN=`` 26 letters and a three-digit
checksum. Each letter, ``a`` to ``p``, places two cards (in the order ♠A, ♠K … ♣2): ``a`` +
4 × the first card's hand + the second's (North 0, East 1, South 2, West 3). The checksum
is the board number XOR every letter's code; the file's ``Checksum`` is Duplicates XOR From
XOR To, XOR 1 when ``Status=Show``. A file always lists 99 boards: those outside From…To
are placeholders. Read and written as Big Deal and JFR's deal converter write it (see
``dealing_machines`` for the other formats and where they are described). Nothing here
imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from matches.scoring.deals import Deal

from .dealing_machines import (
    WriteRefused,
    check_consecutive,
    deal_file,
    deal_of_places,
    holders,
    number,
    quoted,
)
from .pbn import DealFile, FileDeal, Problem, Problems

DLM_MOST = 99
_DLM_BOARD = re.compile(r"^([a-p]{26})([0-9]{1,3})$")
_DLM_PLACEHOLDER = "aaaaaabffffffkkkkkklpppppp"  # Big Deal's: each hand its 13 cards


def _dlm_fields(text: str) -> dict[str, tuple[str, int]]:
    """Return {key (case folded): (value, line)} of a settings file's ``key=value`` lines."""
    fields: dict[str, tuple[str, int]] = {}
    for line, content in enumerate(text.splitlines(), start=1):
        key, equals, value = content.partition("=")
        if equals:
            fields.setdefault(" ".join(key.split()).casefold(), (value.strip(), line))
    return fields


def dlm_letters(deal: Deal) -> str:
    """Return a deal's 26 DLM letters: one for each two cards, from ♠A and ♠K on."""
    places = holders(deal)
    return "".join(chr(97 + 4 * places[i] + places[i + 1]) for i in range(0, 52, 2))


def dlm_checksum(board: int, letters: str) -> int:
    """Return a DLM board's checksum: the board number XOR each letter's code."""
    checksum = board
    for letter in letters:
        checksum ^= ord(letter)
    return checksum


def _dlm_range(fields, problems: Problems) -> range | None:
    first_text = fields.get("from board", ("", 0))[0]
    last_text = fields.get("to board", ("", 0))[0]
    first, last = number(first_text), number(last_text)
    if first is None or last is None or not 1 <= first <= last <= DLM_MOST:
        params = {"first": quoted(first_text or "?", 12), "last": quoted(last_text or "?", 12)}
        problems.add(Problem("dlm-boards", params=params))
        return None
    return range(first, last + 1)


def read_dlm(data: bytes) -> DealFile:
    """Return the deals of a DLM file: boards From board to To board.

    A board whose checksum does not match its letters is a warning (its cards are still
    checked: 13 to a hand); an encrypted file (a Crypto key other than 0) is refused.
    """
    problems, warnings = Problems(), Problems()
    fields = _dlm_fields(data.decode("latin-1"))
    key = fields.get("crypto key", ("0", 0))[0]
    if key not in ("", "0"):
        problems.add(Problem("dlm-encrypted", params={"key": quoted(key, 12)}))
        return deal_file([], problems, warnings)
    boards = _dlm_range(fields, problems)
    found = []
    for board in boards or ():
        value, line = fields.get(f"board {board:02d}") or fields.get(f"board {board}", ("", 0))
        if not value:
            problems.add(Problem("dlm-missing", line, board))
            continue
        match = _DLM_BOARD.match(value.lower())
        if match is None:
            problems.add(Problem("dlm-board", line, board, {"text": quoted(value)}))
            continue
        letters, checksum = match.groups()
        places = []
        for letter in letters:
            places += divmod(ord(letter) - 97, 4)
        deal = deal_of_places(places, board, line, problems)
        if deal is None:
            continue
        if int(checksum) != dlm_checksum(board, letters):
            warnings.add(Problem("dlm-checksum", line, board))
        found.append(FileDeal(board, deal, line))
    return deal_file(found, problems, warnings)


def _dlm_board(board: int, letters: str) -> list[str]:
    checksum = dlm_checksum(board, letters)
    return [f"Duplicates {board:02d}=0", f"Board {board:02d}={letters}{checksum:03d}"]


def write_dlm(deals: Sequence[tuple[int, Deal]], headline: str = "") -> bytes:
    """Return consecutive boards (at most board 99) as a DLM file, as Big Deal writes one:
    shown (not sealed), never duplicated yet, the other boards of the 99 as placeholders,
    Windows line ends."""
    check_consecutive(deals, "DLM")
    first, last = deals[0][0], deals[-1][0]
    if last > DLM_MOST:
        raise WriteRefused("dlm-99", last=last)
    headline = " ".join("".join(c for c in headline if " " <= c <= "~").split())
    headline = headline.strip(" ,;:")[:60]  # ASCII only: the machine shows no other
    lines = [
        "[Document]",
        f"Headline={headline}",
        "Status=Show",
        "Duplicates=0",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={0 ^ first ^ last ^ 1}",
    ]
    by_board = dict(deals)
    for board in range(1, DLM_MOST + 1):
        deal = by_board.get(board)
        lines += _dlm_board(board, dlm_letters(deal) if deal else _DLM_PLACEHOLDER)
    return ("\r\n".join(lines) + "\r\n").encode("ascii")
