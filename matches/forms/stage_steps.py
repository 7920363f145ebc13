"""Forms for a stage's steps: the Swiss draw's swaps, entries and withdrawals, a knockout
tie's decision, a tie in the standings and the seeding (its settings: ``stages.py``)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.choices import LevelRuleChoice, SegmentTieBreakChoice


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Team"), queryset=None)
    second = forms.ModelChoiceField(label=_("Swap with"), queryset=None)
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = teams
        self.fields["second"].queryset = teams


class RestartForm(forms.Form):
    """Start a stage again while nothing is played in it: the reason is kept."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=80,
        help_text=_("Such as: a team added after the stage started. The history keeps it."),
    )


class TeamChoiceForm(forms.Form):
    team = forms.ModelChoiceField(label=_("Team"), queryset=None)

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams


class KnockoutTieForm(forms.Form):
    winner = forms.ModelChoiceField(label=_("Goes through"), queryset=None)
    reason = forms.CharField(
        label=_("How the tie was decided"),
        max_length=200,
        help_text=_("Such as: won the four extra boards 12–3."),
    )

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].queryset = match.event.teams.filter(
            pk__in=[match.home_id, match.away_id]
        )
        # The stage's level rule (or, decided by segments won, its tie-break) sends a level
        # match to extra boards: the form says so.
        stage = match.stage
        self.extra_boards = (
            stage.segment_tie_break == SegmentTieBreakChoice.EXTRA_BOARDS
            if stage.by_segments
            else stage.level_rule == LevelRuleChoice.EXTRA_BOARDS
        )
        if self.extra_boards:
            self.fields["winner"].label = _("Won the extra boards")
            self.fields["reason"].label = _("The extra boards")
            self.fields["reason"].help_text = _(
                "How many were played, and their score: 4 boards, 12–3."
            )


class StandingsTieForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Placed first of the tied teams"), queryset=None)
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = teams


class SeedingForm(forms.Form):
    """The stage's seeding: a number for each team, 1 for the first seed."""

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = list(teams)
        for seed, team in enumerate(self.teams, start=1):
            self.fields[f"seed_{team.pk}"] = forms.IntegerField(
                label=team.name, min_value=1, max_value=len(self.teams), initial=seed
            )

    def clean(self):
        cleaned = super().clean()
        seen = {}
        for team in self.teams:
            name = f"seed_{team.pk}"
            seed = cleaned.get(name)
            if seed is None:
                continue
            if seed in seen:
                self.add_error(
                    name,
                    ValidationError(
                        _("Seed %(seed)s is %(team)s's already: give each team its own number."),
                        code="seed",
                        params={"seed": seed, "team": seen[seed].name},
                    ),
                )
            seen[seed] = team
        return cleaned

    def rows(self):
        """Return (team, bound field) in the current order, for the seeding table."""
        return [(team, self[f"seed_{team.pk}"]) for team in self.teams]

    def order(self) -> list:
        """Return the teams, first seed first."""
        return sorted(self.teams, key=lambda team: self.cleaned_data[f"seed_{team.pk}"])
