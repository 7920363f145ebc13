"""The director's round clock: its length, start, pause, resume, extension and reset."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.actions.round_clock import COMMANDS, round_clock_refusal
from matches.scoring.round_clock import MOST_EXTENSION, MOST_MINUTES

from .base import ActionFormMixin

NEEDS_MINUTES = {"length": "minutes", "extend": "extension"}  # a command → its refusal code


class RoundClockForm(ActionFormMixin, forms.Form):
    """One change to a round's clock; "length" and "extend" take minutes (the field is
    there only for them, each form of the page its own, by its prefix: the command)."""

    def __init__(self, *args, command: str, **kwargs):
        super().__init__(*args, prefix=command, **kwargs)
        self.command = command
        if command == "length":
            self.fields["minutes"] = forms.IntegerField(
                label=_("Length of the round, in minutes"),
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "clock-minutes"}),
            )
        elif command == "extend":
            self.fields["minutes"] = forms.IntegerField(
                label=_("Minutes to add"),
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "clock-minutes"}),
            )

    def clean(self):
        data = super().clean()
        if self.command not in COMMANDS:
            raise ValidationError(_("Choose what to do with the clock."), code="command")
        code = NEEDS_MINUTES.get(self.command)
        if code is None or "minutes" in self.errors:
            return data
        minutes = data.get("minutes")
        most = MOST_MINUTES if self.command == "length" else MOST_EXTENSION
        if minutes is None:
            self.add_error("minutes", ValidationError(_("Give the minutes."), code="required"))
        elif not 1 <= minutes <= most:
            self.add_error("minutes", ValidationError(str(round_clock_refusal(code)), code=code))
        return data
