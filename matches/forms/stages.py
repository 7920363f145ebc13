"""Forms for stages: their settings, the Swiss draw's swaps, entries and tie decisions.

The rules are the actions layer's (``actions.stage_errors`` and each action's refusals):
a form puts each message beside its field, in the director's language.
"""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches import actions
from matches.actions.knockout_settings import KNOCKOUT_SETTINGS, knockout_teams
from matches.choices import (
    BoardScaleChoice,
    CarryOverChoice,
    DoubleFinalChoice,
    KnockoutDecidedByChoice,
    LevelRuleChoice,
    LosersByChoice,
    PattonAggregateChoice,
    PlacingChoice,
    ScoringMethodChoice,
    SegmentTieBreakChoice,
    StageKind,
    TieBreakRuleChoice,
    VPScaleChoice,
)
from matches.models import Stage

from .base import VP_TABLE_HELP, confirm_field, uneven_segments_error, vp_table_text

TIE_BREAK_FIELDS = [f"tie_break_{n}" for n in range(1, 6)]
NO_RULE = [("", "—")]
DEFAULT_RULES = Stage._meta.get_field("tie_breaks").default.split(",")
RANKED = frozenset({StageKind.ROUND_ROBIN, StageKind.SWISS})  # stages with standings
# The fields that apply to only some formats (the others apply to every stage).
RANKED_METHODS = [(v, label) for v, label in ScoringMethodChoice.choices if v != "imps"]
KIND_FIELDS = {
    "method": RANKED,
    "board_scale": RANKED,
    "win_points": RANKED,
    "tie_margin": RANKED,
    "patton_stake": RANKED,
    "patton_aggregate": RANKED,
    "vp_table": RANKED,
    "carry_vp": RANKED,
    "vp_scale": RANKED,
    "bye_vp": RANKED,
    "rounds": {StageKind.SWISS},
    "bye_average": {StageKind.SWISS},
    "delayed": {StageKind.SWISS},
    "repeats_after": {StageKind.SWISS},
    "seed": {StageKind.SWISS},
    "carry_over": {StageKind.KNOCKOUT},
    "carry_amount": {StageKind.KNOCKOUT},
    "carry_fraction": {StageKind.KNOCKOUT},
    "carry_fraction_lower": {StageKind.KNOCKOUT},
    "decided_by": {StageKind.KNOCKOUT, StageKind.DOUBLE_ELIMINATION},
    "segment_tie_break": {StageKind.KNOCKOUT, StageKind.DOUBLE_ELIMINATION},
    "carry_cap": {StageKind.KNOCKOUT},
    "placing": {StageKind.KNOCKOUT},
    "losers_by": {StageKind.KNOCKOUT, StageKind.DOUBLE_ELIMINATION},
    "level_rule": {StageKind.KNOCKOUT},
    "double_final": {StageKind.DOUBLE_ELIMINATION},
    **dict.fromkeys(TIE_BREAK_FIELDS, RANKED),
}


class StageForm(forms.Form):
    """A stage's settings; stage 1 takes boards, segments and the VP scale from the event.
    Segments that do not divide the match are asked about before they are taken (unless
    they are the event's or the stage's already)."""

    kind = forms.ChoiceField(label=_("Format"), choices=StageKind.choices)
    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    rounds = forms.IntegerField(
        label=_("Rounds (Swiss)"), min_value=1, max_value=99, required=False
    )
    entrants = forms.IntegerField(
        label=_("Teams qualifying from the previous stage"),
        min_value=2,
        max_value=9999,
        required=False,
        help_text=_(
            "Leave blank for all of them (after a knockout or a double elimination: its winner)."
        ),
    )
    carry_vp = forms.BooleanField(
        label=_("Start from the VP of the previous stage"), required=False
    )
    method = forms.ChoiceField(
        label=_("Scoring"),
        choices=RANKED_METHODS,
        required=False,
        help_text=_("A knockout counts IMPs, with any carry-over."),
    )
    board_scale = forms.ChoiceField(
        label=_("A board's points (board-a-match and Patton)"),
        choices=BoardScaleChoice.choices,
        required=False,
    )
    win_points = forms.DecimalField(
        label=_("Points for a match won (win/loss)"),
        max_digits=5,
        decimal_places=2,
        min_value=0.01,
        max_value=99,
        required=False,
        help_text=_("Leave blank for 1."),
    )
    tie_margin = forms.IntegerField(
        label=_("A match won by this many IMPs or fewer is a tie (win/loss)"),
        min_value=0,
        max_value=99,
        required=False,
        help_text=_("Leave blank for 0."),
    )
    patton_stake = forms.DecimalField(
        label=_("Points for the IMP aggregate (Patton)"),
        max_digits=5,
        decimal_places=2,
        min_value=0.01,
        max_value=99,
        required=False,
        help_text=_("Leave blank for as many as the boards' points."),
    )
    patton_aggregate = forms.ChoiceField(
        label=_("Patton's aggregate"),
        choices=PattonAggregateChoice.choices,
        required=False,
        help_text=_(
            "IMPs, shared on the VP scale; or total points, the stake to the team "
            "ahead (half each when level)."
        ),
    )
    vp_scale = forms.ChoiceField(label=_("VP scale"), choices=VPScaleChoice.choices)
    vp_table = forms.CharField(
        label=_("Your VP table"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 6, "class": "font-monospace"}),
        help_text=VP_TABLE_HELP,
    )
    boards_per_match = forms.IntegerField(label=_("Boards per match"), min_value=1, max_value=200)
    boards_per_segment = forms.IntegerField(
        label=_("Boards per segment"), min_value=1, max_value=200
    )
    confirm = confirm_field(_("Yes, keep these uneven segments"))
    bye_vp = forms.DecimalField(
        label=_("VP for a bye"),
        max_digits=5,
        decimal_places=2,
        min_value=0,
        required=False,
        help_text=_("Leave blank for 12 on the 20-VP scale, 18 on the 25-VP scale."),
    )
    bye_average = forms.BooleanField(
        label=_("A bye scores the team's average VP if that is higher"), required=False
    )
    delayed = forms.BooleanField(
        label=_("Delayed Swiss: draw round n + 1 from the standings after round n − 1"),
        required=False,
    )
    repeats_after = forms.IntegerField(
        label=_("Teams may meet again after this many rounds"),
        min_value=1,
        max_value=99,
        required=False,
        help_text=_("Leave blank: never."),
    )
    seed = forms.IntegerField(
        label=_("Random seed for round 1"),
        min_value=0,
        max_value=2_000_000_000,
        required=False,
        help_text=_("Leave blank to pair round 1 in seeding order."),
    )
    carry_over = forms.ChoiceField(
        label=_("Carry-over (knockout)"), choices=CarryOverChoice.choices
    )
    carry_amount = forms.DecimalField(
        label=_("Fixed carry-over, in IMPs"),
        max_digits=5,
        decimal_places=1,
        min_value=0,
        required=False,
    )
    carry_fraction = forms.CharField(
        label=_("Share carried over"),
        max_length=12,
        required=False,
        help_text=_("Such as 1/3 or 0.5."),
    )
    carry_fraction_lower = forms.CharField(
        label=_("Share carried over when the lower-placed team won"),
        max_length=12,
        required=False,
        help_text=_("Leave blank for the same share."),
    )
    carry_cap = forms.DecimalField(
        label=_("Cap (IMPs)"),
        max_digits=5,
        decimal_places=1,
        min_value=0,
        required=False,
    )
    decided_by = forms.ChoiceField(
        label=_("A match is decided by"),
        choices=KnockoutDecidedByChoice.choices,
        required=False,
    )
    segment_tie_break = forms.ChoiceField(
        label=_("Level on segments won"),
        choices=SegmentTieBreakChoice.choices,
        required=False,
        help_text=_("Extra boards: you record their winner."),
    )
    placing = forms.ChoiceField(
        label=_("Placing matches"),
        choices=PlacingChoice.choices,
        required=False,
        help_text=_(
            "Played beside the next round: the losing semi-finalists meet for "
            "third place; in a play-off every round's losers play on."
        ),
    )
    losers_by = forms.ChoiceField(
        label=_("Knockout losers placed"),
        choices=LosersByChoice.choices,
        required=False,
        help_text=_("For the teams no placing match places."),
    )
    level_rule = forms.ChoiceField(
        label=_("A level match"), choices=LevelRuleChoice.choices, required=False
    )
    double_final = forms.ChoiceField(
        label=_("The final (double elimination)"),
        choices=DoubleFinalChoice.choices,
        required=False,
        help_text=_(
            "When the losers' bracket winner wins the grand final, both teams "
            "have lost once: play a second final, or let the one final decide."
        ),
    )

    def __init__(self, *args, event, stage: Stage | None = None, number: int = 1, **kwargs):
        self.event, self.stage, self.number = event, stage, number
        if stage is not None and "initial" not in kwargs:
            settings = stage.settings
            initial = {field: getattr(stage, field) for field in actions.stages.STAGE_SETTINGS}
            initial.update(
                vp_table=vp_table_text(settings.vp_table),
                vp_scale=settings.vp_scale,
                boards_per_match=settings.boards_per_match,
                boards_per_segment=settings.boards_per_segment,
                bye_vp=settings.bye_vp,
            )
            if initial["method"] not in dict(RANKED_METHODS):  # a knockout's IMPs
                initial["method"] = ScoringMethodChoice.IMPS_VP
            rules = [rule for rule in stage.tie_breaks.split(",") if rule]
            initial.update(zip(TIE_BREAK_FIELDS, rules, strict=False))
            kwargs["initial"] = initial
        elif "initial" not in kwargs:
            kwargs["initial"] = {
                "vp_scale": event.vp_scale,
                "boards_per_match": event.boards_per_match,
                "boards_per_segment": event.boards_per_segment,
                "carry_over": CarryOverChoice.NONE,
                "placing": PlacingChoice.NONE,
                "losers_by": LosersByChoice.QUALIFYING,
                "level_rule": LevelRuleChoice.TENTH,
                "double_final": DoubleFinalChoice.RESET,
                "decided_by": KnockoutDecidedByChoice.IMPS,
                "segment_tie_break": SegmentTieBreakChoice.IMPS,
                "patton_aggregate": PattonAggregateChoice.IMPS,
                "method": ScoringMethodChoice.IMPS_VP,
                "board_scale": BoardScaleChoice.ONE,
                **dict(
                    zip(
                        TIE_BREAK_FIELDS,
                        Stage._meta.get_field("tie_breaks").default.split(","),
                        strict=False,
                    )
                ),
            }
        super().__init__(*args, **kwargs)
        for index, name in enumerate(TIE_BREAK_FIELDS, start=1):
            self.fields[name] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": index},
                choices=NO_RULE + list(TieBreakRuleChoice.choices),
                required=False,
            )
        if number == 1:  # stage 1 plays by the event's settings
            for name in (
                "entrants",
                "carry_vp",
                "vp_scale",
                "vp_table",
                "boards_per_match",
                "boards_per_segment",
                "confirm",
                "bye_vp",
            ):
                del self.fields[name]
        self.kind = self._kind()
        self._only_this_kind()

    def _kind(self) -> str:
        """Return the format the form is for: as sent, else the stage's, else round robin."""
        kind = self.data.get("kind") if self.is_bound else self.initial.get("kind")
        if kind not in StageKind.values:
            kind = self.stage.kind if self.stage is not None else StageKind.ROUND_ROBIN
        return kind

    def _only_this_kind(self) -> None:
        """Keep the fields of other formats out of this one's way.

        A field that does not apply to the chosen format is disabled (its value stays as
        it was: nothing typed for another format is saved or refused) and its block is
        hidden; stage_form.js shows and enables the right ones when the director picks
        another format, and without scripts the page shows them once the format is saved.
        """
        helper = FormHelper(self)
        helper.form_tag = False
        helper.disable_csrf = True
        for name, field in self.fields.items():
            kinds = KIND_FIELDS.get(name)
            if kinds is None:
                continue
            wrapper = "kind-only" + ("" if self.kind in kinds else " d-none")
            helper[name].wrap(Field, wrapper_class=wrapper, data_kinds=" ".join(sorted(kinds)))
            if self.kind not in kinds:
                field.disabled = True
        self.helper = helper

    def values(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("confirm", None)
        data["tie_breaks"] = [data.pop(name) for name in TIE_BREAK_FIELDS if data.get(name)]
        for name in TIE_BREAK_FIELDS:
            data.pop(name, None)
        data["carry_amount"] = data.get("carry_amount") or 0
        data["carry_fraction"] = data.get("carry_fraction") or "0"
        data["carry_fraction_lower"] = data.get("carry_fraction_lower") or ""
        for name in ("method", "board_scale", "patton_aggregate", *KNOCKOUT_SETTINGS):
            # not sent: as they are
            if not data.get(name):
                data.pop(name, None)
        if data.get("win_points") is None:
            data["win_points"] = 1
        if data.get("tie_margin") is None:
            data["tie_margin"] = 0
        return data

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        values = self.values()
        merged = {
            "vp_scale": self.event.vp_scale,
            "vp_table": self.event.vp_table,
            "boards_per_match": self.event.boards_per_match,
            "boards_per_segment": self.event.boards_per_segment,
            **values,
        }
        merged["teams"] = knockout_teams(self.stage, values.get("entrants"))
        around = {
            stage.number: stage
            for stage in self.event.stages.filter(number__in=(self.number - 1, self.number + 1))
        }
        errors = actions.stage_errors(merged) + actions.carry_over_errors(
            merged, around.get(self.number - 1), around.get(self.number + 1)
        )
        for error in errors:
            field = error.field if error.field in self.fields else None
            if field and self.fields[field].disabled:  # not this format's: said above the form
                field = None
            if error.field == "tie_breaks":
                field = TIE_BREAK_FIELDS[0]
            self.add_error(field, ValidationError(str(error), code=error.code))
        if not self.errors and "confirm" in self.fields and not cleaned.get("confirm"):
            self._question_uneven_segments(values["boards_per_match"], values["boards_per_segment"])
        return cleaned

    def _question_uneven_segments(self, boards: int, segment: int) -> None:
        """Ask before taking segments that do not divide the match (8 boards in 5 + 3),
        unless the event or the stage has them already (asked then)."""
        known = [(self.event.boards_per_match, self.event.boards_per_segment)]
        if self.stage is not None:
            known.append((self.stage.boards_per_match, self.stage.boards_per_segment))
        uneven = uneven_segments_error(boards, segment)
        if uneven is not None and (boards, segment) not in known:
            self.fields["confirm"].widget = forms.CheckboxInput()
            self.add_error("boards_per_segment", uneven)
