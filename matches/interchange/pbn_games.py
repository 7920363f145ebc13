"""PBN text into games: the encoding, the lines, comments, tags, sections, and inheritance.

The layer under ``pbn`` (which reads deals and results out of the games): a file is read
as a stream, one line at a time, so a 10 MB file is never held as text or as a list of
lines beside its bytes. The encoding is found first, in a pass that decodes without
keeping anything: UTF-8 (with or without BOM), else GB18030, else Latin-1.

Tag value inheritance follows PBN 2.1 §4.8 (``../shared/standards/pbn_v21.txt``): ``#``
takes the tag's value in the nearest previous game that has one ("" if none), and a value
beginning ``##`` is used, without the ``##``, in that game and every later game that
leaves the tag out, until a game gives the tag another value (which then holds for the
games after it). Neither is inherited by the tags §4.8 forbids them in (Dealer,
Vulnerable, Deal, Declarer, Contract, Auction, Play and the notes): there the value stays
as written. Nothing here imports Django.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# Byte-order marks and their encodings, UTF-32's before UTF-16's (FF FE starts both).
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
CHUNK = 1 << 16
# §4.8: "#" and "##" are forbidden in these tags.
NOT_INHERITED = frozenset(
    ("dealer", "vulnerable", "deal", "declarer", "contract", "auction", "play", "note")
)


@dataclass(slots=True)
class Game:
    """One game of a PBN file: its tags (first value kept) and the data lines under tags."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)

    def get(self, name: str, default: str | None = None) -> str | None:
        """Return a tag's value, whatever the case of its name in the file."""
        value = self.tags.get(name)
        if value is not None:
            return value
        for key, value in self.tags.items():
            if key.lower() == name.lower():
                return value
        return default


def _stream(data: bytes | BinaryIO) -> BinaryIO:
    return io.BytesIO(data) if isinstance(data, bytes | bytearray | memoryview) else data


def encoding_of(data: bytes | BinaryIO) -> str:
    """Return the encoding a file is read in: the one its byte-order mark names, else the
    first of UTF-8 and GB18030 that decodes the whole file, else Latin-1."""
    stream = _stream(data)
    stream.seek(0)
    head = stream.read(4)
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding
    for encoding in ("utf-8", "gb18030"):
        stream.seek(0)
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            while chunk := stream.read(CHUNK):
                decoder.decode(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            continue
        return encoding
    return "latin-1"


def decode(data: bytes) -> str:
    """Return the text of a file (for a small one; ``lines`` streams a large one)."""
    return data.decode(encoding_of(data), errors="replace")


def lines(data: bytes | BinaryIO) -> Iterator[str]:
    """Yield the lines of a file, decoded, without their line ends (as str.splitlines
    splits them), reading 64 KB at a time."""
    stream = _stream(data)
    encoding = encoding_of(stream)
    stream.seek(0)
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    pending = ""
    while True:
        chunk = stream.read(CHUNK)
        pending += decoder.decode(chunk, final=not chunk)
        if not chunk:
            break
        held = "\r" if pending.endswith("\r") else ""  # perhaps the first half of a CRLF
        parts = pending[: len(pending) - len(held)].splitlines(keepends=True)
        pending = (parts.pop() if parts and parts[-1].splitlines() == [parts[-1]] else "") + held
        for part in parts:
            yield part.splitlines()[0]
    yield from pending.splitlines()


def _unescape(value: str) -> str:
    """Return a tag value with PBN's two escapes undone: \\" for a quote, \\\\ for a backslash."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _strip_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """Return the line without comments (outside tag values) and whether a {…} stays open."""
    kept = []
    in_quotes = False
    index = 0
    while index < len(line):
        char = line[index]
        if in_comment:
            if char == "}":
                in_comment = False
        elif in_quotes:
            kept.append(char)
            if char == "\\" and index + 1 < len(line):
                kept.append(line[index + 1])
                index += 1
            elif char == '"':
                in_quotes = False
        elif char == '"':
            in_quotes = True
            kept.append(char)
        elif char == "{":
            in_comment = True
        elif char == ";":
            break
        else:
            kept.append(char)
        index += 1
    return "".join(kept), in_comment


class _Inheritance:
    """PBN 2.1 §4.8 over a file's games, in order: "#" and "##"."""

    def __init__(self) -> None:
        self.last: dict[str, str] = {}  # each tag's value in the latest game that had it
        self.headers: dict[str, str] = {}  # the tags given with "##", as they stand now

    def apply(self, game: Game) -> None:
        for name, value in game.tags.items():
            if name.lower() in NOT_INHERITED:
                continue
            if value.startswith("##"):
                value = self.headers[name] = value[2:]
            elif value == "#":
                value = self.last.get(name, "")
            elif name in self.headers:
                self.headers[name] = value  # redefined in the middle of the file
            game.tags[name] = self.last[name] = value
        for name, value in self.headers.items():
            if name not in game.tags:
                game.tags[name] = value


def iter_games(source: str | Iterable[str]) -> Iterator[Game]:
    """Yield the games of a PBN text (or of its lines), one by one, "#" and "##" applied."""
    current: Game | None = None
    last_tag: str | None = None
    in_comment = False
    inheritance = _Inheritance()
    for number, raw in enumerate(
        source.splitlines() if isinstance(source, str) else source, start=1
    ):
        if not in_comment and raw.startswith("%"):
            continue
        line, in_comment = _strip_comments(raw, in_comment)
        stripped = line.strip()
        if not stripped:
            if not in_comment and raw.strip() == "":
                if current is not None and current.tags:
                    inheritance.apply(current)
                    yield current
                current = last_tag = None
            continue
        tags = list(_TAG.finditer(stripped))
        if tags:
            if current is None:
                current = Game(line=number)
            for match in tags:
                name, value = match.group(1), _unescape(match.group(2))
                if name not in current.tags:  # a repeated tag is ignored, as PBN says
                    current.tags[name] = value
                last_tag = name
            rest = _TAG.sub("", stripped).strip()
            if rest and last_tag:
                current.sections.setdefault(last_tag, []).append(rest)
        elif current is not None and last_tag is not None:
            current.sections.setdefault(last_tag, []).append(stripped)
    if current is not None and current.tags:
        inheritance.apply(current)
        yield current


def read_games(source: str | Iterable[str]) -> list[Game]:
    """Return the games of a PBN text, "#" and "##" applied (§4.8)."""
    return list(iter_games(source))
