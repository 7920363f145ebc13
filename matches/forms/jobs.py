"""Forms for long work a director starts: restoring an event from its backup file, and
generating a practice event with random results."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from matches.forms.deals import within
from matches.scoring import round_count

MAX_TEAMS = 64
MAX_BOARDS = 200


class RestoreForm(forms.Form):
    """An event's backup file (``manage.py export_event``, or the event page's backup)."""

    file = forms.FileField(
        label=_("Backup file (JSON)"),
        error_messages={"required": _("Choose the backup file to upload.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self):
        return within(self.cleaned_data["file"], settings.BACKUP_FILE_MAX_BYTES)


class GenerateForm(forms.Form):
    """A practice event: a Berger round robin with random but valid results."""

    teams = forms.IntegerField(label=_("Teams"), min_value=3, max_value=MAX_TEAMS, initial=16)
    rounds = forms.IntegerField(label=_("Rounds played"), min_value=1, initial=7)
    boards = forms.IntegerField(
        label=_("Boards a match"), min_value=1, max_value=MAX_BOARDS, initial=16
    )
    seed = forms.IntegerField(
        label=_("Random seed"),
        min_value=0,
        max_value=2**31,
        initial=1,
        help_text=_("The same seed always gives the same results."),
    )

    def clean(self):
        data = super().clean()
        teams, rounds = data.get("teams"), data.get("rounds")
        if teams is not None and rounds is not None and rounds > round_count(teams):
            self.add_error(
                "rounds",
                _("%(teams)s teams play 1 to %(most)s rounds.")
                % {"teams": teams, "most": round_count(teams)},
            )
        return data

    def results(self) -> int:
        """Return how many room results the event will have."""
        data = self.cleaned_data
        return data["teams"] // 2 * data["rounds"] * data["boards"] * 2
