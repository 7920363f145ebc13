"""The single-table game with high-card compensation (贴点赛), seed 000 and seed 002 §二."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.forms.results import parse_lead
from matches.games import GameKind, register
from matches.games.forms import HcpDealForm, next_board
from matches.scoring import Card, Contract, Seat
from matches.scoring.single_table import Method, TableDeal, score_sheet
from matches.scoring.single_table import __doc__ as RULES


class TableDealForm(HcpDealForm):
    lead = forms.CharField(label=_("Opening lead"), max_length=8, required=False)

    field_order = ["board", "contract", "declarer", "lead", "result", "ns_hcp"]

    def clean_lead(self):
        return parse_lead(self.cleaned_data["lead"])

    def to_deal(self) -> dict:
        return {**super().to_deal(), "lead": self.cleaned_data.get("lead", "")}

    @classmethod
    def initial_from(cls, deal: dict) -> dict:
        return {**super().initial_from(deal), "lead": deal.get("lead", "")}


class SettingsForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Method"),
        choices=[
            (Method.SIMPLE.value, _("Simple: 1 IMP for each point over 20")),
            (Method.ELABORATE.value, _("Elaborate: score points for each point over 20")),
        ],
    )


def deal_of(stored: dict) -> TableDeal:
    """Return the core's deal from what the game stored."""
    return TableDeal(
        board=stored["board"],
        contract=Contract.parse(stored["contract"]),
        declarer=Seat(stored["declarer"]) if stored.get("declarer") else None,
        tricks=stored["tricks"],
        ns_hcp=stored["ns_hcp"],
        lead=Card.parse(stored["lead"]) if stored.get("lead") else None,
    )


def score(deals: list[dict], settings: dict):
    """Return the 贴点 sheet of the deals, by the method the settings choose."""
    return score_sheet([deal_of(d) for d in deals], settings.get("method", Method.SIMPLE))


KIND = register(
    GameKind(
        slug="tiebreak",
        label=_("Single-table game with high-card compensation (贴点)"),
        description=_(
            "Four players at one table: each deal scored as in duplicate, the side with more "
            "than 20 high-card points gives the excess, and the rest goes to IMPs."
        ),
        deal_form=TableDealForm,
        score=score,
        template="games/_tiebreak_sheet.html",
        settings_form=SettingsForm,
        default_settings={"method": Method.SIMPLE.value},
        next_deal=next_board,
        notes=RULES,
    )
)
