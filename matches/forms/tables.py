"""The table page's forms: a result entered at the table (the room sheet's own rules), the
other side's word on it, a call for the director, and a table's code typed in at ``/t/``.

A phone sends each of them with its own random ``key``: the actions store what one key
sends once, so a form sent again (a retry after the network dropped) changes nothing.
"""

import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.actions.tables import CODE_ALPHABET, CODE_LENGTH
from matches.choices import SeatChoice
from matches.forms.base import ActionFormMixin
from matches.forms.results import SheetRowForm
from matches.models import TableSide
from matches.text import text_errors, without_zero_width

KEY_MESSAGES = {"required": _("This entry has no key: reload the page.")}
REASON_MAX = 200
CONTRACT_HELP = _("Tap the level, the strain and ×, or type it: 4S, 3NTX, PASS.")
RESULT_HELP = _("Tap it, or type “=”, “+1”, “-2” or the tricks taken.")


def _key_field():
    return forms.CharField(max_length=64, widget=forms.HiddenInput, error_messages=KEY_MESSAGES)


def _device_field():
    return forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)


def _reason_field(label):
    """Return an optional reason for the director, as a table types it."""
    return forms.CharField(
        label=label, max_length=REASON_MAX, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )


def _clean_text(value: str, most: int) -> str:
    errors = text_errors(value, most=most)
    if errors:
        raise ValidationError(errors[0], code="text")
    return value.strip()


class TablePostForm(ActionFormMixin, forms.Form):
    """What every post from a table carries: the phone's key and its device name."""

    key = _key_field()
    device = _device_field()

    def clean_key(self):
        return _clean_text(self.cleaned_data["key"], 64)

    def clean_device(self):
        return _clean_text(self.cleaned_data["device"], 64)

    def clean_reason(self):  # the forms that have a reason
        # Typed in a box of two lines on a phone: its lines are joined into one.
        return _clean_text(" ".join(self.cleaned_data["reason"].splitlines()), REASON_MAX)


class TableEntryForm(TablePostForm, SheetRowForm):
    """A board's result as a side enters it at the table: the room sheet's row (contract,
    declarer, lead, result, checked by the same rules), the board and the side entering.

    ``boards`` are the match's board numbers; ``lead`` is False unless the event has the
    players enter the opening lead.
    """

    version = None  # the table's entry is checked against the director's word, not a version
    board = forms.TypedChoiceField(
        label=_("Board"), coerce=int, error_messages={"required": _("Choose the board.")}
    )
    side = forms.ChoiceField(
        label=_("This phone is"),
        choices=TableSide.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose North-South or East-West first.")},
    )

    field_order = ["board", "side", "contract", "declarer", "lead", "result"]

    def __init__(self, *args, boards, lead=True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["board"].choices = [(number, number) for number in boards]
        self.fields["declarer"].widget = forms.RadioSelect(choices=SeatChoice.choices)
        self.fields["contract"].help_text = CONTRACT_HELP
        self.fields["result"].help_text = RESULT_HELP
        if not lead:
            del self.fields["lead"]
        else:
            self.fields["lead"].help_text = _("Optional: such as SQ or H10.")

    def entry(self) -> dict:
        """Return the result as ``actions.enter_at_table`` takes it."""
        data = self.cleaned_data
        declarer = data.get("declarer")
        return {
            "contract": data["contract"],
            "declarer": declarer.value if declarer else "",
            "tricks": None if data["contract"].is_pass else data["tricks"],
            "lead": data.get("lead", ""),
        }


class DecisionForm(TablePostForm):
    """The other side's word on an entry waiting for it: accepted, or not agreed (with an
    optional reason for the director). The entry is named by its number, or by the key
    its phone made it with (an entry made offline, not yet numbered by the server)."""

    entry = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    entry_key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    side = forms.ChoiceField(choices=TableSide.choices, widget=forms.HiddenInput)
    reason = _reason_field(_("What is wrong? (optional)"))

    def clean_entry_key(self):
        return _clean_text(self.cleaned_data["entry_key"], 64)

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("entry") and not cleaned.get("entry_key") and not self.errors:
            raise ValidationError(_("This result is no longer on the table: reload the page."))
        return cleaned


class CallForm(TablePostForm):
    """A call for the director, from the button that is always on the table's page."""

    reason = _reason_field(_("Why? (optional)"))


def normalize_code(text: str) -> str:
    """Return a table code as stored: full-width folded, capitals, no spaces, dashes or
    zero-width characters (a code pasted from a chat may carry them)."""
    folded = unicodedata.normalize("NFKC", without_zero_width(text or ""))
    return "".join(folded.split()).replace("-", "").upper()


class TableCodeForm(forms.Form):
    """A table's short code, typed in by hand where its QR code cannot be scanned."""

    code = forms.CharField(
        label=_("Table code"),
        max_length=20,
        help_text=_("The six letters and digits on your table's card, such as K7P 3MX."),
        error_messages={"required": _("Type the code on your table's card.")},
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self):
        typed = self.cleaned_data["code"]
        code = normalize_code(typed)
        if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
            raise ValidationError(
                _(
                    "“%(text)s” is not a table code: a code is six letters and digits, as on "
                    "your table's card (it has no I, L, O, 0 or 1)."
                ),
                code="format",
                params={"text": typed[:20]},
            )
        return code
