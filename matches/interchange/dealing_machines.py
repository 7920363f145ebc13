"""The files dealing machines read and write: DUP, DLM, BRI and DGE.

A club deals its boards with a machine (Jannersten's Duplimate, Dealer4, HandyDup) that
reads the deals it is to make, or writes down the deals it made, in these files. None has
a published standard: each is read and written here as Jannersten's note on DUP, BRI and
DGE ("Convert") describes it, and as two independent programs write it for the machines:
Big Deal (Hans van Staveren's dealing program) and JFR's deal converter
(``tests/data/dealing/README.md`` names the files of theirs the tests read).
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
- **DLM**: a Windows settings file, read and written in ``dlm``.

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

DUP_RECORD = 156  # bytes of a DUP board: BRI 78, DGE 68, the machine's 10
BRI_LENGTH, DGE_LENGTH = 78, 68
MOST_BOARDS = 999  # the highest board number the app keeps
# The DOS character set's suit symbols, in the order the hands list their suits.
SYMBOLS = "\x06\x03\x04\x05"  # ♠ ♥ ♦ ♣
SHOWN = str.maketrans(SYMBOLS, "♠♥♦♣")
PADDING = b"\x00\x1a"  # NULs fill records; ^Z ends some DOS files


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


def deal_of_places(places: Sequence[int], board: int, line: int, problems: Problems) -> Deal | None:
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


def number(text: str) -> int | None:
    """Return the whole number written in ASCII digits (spaces around), else None: a file's
    "²" or "٣" is no number, whatever ``str.isdigit`` says."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


def quoted(text: str, most: int = 40) -> str:
    """Return a piece of a file fit to quote in a message: symbols as ♠♥♦♣, no control
    characters, at most ``most`` characters."""
    text = text.translate(SHOWN)
    text = "".join(c if c.isprintable() else "·" for c in text)
    return text if len(text) <= most else text[: most - 1] + "…"


def deal_file(found: list[FileDeal], problems: Problems, warnings: Problems) -> DealFile:
    if not found and not problems:
        problems.add(Problem("no-deals"))
    if problems:
        raise PbnError(problems, problems.more)
    return DealFile(found, warnings, warnings.more)


def _numbered_from_one(deals: Sequence[tuple[int, Deal]], name: str) -> None:
    boards = [board for board, _ in deals]
    if boards != list(range(1, len(boards) + 1)):
        raise WriteRefused("from-one", format=name)


def check_consecutive(deals: Sequence[tuple[int, Deal]], name: str) -> None:
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
    return deal_file(found, problems, warnings)


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
        problems.add(Problem("bri-board", line, board, {"text": quoted(text)}))
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
    return deal_of_places(places, board, line, problems)


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
        problems.add(Problem("dge-board", line, board, {"text": quoted(text)}))
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
    first, last = number(tail[2:5]), number(tail[7:10])
    if tail[:2].upper().strip("YN") != "" or first is None or last is None:
        warnings.add(Problem("dup-numbers", params={"count": count}))
        return 1
    if last != first + count - 1:
        warnings.add(Problem("dup-count", params={"first": first, "last": last, "count": count}))
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
        return deal_file([], problems, warnings)
    if _too_many(records, problems):
        return deal_file([], problems, warnings)
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
    return deal_file(found, problems, warnings)


def dup_tail(first: int, last: int) -> str:
    """Return the machine's 10 bytes of a DUP board as Big Deal writes them: random hands,
    not backwards, the lowest board, no copies, the highest board."""
    return f"YN{first:<3}0 {last:02d}".ljust(10)


def write_dup(deals: Sequence[tuple[int, Deal]]) -> bytes:
    """Return consecutive boards as a DUP file, every board carrying the machine's bytes
    (as Big Deal writes them; JFR's converter puts them on the first board only)."""
    check_consecutive(deals, "DUP")
    tail = dup_tail(deals[0][0], deals[-1][0])
    return b"".join((bri_text(deal) + dge_text(deal) + tail).encode("latin-1") for _, deal in deals)
