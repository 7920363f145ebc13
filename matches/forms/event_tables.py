"""The director's form that moves a match to another table of its round, before the
round starts (for a player who cannot move, say)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.actions.event_tables import MOST_TABLES
from matches.forms.base import ActionFormMixin


class MoveTableForm(ActionFormMixin, forms.Form):
    match = forms.TypedChoiceField(label=_("Match"), coerce=int)
    number = forms.IntegerField(
        label=_("To table"),
        min_value=1,
        max_value=MOST_TABLES,
        error_messages={
            "min_value": _("A table number is 1 or more."),
            "max_value": _("A table number is at most %(limit_value)s."),
        },
    )

    def __init__(self, *args, matches=(), **kwargs):
        """``matches``: (id, name) of the matches that may move."""
        super().__init__(*args, **kwargs)
        self.fields["match"].choices = list(matches)
