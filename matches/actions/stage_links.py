"""How a stage's points meet the stages before and after it: a knockout's carry-over of
the VP difference, and a ranked stage that starts from the previous stage's points, need
the same units on both sides (board points, match points and Patton points are not VP).

Used by ``configure_stage`` (``stages.py``) and the stage form, each refusal beside its
field.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from matches.choices import ELIMINATION_KINDS, CarryOverChoice, ScoringMethodChoice, StageKind
from matches.models import Stage

from .stage_base import refusal

CARRY_NEEDS_VP = _(
    "The previous stage is scored by %(method)s and has no VP: carry over a fixed amount, "
    "a share of the IMPs between the two teams, or nothing."
)
NEXT_CARRIES_VP = _(
    "Stage %(next)s carries over a share of this stage's VP difference: keep this stage "
    "on VP, or choose another carry-over for stage %(next)s first."
)
START_UNITS = _(
    "The previous stage is scored by %(previous)s and this one by %(this)s: its points "
    "cannot be this stage's start. Score both stages alike, or start from nothing."
)
NEXT_STARTS = _(
    "Stage %(next)s starts from this stage's points and is scored by %(method)s: score "
    "this stage alike, or let stage %(next)s start from nothing first."
)


def carry_over_errors(values: dict, previous: Stage | None, following: Stage | None) -> list:
    """Return what is wrong with a knockout's carry-over of the VP difference, or with a
    ranked stage starting from the previous stage's points, given the stage's settings and
    the stages before and after it (an empty list: nothing).

    "A share of the VP difference in the previous stage" needs VP there: board points,
    match points and Patton points are not VP (a board-a-match stage's 3-point lead is
    not 3 VP), so it is refused beside the carry-over of a knockout after such a stage,
    and beside the method of a stage whose next stage, a knockout, carries its VP. Likewise
    a stage that starts from the previous stage's points ("Start from the VP of the
    previous stage") is scored in the same units as that stage: board points are not VP."""
    errors = []
    vp_carry = CarryOverChoice.VP_DIFFERENCE
    if values.get("kind") == StageKind.KNOCKOUT and values.get("carry_over") == vp_carry:
        if previous is not None and not previous.method_rules().uses_vp:
            label = ScoringMethodChoice(previous.method).label
            errors.append(refusal(CARRY_NEEDS_VP, "carry_over", method=label))
    method = values.get("method") or ScoringMethodChoice.IMPS_VP
    ranked = values.get("kind") not in ELIMINATION_KINDS
    if ranked and values.get("carry_vp") and previous is not None:
        if _units(previous.method_rules().method) != _units(method):
            errors.append(
                refusal(
                    START_UNITS, "carry_vp", previous=_label(previous.method), this=_label(method)
                )
            )
    if (
        ranked
        and following is not None
        and following.carry_vp
        and following.kind not in ELIMINATION_KINDS
        and _units(following.method) != _units(method)
    ):
        errors.append(
            refusal(NEXT_STARTS, "method", next=following.number, method=_label(following.method))
        )
    if values.get("kind") not in ELIMINATION_KINDS and method not in (
        ScoringMethodChoice.IMPS_VP,
        ScoringMethodChoice.IMPS,
    ):
        if (
            following is not None
            and following.kind == StageKind.KNOCKOUT
            and following.carry_over == vp_carry
        ):
            errors.append(refusal(NEXT_CARRIES_VP, "method", next=following.number))
    return errors


def _units(method) -> str:
    """Return what a method's points are counted in: VP for IMPs → VP (and a knockout's
    unseen VP), else the method's own points."""
    method = ScoringMethodChoice(method)
    return "vp" if method in (ScoringMethodChoice.IMPS_VP, ScoringMethodChoice.IMPS) else method


def _label(method) -> str | Promise:  # the choice's label, translated when shown
    return ScoringMethodChoice(method).label
