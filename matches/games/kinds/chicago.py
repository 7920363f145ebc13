"""Chicago (four-deal bridge) by the ACBL's rules, with the house variants players choose."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.games.forms import DealForm, describe_deal
from matches.games.kind import GameKind, register
from matches.games.notes import point
from matches.games.sheets import read_deals
from matches.scoring import Contract, Seat, Side
from matches.scoring.chicago import (
    ChicagoDeal,
    ChicagoRules,
    PartScoreBonus,
    PassedOut,
    VulnerabilityOrder,
    chicago_pad,
)


class SettingsForm(forms.Form):
    part_score_bonus = forms.ChoiceField(
        label=_("100 for a part-score"),
        choices=[
            (
                PartScoreBonus.FOURTH_DEAL.value,
                _("For a part-score made on the fourth deal that completes no game (ACBL)"),
            ),
            (
                PartScoreBonus.UNCONVERTED.value,
                _("House rule: to each side still holding a part-score after the fourth deal"),
            ),
        ],
    )
    passed_out = forms.ChoiceField(
        label=_("A passed-out deal"),
        choices=[
            (
                PassedOut.REDEAL.value,
                _("Is dealt again by the same dealer at the same vulnerability (ACBL)"),
            ),
            (
                PassedOut.COUNTS.value,
                _("House rule: counts as one of the four; the next dealer deals"),
            ),
        ],
    )
    vulnerability = forms.ChoiceField(
        label=_("Deals 2 and 3"),
        choices=[
            (VulnerabilityOrder.DEALER.value, _("The dealer's side is vulnerable (ACBL)")),
            (
                VulnerabilityOrder.NON_DEALER.value,
                _("House rule: the dealer's opponents are vulnerable"),
            ),
        ],
    )


DEFAULTS = {
    "part_score_bonus": PartScoreBonus.FOURTH_DEAL.value,
    "passed_out": PassedOut.REDEAL.value,
    "vulnerability": VulnerabilityOrder.DEALER.value,
}
# The house variants as the sheet names them when they are chosen.
VARIANT_NAMES = {
    PartScoreBonus.UNCONVERTED: _("100 for any part-score left after the fourth deal"),
    PassedOut.COUNTS: _("a passed-out deal counts as one of the four"),
    VulnerabilityOrder.NON_DEALER: _("the vulnerability of deals 2 and 3 switched"),
}


def rules_of(settings: dict) -> ChicagoRules:
    """Return the rules the settings choose (the ACBL's for anything not chosen)."""
    return ChicagoRules(**{name: settings.get(name, value) for name, value in DEFAULTS.items()})


def deal_of(stored: dict) -> ChicagoDeal:
    """Return the core's deal from what the game stored."""
    return ChicagoDeal(
        declarer=Seat(stored["declarer"]) if stored.get("declarer") else None,
        contract=Contract.parse(stored["contract"]),
        tricks=stored["tricks"],
    )


class PadView:
    """The Chicago pad as the template shows it, NS and EW side by side."""

    def __init__(self, pad):
        self.pad = pad
        self.rounds = [
            {
                "round": chicago_round,
                "rows": [
                    (
                        row,
                        row.scores[Side.NS],
                        row.scores[Side.EW],
                        row.part_scores[Side.NS],
                        row.part_scores[Side.EW],
                    )
                    for row in chicago_round.deals
                ],
                "totals": (chicago_round.totals[Side.NS], chicago_round.totals[Side.EW]),
                "running": (
                    chicago_round.running_totals[Side.NS],
                    chicago_round.running_totals[Side.EW],
                ),
            }
            for chicago_round in pad.rounds
        ]
        self.totals = (pad.totals[Side.NS], pad.totals[Side.EW])
        self.difference = pad.difference
        self.next_number = pad.next_number
        self.next_dealer = pad.next_dealer
        self.next_vulnerability = pad.next_vulnerability
        self.variants = [VARIANT_NAMES[variant] for variant in pad.rules.variants]


def score(deals: list[dict], settings: dict) -> PadView:
    """Return the Chicago pad of the deals, by the rules the settings choose."""
    return PadView(chicago_pad(read_deals(deals, deal_of), rules_of(settings)))


def notes(settings: dict) -> list:
    """Return the rules this pad applies, each by the choice made in the settings."""
    rules = rules_of(settings)
    acbl = not rules.variants
    return [
        point(
            _("This pad keeps the ACBL's rules of four-deal bridge (Chicago):")
            if acbl
            else _(
                "This pad keeps the ACBL's rules of four-deal bridge (Chicago), with the "
                "house rules chosen above:"
            )
        ),
        point(
            _(
                "Dealer North, East, South, West in turn; deal 1 neither side vulnerable, deals "
                "2 and 3 the dealer's side, deal 4 both."
            )
            if rules.vulnerability is VulnerabilityOrder.DEALER
            else _(
                "Dealer North, East, South, West in turn; deal 1 neither side vulnerable, deals "
                "2 and 3 the dealer's opponents (house rule: switched by agreement), deal 4 both."
            )
        ),
        point(
            _(
                "Trick scores count towards game within the round; a game scores 300 not "
                "vulnerable, 500 vulnerable (the vulnerability of the side completing it, on "
                "that deal), and no part-score of either side counts towards game after it."
            )
        ),
        point(
            _(
                "100 only to a side that makes a part-score on the fourth deal, if it does not "
                "complete a game, whatever part-scores either side holds from earlier deals."
            )
            if rules.part_score_bonus is PartScoreBonus.FOURTH_DEAL
            else _(
                "House rule: after the fourth deal, 100 to each side still holding a "
                "part-score towards game, wherever it was made."
            )
        ),
        point(
            _(
                "A passed-out deal is dealt again by the same dealer at the same vulnerability; "
                "it is not one of the four."
            )
            if rules.passed_out is PassedOut.REDEAL
            else _(
                "House rule: a passed-out deal scores nothing and counts as one of the four; "
                "the next dealer deals."
            )
        ),
        point(_("Each round of four starts afresh; the totals run on from round to round.")),
    ]


KIND = register(
    GameKind(
        slug="chicago",
        label=_("Chicago (four-deal bridge)"),
        native="芝加哥式",
        description=_(
            "Rounds of four deals by the ACBL's rules: nobody vulnerable, then the dealer's "
            "side twice, then both; part-scores carry towards game, and 100 for a part-score "
            "made on the fourth deal."
        ),
        deal_form=DealForm,
        score=score,
        template="games/_chicago_sheet.html",
        settings_form=SettingsForm,
        default_settings=dict(DEFAULTS),
        notes=notes,
        describe=describe_deal,
    )
)
