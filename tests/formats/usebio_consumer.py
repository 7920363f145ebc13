"""A USEBIO document read the way a real consumer reads it: a test harness.

The consumer is marcshearer/ImportUsebio (a macOS program that imports USEBIO results for
the Scottish Bridge Union), its ``ImportUsebio/Shared/Usebio Parser.swift`` at commit
915132f. That parser walks the XML with a processor per element it knows, each taking only
the children it names and ignoring every other; this module does the same for what a teams
event needs, element for element and attribute for attribute:

- ``USEBIO`` (attribute ``Version``) → ``EVENT`` (attribute ``EVENT_TYPE``);
- ``EVENT``'s children ``EVENT_DESCRIPTION``, ``DATE`` (dd/MM/yyyy), ``EVENT_IDENTIFIER``,
  ``BOARD_SCORING_METHOD``, ``MATCH_SCORING_METHOD``, ``BOARDS_PLAYED``, ``PARTICIPANTS``,
  ``MATCH``;
- ``PARTICIPANTS/TEAM``: the team's number and name from its attributes ``TEAM_ID`` and
  ``TEAM_NAME`` only; its children ``PLAYER`` (``PLAYER_NAME``, ``PLAYER_NUMBER``),
  ``PLACE`` (an "=" dropped), ``TOTAL_SCORE``, ``WINS_OR_DRAWS``;
- ``MATCH``: ``ROUND_NUMBER``, ``TEAM`` (the match's number), ``OPPOSING_TEAM``,
  ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``, ``TEAM_VICTORY_POINTS``,
  ``OPPOSING_TEAM_VICTORY_POINTS``, and ``BOARD/IMPS`` (one board per ``IMPS``, its value
  the ``TEAM`` side's, the other side's its negative).

Values are read as Swift reads them: ``Int(value)`` and ``Float(value)`` give None for
anything that is not a number; an element the parser does not name is skipped with all it
holds. Event types and scoring methods are matched as its enums match them (lowercased).
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

EVENT_TYPES = {
    "ko",
    "ladder",
    "mp_pairs",
    "butler_pairs",
    "individual",
    "swiss_pairs",
    "swiss_teams",
    "teams_of_four",
    "cross_imps",
    "aggregate",
    "swiss_pairs_cross_imps",
    "swiss_pairs_butler_imps",
    "pairs",
    "teams",
    "head_to_head",
}
SCORING_METHODS = {"vps", "imps", "match_points", "percentage", "cross_imps", "aggregate"}


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


@dataclass
class Team:
    number: str | None
    name: str | None
    players: list[str] = field(default_factory=list)
    place: int | None = None
    score: float | None = None
    wins_or_draws: float | None = None


@dataclass
class Match:
    round: int | None = None
    number: str | None = None
    opposing_number: str | None = None
    score: float | None = None
    opposing_score: float | None = None
    vp: float | None = None
    opposing_vp: float | None = None
    boards: list[float | None] = field(default_factory=list)  # the TEAM side's IMPs a board


@dataclass
class Club:
    name: str | None = None
    id: str | None = None


@dataclass
class Event:
    version: str | None = None
    clubs: list[Club] = field(default_factory=list)
    type: str | None = None
    description: str | None = None
    date: datetime.date | None = None
    code: str | None = None
    board_scoring: str | None = None
    match_scoring: str | None = None
    boards: int | None = None
    participants: list[Team] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)


def _text(element: ET.Element) -> str:
    return "".join(element.itertext())


def read(data: bytes) -> Event:
    """Return the event as ImportUsebio's parser reads the document."""
    root = ET.fromstring(data)
    event = Event()
    if root.tag != "USEBIO":
        return event
    event.version = root.get("Version")
    for child in root:
        if child.tag == "CLUB":  # processClub: CLUB_NAME and CLUB_ID_NUMBER
            club = Club(child.findtext("CLUB_NAME"), child.findtext("CLUB_ID_NUMBER"))
            event.clubs.append(club)
        if child.tag == "EVENT":
            kind = (child.get("EVENT_TYPE") or "INVALID").lower()
            event.type = kind if kind in EVENT_TYPES else None
            _event(child, event)
    return event


def _event(element: ET.Element, event: Event) -> None:
    for child in element:
        value = _text(child)
        if child.tag == "EVENT_DESCRIPTION":
            event.description = value
        elif child.tag == "DATE":
            event.date = datetime.datetime.strptime(value, "%d/%m/%Y").date()
        elif child.tag == "EVENT_IDENTIFIER":
            event.code = value
        elif child.tag in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD"):
            method = value.lower().replace(" ", "_")
            method = method if method in SCORING_METHODS else None
            if child.tag == "BOARD_SCORING_METHOD":
                event.board_scoring = method
            else:
                event.match_scoring = method
        elif child.tag == "BOARDS_PLAYED":
            event.boards = _int(value)
        elif child.tag == "PARTICIPANTS":
            for team in child:
                if team.tag == "TEAM":
                    event.participants.append(_team(team))
        elif child.tag == "MATCH":
            event.matches.append(_match(child))


def _team(element: ET.Element) -> Team:
    team = Team(number=element.get("TEAM_ID"), name=element.get("TEAM_NAME"))
    for child in element:
        if child.tag == "PLAYER":
            for part in child:
                if part.tag == "PLAYER_NAME":
                    team.players.append(_text(part))
        elif child.tag == "PLACE":
            team.place = _int(_text(child).replace("=", ""))
        elif child.tag == "TOTAL_SCORE":
            team.score = _float(_text(child))
        elif child.tag == "WINS_OR_DRAWS":
            team.wins_or_draws = _float(_text(child))
    return team


def _match(element: ET.Element) -> Match:
    match = Match()
    for child in element:
        value = _text(child)
        if child.tag == "ROUND_NUMBER":
            match.round = _int(value)
        elif child.tag == "TEAM":
            match.number = value
        elif child.tag == "OPPOSING_TEAM":
            match.opposing_number = value
        elif child.tag == "TEAM_SCORE":
            match.score = _float(value)
        elif child.tag == "OPPOSING_TEAM_SCORE":
            match.opposing_score = _float(value)
        elif child.tag == "TEAM_VICTORY_POINTS":
            match.vp = _float(value)
        elif child.tag == "OPPOSING_TEAM_VICTORY_POINTS":
            match.opposing_vp = _float(value)
        elif child.tag == "BOARD":
            for part in child:
                if part.tag == "IMPS":
                    match.boards.append(_float(_text(part)))
    return match
