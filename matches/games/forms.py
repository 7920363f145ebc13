"""Deal forms shared by the home-table games: contract, declarer and result as in the
calculator (the declarer typed: N, E, S, W or 北, 东, 南, 西), stored as canonical text and
scored afresh each time."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from matches.choices import SeatChoice
from matches.forms.results import ResultForm
from matches.presenters.formatting import contract_text
from matches.scoring import Contract, format_result


class DealForm(ResultForm):
    """A deal: contract, declarer and result; ``to_deal()`` gives what the game stores."""

    field_order = ["contract", "declarer", "result"]

    def __init__(self, *args, game=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        for name in ("contract", "declarer", "result"):
            self.fields[name].help_text = ""

    def to_deal(self) -> dict:
        """Return the deal as stored: canonical contract, declarer and tricks."""
        data = self.cleaned_data
        contract = data["contract"]
        return {
            "contract": str(contract),
            "declarer": str(data["declarer"]) if data.get("declarer") else None,
            "tricks": 0 if contract.is_pass else data["tricks"],
        }

    @classmethod
    def initial_from(cls, deal: dict) -> dict:
        """Return the form's initial values for correcting a stored deal."""
        contract = Contract.parse(deal["contract"])
        return {
            "contract": deal["contract"],
            "declarer": deal.get("declarer") or "",
            "result": format_result(contract, deal["tricks"]),
        }


class HcpDealForm(DealForm):
    """A deal with the board number and North-South's high-card points (贴点, 简明计分法)."""

    board = forms.IntegerField(
        label=_("Board"),
        min_value=1,
        max_value=9999,
        error_messages={
            "required": _("Enter a board number."),
            "invalid": _("A board number is a whole number, such as 5."),
            "min_value": _("Board numbers start at 1."),
            "max_value": _("Board numbers go up to %(limit_value)s."),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    ns_hcp = forms.IntegerField(
        label=_("N-S high-card points"),
        min_value=0,
        max_value=40,
        help_text=_("A=4, K=3, Q=2, J=1; E-W have the rest of 40."),
        error_messages={
            "required": _("Enter North-South's high-card points, 0 to 40."),
            "invalid": _("High-card points are a whole number, 0 to 40."),
            "min_value": _("High-card points are 0 to 40."),
            "max_value": _("High-card points are 0 to 40."),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    field_order = ["board", "contract", "declarer", "result", "ns_hcp"]

    def to_deal(self) -> dict:
        """Return the deal as stored, with its board number and N-S points."""
        return {
            **super().to_deal(),
            "board": self.cleaned_data["board"],
            "ns_hcp": self.cleaned_data["ns_hcp"],
        }

    @classmethod
    def initial_from(cls, deal: dict) -> dict:
        """Return the form's initial values for correcting a stored deal."""
        return {**super().initial_from(deal), "board": deal["board"], "ns_hcp": deal.get("ns_hcp")}


def next_board(deals: list[dict], settings: dict) -> dict:
    """Return the next deal's initial board number: one more than the last."""
    try:
        return {"board": int(deals[-1]["board"]) + 1} if deals else {"board": 1}
    except (KeyError, TypeError, ValueError):
        return {"board": 1}


def describe_deal(stored: dict) -> str:
    """Return a stored deal as a sentence names it: "4♠× by North, =" or "passed out"."""
    contract = Contract.parse(stored["contract"])
    if contract.is_pass:
        return gettext("passed out")
    return gettext("%(contract)s by %(declarer)s, %(result)s") % {
        "contract": contract_text(contract),
        "declarer": SeatChoice(stored["declarer"]).label,
        "result": format_result(contract, stored["tricks"]),
    }


def describe_board_deal(stored: dict) -> str:
    """Return a stored deal with its board number: "board 7: 4♠ by North, =" ."""
    return gettext("board %(board)s: %(deal)s") % {
        "board": int(stored["board"]),
        "deal": describe_deal(stored),
    }
