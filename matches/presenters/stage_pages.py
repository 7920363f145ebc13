"""What the stage pages and feeds show: the draft draw with its reasons, the latest
published draw, and the knockout bracket, as plain rows for templates and JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from matches import queries
from matches.scoring.swiss import Why

from . import double_brackets
from .knockouts import carry_over_text, round_name


@dataclass
class DrawRow:
    table: int
    home: object
    away: object | None  # None: the bye
    reasons: list[str] = field(default_factory=list)
    repeat: bool = False


def _why(why: str, team: str) -> str:
    if why == Why.MET:
        return _("%(team)s passed over: they have met already") % {"team": team}
    if why == Why.HAD_BYE:
        return _("%(team)s passed over: it has had a bye already") % {"team": team}
    return _(
        "%(team)s passed over: with that pairing the rest could not be paired without a repeat"
    ) % {"team": team}


def draft(stage) -> list[DrawRow]:
    """Return the draft draw, table 1 first, each table with its reasons in words."""
    rows = list(stage.draft.select_related("home", "away"))
    names = dict(stage.event.teams.values_list("pk", "name"))
    result = []
    for row in rows:
        reasons = [_why(item["why"], names.get(item["team"], "?")) for item in row.reasons]
        if row.repeat:
            reasons.append(_("A repeat: no draw without one exists."))
        result.append(DrawRow(row.table, row.home, row.away, reasons, row.repeat))
    return result


@dataclass
class PublishedDraw:
    round: int | None
    tables: list  # (table number, match)
    byes: list


def latest_draw(stage) -> PublishedDraw:
    """Return the latest published round of the stage: its matches in table order, byes."""
    latest = queries.latest_round(stage)
    return PublishedDraw(latest.number, list(enumerate(latest.matches, start=1)), latest.byes)


@dataclass
class BracketSlot:
    round: int
    position: int
    home: object | None
    away: object | None
    bye: bool
    winner: object | None
    match: object | None
    carry_working: str = ""  # the carry-over's working in words ("" when none)


def bracket(stage) -> list[tuple[str, list[BracketSlot]]]:
    """Return the bracket's rounds (name, slots), every slot with its match if made."""
    if not stage.is_knockout:
        return []
    if stage.is_double_elimination:
        return double_brackets.rounds(stage)
    rounds, matches = queries.knockout_bracket(stage)
    result = []
    for number, slots in enumerate(rounds, start=1):
        result.append(
            (
                round_name(len(rounds), number),
                [
                    BracketSlot(
                        s.round,
                        s.position,
                        s.home,
                        s.away,
                        s.bye,
                        s.winner,
                        matches.get((s.round, s.position)),
                        _carry_working(matches.get((s.round, s.position))),
                    )  # fmt: skip
                    for s in slots
                ],
            )
        )
    return result


def _carry_working(match) -> str:
    if match is None:
        return ""
    return carry_over_text(match)


def places_waiting(bracket) -> list[BracketSlot]:
    """Return the places whose two teams are known but whose match was never made."""
    return [
        slot
        for _name, slots in bracket
        for slot in slots
        if not slot.bye and slot.home and slot.away and slot.match is None
    ]
