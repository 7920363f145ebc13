"""PBN (Portable Bridge Notation) files: read deals and played results, write games.

Files in the wild are messy, so the reader takes what dealing programs, scorers and
table devices write: a UTF-8 byte-order mark, UTF-8, GB18030/GBK or Latin-1 text, CRLF,
``%`` lines, ``;`` and ``{…}`` comments (over several lines too), any tags in any order,
``#`` and ``##`` inheritance (PBN 2.1 §4.8), and sections of data under a tag (auction,
play, statistics tables such as ``OptimumResultTable``); the text is read as a stream, a
line at a time (``pbn_games``). Everything it finds wrong is reported as a Problem with a
``code`` and ``params``, so a page can say it in the user's language (the first
MOST_PROBLEMS of them, and how many more); nothing here imports Django.

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
from typing import BinaryIO

from matches.scoring import (
    Contract,
    ContractError,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    ns_score,
)
from matches.scoring.deals import Deal, DealError
from matches.scoring.double_dummy import ParContract

from .pbn_games import Game, decode, iter_games, lines, read_games

__all__ = ["Game", "decode", "iter_games", "lines", "read_games"]  # re-exported

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
_VULNERABLE = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL,
}  # fmt: skip
_SEATS = {seat.value: seat for seat in Seat}
_PLAYER_TAGS = (("North", Seat.NORTH), ("East", Seat.EAST), ("South", Seat.SOUTH),
                ("West", Seat.WEST))  # fmt: skip
# §4.2.1: "<score>" (the declarer's), "NS <score>", "EW <score>", or both sides named.
_SCORE = re.compile(r"^(?:(NS|EW)\s+)?(-?\d+)(?:\s+(NS|EW)\s+(-?\d+))?$")
# The most problems a file's refusal lists (the rest are counted), so a broken 10,000-board
# file gets a page of 50 messages and "and 17,952 more", not a 2 MB page.
MOST_PROBLEMS = 50


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


class Problems(list):
    """A list of problems that keeps the first MOST_PROBLEMS and counts the rest."""

    more = 0

    def add(self, problem: Problem) -> None:
        if len(self) < MOST_PROBLEMS:
            self.append(problem)
        else:
            self.more += 1


class PbnError(ValueError):
    """A file that cannot be used: every problem found (the first MOST_PROBLEMS of them,
    and how many more), so all can be fixed at once."""

    def __init__(self, problems: list[Problem], more: int = 0) -> None:
        text = "; ".join(str(p) for p in problems) + (f"; and {more} more" if more else "")
        super().__init__(text)
        self.problems = list(problems)
        self.more = more


@dataclass(frozen=True)
class FileDeal:
    board: int
    deal: Deal
    line: int


@dataclass(frozen=True)
class DealFile:
    deals: list[FileDeal]
    warnings: list[Problem]
    more_warnings: int = 0


def _board_number(game: Game, problems: Problems) -> int | None:
    value = (game.get("Board") or "").strip()
    if not value or value == "?":
        problems.add(Problem("no-board", game.line))
        return None
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 999:
        problems.add(Problem("bad-board", game.line, params={"value": value}))
        return None
    return int(value)


def read_deals(data: bytes | BinaryIO) -> DealFile:
    """Return the deals of a PBN file of boards, by board number, with its warnings.

    Raise PbnError listing every broken deal (not 52 distinct cards, 13 to a hand), deal
    without a board number, or board dealt twice differently: then nothing is to be used.
    A ``[Dealer]`` or ``[Vulnerable]`` that disagrees with the board number is a warning.
    """
    errors, warnings = Problems(), Problems()
    found: dict[int, FileDeal] = {}
    for game in iter_games(lines(data)):
        text = game.get("Deal")
        if text is None or text.strip() in ("", "?"):
            continue
        board = _board_number(game, errors)
        if board is None:
            continue
        try:
            deal = Deal.parse(text)
        except DealError as error:
            errors.add(Problem(f"deal-{error.code}", game.line, board, error.params))
            continue
        if board in found:
            if found[board].deal != deal:
                errors.add(Problem("conflict", game.line, board, {"first": found[board].line}))
            continue
        found[board] = FileDeal(board, deal, game.line)
        for warning in _check_dealer_and_vulnerability(game, board):
            warnings.add(warning)
    if not found and not errors:
        errors.add(Problem("no-deals"))
    if errors:
        raise PbnError(errors, errors.more)
    return DealFile(sorted(found.values(), key=lambda d: d.board), warnings, warnings.more)


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


def score_ns(value: str, declarer: Seat | None) -> int | None:
    """Return North-South's score in a [Score] value, read as PBN 2.1 §4.2.1 defines its
    five formats (a bare value is the declarer's side's); None if it is none of them."""
    match = _SCORE.match(value.strip())
    if match is None:
        return None
    side, score, other_side, other_score = match.groups()
    if other_side is not None and (side is None or other_side == side):
        return None
    if side is None:
        side = "NS" if declarer is None or declarer.side is Side.NS else "EW"
    if side == "NS":
        return int(score)
    return int(other_score) if other_side == "NS" else -int(score)


class Room:
    OPEN = "open"
    CLOSED = "closed"


_ROOMS = {
    "OPEN": Room.OPEN, "O": Room.OPEN, "开室": Room.OPEN, "开": Room.OPEN,
    "CLOSED": Room.CLOSED, "C": Room.CLOSED, "闭室": Room.CLOSED, "闭": Room.CLOSED,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
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
    players: tuple[tuple[Seat, str], ...] = ()  # the names in [North]…[West] the file gives


@dataclass(frozen=True)
class ResultsFile:
    """A results file's games, and what in it disagrees with the app: a [Dealer] or
    [Vulnerable] the board number does not give (once a board), or a [Score] that is not
    the app's score of the game's result (each game)."""

    games: list[PlayedGame]
    disagreements: list[Problem]
    more_disagreements: int = 0


def read_results(data: bytes | BinaryIO) -> ResultsFile:
    """Return the played games of a PBN results file, and where it disagrees with the app.

    Raise PbnError listing every game that cannot be read (no board, no room, a contract,
    declarer or result that is not one), so nothing is imported from a half-good file.
    """
    errors, disagreements = Problems(), Problems()
    played: list[PlayedGame] = []
    reported: set[tuple] = set()
    for game in iter_games(lines(data)):
        contract_text = game.get("Contract")
        if contract_text is None:
            continue  # a game of deals only, or statistics
        board = _board_number(game, errors)
        if board is None:
            continue
        room = _ROOMS.get((game.get("Room") or "").strip().upper())
        if room is None:
            errors.add(Problem("room", game.line, board, {"value": game.get("Room") or ""}))
            continue
        try:
            contract = Contract.parse(contract_text)
        except ContractError:
            errors.add(Problem("contract", game.line, board, {"value": contract_text}))
            continue
        declarer = tricks = None
        if not contract.is_pass:
            declarer = _SEATS.get((game.get("Declarer") or "").strip().upper())
            if declarer is None:
                errors.add(
                    Problem("declarer", game.line, board, {"value": game.get("Declarer") or ""})
                )
                continue
            result = (game.get("Result") or "").strip()
            if not (result.isascii() and result.isdigit()) or int(result) > 13:
                errors.add(Problem("result", game.line, board, {"value": result}))
                continue
            tricks = int(result)
        for problem in _check_dealer_and_vulnerability(game, board):
            key = (board, problem.code, problem.params["found"])
            if key not in reported:
                reported.add(key)
                disagreements.add(problem)
        score = _check_score(game, board, contract, declarer, tricks)
        if score is not None:
            disagreements.add(score)
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
                players=_players(game),
            )
        )
    if not played and not errors:
        errors.add(Problem("no-results"))
    if errors:
        raise PbnError(errors, errors.more)
    return ResultsFile(played, disagreements, disagreements.more)


def _check_score(game: Game, board: int, contract, declarer, tricks) -> Problem | None:
    """Return the disagreement of a game's [Score] with the app's score of its result."""
    text = (game.get("Score") or "").strip()
    if not text or text == "?":
        return None
    expected = ns_score(contract, declarer, tricks or 0, board)
    if score_ns(text, declarer) == expected:
        return None
    return Problem(
        "score",
        game.line,
        board,
        {
            "found": text,
            "expected": side_value(expected),
            "contract": contract,
            "declarer": declarer,
            "tricks": tricks,
            "home": (game.get("HomeTeam") or "").strip(),
            "visit": (game.get("VisitTeam") or "").strip(),
        },
    )


def _players(game: Game) -> tuple[tuple[Seat, str], ...]:
    """Return the players the game names in [North]…[West] (an unknown "?" is no name)."""
    names = []
    for tag, seat in _PLAYER_TAGS:
        name = " ".join((game.get(tag) or "").split())
        if name and name not in ("?", "-"):
            names.append((seat, name))
    return tuple(names)


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
