"""Forms for files a director uploads: a round's deals, and a round's played results.

A round is a stage's (a knockout after a Swiss has a round 1 of its own): the round field
offers each stage's rounds, its value "stage-round" ("2-1"), cleaned to
(stage number, round number).
"""

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from matches.queries.knockout_words import stage_round_name


def stage_round(value: str) -> tuple[int, int]:
    """Return (stage number, round number) from a round field's value "2-1"."""
    stage, _sep, number = value.partition("-")
    return int(stage), int(number)


def round_choices(rounds) -> list[tuple[str, str]]:
    """Return the round field's choices for (stage, round number) pairs: "3" alone when the
    event has one stage, else "Knockout · Semi-finals"."""
    several = len({stage.pk for stage, _ in rounds}) > 1
    return [
        (
            f"{stage.number}-{number}",
            f"{stage} · {stage_round_name(stage, number)}" if several else str(number),
        )
        for stage, number in rounds
    ]


class RoundChoiceField(forms.TypedChoiceField):
    """A stage's round, one of the event's (cleaned to (stage number, round number))."""

    def __init__(self, **kwargs):
        super().__init__(label=_("Round"), coerce=stage_round, **kwargs)
        self.error_messages["invalid_choice"] = _("Choose one of the event's rounds.")


class RoundFileForm(forms.Form):
    """A PBN file for one round of a stage of an event."""

    round = RoundChoiceField()
    file = forms.FileField(
        label=_("PBN file"),
        error_messages={
            "required": _("Choose the PBN file to upload."),
            "empty": _("The file is empty."),
        },
        widget=forms.ClearableFileInput(attrs={"accept": ".pbn,.txt,text/plain"}),
    )

    def __init__(self, *args, rounds=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["round"].choices = round_choices(rounds)

    def clean_file(self):
        """Return the upload itself (a stream, read a line at a time by the file's reader;
        held in memory up to FILE_UPLOAD_MAX_MEMORY_SIZE, in a temporary file beyond)."""
        return within(self.cleaned_data["file"], settings.DEAL_FILE_MAX_BYTES)


def within(upload, most: int):
    """Return the upload, refused (ValidationError naming the limit) if over ``most`` bytes."""
    if upload.size > most:
        raise ValidationError(
            _("The file is too large: the largest file this site takes is %(most)s.")
            % {"most": filesizeformat(most)},
            code="size",
        )
    return upload


class ResultsFileForm(RoundFileForm):
    """A PBN file of a round's played boards (table devices', online play's)."""

    confirm = forms.BooleanField(
        label=_("Import though the file disagrees with the app (the app's scoring decides)"),
        required=False,
    )


class DealsFileForm(RoundFileForm):
    """A file of a round's deals (the dealing machine's or program's): PBN, DUP, DLM, BRI or
    DGE, its format found from what it holds."""

    file = forms.FileField(
        label=_("Deals file (PBN, DUP, DLM, BRI or DGE)"),
        error_messages={
            "required": _("Choose the deals file to upload."),
            "empty": _("The file is empty."),
        },
        widget=forms.ClearableFileInput(
            attrs={"accept": ".pbn,.dup,.dlm,.bri,.dge,.txt,text/plain,application/octet-stream"}
        ),
    )
    confirm = forms.BooleanField(
        label=_("Replace the deals the round already has"),
        required=False,
    )


class MakeDealsForm(forms.Form):
    """Deal a round's boards at random (Big Deal's method) instead of uploading a file."""

    round = RoundChoiceField()
    confirm = forms.BooleanField(
        label=_("Replace the deals the round already has"),
        required=False,
    )

    def __init__(self, *args, rounds=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["round"].choices = round_choices(rounds)
