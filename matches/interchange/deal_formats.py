"""Files of deals in every format the app reads and writes: PBN and the dealing machines'.

``FORMATS`` lists them (PBN, DUP, DLM, BRI, DGE); ``read_deals`` finds a file's format
from what it holds (a name's suffix only decides when the bytes do not), so a DUP file
named ``.txt`` is still read as DUP; ``write_deals`` writes a round's deals for a machine
or a program. The machines' formats are ``dealing_machines`` and ``dlm``; PBN is ``pbn``.
Nothing here imports Django.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import PurePath
from typing import BinaryIO

from matches.scoring import board_dealer, board_vulnerability, dealing
from matches.scoring.deals import Deal

from . import dealing_machines, dlm, pbn
from .pbn import DealFile, PbnError, Problem

Deals = Sequence[tuple[int, Deal]]  # (board, deal), boards in order


@dataclass(frozen=True)
class DealFormat:
    code: str  # "dup": the suffix without its dot, and the name in addresses
    name: str  # "DUP"
    content_type: str
    read: Callable[[bytes], DealFile]
    write: Callable[[Deals, str, date | None], bytes]

    @property
    def suffix(self) -> str:
        return f".{self.code}"


def write_pbn(deals: Deals, title: str = "", day: date | None = None) -> bytes:
    """Return deals as a PBN 2.1 file of boards (export format: the dealer's hand first)."""
    games = [
        {
            "Event": title,
            "Site": "",
            "Date": day.strftime("%Y.%m.%d") if day else "?",
            "Board": board,
            "Dealer": board_dealer(board).value,
            "Vulnerable": board_vulnerability(board).value,
            "Deal": deal.pbn(first=board_dealer(board)),
        }
        for board, deal in deals
    ]
    return pbn.write_games(games, comments=["Creator: scoresheet"]).encode("utf-8")


def _read_pbn(data: bytes | BinaryIO) -> DealFile:
    return pbn.read_deals(data)


FORMATS = {
    f.code: f
    for f in (
        DealFormat("pbn", "PBN", "application/x-pbn; charset=utf-8", _read_pbn, write_pbn),
        DealFormat(
            "dup",
            "DUP",
            "application/octet-stream",
            dealing_machines.read_dup,
            lambda deals, title, day: dealing_machines.write_dup(deals),
        ),
        DealFormat(
            "dlm",
            "DLM",
            "text/plain; charset=us-ascii",
            dlm.read_dlm,
            lambda deals, title, day: dlm.write_dlm(deals, title),
        ),
        DealFormat(
            "bri",
            "BRI",
            "application/octet-stream",
            dealing_machines.read_bri,
            lambda deals, title, day: dealing_machines.write_bri(deals),
        ),
        DealFormat(
            "dge",
            "DGE",
            "application/octet-stream",
            dealing_machines.read_dge,
            lambda deals, title, day: dealing_machines.write_dge(deals),
        ),
    )
}
NAMES = ", ".join(f.name for f in FORMATS.values())
_BOMS = (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)
HEAD = 512


def detect(head: bytes, name: str = "") -> DealFormat | None:
    """Return the format of a file that starts with ``head``, or None if nothing shows it.

    The bytes decide: a settings file starting ``[Document]`` is DLM; tags, comments or a
    byte-order mark are PBN; a DOS suit symbol first is DGE; digits first are DUP when a DGE
    part follows the first 78 or the first board's 147th and 148th bytes are the machine's
    Y/N answers, else BRI. Only a file
    none of these fits is taken at its name's word (so it gets its format's own refusal).
    """
    text = head.lstrip(b" \t\r\n")
    if text[:10].lower() == b"[document]":
        return FORMATS["dlm"]
    if head.startswith(_BOMS) or text[:1] in (b"[", b"%", b"{", b";"):
        return FORMATS["pbn"]
    if head[:1] and head[:1] in dealing_machines.SYMBOLS.encode():
        return FORMATS["dge"]
    if head[:2].isdigit():
        answers = head[146:148].upper()
        answered = len(answers) == 2 and answers.strip(b"YN") == b""
        return FORMATS["dup"] if answered or head[78:79] == b"\x06" else FORMATS["bri"]
    return FORMATS.get(PurePath(name or "").suffix.lower().lstrip("."))


def read_deals(data: bytes | BinaryIO, name: str = "") -> tuple[DealFormat, DealFile]:
    """Return a file's format and its deals; raise PbnError (``pbn``'s, whatever the
    format) listing what is wrong.

    A file whose format nothing shows is read as PBN (whose reader takes text with anything
    around its tags); if no deal is found in it, it is refused as none of the formats
    (``not-deals``).
    """
    stream = io.BytesIO(data) if isinstance(data, bytes | bytearray | memoryview) else data
    stream.seek(0)
    head = stream.read(HEAD)
    stream.seek(0)
    found = detect(head, name)
    if found is not None and found.code != "pbn":
        return found, found.read(stream.read())
    try:
        return FORMATS["pbn"], pbn.read_deals(stream)  # a stream, read a line at a time
    except PbnError as error:
        if found is None and [p.code for p in error.problems] == ["no-deals"]:
            raise PbnError([Problem("not-deals", params={"formats": NAMES})]) from None
        raise


def write_deals(code: str, deals: Deals, title: str = "", day: date | None = None) -> bytes:
    """Return deals in the format named ``code``; raise WriteRefused (``dealing_machines``)
    when the format cannot hold these boards."""
    return FORMATS[code].write(deals, title, day)


def random_deals_pbn(boards: int, title: str = "", day: date | None = None) -> bytes:
    """Return boards 1 to ``boards`` dealt at random (``scoring.dealing``: Big Deal's method,
    with the operating system's secure random numbers) as a PBN file of deals."""
    deals = dealing.random_deals(boards)
    return write_pbn(list(enumerate(deals, start=1)), title, day)
