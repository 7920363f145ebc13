"""The director's decisions on a match or an event: IMP and VP penalties, forfeits.

Each keeps the director's reason (the public pages show it) and its history.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.models import ImpPenalty, Match, VpPenalty
from matches.text import text_errors

from .base import HISTORY_REASON_MOST, ActionError, Gone, changing, checked_text

NOT_IN_MATCH = _("Only a team of this match (%(match)s) can be given an IMP penalty in it.")
FORFEIT_VP_EVENT = _("VP are 0 to %(top)s on this event's scale.")
FORFEIT_VP_STAGE = _("VP are 0 to %(top)s on this stage's scale.")
FORFEIT_POINTS = _("Points are 0 to %(top)s in a match of this stage.")
VP_HUNDREDTHS = _("VP are given to hundredths at most, such as 12.5 or 17.25.")
POINTS_HUNDREDTHS = _("Points are given to hundredths at most, such as 2.5 or 1.25.")
NO_REASON = _("Give a reason; the public pages show it.")
KNOCKOUT_FORFEIT = _(
    "A knockout match gives no points to forfeit: mark it final as it stands and decide "
    "who goes through on the tie's page, with the reason."
)


def add_imp_penalty(match, *, team, imps: int, reason: str, user) -> ImpPenalty:
    """Return an IMP penalty given to one team of the match; its VP come from the margin
    less the penalty."""
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        match = change.lock_match(match)
        team_id = team if isinstance(team, int) else team.pk
        if team_id not in (match.home_id, match.away_id):
            raise ActionError(NOT_IN_MATCH, field="team", code="team", params={"match": str(match)})
        penalty = ImpPenalty(match=match, team_id=team_id, imps=imps, reason=reason)
        penalty.created_by = user
        change.save(penalty)
        change.refresh_totals(match)
        return penalty


def remove_imp_penalty(penalty, *, user, reason: str = "") -> None:
    """Take an IMP penalty back; the match is scored again without it."""
    reason = checked_text(reason or "", field="reason", most=HISTORY_REASON_MOST)
    penalty_id = penalty if isinstance(penalty, int) else penalty.pk
    with changing(user) as change:
        match_id = ImpPenalty.objects.filter(pk=penalty_id).values_list("match_id", flat=True)
        if not match_id:
            raise Gone
        match = change.lock_match(match_id[0])
        penalty = ImpPenalty.objects.filter(pk=penalty_id).first()
        if penalty is None:
            raise Gone
        change.delete(penalty, reason)
        change.refresh_totals(match)


def add_vp_penalty(event, *, team, vp: Decimal, reason: str, user, stage=None) -> VpPenalty:
    """Return a VP penalty taken off a team's total in a stage (``stage`` None: the first).

    A stage is given as a Stage of the event or its number.
    """
    reason = checked_text(reason, field="reason", required=True)
    with changing(user) as change:
        event = change.lock_event(event)
        team_id = team if isinstance(team, int) else team.pk
        if not event.teams.filter(pk=team_id).exists():
            raise Gone
        number = getattr(stage, "number", stage) or 1
        stage_row = event.stages.filter(number=number).first()
        if stage_row is None:
            raise Gone
        penalty = VpPenalty(event=event, stage=stage_row, team_id=team_id, vp=vp, reason=reason)
        penalty.created_by = user
        change.save(penalty)
        return penalty


def remove_vp_penalty(penalty, *, user, reason: str = "") -> None:
    """Take a VP penalty back."""
    reason = checked_text(reason or "", field="reason", most=HISTORY_REASON_MOST)
    penalty_id = penalty if isinstance(penalty, int) else penalty.pk
    with changing(user) as change:
        event_id = VpPenalty.objects.filter(pk=penalty_id).values_list("event_id", flat=True)
        if not event_id:
            raise Gone
        change.lock_event(event_id[0])
        penalty = VpPenalty.objects.filter(pk=penalty_id).first()
        if penalty is None:
            raise Gone
        change.delete(penalty, reason)


def forfeit_errors(match, *, home_vp, away_vp, reason=None) -> list[ActionError]:
    """Return what is wrong with a forfeit's VP (and its reason, unless None) for this
    match (an empty list: nothing), each error naming its field.

    Each team's VP are 0 to the most one team can score on the scale the match plays by:
    its own stage's (the event's for stage 1), to hundredths at most. A knockout's match
    has none: a walkover there is the match marked final and the tie decided.
    """
    if match.stage.is_knockout:  # won on IMPs with the carry-over: no points to give
        return [ActionError(KNOCKOUT_FORFEIT, field="home_vp", code="knockout")]
    settings = match.settings
    rules = match.stage.method_rules()
    top: Decimal | int  # shown as a whole number when it is one
    top = scoring.most_points(rules, settings.boards_per_match, settings.vp_rule)
    if rules.uses_vp:
        message = FORFEIT_VP_EVENT if match.stage.number == 1 else FORFEIT_VP_STAGE
    else:  # board points, match points or Patton points
        message = FORFEIT_POINTS
    top = int(top) if top == top.to_integral() else top
    errors = []
    for field, vp in (("home_vp", home_vp), ("away_vp", away_vp)):
        if isinstance(vp, int) and not isinstance(vp, bool):
            vp = Decimal(vp)
        if not isinstance(vp, Decimal) or not vp.is_finite() or not 0 <= vp <= top:
            errors.append(ActionError(message, field=field, code="vp", params={"top": top}))
        elif vp != vp.quantize(Decimal("0.01")):
            hundredths = VP_HUNDREDTHS if rules.uses_vp else POINTS_HUNDREDTHS
            errors.append(ActionError(hundredths, field=field, code="vp"))
    if reason is not None:
        if isinstance(reason, str) and not reason.strip():
            problems = [NO_REASON]
        else:
            problems = text_errors(reason.strip() if isinstance(reason, str) else reason, most=200)
        if problems:
            errors.append(ActionError(problems[0], field="reason", code="reason"))
    return errors


def set_forfeit(match, *, home_vp: Decimal, away_vp: Decimal, reason: str, user) -> Match:
    """Return the match with the VP of a forfeit or walkover set: they replace the boards'.

    Raise ActionError for VP off the match's scale or a missing reason (``forfeit_errors``).
    """
    with changing(user) as change:
        match = change.lock_match(match)
        errors = forfeit_errors(match, home_vp=home_vp, away_vp=away_vp, reason=reason)
        if errors:
            raise errors[0]
        match.forfeit_home_vp, match.forfeit_away_vp = Decimal(home_vp), Decimal(away_vp)
        match.forfeit_reason = reason.strip()
        change.save(match, update_fields=["forfeit_home_vp", "forfeit_away_vp", "forfeit_reason"])
        change.refresh_totals(match)
        return match


def clear_forfeit(match, *, user) -> Match:
    """Return the match with its forfeit taken away: the boards score it again."""
    with changing(user) as change:
        match = change.lock_match(match)
        match.forfeit_home_vp = match.forfeit_away_vp = None
        match.forfeit_reason = ""
        change.save(match, update_fields=["forfeit_home_vp", "forfeit_away_vp", "forfeit_reason"])
        change.refresh_totals(match)
        return match
