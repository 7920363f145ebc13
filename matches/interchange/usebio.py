"""USEBIO 1.2 XML for team events: participants with players, matches by round, VP.

The document follows the USEBIO 1.2 element names (the EBU's Universal Scoring Exchange of
Bridge Information, DOCTYPE ``-//EBU//DTD USEBIO 1.2//EN``), laid out for a teams event:

    USEBIO Version="1.2"
      CLUB: CLUB_NAME, CLUB_ID_NUMBER (the app keeps no club: the event's own name and id,
            so that a reader filing events by club, as ImportUsebio's parser does from
            these two elements, files each event by itself)
      EVENT EVENT_TYPE="TEAMS"
        PROGRAM_NAME, PROGRAM_VERSION, EVENT_DESCRIPTION, EVENT_IDENTIFIER, DATE (dd/mm/yyyy),
        BOARD_SCORING_METHOD (IMPS; MATCH_POINTS for board-a-match),
        MATCH_SCORING_METHOD (VPS; MATCH_POINTS for board-a-match; none for win/loss and
        Patton), BOARDS_PLAYED
        PARTICIPANTS
          TEAM TEAM_ID="3" TEAM_NAME="…": TEAM_NAME, TEAM_NUMBER (the same again, as
                elements), PLAYER* (PLAYER_NAME), PLACE, TOTAL_SCORE (VP, or the stage's
                points), WINS_OR_DRAWS (win/loss only: matches won, a tie a half)
        MATCH*: ROUND_NUMBER, TEAM, OPPOSING_TEAM (the home and away teams' TEAM_IDs),
                TEAM_SCORE, OPPOSING_TEAM_SCORE and TEAM_VICTORY_POINTS,
                OPPOSING_TEAM_VICTORY_POINTS (VP, the match scoring method's score),
                TEAM_IMPS, OPPOSING_TEAM_IMPS
          BOARD*: BOARD_NUMBER, IMPS (the home team's IMPs on the board, once both rooms
                  have played it)
            TRAVELLER_LINE* (one per room): DIRECTION is not used; NS_PAIR_NUMBER and
              EW_PAIR_NUMBER are the numbers of the teams that sat North-South and
              East-West, CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE (North-South's),
              NS_MATCH_POINTS and EW_MATCH_POINTS the IMPs each side won on the board
              (board-a-match: each side's board points, 1 / ½ / 0 or 2 / 1 / 0).

How each scoring method is written. The USEBIO 1.2 standard's own list of scoring
methods could not be had (neither the DTD nor usebio.org's documentation is in the
reference library this was written against), so the values are the ones the consumer
below understands, each for what it means there: ImportUsebio's ``ScoringMethod`` knows
``VPS``, ``IMPS``, ``MATCH_POINTS``, ``PERCENTAGE``, ``CROSS_IMPS`` and ``AGGREGATE``
(Score Data.swift), and reads a team's ``WINS_OR_DRAWS``.

- IMPs → VP: boards ``IMPS``, matches ``VPS``, each match's VP in ``…_VICTORY_POINTS``.
- Board-a-match: boards and matches ``MATCH_POINTS`` — each board is match-pointed over
  the match's two tables, and the match's score is the sum of its boards' points, which
  is what a ``MATCH_POINTS`` match is to the consumer (it adds a match's scores up);
  the traveller lines' ``…_MATCH_POINTS`` are the board points, no VP is written.
- Win/loss: boards ``IMPS``; no match method (none of the six is a won/tied/lost count);
  ``TEAM_SCORE`` and ``TOTAL_SCORE`` are the match points, ``WINS_OR_DRAWS`` the matches
  won with a tie as a half (what the consumer counts itself from the scores when it is
  missing).
- Patton: boards ``IMPS``; no match method (board points plus the IMP aggregate's points
  is none of the six); ``TEAM_SCORE`` and ``TOTAL_SCORE`` the Patton points.

The 1.2 DTD could not be had. Where a team's number and name and a match's sides go is
where a real consumer reads them: the ``Usebio Parser.swift`` of marcshearer/ImportUsebio
(commit 915132f) takes a team's number and name from the ``TEAM_ID`` and ``TEAM_NAME``
attributes of ``<TEAM>`` (not from child elements), a match's sides from ``TEAM`` and
``OPPOSING_TEAM`` (matched to the ``TEAM_ID``s), its scores from ``TEAM_SCORE``,
``OPPOSING_TEAM_SCORE`` and the ``…_VICTORY_POINTS`` elements, and the IMPs of each board
from ``BOARD/IMPS`` (from ``TEAM``'s side); ``tests/formats/usebio_consumer.py`` reads the
export the same way. An artificial adjusted score has lines with SCORE "A" and no
contract. Nothing here imports Django: the app fills the dataclasses below.
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal

DOCTYPE = (
    '<!DOCTYPE USEBIO PUBLIC "-//EBU//DTD USEBIO 1.2//EN" '
    '"http://www.usebio.org/files/usebio_v1_2.dtd">'
)


@dataclass
class Team:
    number: int
    name: str
    players: list[str] = field(default_factory=list)
    place: int | None = None
    total_vp: Decimal | None = None  # the total in the stage's points, VP or other
    wins_or_draws: Decimal | None = None  # win/loss: matches won, a tie a half


@dataclass
class Line:
    ns_team: int
    ew_team: int
    contract: str | None  # "4S", "3NTX", "PASS"; None for an artificial adjusted score
    declarer: str = ""
    lead: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    ns_imps: int = 0
    ew_imps: int = 0
    # board-a-match: each side's board points, written instead of the IMPs
    ns_points: Decimal | None = None
    ew_points: Decimal | None = None


@dataclass
class Board:
    number: int
    lines: list[Line] = field(default_factory=list)
    home_imps: int | None = None  # the home team's IMPs on the board (None: not complete)


@dataclass
class Match:
    round: int
    home: int
    away: int
    home_vp: Decimal | None
    away_vp: Decimal | None
    home_imps: int
    away_imps: int
    boards: list[Board] = field(default_factory=list)


@dataclass
class Event:
    name: str
    date: datetime.date | None
    identifier: str
    boards_played: int
    teams: list[Team]
    matches: list[Match]
    program_version: str = "1"
    club: str = ""  # the club's name ("": the event's)
    board_scoring: str = "IMPS"
    # VPS (then each match's VICTORY_POINTS too), MATCH_POINTS for board-a-match, None
    # for win/loss and Patton: the match's and team's scores are then their points.
    match_scoring: str | None = "VPS"

    @property
    def victory_points(self) -> bool:
        return self.match_scoring == "VPS"


def _add(parent: ET.Element, name: str, value=None) -> ET.Element:
    element = ET.SubElement(parent, name)
    if value is not None:
        element.text = str(value)
    return element


def _vp(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _points(value: Decimal) -> str:
    """Return board points as a number: "1", "0.5", "2"."""
    value = Decimal(value)
    return str(int(value)) if value == value.to_integral_value() else f"{value.normalize()}"


def write_usebio(event: Event) -> bytes:
    """Return the event as a USEBIO 1.2 document, UTF-8 encoded."""
    root = ET.Element("USEBIO", Version="1.2")
    club = _add(root, "CLUB")
    _add(club, "CLUB_NAME", event.club or event.name)
    _add(club, "CLUB_ID_NUMBER", event.identifier)
    xml_event = _add(root, "EVENT")
    xml_event.set("EVENT_TYPE", "TEAMS")
    _add(xml_event, "PROGRAM_NAME", "scoresheet")
    _add(xml_event, "PROGRAM_VERSION", event.program_version)
    _add(xml_event, "EVENT_DESCRIPTION", event.name)
    _add(xml_event, "EVENT_IDENTIFIER", event.identifier)
    if event.date is not None:
        _add(xml_event, "DATE", event.date.strftime("%d/%m/%Y"))
    _add(xml_event, "BOARD_SCORING_METHOD", event.board_scoring)
    if event.match_scoring is not None:
        _add(xml_event, "MATCH_SCORING_METHOD", event.match_scoring)
    _add(xml_event, "BOARDS_PLAYED", event.boards_played)
    participants = _add(xml_event, "PARTICIPANTS")
    for team in event.teams:
        xml_team = _add(participants, "TEAM")
        xml_team.set("TEAM_ID", str(team.number))
        xml_team.set("TEAM_NAME", team.name)
        _add(xml_team, "TEAM_NAME", team.name)
        _add(xml_team, "TEAM_NUMBER", team.number)
        for name in team.players:
            _add(_add(xml_team, "PLAYER"), "PLAYER_NAME", name)
        if team.place is not None:
            _add(xml_team, "PLACE", team.place)
        if team.total_vp is not None:
            _add(xml_team, "TOTAL_SCORE", _vp(team.total_vp))
        if team.wins_or_draws is not None:
            _add(xml_team, "WINS_OR_DRAWS", _points(team.wins_or_draws))
    for match in event.matches:
        xml_match = _add(xml_event, "MATCH")
        _add(xml_match, "ROUND_NUMBER", match.round)
        _add(xml_match, "TEAM", match.home)
        _add(xml_match, "OPPOSING_TEAM", match.away)
        if match.home_vp is not None and match.away_vp is not None:
            _add(xml_match, "TEAM_SCORE", _vp(match.home_vp))
            _add(xml_match, "OPPOSING_TEAM_SCORE", _vp(match.away_vp))
            if event.victory_points:
                _add(xml_match, "TEAM_VICTORY_POINTS", _vp(match.home_vp))
                _add(xml_match, "OPPOSING_TEAM_VICTORY_POINTS", _vp(match.away_vp))
        _add(xml_match, "TEAM_IMPS", match.home_imps)
        _add(xml_match, "OPPOSING_TEAM_IMPS", match.away_imps)
        for board in match.boards:
            xml_board = _add(xml_match, "BOARD")
            _add(xml_board, "BOARD_NUMBER", board.number)
            if board.home_imps is not None:
                _add(xml_board, "IMPS", board.home_imps)
            for line in board.lines:
                _line(xml_board, line)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _line(parent: ET.Element, line: Line) -> None:
    xml_line = _add(parent, "TRAVELLER_LINE")
    _add(xml_line, "NS_PAIR_NUMBER", line.ns_team)
    _add(xml_line, "EW_PAIR_NUMBER", line.ew_team)
    if line.contract is None:
        _add(xml_line, "SCORE", "A")
    else:
        _add(xml_line, "CONTRACT", line.contract)
        if line.declarer:
            _add(xml_line, "PLAYED_BY", line.declarer)
        if line.lead:
            _add(xml_line, "LEAD", line.lead)
        if line.tricks is not None:
            _add(xml_line, "TRICKS", line.tricks)
        _add(xml_line, "SCORE", line.ns_score if line.ns_score is not None else 0)
    if line.ns_points is not None and line.ew_points is not None:
        _add(xml_line, "NS_MATCH_POINTS", _points(line.ns_points))
        _add(xml_line, "EW_MATCH_POINTS", _points(line.ew_points))
    else:
        _add(xml_line, "NS_MATCH_POINTS", line.ns_imps)
        _add(xml_line, "EW_MATCH_POINTS", line.ew_imps)
