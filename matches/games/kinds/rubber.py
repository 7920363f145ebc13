"""Rubber bridge: the cross score pad (十字记分, 我方 / 他方) of the scoring guide
《桥牌记分方法》 (seeds 000 and 001) and the Laws of Rubber Bridge."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from matches.games.forms import DealForm
from matches.games.kind import GameKind, register
from matches.games.notes import SCORING_GUIDE, point, title
from matches.games.sheets import core_problem, read_deals
from matches.presenters.formatting import contract_text
from matches.scoring import Contract, Strain, format_result
from matches.scoring.rubber import Honours, RubberDeal, RubberOverError, RubberSide, rubber_pad

SIDES = [
    (RubberSide.WE.value, pgettext_lazy("rubber side", "We")),
    (RubberSide.THEY.value, pgettext_lazy("rubber side", "They")),
]
HONOURS = [
    ("", _("None")),
    (Honours.FOUR_TRUMP.value, _("Four trump honours in one hand (100)")),
    (Honours.FIVE_TRUMP.value, _("Five trump honours in one hand (150)")),
    (Honours.FOUR_ACES.value, _("Four aces in one hand, notrump (150)")),
]


class RubberDealForm(DealForm):
    """A rubber deal: the declaring side (we or they), contract, result and honours."""

    declarer = forms.ChoiceField(
        label=_("Declaring side"), choices=SIDES, required=False, widget=forms.RadioSelect
    )
    honours = forms.ChoiceField(label=_("Honours"), choices=HONOURS, required=False)
    honours_side = forms.ChoiceField(
        label=_("Honours held by"),
        choices=[("", pgettext_lazy("honours held by", "—")), *SIDES],
        required=False,
    )

    field_order = ["declarer", "contract", "result", "honours", "honours_side"]
    declarer_missing = _("Choose the declaring side: we or they.")
    passed_out_messages = {
        "declarer": _(
            "A passed-out deal has no declaring side: leave it unchosen, or enter the "
            "contract played."
        )
    }

    def clean_declarer(self):
        return self.cleaned_data["declarer"] or None

    def clean(self):
        cleaned = super().clean()
        contract, honours = cleaned.get("contract"), cleaned.get("honours")
        if not honours or contract is None:
            cleaned["honours_side"] = ""
            return cleaned
        if contract.is_pass:
            self.add_error(
                "honours",
                ValidationError(_("A passed-out deal scores no honours."), code="honours"),
            )
        elif (honours == Honours.FOUR_ACES) != (contract.strain is Strain.NOTRUMP):
            self.add_error(
                "honours",
                ValidationError(
                    _("Four aces count at notrump, trump honours in a suit contract."),
                    code="honours",
                ),
            )
        if not cleaned.get("honours_side"):
            self.add_error(
                "honours_side",
                ValidationError(_("Say which side held the honours."), code="honours-side"),
            )
        return cleaned

    def to_deal(self) -> dict:
        deal = super().to_deal()
        deal["declarer"] = self.cleaned_data.get("declarer")
        if self.cleaned_data.get("honours"):
            deal["honours"] = self.cleaned_data["honours"]
            deal["honours_side"] = self.cleaned_data["honours_side"]
        return deal

    @classmethod
    def initial_from(cls, deal: dict) -> dict:
        return {
            **super().initial_from(deal),
            "honours": deal.get("honours", ""),
            "honours_side": deal.get("honours_side", ""),
        }


class SettingsForm(forms.Form):
    finished_early = forms.BooleanField(
        label=_("The rubber stopped before a side won two games"), required=False
    )


def deal_of(stored: dict) -> RubberDeal:
    """Return the core's deal from what the game stored."""
    return RubberDeal(
        declarer=RubberSide(stored["declarer"]) if stored.get("declarer") else None,
        contract=Contract.parse(stored["contract"]),
        tricks=stored["tricks"],
        honours=Honours(stored["honours"]) if stored.get("honours") else None,
        honours_side=RubberSide(stored["honours_side"]) if stored.get("honours_side") else None,
    )


class PadView:
    """The pad as the template shows it: each side's column above and below the line."""

    def __init__(self, pad):
        self.pad = pad
        self.we, self.they = RubberSide.WE, RubberSide.THEY
        self.above = [
            (list(pad.above(self.we))[::-1], list(pad.above(self.they))[::-1])
        ]  # written upwards from the line, as on paper
        self.games = [(game, game.below(self.we), game.below(self.they)) for game in pad.games]
        self.totals = (pad.totals[self.we], pad.totals[self.they])
        self.games_won = (pad.games_won[self.we], pad.games_won[self.they])
        self.vulnerable = (pad.vulnerable[self.we], pad.vulnerable[self.they])
        self.winner = pad.winner
        self.over = pad.over
        self.finished_early = pad.finished_early
        self.difference = pad.difference


def score(deals: list[dict], settings: dict) -> PadView:
    """Return the rubber pad of the deals."""
    read = read_deals(deals, deal_of)
    try:
        return PadView(rubber_pad(read, settings.get("finished_early", False)))
    except RubberOverError as error:
        raise core_problem(error) from error


def describe(stored: dict) -> str:
    """Return a stored rubber deal as a sentence names it: "4♠ by we, =" or "passed out"."""
    contract = Contract.parse(stored["contract"])
    if contract.is_pass:
        return gettext("passed out")
    side = dict(SIDES)[RubberSide(stored["declarer"]).value]
    return gettext("%(contract)s by %(side)s, %(result)s") % {
        "contract": contract_text(contract),
        "side": side,
        "result": format_result(contract, stored["tricks"]),
    }


def notes(settings: dict) -> list:
    """Return how this pad reads the scoring guide and the Laws of Rubber Bridge."""
    return [
        point(
            _("How this pad reads %(guide)s and the Laws of Rubber Bridge:"),
            guide=title(SCORING_GUIDE),
        ),
        point(
            _(
                "Trick scores go below the line and count towards game (100); everything else "
                "goes above. A game cuts off the other side's part-score towards game, but it "
                "still counts in their total."
            )
        ),
        point(_("Rubber bonus 700 when the losers have no game, 500 when they have one.")),
        point(
            _(
                "Honours score for the side holding them, made or not: four trump honours 100, "
                "five 150, four aces at notrump 150."
            )
        ),
        point(
            _(
                "An unfinished rubber is scored by Law 80 of the Laws of Rubber Bridge: if only "
                "one game has been completed, its winners get 300; if only one side has a "
                "part-score in the unfinished game, that side gets 100. With a game each, or "
                "part-scores on both sides, nobody gets that bonus."
            )
        ),
        point(
            _("Once the rubber is over the pad takes no more deals: start over for the next one.")
        ),
    ]


KIND = register(
    GameKind(
        slug="rubber",
        label=_("Rubber bridge score pad"),
        native="盘式桥牌",
        description=_(
            "The cross pad, we and they: trick scores below the line, everything else above; "
            "best of three games, rubber bonus 700 or 500."
        ),
        deal_form=RubberDealForm,
        score=score,
        template="games/_rubber_sheet.html",
        settings_form=SettingsForm,
        default_settings={"finished_early": False},
        notes=notes,
        describe=describe,
        problems={
            "rubber-over": {
                "stored": _(
                    "Deal %(number)s (%(deal)s) comes after the end of the rubber, so it is "
                    "left out of the totals: delete it, or correct an earlier deal."
                ),
                "add": _("The rubber is over: start over for a new rubber."),
                "correct": _(
                    "Correcting deal %(changed)s this way would end the rubber earlier and "
                    "leave deal %(number)s (%(deal)s) after its end: delete the later deals "
                    "first, or start over."
                ),
                "delete": _(
                    "Deleting deal %(changed)s would leave deal %(number)s (%(deal)s) after the "
                    "end of the rubber: delete the later deals first, or start over."
                ),
            },
        },
    )
)
