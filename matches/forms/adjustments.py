"""Forms for the director's adjustments: each needs a reason, which the public pages show."""

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.actions.adjustments import forfeit_errors
from matches.choices import RoomChoice
from matches.forms.results import ResultForm
from matches.models import ImpPenalty, MatchStatus, VpPenalty
from matches.text import text_errors

from .base import ActionFormMixin, confirm_field

AVERAGES = [
    ("plus", _("Average plus")),
    ("average", _("Average")),
    ("minus", _("Average minus")),
]


class ArtificialScoreForm(ActionFormMixin, forms.Form):
    """An artificial adjusted score: average plus, average or average minus for each team."""

    home = forms.ChoiceField(label=_("Home team"), choices=AVERAGES, initial="average")
    away = forms.ChoiceField(label=_("Away team"), choices=AVERAGES, initial="average")
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def imps(self, choice: str) -> int:
        """Return the IMPs the event gives for average plus, average or average minus."""
        return {"plus": self.event.average_plus, "average": 0, "minus": self.event.average_minus}[
            choice
        ]

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])


class AssignedScoreForm(ActionFormMixin, ResultForm):
    """An assigned adjusted score: the contract and result a room is scored as."""

    room = forms.ChoiceField(label=_("Room"), choices=RoomChoice.choices)
    reason = forms.CharField(label=_("Reason"), max_length=200)

    field_order = ["room", "contract", "declarer", "result", "reason"]

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])


class ImpPenaltyForm(ActionFormMixin, forms.ModelForm):
    class Meta:
        model = ImpPenalty
        fields = ["team", "imps", "reason"]
        labels = {"team": _("Team"), "imps": _("IMPs")}

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = self.fields["team"].queryset.filter(
            pk__in=[match.home_id, match.away_id]
        )
        self.instance.match = match

    def clean_imps(self):
        imps = self.cleaned_data["imps"]
        if not 1 <= imps <= 100:
            raise ValidationError(_("A penalty is 1 to 100 IMPs."), code="imps")
        return imps

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])


class VpPenaltyForm(ActionFormMixin, forms.ModelForm):
    class Meta:
        model = VpPenalty
        fields = ["team", "vp", "reason"]
        labels = {"team": _("Team"), "vp": _("VP")}

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = event.teams.all()
        self.instance.event = event
        # The stage whose standings it comes off: one with standings (not a knockout).
        stages = [stage for stage in event.stages.all() if not stage.is_knockout]
        self.default_stage = stages[0].number if stages else 1
        if len(stages) > 1:
            self.fields["stage"] = forms.TypedChoiceField(
                label=_("Stage"),
                coerce=int,
                choices=[
                    (s.number, _("Stage %(number)s: %(name)s") % {"number": s.number, "name": s})
                    for s in stages
                ],
                initial=stages[-1].number,
            )
            self.order_fields(["stage", "team", "vp", "reason"])
        # A stage scored by board-a-match, win/loss or Patton takes its penalty in its own
        # points (the standings say which): the form names them so where any stage does.
        self.in_points = any(not stage.method_rules().uses_vp for stage in stages)
        if self.in_points:
            self.fields["vp"].label = _("Points (in the stage's units: VP, BAM, W/L, Patton)")

    def clean_vp(self):
        vp = self.cleaned_data["vp"]
        if not Decimal("0") < vp <= Decimal("25"):
            message = (
                _("A penalty is more than 0 and at most 25 points.")
                if self.in_points
                else _("A VP penalty is more than 0 and at most 25 VP.")
            )
            raise ValidationError(message, code="vp")
        return vp

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])


class ForfeitForm(ActionFormMixin, forms.Form):
    """A forfeit or walkover: the VP each team gets, whatever the boards say (the points,
    on a stage scored otherwise: board points, match points, Patton points)."""

    home_vp = forms.DecimalField(label=_("Home team's VP"), max_digits=5, decimal_places=2)
    away_vp = forms.DecimalField(label=_("Away team's VP"), max_digits=5, decimal_places=2)
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        if not match.stage.method_rules().uses_vp:
            self.fields["home_vp"].label = _("Home team's points")
            self.fields["away_vp"].label = _("Away team's points")

    def clean(self):
        # The action's own check (the match's stage's scale), each message beside its field.
        cleaned = super().clean()
        errors = forfeit_errors(
            self.match, home_vp=cleaned.get("home_vp"), away_vp=cleaned.get("away_vp")
        )
        for error in errors:
            if error.field in cleaned:  # a field the form refused already keeps its message
                self.add_error(error.field, ValidationError(str(error), code=error.code))
        return cleaned

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])


class StatusForm(ActionFormMixin, forms.Form):
    """Mark a match final, or reopen a final match; reopening needs a reason."""

    status = forms.ChoiceField(choices=MatchStatus.choices, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = confirm_field(_("Yes, mark it final with these boards as they stand"))

    def clean_reason(self):
        text = self.cleaned_data["reason"].strip()
        for message in text_errors(text):
            raise ValidationError(message, code="text")
        return text

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("status") == MatchStatus.PROVISIONAL
            and not cleaned.get("reason", "").strip()
        ):
            self.add_error(
                "reason",
                ValidationError(_("Say why the match is reopened."), code="reason"),
            )
        return cleaned


def _clean_reason(text: str) -> str:
    text = text.strip()
    if not text:
        raise ValidationError(_("Give a reason; the public pages show it."), code="reason")
    for message in text_errors(text):
        raise ValidationError(message, code="text")
    return text


class ReleaseBoardForm(ActionFormMixin, forms.Form):
    """A board the director takes out of play for the whole round (fair play)."""

    board = forms.IntegerField(label=_("Board"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def clean_reason(self):
        return _clean_reason(self.cleaned_data["reason"])
