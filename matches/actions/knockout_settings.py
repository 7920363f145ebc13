"""A knockout's own settings: its placing matches (``Stage.placing``), how the losers
no placing match places are ranked (``Stage.losers_by``), what a level match leads to
(``Stage.level_rule``) and, in a double elimination, whether the final can be played
twice (``Stage.double_final``); what is wrong with them, for ``stages.stage_errors`` and the
stage form (the rules of the placing brackets: ``matches.scoring.playoff``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from matches.choices import (
    DoubleFinalChoice,
    KnockoutDecidedByChoice,
    LevelRuleChoice,
    LosersByChoice,
    PlacingChoice,
    SegmentTieBreakChoice,
    StageKind,
)
from matches.models import Stage
from matches.scoring import playoff

from .base import ActionError
from .stage_base import refusal

# A knockout's placing matches, how its other losers are placed, and its level rule; a
# double elimination's final played once or twice.
KNOCKOUT_SETTINGS = (
    "placing",
    "losers_by",
    "level_rule",
    "double_final",
    "decided_by",
    "segment_tie_break",
)
# Those its matches are made and decided by: fixed once it has matches.
BRACKET_SETTINGS = ("placing", "level_rule", "double_final", "decided_by", "segment_tie_break")
PLACING_TEAMS = _(
    "Placing matches need a knockout of at least 4 teams; this one would have %(count)s."
)
BRACKET_FIXED = _(
    "This stage has matches already: its placing matches, what decides a match and its "
    "rule for a level match cannot change."
)
FINAL_FIXED = _("This stage has matches already: how its final is played cannot change.")


def knockout_errors(values: dict) -> list[ActionError]:
    """Return what is wrong with a knockout's placing matches, losers and level rule
    (``teams``: how many the knockout will have, when known)."""
    errors = []
    for field, choices in (
        ("placing", PlacingChoice),
        ("losers_by", LosersByChoice),
        ("level_rule", LevelRuleChoice),
        ("double_final", DoubleFinalChoice),
        ("decided_by", KnockoutDecidedByChoice),
        ("segment_tie_break", SegmentTieBreakChoice),
    ):
        if values.get(field, choices.values[0]) not in choices.values:
            errors.append(refusal(_("Choose one of the options."), field))
    teams = values.get("teams")
    placing = values.get("placing") or PlacingChoice.NONE
    if values.get("kind") == StageKind.KNOCKOUT and teams is not None:
        if placing in PlacingChoice.values and playoff.placing_errors(teams, placing):
            errors.append(refusal(PLACING_TEAMS, "placing", count=teams))
    return errors


def fixed_refusal(field: str) -> ActionError:
    """Return the refusal of a change to ``field``, one of the ``BRACKET_SETTINGS``, once
    the stage has matches."""
    return refusal(FINAL_FIXED if field == "double_final" else BRACKET_FIXED, field)


def knockout_teams(stage: Stage | None, entrants) -> int | None:
    """Return how many teams a knockout stage will have, when it is known: its teams once
    it has started, else the qualifiers it is set to take (None: not known yet; starting
    the stage checks its placing matches again)."""
    if stage is not None and stage.pk:
        entered = stage.entries.count()
        if entered:
            return entered
    return entrants or None


def check_placing(stage: Stage, teams: int) -> None:
    """Raise the refusal when a knockout of ``teams`` cannot play its placing matches
    (starting the stage: the number of teams is known only then)."""
    if stage.is_knockout and playoff.placing_errors(teams, stage.placing):
        raise refusal(PLACING_TEAMS, count=teams)
