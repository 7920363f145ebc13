"""PBN (Portable Bridge Notation) files: read deals and played results, write games.

Files in the wild are messy, so the reader takes what dealing programs, scorers and
table devices write: a UTF-8 byte-order mark, UTF-8, GB18030/GBK or Latin-1 text, CRLF,
``%`` lines, ``;`` and ``{…}`` comments (over several lines too), any tags in any order,
``#`` for "as in the previous game", and sections of data under a tag (auction, play,
statistics tables such as ``OptimumResultTable``). Everything it finds wrong is reported
as a Problem with a ``code`` and ``params``, so a page can say it in the user's language;
nothing here imports Django.

The writer gives PBN 2.1 export format (§2.1): the fifteen tags of the mandatory set in
their order, then the others alphabetically (§3.4), CRLF line ends (§2.3), an empty line
before every game but the first (§3), and a header of ``%`` lines (§2.4) naming the
version, the export format and the character set. PBN's own character set is ISO 8859-1
(§2.2); Chinese names need UTF-8, so the header says ``charset=UTF-8`` as BridgeComposer's
``% Content-type`` line does, and the download is served with the same charset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from matches.scoring import (
    Contract,
    ContractError,
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from matches.scoring.deals import Deal, DealError
from matches.scoring.double_dummy import ParContract

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_VULNERABLE = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL,
}  # fmt: skip
_SEATS = {seat.value: seat for seat in Seat}


@dataclass(frozen=True)
class Problem:
    """Something wrong in a file. ``code`` names it; ``params`` fill its message."""

    code: str
    line: int = 0
    board: int | None = None
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        where = f"board {self.board}" if self.board is not None else f"line {self.line}"
        details = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{where}: {self.code}" + (f" ({details})" if details else "")


class PbnError(ValueError):
    """A file that cannot be used: every problem found, so all can be fixed at once."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@dataclass
class Game:
    """One game of a PBN file: its tags (first value kept) and the data lines under tags."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)

    def get(self, name: str, default: str | None = None) -> str | None:
        """Return a tag's value, whatever the case of its name in the file."""
        for key, value in self.tags.items():
            if key.lower() == name.lower():
                return value
        return default


def decode(data: bytes) -> str:
    """Return the text of a file: UTF-8 (with or without BOM), else GB18030, else Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    for encoding in ("utf-8", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


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


def read_games(text: str) -> list[Game]:
    """Return the games of a PBN text, "#" values filled in from the game before."""
    games: list[Game] = []
    current: Game | None = None
    last_tag: str | None = None
    in_comment = False
    previous: dict[str, str] = {}

    def finish():
        nonlocal current, previous
        if current is not None and current.tags:
            for name, value in current.tags.items():
                if value == "#" and name in previous:
                    current.tags[name] = previous[name]
            games.append(current)
            previous = dict(current.tags)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        if not in_comment and raw.startswith("%"):
            continue
        line, in_comment = _strip_comments(raw, in_comment)
        stripped = line.strip()
        if not stripped:
            if not in_comment and raw.strip() == "":
                finish()
                last_tag = None
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
    finish()
    return games


@dataclass(frozen=True)
class FileDeal:
    board: int
    deal: Deal
    line: int


@dataclass(frozen=True)
class DealFile:
    deals: list[FileDeal]
    warnings: list[Problem]
    encoding_note: str = ""


def _board_number(game: Game, problems: list[Problem]) -> int | None:
    value = (game.get("Board") or "").strip()
    if not value or value == "?":
        problems.append(Problem("no-board", game.line))
        return None
    if not value.isdigit() or int(value) < 1 or int(value) > 999:
        problems.append(Problem("bad-board", game.line, params={"value": value}))
        return None
    return int(value)


def read_deals(data: bytes) -> DealFile:
    """Return the deals of a PBN file of boards, by board number, with its warnings.

    Raise PbnError listing every broken deal (not 52 distinct cards, 13 to a hand), deal
    without a board number, or board dealt twice differently: then nothing is to be used.
    A ``[Dealer]`` or ``[Vulnerable]`` that disagrees with the board number is a warning.
    """
    games = read_games(decode(data))
    errors: list[Problem] = []
    warnings: list[Problem] = []
    found: dict[int, FileDeal] = {}
    for game in games:
        text = game.get("Deal")
        if text is None or text.strip() in ("", "?"):
            continue
        board = _board_number(game, errors)
        if board is None:
            continue
        try:
            deal = Deal.parse(text)
        except DealError as error:
            errors.append(Problem(f"deal-{error.code}", game.line, board, error.params))
            continue
        if board in found:
            if found[board].deal != deal:
                errors.append(Problem("conflict", game.line, board, {"first": found[board].line}))
            continue
        found[board] = FileDeal(board, deal, game.line)
        warnings.extend(_check_dealer_and_vulnerability(game, board))
    if not found and not errors:
        errors.append(Problem("no-deals"))
    if errors:
        raise PbnError(errors)
    return DealFile(sorted(found.values(), key=lambda d: d.board), warnings)


def _check_dealer_and_vulnerability(game: Game, board: int) -> list[Problem]:
    warnings = []
    dealer = (game.get("Dealer") or "").strip().upper()
    if dealer and dealer != "?" and _SEATS.get(dealer) is not board_dealer(board):
        warnings.append(
            Problem(
                "dealer",
                game.line,
                board,
                {"found": dealer, "expected": board_dealer(board).value},
            )
        )
    vulnerable = (game.get("Vulnerable") or "").strip()
    if vulnerable and vulnerable != "?":
        if _VULNERABLE.get(vulnerable.upper()) is not board_vulnerability(board):
            warnings.append(
                Problem(
                    "vulnerable",
                    game.line,
                    board,
                    {"found": vulnerable, "expected": board_vulnerability(board).value},
                )
            )
    return warnings


class Room:
    OPEN = "open"
    CLOSED = "closed"


_ROOMS = {
    "OPEN": Room.OPEN, "O": Room.OPEN, "开室": Room.OPEN, "开": Room.OPEN,
    "CLOSED": Room.CLOSED, "C": Room.CLOSED, "闭室": Room.CLOSED, "闭": Room.CLOSED,
}  # fmt: skip


@dataclass(frozen=True)
class PlayedGame:
    """One board played in one room, as a table device or online play exports it."""

    board: int
    room: str  # Room.OPEN or Room.CLOSED
    home: str
    visit: str
    contract: Contract
    declarer: Seat | None
    tricks: int | None
    lead: str
    line: int


def read_results(data: bytes) -> list[PlayedGame]:
    """Return the played games of a PBN results file.

    Raise PbnError listing every game that cannot be read (no board, no room, a contract,
    declarer or result that is not one), so nothing is imported from a half-good file.
    """
    games = read_games(decode(data))
    errors: list[Problem] = []
    played: list[PlayedGame] = []
    for game in games:
        contract_text = game.get("Contract")
        if contract_text is None:
            continue  # a game of deals only, or statistics
        board = _board_number(game, errors)
        if board is None:
            continue
        room = _ROOMS.get((game.get("Room") or "").strip().upper())
        if room is None:
            errors.append(Problem("room", game.line, board, {"value": game.get("Room") or ""}))
            continue
        try:
            contract = Contract.parse(contract_text)
        except ContractError:
            errors.append(Problem("contract", game.line, board, {"value": contract_text}))
            continue
        declarer = tricks = None
        if not contract.is_pass:
            declarer = _SEATS.get((game.get("Declarer") or "").strip().upper())
            if declarer is None:
                errors.append(
                    Problem("declarer", game.line, board, {"value": game.get("Declarer") or ""})
                )
                continue
            result = (game.get("Result") or "").strip()
            if not result.isdigit() or int(result) > 13:
                errors.append(Problem("result", game.line, board, {"value": result}))
                continue
            tricks = int(result)
        played.append(
            PlayedGame(
                board=board,
                room=room,
                home=(game.get("HomeTeam") or "").strip(),
                visit=(game.get("VisitTeam") or "").strip(),
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                lead=(game.get("Lead") or "").strip(),
                line=game.line,
            )
        )
    if not played and not errors:
        errors.append(Problem("no-results"))
    if errors:
        raise PbnError(errors)
    return played


def _escape(value) -> str:
    return (
        str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")
    )


CONTENT_TYPE = "% Content-type: text/x-pbn; charset=UTF-8"


def side_value(ns: int | float) -> str:
    """Return a North-South figure as PBN's Score, ScoreIMP and OptimumScore write it with
    the side named (§4.2.1, §4.2.7): "NS 420" for North-South's, "EW 100" for East-West's."""
    return f"NS {ns}" if ns >= 0 else f"EW {-ns}"


def par_contracts_value(contracts: Iterable[ParContract]) -> str:
    """Return par contracts as BridgeComposer writes ``[ParContract]``: "NS 4S=", "EW 1S+2",
    "N 3NT=", "EW 5HX-2" (who declares, the contract, and the tricks over or under it), one
    entry per contract, a side named once when both its players declare it, entries
    separated by ";" as PBN separates the items of a tag value (§3.3). ParContract is not
    in PBN 2.1; the shape is the one BridgeComposer's files show ("NS 4H+1", "EW 6DX-5",
    "N 2S=", as public readers of its files parse them), the contract as [Contract] writes
    it (§3.4.14)."""
    declarers: dict[tuple[str, int], list[Seat]] = {}
    for par in contracts:
        declarers.setdefault((str(par.contract), par.result), []).append(par.declarer)
    entries = []
    for (contract, result), seats in declarers.items():
        mark = "=" if result == 0 else f"{result:+d}"
        for side in ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST)):
            who = "".join(seat.value for seat in side if seat in seats)
            if who:
                entries.append(f"{who} {contract}{mark}")
    return ";".join(entries)


def write_games(games: Iterable[dict], comments: Iterable[str] = ()) -> str:
    """Return PBN 2.1 export format for games given as {tag: value} (and optional "{}" notes).

    Each mandatory tag missing from a game is written with "?" (unknown), except a missing
    Deal, written empty as PBN does for an inappropriate value; a game's "_note" entry, if
    any, is written as a {…} commentary after its tags. The header's ``%`` lines come
    first, then the first game at once: only the games after it start with an empty line.
    """
    lines = ["% PBN 2.1", "% EXPORT", CONTENT_TYPE, *(f"% {comment}" for comment in comments)]
    for index, game in enumerate(games):
        if index:
            lines.append("")
        for name in MANDATORY_TAGS:
            default = "" if name == "Deal" else "?"
            lines.append(f'[{name} "{_escape(game.get(name, default))}"]')
        for name in sorted(k for k in game if k not in MANDATORY_TAGS and not k.startswith("_")):
            lines.append(f'[{name} "{_escape(game[name])}"]')
        note = game.get("_note")
        if note:
            lines.append("{" + str(note).replace("{", "(").replace("}", ")") + "}")
    return "\r\n".join(lines) + "\r\n"
