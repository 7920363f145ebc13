"""Knockouts as the pages word them: a round's name (决赛, 半决赛, 1/4 决赛 … / Final,
Semi-final, Quarter-final …) in place of "Round 2", and a carry-over's working in words
("½ × 2.07 VP = 1.035 → 1.0 → 1.1, so the match cannot end level"), each step taken from
``matches.scoring.knockout``'s own working of the rule, never written out again here.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from matches import queries
from matches.choices import LosersByChoice, PlacingChoice
from matches.scoring import knockout, playoff
from matches.scoring.knockout import CarryOverMethod, CarryOverWorking, TieRule

from . import double_bracket_rounds as double_brackets

SHARES = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(1, 10): "⅒",
}


def round_name(rounds: int, number: int, plural: bool = True) -> str:
    """Return the name of round ``number`` of a knockout of ``rounds`` rounds: the final,
    the semi-finals, the quarter-finals, the round of 16 …; ``plural`` for a round of the
    bracket ("Semi-finals"), else for one of its matches ("Semi-final")."""
    left = rounds - number
    if left == 0:
        return pgettext("knockout round", "Final")
    if left == 1:
        return _("Semi-finals") if plural else pgettext("knockout match", "Semi-final")
    if left == 2:
        return _("Quarter-finals") if plural else pgettext("knockout match", "Quarter-final")
    if left > 2:
        return _("Round of %(teams)s") % {"teams": 2 ** (left + 1), "matches": 2**left}
    return _("Round %(round)s") % {"round": number}


def stage_teams(stage) -> int:
    """Return how many teams a knockout stage has (kept on the stage: one query)."""
    if not hasattr(stage, "_knockout_teams"):
        stage._knockout_teams = stage.entries.count()
    return stage._knockout_teams


def stage_rounds(stage) -> int:
    """Return how many rounds a knockout stage has."""
    teams = stage_teams(stage)
    return knockout.round_count(teams) if teams >= 2 else 1


def places_name(first: int, last: int) -> str:
    """Return what a placing round is called by the places it plays for: "Third place"
    (三四名决赛), "Places 5–8" (第5–8名), "Place 7" (a lone team's)."""
    if (first, last) == (3, 4):
        return pgettext("knockout round", "Third place")
    if first == last:
        return _("Place %(place)s") % {"place": first}
    return _("Places %(first)s–%(last)s") % {"first": first, "last": last}


def placing_round_name(stage, best: int, number: int) -> str:
    """Return the name of round ``number`` of the placing bracket playing for ``best``: by
    the places it plays for ("Places 5–8"), or, when its teams all fit in the next round
    (a round of byes: six teams' first-round losers, who go straight to the match for
    5th), by the round it leads to ("Byes to places 5–6"), which alone is "Places 5–6". A
    team alone in its bracket has "Place 7" for each of its byes."""
    rounds, teams = stage_rounds(stage), stage_teams(stage)
    first, last = playoff.round_places(best, number, rounds, teams)
    byes = number < rounds and playoff.round_places(best, number + 1, rounds, teams) == (
        first,
        last,
    )
    if byes and first < last:
        return _("Byes to places %(first)s–%(last)s") % {"first": first, "last": last}
    return places_name(first, last)


def stage_round_name(stage, number: int) -> str:
    """Return what a stage's round is called: "Semi-finals" … in a knockout, "Winners'
    bracket round 2 · Losers' bracket round 1", "Grand final" … in a double elimination,
    "Round 3" otherwise (and without a stage: an event's round played in several)."""
    if stage is None:
        return _("Round %(round)s") % {"round": number}
    if stage.is_double_elimination:
        return double_brackets.stage_round_name(stage, number)
    if stage.is_knockout:
        return round_name(stage_rounds(stage), number)
    return _("Round %(round)s") % {"round": number}


def round_link_text(stage, number: int) -> str:
    """Return a round's link among the stage's rounds: its name in a knockout ("Final"),
    else its number alone ("3"; a double elimination's names are too long for a button,
    its round page names it)."""
    if stage is None or not stage.is_knockout or stage.is_double_elimination:
        return str(number)
    return stage_round_name(stage, number)


def placing_match_name(match) -> str:
    """Return a placing match's name by the places it plays for ("Third place", "Places
    5–8"); "" for any other match."""
    best = queries.bracket_best(match.bracket) if match.stage.is_knockout else None
    if match.stage.is_double_elimination or best in (None, playoff.MAIN):
        return ""
    return placing_round_name(match.stage, best, match.round)


def match_note(match) -> str:
    """Return what a round's list says beside a match whose round's name does not say it
    all: a placing match's places ("Third place"), a double elimination's bracket round
    ("Losers' bracket round 1"); "" for any other match."""
    if match.stage.is_double_elimination:
        return double_brackets.match_round_name(match)
    return placing_match_name(match)


def match_round_name(match) -> str:
    """Return what a match's round is called: "Final", "Semi-final" … in a knockout,
    "Round 3" otherwise."""
    if match.stage.is_double_elimination:
        return double_brackets.match_round_name(match)
    if match.stage.is_knockout:
        return placing_match_name(match) or round_name(
            stage_rounds(match.stage), match.round, plural=False
        )
    return _("Round %(round)s") % {"round": match.round}


def _number(value: Fraction | Decimal, places: int = 3) -> str:
    """Return a number as exactly as it is, up to ``places`` decimals ("2.07", "1.035",
    "12"); a longer one cut with "…" ("9.333…")."""
    value = Fraction(value)
    for decimals in range(places + 1):
        scaled = value * 10**decimals
        if scaled.denominator == 1:
            return f"{Decimal(scaled.numerator).scaleb(-decimals):.{decimals}f}"
    return f"{Decimal(value.numerator) / Decimal(value.denominator):.{places}f}…"


def share_text(share: Fraction) -> str:
    """Return a share as a printed fraction ("½", "⅓", "3/10")."""
    return SHARES.get(share, f"{share.numerator}/{share.denominator}")


def working_text(working: CarryOverWorking) -> str:
    """Return the carry-over's working in words, one step after another."""
    rule = working.rule
    if rule.method is CarryOverMethod.FIXED:
        return _("A fixed %(amount)s IMPs to the higher-placed team") % {"amount": rule.amount}
    share = share_text(rule.share(working.to_higher))
    values = {"share": share, "difference": _number(abs(working.difference))}
    if rule.method is CarryOverMethod.VP_DIFFERENCE:
        steps = [_("%(share)s × %(difference)s VP") % values]
    else:
        steps = [_("%(share)s × %(difference)s IMPs") % values]
    exact = _number(working.exact)
    steps.append(f"= {exact}")
    if exact != f"{working.rounded}":
        steps.append(f"→ {working.rounded}")
    if working.capped is not None:
        steps.append("→ " + _("%(amount)s (the cap)") % {"amount": working.capped})
    if working.tie is TieRule.NOT_NEEDED:
        return " ".join(steps)
    steps.append(f"→ {working.amount}")
    return _("%(working)s, so the match cannot end level") % {"working": " ".join(steps)}


def segments_text(match) -> str:
    """Return the segments each team won, as the sheet writes it ("4 : 2 节", "4 : 2
    segments"), for a match its stage decides by segments won; "" for any other."""
    if not match.stage.by_segments:
        return ""
    values = {"home": _count(match.home_segments), "away": _count(match.away_segments)}
    return _("%(home)s : %(away)s segments") % values


def _count(value: Decimal) -> str:
    """Return segments won as a count: "4", "2½"."""
    whole, half = divmod(Decimal(value), 1)
    return f"{int(whole)}½" if half else str(int(whole))


def carry_over_text(match) -> str:
    """Return the working of a knockout match's carry-over in words, or "" when there is
    none to show (no carry-over, or the previous stage has changed since it was set)."""
    if not match.has_carry:
        return ""
    working = queries.carry_over_working(match)
    return working_text(working) if working is not None else ""


def placing_text(outcome, placing) -> str:
    """Return how a team of the final ranking came to its place, in words: "Winner",
    "Runner-up", "Third place · Third place match" (季军, 第四名 for places 3 and 4), "Out
    in the Semi-finals · 3rd in the round robin" (its position in the stage that placed
    it), "5th in the round robin"."""
    how = placing.how
    if how == "winner":
        return pgettext("event outcome", "Winner")
    if how == "runner-up":
        return _("Runner-up")
    parts = []
    if placing.place == 3 and not placing.shared:
        parts.append(pgettext("event outcome", "Third place"))
    elif placing.place == 4 and not placing.shared:
        parts.append(pgettext("event outcome", "Fourth place"))
    if how == "placing-match":
        if placing.bracket == 3:
            parts.append(_("Third place match"))
        else:
            values = {"first": placing.bracket, "last": placing.bracket + 1}
            parts.append(_("Match for places %(first)s–%(last)s") % values)
        return " · ".join(parts)
    if how == "knockout":
        name = round_name(outcome.rounds, placing.round)
        if outcome.knockout.is_double_elimination:
            name = double_brackets.losers_round_name(outcome.knockout, placing.round)
        parts.append(_("Out in the %(round)s") % {"round": name})
    if placing.stage is not None and placing.position is not None:
        values = {"stage": placing.stage, "position": placing.position}
        parts.append(_("Position %(position)s in %(stage)s") % values)
    return " · ".join(parts)


def outcome_note(outcome) -> str:
    """Return the rule the final ranking followed, in words, by the knockout's settings; a
    knockout with no stage before it speaks of its seeding, not of a qualifying stage."""
    stage = outcome.knockout
    if stage.number == 1:
        return _first_stage_note(stage)
    if stage.placing == PlacingChoice.ALL:
        return _(
            "Placing matches decided every place of the knockout; teams that did not reach "
            "the knockout follow, by their position there."
        )
    shared = stage.losers_by == LosersByChoice.SHARED
    if stage.placing == PlacingChoice.THIRD and shared:
        return _(
            "The third place match decided 3rd and 4th; the other teams out in the same "
            "knockout round share its best place; teams that did not reach the knockout "
            "follow, by their position there."
        )
    if stage.placing == PlacingChoice.THIRD:
        return _(
            "The third place match decided 3rd and 4th; the other teams out in the same "
            "knockout round are placed by their position in the qualifying stage; teams "
            "that did not reach the knockout follow, by their position there."
        )
    if shared:
        return _(
            "Teams out in the same knockout round share its best place; teams that did not "
            "reach the knockout follow, by their position there."
        )
    return _(
        "Teams out in the same knockout round are placed by their position in the "
        "qualifying stage; teams that did not reach the knockout follow, by their position "
        "there."
    )


def _first_stage_note(stage) -> str:
    """Return the ranking's rule for a knockout that is the event's first stage: no
    qualifying stage placed anyone; "" where the bracket alone decided every place."""
    if stage.placing == PlacingChoice.ALL:
        return ""
    shared = stage.losers_by == LosersByChoice.SHARED
    if stage.placing == PlacingChoice.THIRD:
        if shared:
            return _(
                "The third place match decided 3rd and 4th; the other teams out in the "
                "same round share its best place."
            )
        return _(
            "The third place match decided 3rd and 4th; the other teams out in the same "
            "round are placed by their seeding."
        )
    if shared:
        return _("Teams out in the same round share its best place.")
    return _("Teams out in the same round are placed by their seeding.")
