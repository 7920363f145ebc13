"""Forms own validation: each turns what a person typed into scoring-core values."""

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse_lazy
from django.utils.translation import gettext_lazy as _

from matches.forms.base import ActionFormMixin
from matches.scoring import (
    Card,
    CardError,
    Contract,
    ContractError,
    ResultError,
    Seat,
    parse_result,
    passed_out_extras,
)
from matches.scoring.contract import normalize

MAX_BOARD = 9999

CONTRACT_MESSAGES = {
    "empty": _("Enter a contract, such as 4S, 3NT, 2HX or PASS."),
    "format": _(
        "“%(text)s” is not a contract: write a level 1 to 7 and a strain C, D, H, S or NT, "
        "such as 4S, 3NT or 2HX."
    ),
    "level": _("The level must be 1 to 7 (you wrote “%(text)s”)."),
    "strain": _("The strain must be C, D, H, S or NT (you wrote “%(text)s”)."),
    "doubling": _(
        "A contract is doubled (X) or redoubled (XX), never more (you wrote “%(text)s”)."
    ),
}
RESULT_MESSAGES = {
    "empty": _("Enter the result: “=”, “+1”, “-2” or the number of tricks, such as 10."),
    "format": _(
        "“%(text)s” is not a result: write “=”, “+1”, “-2” or the number of tricks 0 to 13."
    ),
    "over": _("%(contract)s %(text)s would be more than 13 tricks."),
    "under": _("%(contract)s %(text)s would be fewer than 0 tricks."),
    "tricks": _("Declarer takes 0 to 13 tricks, not %(text)s."),
    "passed-out": _(
        "A passed-out board has no result: leave the result empty, or enter the contract played."
    ),
}
# A PASS with anything else typed is refused field by field (the rule is the scoring core's
# ``passed_out_extras``); the result's message is RESULT_MESSAGES["passed-out"].
PASSED_OUT_MESSAGES = {
    "declarer": _(
        "A passed-out board has no declarer: leave the declarer empty, or enter the "
        "contract played."
    ),
    "lead": _(
        "A passed-out board has no opening lead: leave the lead empty, or enter the "
        "contract played."
    ),
}
SEAT_WORDS = {
    "N": Seat.NORTH,
    "北": Seat.NORTH,
    "NORTH": Seat.NORTH,
    "E": Seat.EAST,
    "东": Seat.EAST,
    "EAST": Seat.EAST,
    "S": Seat.SOUTH,
    "南": Seat.SOUTH,
    "SOUTH": Seat.SOUTH,
    "W": Seat.WEST,
    "西": Seat.WEST,
    "WEST": Seat.WEST,
}


def parse_contract(text: str) -> Contract:
    """Return the contract typed, or raise a translated ValidationError."""
    try:
        return Contract.parse(text)
    except ContractError as error:
        raise ValidationError(
            CONTRACT_MESSAGES[error.code], code=error.code, params={"text": text}
        ) from None


def parse_lead(text: str) -> str:
    """Return an opening lead as stored ("SQ", "HT"; blank for none), or raise a message."""
    if not text.strip():
        return ""
    try:
        return str(Card.parse(text))
    except CardError:
        raise ValidationError(
            _("“%(text)s” is not a card: write a suit and a rank, such as SQ, ♥10 or DA."),
            code="card",
            params={"text": text},
        ) from None


class BoardForm(forms.Form):
    board = forms.IntegerField(
        label=_("Board"),
        min_value=1,
        max_value=MAX_BOARD,
        initial=1,
        error_messages={
            "required": _("Enter a board number."),
            "invalid": _("A board number is a whole number, such as 5."),
            "min_value": _("Board numbers start at 1."),
            "max_value": _("Board numbers go up to %(limit_value)s."),
        },
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "autocomplete": "off",
                # Dealer and vulnerability follow the number as it is typed.
                "hx-get": reverse_lazy("board-info"),
                "hx-trigger": "input changed delay:250ms",
                "hx-target": "#board-info",
                "hx-swap": "innerHTML",
                "hx-push-url": "false",
            }
        ),
    )


class ResultForm(forms.Form):
    """One table's result: contract, declarer and tricks."""

    declarer_missing = _("Enter the declarer: N, E, S or W.")
    passed_out_messages = PASSED_OUT_MESSAGES

    contract = forms.CharField(
        label=_("Contract"),
        max_length=20,
        required=False,
        help_text=_("Such as 4S, 3NT, 2HX, 7NTXX, or PASS."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    declarer = forms.CharField(
        label=_("Declarer"),
        max_length=5,
        required=False,
        help_text=_("N, E, S or W."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    result = forms.CharField(
        label=_("Result"),
        max_length=10,
        required=False,
        help_text=_("“=”, “+1”, “-2”, or tricks taken such as 10."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean_contract(self):
        return parse_contract(self.cleaned_data["contract"])

    def clean_declarer(self):
        text = normalize(self.cleaned_data["declarer"])
        if not text:
            return None
        if text not in SEAT_WORDS:
            raise ValidationError(
                _("“%(text)s” is not a seat: write N, E, S or W."),
                code="seat",
                params={"text": self.cleaned_data["declarer"]},
            )
        return SEAT_WORDS[text]

    def clean(self):
        cleaned = super().clean()
        contract = cleaned.get("contract")
        if contract is None:
            return cleaned
        if contract.is_pass:
            typed = {name: self[name].data for name in ("declarer", "lead") if name in self.fields}
            for name in passed_out_extras(contract, **typed):
                if name not in self.errors:
                    self.add_error(
                        name, ValidationError(self.passed_out_messages[name], code="passed-out")
                    )
        elif "declarer" in cleaned and cleaned["declarer"] is None:
            self.add_error(
                "declarer",
                ValidationError(self.declarer_missing, code="required"),
            )
        text = cleaned.get("result", "")
        try:
            cleaned["tricks"] = parse_result(text, contract)
        except ResultError as error:
            self.add_error(
                "result",
                ValidationError(
                    RESULT_MESSAGES[error.code],
                    code=error.code,
                    params={"text": text, "contract": contract.display()},
                ),
            )
        return cleaned


class OptionalResultForm(ResultForm):
    """A second table's result, which may be left blank."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("empty_permitted", True)
        kwargs.setdefault("use_required_attribute", False)
        super().__init__(*args, **kwargs)


class SheetRowForm(ActionFormMixin, ResultForm):
    """One row of a room's sheet: contract, declarer, opening lead and result, saved alone.

    ``version`` is the version of the result the page showed (0: none yet), so a save
    from a stale page is refused instead of overwriting someone else's change. ``confirm``
    (the row's "Replace it" button) saves over the result the table accepted; its "Keep
    the table's result" button (``keeps_result``) saves nothing.
    """

    lead = forms.CharField(
        label=_("Opening lead"),
        max_length=8,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    field_order = ["contract", "declarer", "lead", "result", "version"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["declarer"].widget = forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        )
        for name in ("contract", "declarer", "lead", "result"):
            self.fields[name].help_text = ""

    def clean_lead(self):
        return parse_lead(self.cleaned_data["lead"])

    def keeps_result(self) -> bool:
        """Return True when the director chose to keep the table's result (saving nothing)."""
        return bool(self.data.get(self.add_prefix("keep")))

    def clean(self):
        cleaned = super().clean()
        contract = cleaned.get("contract")
        if contract is not None and contract.is_pass:
            cleaned["lead"] = ""
        return cleaned

    @classmethod
    def for_result(cls, result, **kwargs):
        """Return the row form filled in from a saved result (or blank when None)."""
        if result is None:
            return cls(initial={"version": 0}, **kwargs)
        initial = {
            "contract": str(result.contract),
            "declarer": result.declarer,
            "lead": result.lead.replace("T", "10"),
            "result": result.result_text,
            "version": result.version,
        }
        return cls(initial=initial, **kwargs)
