"""The single-table game with high-card compensation (贴点赛), from the scoring guide
《桥牌记分方法》 (seeds 000 and 001) and the scoring rules 《桥牌计分规则》 (seed 002 §二)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.forms.results import parse_lead
from matches.games.forms import HcpDealForm, describe_board_deal, next_board
from matches.games.kind import GameKind, register
from matches.games.notes import SCORING_GUIDE, SCORING_RULES, point, title
from matches.games.sheets import read_deals
from matches.scoring import Card, Contract, Seat
from matches.scoring.single_table import Method, TableDeal, score_sheet


class TableDealForm(HcpDealForm):
    lead = forms.CharField(
        label=_("Opening lead"),
        max_length=8,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    field_order = ["board", "contract", "declarer", "lead", "result", "ns_hcp"]

    def clean_lead(self):
        return parse_lead(self.cleaned_data["lead"])

    def to_deal(self) -> dict:
        return {**super().to_deal(), "lead": self.cleaned_data.get("lead", "")}

    @classmethod
    def initial_from(cls, deal: dict) -> dict:
        lead = deal.get("lead") or ""
        return {**super().initial_from(deal), "lead": lead.replace("T", "10")}


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
    return score_sheet(read_deals(deals, deal_of), settings.get("method", Method.SIMPLE))


def notes(settings: dict) -> list:
    """Return how this sheet reads the two documents where they leave room."""
    elaborate = settings.get("method") == Method.ELABORATE
    return [
        point(
            _("How this sheet reads %(guide)s and %(rules)s where they leave room:"),
            guide=title(SCORING_GUIDE),
            rules=title(SCORING_RULES),
        ),
        point(
            _("Method in use: the elaborate one (score points for each point over 20).")
            if elaborate
            else _("Method in use: the simple one (1 IMP for each point over 20).")
        ),
        point(
            _(
                "In the elaborate method a point is worth the higher of what the giving side's "
                "points should make (game from 26, small slam from 33, grand slam from 37, "
                "else a part-score) and the contract played, whichever side bid it (a game "
                "when its trick score is 100 or more)."
            )
        ),
        point(_("The giving side's own vulnerability sets the value, whoever declared.")),
        point(
            _(
                "The 28-point rule (elaborate method only): a side with 28 points or more that "
                "makes a game below slam scores the contract as if made exactly, plus 100 for "
                "each trick over the lowest game in its strain."
            )
        ),
        point(
            _(
                "A passed-out deal scores 0, and the side with more high-card points still "
                "gives the points over 20."
            )
        ),
        point(_("With 20 points each nothing is given; a deal that ends level gives no IMPs.")),
        point(_("Every worked example in the two documents comes out as printed.")),
    ]


KIND = register(
    GameKind(
        slug="tiebreak",
        label=_("Single-table game with high-card compensation"),
        native="贴点",
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
        notes=notes,
        describe=describe_board_deal,
    )
)
