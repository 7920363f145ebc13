"""What the stage pages and feeds show: the draft draw with its reasons, the latest
published draw, and the knockout bracket, as plain rows for templates and JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.functional import lazy
from django.utils.translation import gettext as _

from matches import queries
from matches.scoring.swiss import Why

from . import double_bracket_rounds as double_brackets
from .knockout_words import carry_over_text, placing_round_name, round_name

lazy_placing_round_name = lazy(placing_round_name, str)


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
    bracket: int = 1  # the best place its bracket plays for (1: the main bracket)

    @property
    def figure(self) -> str:
        """Return the slot's name on the page, which a refresh keeps read."""
        where = f"{self.round}-{self.position}"
        return f"bracket-{where}" if self.bracket == 1 else f"place-{self.bracket}-{where}"


def _slot(slot, matches) -> BracketSlot:
    match = matches.get((slot.bracket, slot.round, slot.position))
    return BracketSlot(
        slot.round,
        slot.position,
        slot.home,
        slot.away,
        slot.bye,
        slot.winner,
        match,
        carry_over_text(match) if match is not None else "",
        slot.bracket,
    )


def bracket(stage) -> list[tuple[str, list[BracketSlot]]] | list[tuple[str, list]]:
    """Return the main bracket's rounds (name, slots), every slot with its match if made."""
    if not stage.is_knockout:
        return []
    if stage.is_double_elimination:
        return double_brackets.rounds(stage)
    brackets, matches = queries.knockout_playoff(stage)
    rounds = brackets[0].rounds if brackets else []
    return [
        (round_name(len(rounds), number), [_slot(s, matches) for s in slots])
        for number, slots in enumerate(rounds, start=1)
    ]


def placing_bracket(stage) -> list[tuple[str, list[BracketSlot]]]:
    """Return the placing matches (``Stage.placing``) as columns (name, slots): by the
    round they are played in, then by the places they play for ("Places 5–8", then
    "Third place", "Places 5–6", "Places 7–8" for 8 teams; the names lazy, put into words
    in the language active where they are shown: the wall shows both); a bye shown as the
    main bracket shows its byes: the team that goes through without playing (or "—" while
    the match it comes from is undecided), where the main bracket's bye left its place
    empty or a bracket has one team alone."""
    if not stage.is_knockout or stage.is_double_elimination:
        return []
    brackets, matches = queries.knockout_playoff(stage)
    columns = {}
    for each in brackets[1:]:
        for slots in each.rounds:
            if slots:
                columns[(slots[0].round, each.best)] = [_slot(s, matches) for s in slots]
    return [
        (lazy_placing_round_name(stage, best, number), columns[(number, best)])
        for number, best in sorted(columns)
    ]


def places_waiting(bracket) -> list[BracketSlot]:
    """Return the places whose two teams are known but whose match was never made."""
    return [
        slot
        for _name, slots in bracket
        for slot in slots
        if not slot.bye and slot.home and slot.away and slot.match is None
    ]
