"""Knockout stages: each round's matches with their carry-over, winners going forward
when a match is marked final, and the director's decision on a tie (the bracket as
decided so far is read by ``matches.queries.brackets``).

Every function taking ``user`` is an action (see the package docstring); ``advance_knockout``
and ``knockout_round`` run inside another action's change (``mark_final``,
``start_stage``). The rules live in ``matches.scoring.knockout``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple, cast

from django.utils.translation import gettext_lazy as _

from matches import queries
from matches.choices import CarryOverChoice
from matches.models import Match, Result, Stage, Team
from matches.scoring import knockout
from matches.text import text_errors

from .base import ActionError, changing, pk_of
from .double_elimination import double_matches
from .stage_base import NO_REASON, NOT_STARTED, locked_stage, new_match, refusal

NOT_KNOCKOUT = _("Only a knockout stage has knockout rounds.")
NOT_TIED = _("This match has a winner: there is no tie to decide.")
NOT_FINAL = _("Mark the match final first; its result decides the tie.")
NOT_PLAYING = _("The winner must be one of the two teams of the match.")
NOTHING_NEXT = _(
    "No match is ready: each match of the next round needs both of its teams, from matches "
    "marked final (a tie needs the director's decision first)."
)
NEXT_PLAYED = _(
    "The next round's match %(home)s – %(away)s has results already: its teams cannot "
    "change. Reopen it and delete its results first, or keep this match's winner."
)
ALREADY_DECIDED = _(
    "%(user)s has already decided this tie: %(team)s goes through (%(reason)s). Nothing was "
    "changed."
)
ALREADY_DECIDED_BY_NOBODY = _(
    "This tie is already decided: %(team)s goes through (%(reason)s). Nothing was changed."
)
REDRAWN = _("Teams changed: an earlier match's winner changed after it was reopened.")


def knockout_round(change, stage, round_number: int) -> list[Match]:
    """Return the matches made (or redrawn) for round ``round_number``: every place of the
    main bracket and of the placing brackets (``Stage.placing``) whose teams are known."""
    brackets, matches = queries.knockout_playoff(stage)
    made = []
    for slot in (s for each in brackets for r in each.rounds for s in r):
        if slot.round != round_number or slot.bye or slot.home is None or slot.away is None:
            continue
        existing = matches.get((slot.bracket, slot.round, slot.position))
        if existing is not None:
            home, away = cast(tuple[Team, Team], (slot.home, slot.away))  # Team rows here
            if (existing.home_id, existing.away_id) != (home.pk, away.pk):
                made.append(_redraw(change, stage, existing, slot.home, slot.away))
            continue
        carry_home, carry_away = _carry_over(stage, slot.home, slot.away)
        made.append(
            new_match(
                change,
                stage,
                slot.round,
                slot.home,
                slot.away,
                bracket_position=slot.position,
                bracket=queries.bracket_value(slot.bracket),
                carry_home=carry_home,
                carry_away=carry_away,
            )
        )
    return made


def _redraw(change, stage, match, home, away) -> Match:
    """Return the knockout match with the teams the bracket now gives it.

    An earlier match was reopened and its winner changed; this match can follow only
    while it has no results.
    """
    if Result.objects.filter(board__match=match).exists():
        raise refusal(NEXT_PLAYED, home=match.home.name, away=match.away.name)
    match.home, match.away = home, away
    match.carry_home, match.carry_away = _carry_over(stage, home, away)
    match.decided_winner, match.decided_reason = None, ""
    match._change_reason = str(REDRAWN)
    return change.save(match)


class Advance(NamedTuple):
    """What marking a knockout match final did: the matches made, and whether it is a tie
    that waits for the director's decision."""

    made: list[Match]
    tie: bool = False


def advance_knockout(change, match) -> Advance:
    """Return the knockout matches made now that ``match`` is final (or its tie decided).

    Called inside ``mark_final`` and ``decide_knockout_tie``, in their transaction: every
    place of the bracket whose two teams are now known gets its match (the next round's
    match as soon as both matches feeding it are decided). Other formats: nothing.
    """
    stage = Stage.objects.get(pk=match.stage_id)
    if not stage.is_knockout:
        return Advance([])
    stage.event = change.lock_event(match.event_id)
    if stage.is_double_elimination:
        return Advance(double_matches(change, stage), tie=match.knockout_winner() is None)
    rounds, _matches = queries.knockout_bracket(stage)
    made = []
    for number in range(2, len(rounds) + 1):
        made += knockout_round(change, stage, number)
    return Advance(made, tie=match.knockout_winner() is None)


def _carry_over(stage, home, away) -> tuple[Decimal, Decimal]:
    """Return the carry-over (home, away); the home team is the higher-placed one."""
    rule = stage.carry_over_rule()
    if rule.method == CarryOverChoice.NONE:
        return Decimal(0), Decimal(0)
    vp_difference, head_to_head = queries.carry_over_inputs(stage, home, away)
    return knockout.carry_over(rule, vp_difference=vp_difference, head_to_head_imps=head_to_head)


def next_knockout_round(stage, *, user) -> list[Match]:
    """Return the knockout matches made for every place whose two teams are now known."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        if not stage.is_knockout:
            raise refusal(NOT_KNOCKOUT)
        if not stage.entries.exists():
            raise refusal(NOT_STARTED)
        made = []
        if stage.is_double_elimination:
            made = double_matches(change, stage)
        else:
            rounds, _matches = queries.knockout_bracket(stage)
            for number in range(2, len(rounds) + 1):
                made += knockout_round(change, stage, number)
        if not made:
            raise refusal(NOTHING_NEXT)
        return made


def decide_knockout_tie(match, *, winner, reason: str, user) -> Match:
    """Record the director's decision on a knockout match that ended level.

    A tie is decided once: a decision already recorded (by another director a moment
    before, say) is refused, naming who decided what, never replaced.
    """
    with changing(user) as change:
        match = change.lock_match(match, final_ok=True)
        if not match.is_final:
            raise refusal(NOT_FINAL, "winner")
        if match.decided_winner_id is not None:
            # Decided already, perhaps a moment ago: the row is locked, so a decision made
            # at the same time has committed before this one reads it.
            raise _already_decided(match)
        if match.knockout_side() is not None:
            raise refusal(NOT_TIED, "winner")
        if pk_of(winner) not in (match.home_id, match.away_id):
            raise refusal(NOT_PLAYING, "winner")
        if not reason or not reason.strip():
            raise refusal(NO_REASON, "reason")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise refusal(errors[0], "reason")
        match.decided_winner_id = pk_of(winner)
        match.decided_reason = reason.strip()
        change.save(match, update_fields=["decided_winner", "decided_reason"])
        match.advance = advance_knockout(change, match)
        return match


def _already_decided(match) -> ActionError:
    """Return the refusal of a second decision, naming the director who recorded the one
    standing (from the match's history: the oldest row of the latest run holding it)."""
    user = None
    rows = match.history.select_related("history_user").order_by("-history_date", "-history_id")
    for row in rows.only("decided_winner_id", "history_user"):
        if row.decided_winner_id != match.decided_winner_id:
            break
        user = row.history_user
    team = Team.objects.filter(pk=match.decided_winner_id).values_list("name", flat=True).first()
    params = {"team": team, "reason": match.decided_reason}
    if user is None:
        return ActionError(ALREADY_DECIDED_BY_NOBODY, code="decided", params=params)
    return ActionError(
        ALREADY_DECIDED, code="decided", params={**params, "user": user.get_username()}
    )
