"""A double elimination as the pages word it: its winners' bracket (胜者组), losers'
bracket (败者组) and final(s) (总决赛, 第二场总决赛), each round named ("Winners' bracket
round 2", "Losers' bracket final"), every slot with its match once made.

A round's name is lazy: it is put into words in the language active when it is shown,
so the wall can show it in both languages (``inboth``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from matches import queries
from matches.models import Match
from matches.scoring.double_elimination import (
    FINAL,
    LOSERS,
    SECOND_FINAL,
    WINNERS,
    Slot,
    bracket_round,
    losers_rounds,
    rounds_played_in,
)
from matches.scoring.knockout import round_count


def round_name(bracket: str, number: int, teams: int) -> str:
    """Return the name of round ``number`` of a double elimination's ``bracket``."""
    if bracket == FINAL:
        return _("Grand final")
    if bracket == SECOND_FINAL:
        return _("Second final")
    values = {"round": number}
    if bracket == LOSERS:
        if number == losers_rounds(teams):
            return _("Losers' bracket final")
        return _("Losers' bracket round %(round)s") % values
    if number == round_count(teams):
        return _("Winners' bracket final")
    return _("Winners' bracket round %(round)s") % values


lazy_round_name = lazy(round_name, str)


def bracket_title(bracket: str) -> str:
    """Return a bracket's name: "Winners' bracket", "Losers' bracket", "Final"."""
    if bracket == WINNERS:
        return _("Winners' bracket")
    if bracket == LOSERS:
        return _("Losers' bracket")
    return pgettext("double elimination", "Finals")


lazy_bracket_title = lazy(bracket_title, str)


def teams_of(stage) -> int:
    """Return the stage's number of teams (kept on the stage: one query)."""
    if not hasattr(stage, "_double_teams"):
        stage._double_teams = stage.entries.count()
    return stage._double_teams


def match_round_name(match) -> str:
    """Return what a double elimination's match is called: "Losers' bracket round 3"."""
    teams = teams_of(match.stage)
    if teams < 2:
        return _("Round %(round)s") % {"round": match.round}
    number = bracket_round(match.bracket, match.round, teams)
    return round_name(match.bracket, number, teams)


def losers_round_name(stage, number: int) -> str:
    """Return the name of the stage's losers' round ``number`` ("Losers' bracket final")."""
    return round_name(LOSERS, number, teams_of(stage))


def stage_round_name(stage, played_in: int) -> str:
    """Return what the stage's round ``played_in`` is called, by the bracket rounds played
    in it: "Winners' bracket round 2 · Losers' bracket round 1", "Losers' bracket final",
    "Grand final", "Second final"; "Round n" past them."""
    teams = teams_of(stage)
    played = rounds_played_in(played_in, teams) if teams >= 2 else []
    if not played:
        return _("Round %(round)s") % {"round": played_in}
    return " · ".join(round_name(bracket, number, teams) for bracket, number in played)


@dataclass(frozen=True)
class DoubleSlot(Slot):
    """A slot as the pages show it: the rules' slot with its match once made."""

    match: Match | None = None
    carry_working: str = ""  # a double elimination carries nothing over

    @property
    def sides(self) -> list[tuple]:
        """Return (team, IMPs or None before the match is made, won) for home and away;
        a bye: its one team, through."""
        if self.bye:
            return [(self.home, None, self.home is not None)]
        imps = (self.match.home_imps, self.match.away_imps) if self.match else (None, None)
        won = [self.winner is not None and self.winner == team for team in (self.home, self.away)]
        return list(zip((self.home, self.away), imps, won, strict=True))


@dataclass
class Section:
    """One bracket of the stage: its name and its rounds, (name, slots) each."""

    bracket: str
    title: str
    rounds: list


def rounds(stage) -> list[tuple[str, list[DoubleSlot]]]:
    """Return every round of the stage, (name, slots): the winners' bracket's, the losers'
    bracket's, the grand final and the second final once it is needed."""
    layout, matches = queries.double_bracket(stage)
    if layout is None:
        return []
    result = []
    for bracket_rounds in (layout.winners, layout.losers, [[slot] for slot in layout.finals]):
        for slots in bracket_rounds:
            if not slots:
                continue
            name = lazy_round_name(slots[0].bracket, slots[0].round, layout.teams)
            made = [DoubleSlot(**_fields_of(s), match=matches.get(s.key)) for s in slots]
            result.append((name, made))
    return result


def _fields_of(slot: Slot) -> dict:
    return {field.name: getattr(slot, field.name) for field in fields(slot)}


def sections(bracket_rounds: list) -> list[Section]:
    """Return the rounds (from ``rounds``) by bracket: winners', losers', the finals."""
    result: list[Section] = []
    for name, slots in bracket_rounds:
        kind = slots[0].bracket if slots[0].bracket in (WINNERS, LOSERS) else FINAL
        if not result or result[-1].bracket != kind:
            result.append(Section(kind, bracket_title(kind), []))
        result[-1].rounds.append((name, slots))
    return result


def wall_panels(bracket_rounds: list) -> list[tuple]:
    """Return the wall's two panels of the rounds (from ``rounds``), (title, rounds): the
    winners' bracket with the finals, then the losers' bracket; the titles lazy."""
    upper = [(name, slots) for name, slots in bracket_rounds if slots[0].bracket != LOSERS]
    lower = [(name, slots) for name, slots in bracket_rounds if slots[0].bracket == LOSERS]
    panels = [(lazy_bracket_title(WINNERS), upper), (lazy_bracket_title(LOSERS), lower)]
    return [(title, shown) for title, shown in panels if shown]


def second_final_pending(bracket_rounds: list) -> bool:
    """Return True while the grand final is undecided (a second final may follow)."""
    finals = [slots[0] for _name, slots in bracket_rounds if slots[0].bracket == FINAL]
    return bool(finals) and finals[0].winner is None
