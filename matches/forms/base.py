"""What every director form shares: a refusal from an action shown beside its field."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.actions import ActionError, NeedsConfirmation


class ActionFormMixin:
    """A form whose data an action writes: ``refuse(error)`` shows the action's refusal
    beside the field it names (or above the form), like any other bad input.

    A form that can ask for confirmation has a ``confirm`` checkbox, hidden until an
    action raised NeedsConfirmation (``needs_confirmation``).
    """

    needs_confirmation = False

    def refuse(self, error: ActionError) -> None:
        if not hasattr(self, "cleaned_data"):  # an unbound form, shown with the refusal
            self.full_clean()
            self.cleaned_data = {}
        if isinstance(error, NeedsConfirmation):
            self.needs_confirmation = True
            if "confirm" in self.fields:
                self.fields["confirm"].widget = forms.CheckboxInput()
        field = error.field if error.field in self.fields else None
        self.add_error(field, ValidationError(str(error), code=error.code))


def confirm_field(label=None) -> forms.BooleanField:
    """Return the hidden ``confirm`` checkbox of a form that may ask for confirmation."""
    return forms.BooleanField(
        label=label or _("Yes, I confirm"), required=False, widget=forms.HiddenInput
    )


VP_TABLE_HELP = _(
    "For “The director's own table”: one band a line, the margins then each team's VP, "
    "such as “0 10 10”, “1-2 11 9” … “28+ 20 0”. It starts at 0 with the VP shared; the "
    "winner's VP never fall as the margin grows; every band adds up to the same total."
)


UNEVEN_SEGMENTS = _(
    "%(boards)s boards in segments of %(segment)s make segments of %(sizes)s boards. Tick "
    "the box to keep it so, or choose a segment size that divides the match (%(sizes_ok)s)."
)


def uneven_segments_error(boards: int | None, segment: int | None) -> ValidationError | None:
    """Return the question to ask before taking segments that do not divide the match
    (8 boards in 5 + 3), beside the segments' field; None when they divide it."""
    if not boards or not segment or segment >= boards or boards % segment == 0:
        return None
    sizes = [segment] * (boards // segment) + [boards % segment]
    divisors = [size for size in range(1, boards + 1) if boards % size == 0]
    return ValidationError(
        UNEVEN_SEGMENTS,
        code="uneven",
        params={
            "boards": boards,
            "segment": segment,
            "sizes": " + ".join(str(size) for size in sizes),
            "sizes_ok": ", ".join(str(size) for size in divisors),
        },
    )


def vp_table_text(stored) -> str:
    """Return a stored VP table as the director types it ("" for none or a broken one)."""
    try:
        return scoring.VPTable.from_stored(stored).text() if stored else ""
    except scoring.VPTableError:
        return ""
