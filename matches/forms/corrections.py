"""Forms for corrections at the event level: deleting a match or an event, removing or
withdrawing a team. Each asks the director to confirm; a deletion that loses results
also asks for a reason, which the history keeps."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.text import text_errors

from .base import ActionFormMixin

CONFIRM = _("Tick the box to confirm.")
REASON = _("Give a reason; the history keeps it.")


class _ConfirmForm(ActionFormMixin, forms.Form):
    """A reason (needed when ``reason_required``) and a confirm box (needed when
    ``confirm_required``), each refused beside its own field."""

    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = forms.BooleanField(label=_("Yes, I confirm"), required=False)

    reason_required = True
    confirm_required = True

    def clean_reason(self):
        text = self.cleaned_data["reason"].strip()
        if self.reason_required and not text:
            raise ValidationError(REASON, code="reason")
        for message in text_errors(text):
            raise ValidationError(message, code="text")
        return text

    def clean_confirm(self):
        if self.confirm_required and not self.cleaned_data["confirm"]:
            raise ValidationError(CONFIRM, code="confirm")
        return self.cleaned_data["confirm"]


class DeleteMatchForm(_ConfirmForm):
    """Delete a match: one with no result at a click; one with results only with a reason
    and the box ticked."""

    def __init__(self, *args, results: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.results = results
        self.reason_required = self.confirm_required = bool(results)
        self.fields["confirm"].label = _("Yes, delete this match and its results")
        if not results:
            del self.fields["reason"], self.fields["confirm"]

    def cleaned(self) -> dict:
        data = self.cleaned_data
        return {"reason": data.get("reason", ""), "confirm": bool(self.results)}


class DeleteEventForm(_ConfirmForm):
    """Delete an event: the box ticked (after the export was offered); a reason is optional."""

    reason_required = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["confirm"].label = _("Yes, delete this event and everything in it")
        self.fields["reason"].help_text = _("Optional; the event's history keeps it.")


class WithdrawTeamForm(_ConfirmForm):
    """Withdraw a team that has played: a reason and the box ticked."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["confirm"].label = _("Yes, withdraw this team")


class RemoveTeamForm(_ConfirmForm):
    """Remove a team that has no match: the box ticked."""

    reason_required = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["confirm"].label = _("Yes, remove this team and its players")
        del self.fields["reason"]
