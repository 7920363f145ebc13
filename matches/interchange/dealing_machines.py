"""The files dealing machines read and write: DUP, DLM, BRI and DGE.

A club deals its boards with a machine (Jannersten's Duplimate, Dealer4, HandyDup) that
reads the deals it is to make, or writes down the deals it made, in these files. None has
a published standard; each is read and written here as the machines' own description
(Jannersten's "Convert" note on DUP, BRI and DGE) and two independent programs that write
them for the machines describe and do it: Big Deal (Hans van Staveren's dealing program)
and JFR's deal converter (``tests/data/dealing/README.md`` names the files they wrote).
The cards are numbered 1 to 52 in the order ♠A, ♠K … ♠2, ♥A … ♣2 throughout.

- **BRI**: a board is 78 digits, two for each card of North, East and South (West holds
  the other 13), padded to a 128-byte record with 32 spaces and 18 NULs; older files put
  each board on a line. No board numbers: the first board is board 1.
- **DGE**: a board is all four hands, North first, each suit after its symbol in the DOS
  character set (6 ♠, 3 ♥, 4 ♦, 5 ♣) and the ranks AKQJT98765432: 68 bytes, padded to 128
  with NULs. No board numbers either.
- **DUP**: a board is a BRI part (78 bytes), the same deal as a DGE part (68 bytes; Big
  Deal's "blind" files leave it blank), then 10 bytes for the machine: "Random hands?"
  (Y/N), "Backwards counting" (Y/N), the lowest board (3 bytes, left-aligned), the copies
  of each board (2) and the highest board (3). The first board's lowest board numbers them.
- **DLM**: a Windows settings file (``[Document]``, ``key=value`` lines): ``From board``
  and ``To board`` (at most 99), and for each board ``Board NN=`` 26 letters and a
  three-digit checksum. Each letter, ``a`` to ``p``, places two cards (in the order above):
  ``a`` + 4 × the first card's hand + the second's (North 0, East 1, South 2, West 3). The
  checksum is the board number XOR every letter's code; the file's ``Checksum`` is
  Duplicates XOR From XOR To, XOR 1 when ``Status=Show``. A file always lists 99 boards:
  those outside From…To are placeholders.

Readers return what ``pbn.read_deals`` returns (``DealFile``) and report what is wrong as
the same ``Problem`` codes, so a page says it in the user's language; writers refuse a set
of boards their format cannot hold with WriteRefused. Nothing here imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from matches.scoring.dealing import CARDS
from matches.scoring.deals import SEATS, Deal, DealError

from .pbn import DealFile, FileDeal, PbnError, Problem, Problems

RECORD = 128  # bytes of a BRI or DGE board
DUP_RECORD = 156  # bytes of a DUP board: BRI 78, DGE 68, the machine's 10
BRI_LENGTH, DGE_LENGTH = 78, 68
MOST_BOARDS = 999  # the highest board number the app keeps
DLM_MOST = 99
# The DOS character set's suit symbols, in the order the hands list their suits.
SYMBOLS = "\x06\x03\x04\x05"  # ♠ ♥ ♦ ♣
SHOWN = str.maketrans(SYMBOLS, "♠♥♦♣")
PADDING = b"\x00\x1a"  # NULs fill records; ^Z ends some DOS files
_DLM_BOARD = re.compile(r"^([a-p]{26})(\d{1,3})$")
_DLM_PLACEHOLDER = "aaaaaabffffffkkkkkklpppppp"  # Big Deal's: each hand its 13 cards


class WriteRefused(ValueError):
    """Boards a format cannot hold; ``code`` and ``params`` name why."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(f"{code}: {params}")
        self.code = code
        self.params = params


# Cards and hands -------------------------------------------------------------------------


def holders(deal: Deal) -> list[int]:
    """Return, for each card from ♠A to ♣2, the hand that holds it (North 0 … West 3)."""
    held = {}
    for index, seat in enumerate(SEATS):
        for suit, ranks in deal.hand(seat).suits:
            for rank in ranks:
                held[(suit, rank)] = index
    return [held[card] for card in CARDS]


def _deal(places: Sequence[int], board: int, line: int, problems: Problems) -> Deal | None:
    """Return the deal that puts card i in hand ``places[i]``, or None (a problem added)
    unless it gives each hand 13 cards."""
    hands = [[""] * 4 for _ in SEATS]
    for (suit, rank), place in zip(CARDS, places, strict=True):
        hands[place]["SHDC".index(suit.value)] += rank
    text = "N:" + " ".join(".".join(suits) for suits in hands)
    return _parse(text, board, line, problems)


def _parse(text: str, board: int, line: int, problems: Problems) -> Deal | None:
    try:
        return Deal.parse(text)
    except DealError as error:
        problems.add(Problem(f"deal-{error.code}", line, board, error.params))
        return None


def _shown(text: str, most: int = 40) -> str:
    """Return a piece of a file fit to quote in a message: symbols as ♠♥♦♣, no control
    characters, at most ``most`` characters."""
    text = text.translate(SHOWN)
    text = "".join(c if c.isprintable() else "·" for c in text)
    return text if len(text) <= most else text[: most - 1] + "…"


def _result(found: list[FileDeal], problems: Problems, warnings: Problems) -> DealFile:
    if not found and not problems:
        problems.add(Problem("no-deals"))
    if problems:
        raise PbnError(problems, problems.more)
    return DealFile(found, warnings, warnings.more)


def _numbered_from_one(deals: Sequence[tuple[int, Deal]], name: str) -> None:
    boards = [board for board, _ in deals]
    if boards != list(range(1, len(boards) + 1)):
        raise WriteRefused("from-one", format=name)


def _consecutive(deals: Sequence[tuple[int, Deal]], name: str) -> None:
    boards = [board for board, _ in deals]
    if not boards or boards != list(range(boards[0], boards[0] + len(boards))):
        raise WriteRefused("consecutive", format=name)


def _boards(data: bytes, length: int) -> list[str]:
    """Return the boards of a file of BRI or DGE records: the pieces between padding,
    spaces and line ends, a piece of several boards' length cut into boards."""
    pieces = data.translate(None, PADDING).split()
    boards = []
    for piece in pieces:
        text = piece.decode("latin-1")
        if len(text) > length and len(text) % length == 0:
            boards.extend(text[i : i + length] for i in range(0, len(text), length))
        else:
            boards.append(text)
    return boards


def _too_many(boards: list, problems: Problems) -> bool:
    if len(boards) > MOST_BOARDS:
        problems.add(Problem("too-many-boards", params={"count": len(boards), "most": MOST_BOARDS}))
        return True
    return False


def _read_boards(data: bytes, length: int, parse) -> DealFile:
    """Return the deals of a file of unnumbered boards (BRI, DGE), each read by ``parse``."""
    problems, warnings = Problems(), Problems()
    boards = _boards(data, length)
    found = []
    if not _too_many(boards, problems):
        for board, text in enumerate(boards, start=1):
            deal = parse(text, board, board, problems)
            if deal is not None:
                found.append(FileDeal(board, deal, board))
    return _result(found, problems, warnings)


# BRI -------------------------------------------------------------------------------------


def bri_text(deal: Deal) -> str:
    """Return a deal's BRI part: North's, East's and South's card numbers, lowest first."""
    places = holders(deal)
    return "".join(
        f"{number:02d}"
        for hand in range(3)
        for number, place in enumerate(places, start=1)
        if place == hand
    )


def deal_from_bri(text: str, board: int, line: int, problems: Problems) -> Deal | None:
    """Return the deal of a BRI part, or None (a problem added) if it is not one."""
    if len(text) != BRI_LENGTH or not text.isdigit() or not text.isascii():
        problems.add(Problem("bri-board", line, board, {"text": _shown(text)}))
        return None
    places = [3] * 52  # West holds what North, East and South do not
    for index in range(39):
        number = int(text[2 * index : 2 * index + 2])
        if not 1 <= number <= 52:
            problems.add(
                Problem("card-number", line, board, {"text": text[2 * index : 2 * index + 2]})
            )
            return None
        if places[number - 1] != 3:
            suit, rank = CARDS[number - 1]
            problems.add(Problem("card-twice", line, board, {"card": f"{suit.value}{rank}"}))
            return None
        places[number - 1] = index // 13
    return _deal(places, board, line, problems)


def read_bri(data: bytes) -> DealFile:
    """Return the deals of a BRI file, boards 1 up in the file's order."""
    return _read_boards(data, BRI_LENGTH, deal_from_bri)


def write_bri(deals: Sequence[tuple[int, Deal]]) -> bytes:
    """Return boards 1 to n as a BRI file (128-byte records, as Big Deal writes them)."""
    _numbered_from_one(deals, "BRI")
    return b"".join(bri_text(deal).encode("ascii") + b" " * 32 + b"\x00" * 18 for _, deal in deals)


# DGE -------------------------------------------------------------------------------------


def dge_text(deal: Deal) -> str:
    """Return a deal's DGE part: each hand, North first, each suit after its symbol."""
    return "".join(
        symbol + ranks
        for seat in SEATS
        for symbol, (_, ranks) in zip(SYMBOLS, deal.hand(seat).suits, strict=True)
    )


def deal_from_dge(text: str, board: int, line: int, problems: Problems) -> Deal | None:
    """Return the deal of a DGE part, or None (a problem added) if it is not one."""
    parts = re.split(f"([{SYMBOLS}])", text)
    symbols = "".join(parts[1::2])
    if parts[0] or symbols != SYMBOLS * 4:
        problems.add(Problem("dge-board", line, board, {"text": _shown(text)}))
        return None
    suits = [ranks or "-" for ranks in parts[2::2]]
    hands = [".".join(suits[i : i + 4]) for i in range(0, 16, 4)]
    return _parse("N:" + " ".join(hands), board, line, problems)


def read_dge(data: bytes) -> DealFile:
    """Return the deals of a DGE file, boards 1 up in the file's order."""
    return _read_boards(data, DGE_LENGTH, deal_from_dge)


def write_dge(deals: Sequence[tuple[int, Deal]]) -> bytes:
    """Return boards 1 to n as a DGE file (128-byte records, as Big Deal writes them)."""
    _numbered_from_one(deals, "DGE")
    return b"".join(dge_text(deal).encode("latin-1") + b"\x00" * 60 for _, deal in deals)


# DUP -------------------------------------------------------------------------------------


def _dup_records(data: bytes) -> list[bytes] | None:
    data = data.rstrip(b"\x1a")
    for size, end in ((DUP_RECORD, b""), (DUP_RECORD + 2, b"\r\n"), (DUP_RECORD + 1, b"\n")):
        if data and len(data) % size == 0:
            records = [data[i : i + size] for i in range(0, len(data), size)]
            if all(record.endswith(end) for record in records):
                return [record[:DUP_RECORD] for record in records]
    return None


def _dup_numbers(tail: str, count: int, warnings: Problems) -> int:
    """Return the first board of a DUP file, read from its first board's last 10 bytes."""
    lowest, highest = tail[2:5].strip(), tail[7:10].strip()
    if not (tail[:2].upper().strip("YN") == "" and lowest.isdigit() and highest.isdigit()):
        warnings.add(Problem("dup-numbers", params={"count": count}))
        return 1
    first = int(lowest)
    if int(highest) != first + count - 1:
        warnings.add(
            Problem("dup-count", params={"first": first, "last": int(highest), "count": count})
        )
    return max(first, 1)


def read_dup(data: bytes) -> DealFile:
    """Return the deals of a DUP file, numbered from the lowest board its first board names.

    The deal is read from each board's BRI part; a DGE part that is not blank must be the
    same deal.
    """
    problems, warnings = Problems(), Problems()
    records = _dup_records(data)
    if records is None:
        problems.add(
            Problem(
                "record-size", params={"format": "DUP", "record": DUP_RECORD, "size": len(data)}
            )
        )
        return _result([], problems, warnings)
    if _too_many(records, problems):
        return _result([], problems, warnings)
    texts = [record.decode("latin-1") for record in records]
    first = _dup_numbers(texts[0][146:], len(texts), warnings)
    found = []
    for index, text in enumerate(texts):
        board, line = first + index, index + 1
        if board > MOST_BOARDS:
            problems.add(Problem("too-many-boards", params={"count": board, "most": MOST_BOARDS}))
            break
        deal = deal_from_bri(text[:BRI_LENGTH], board, line, problems)
        dge = text[BRI_LENGTH:146]
        if deal is None or not dge.strip(" \x00"):
            if deal is not None:
                found.append(FileDeal(board, deal, line))
            continue
        if deal_from_dge(dge, board, line, Problems()) != deal:
            problems.add(Problem("dup-differs", line, board))
            continue
        found.append(FileDeal(board, deal, line))
    return _result(found, problems, warnings)


def dup_tail(first: int, last: int) -> str:
    """Return the machine's 10 bytes of a DUP board as Big Deal writes them: random hands,
    not backwards, the lowest board, no copies, the highest board."""
    return f"YN{first:<3}0 {last:02d}".ljust(10)


def write_dup(deals: Sequence[tuple[int, Deal]]) -> bytes:
    """Return consecutive boards as a DUP file, every board carrying the machine's bytes
    (as Big Deal writes them; JFR's converter puts them on the first board only)."""
    _consecutive(deals, "DUP")
    tail = dup_tail(deals[0][0], deals[-1][0])
    return b"".join((bri_text(deal) + dge_text(deal) + tail).encode("latin-1") for _, deal in deals)


# DLM -------------------------------------------------------------------------------------


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
    first = fields.get("from board", ("", 0))[0]
    last = fields.get("to board", ("", 0))[0]
    if not (first.isdigit() and last.isdigit() and 1 <= int(first) <= int(last) <= DLM_MOST):
        problems.add(Problem("dlm-boards", params={"first": first or "?", "last": last or "?"}))
        return None
    return range(int(first), int(last) + 1)


def read_dlm(data: bytes) -> DealFile:
    """Return the deals of a DLM file: boards From board to To board.

    A board whose checksum does not match its letters is a warning (its cards are still
    checked: 13 to a hand); an encrypted file (a Crypto key other than 0) is refused.
    """
    problems, warnings = Problems(), Problems()
    fields = _dlm_fields(data.decode("latin-1"))
    key = fields.get("crypto key", ("0", 0))[0]
    if key not in ("", "0"):
        problems.add(Problem("dlm-encrypted", params={"key": _shown(key, 12)}))
        return _result([], problems, warnings)
    boards = _dlm_range(fields, problems)
    found = []
    for board in boards or ():
        value, line = fields.get(f"board {board:02d}") or fields.get(f"board {board}", ("", 0))
        if not value:
            problems.add(Problem("dlm-missing", line, board))
            continue
        match = _DLM_BOARD.match(value.lower())
        if match is None:
            problems.add(Problem("dlm-board", line, board, {"text": _shown(value)}))
            continue
        letters, checksum = match.groups()
        places = []
        for letter in letters:
            places += divmod(ord(letter) - 97, 4)
        deal = _deal(places, board, line, problems)
        if deal is None:
            continue
        if int(checksum) != dlm_checksum(board, letters):
            warnings.add(Problem("dlm-checksum", line, board))
        found.append(FileDeal(board, deal, line))
    return _result(found, problems, warnings)


def _dlm_board(board: int, letters: str) -> list[str]:
    checksum = dlm_checksum(board, letters)
    return [f"Duplicates {board:02d}=0", f"Board {board:02d}={letters}{checksum:03d}"]


def write_dlm(deals: Sequence[tuple[int, Deal]], headline: str = "") -> bytes:
    """Return consecutive boards (at most board 99) as a DLM file, as Big Deal writes one:
    shown (not sealed), never duplicated yet, the other boards of the 99 as placeholders,
    Windows line ends."""
    _consecutive(deals, "DLM")
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
