"""简明计分法, the simplified scoring method of seed 003."""

from django.utils.translation import gettext_lazy as _

from matches.games import GameKind, register
from matches.games.forms import HcpDealForm, next_board
from matches.scoring.simplified import SimplifiedDeal, simplified_sheet


class SimplifiedDealForm(HcpDealForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ns_hcp"].required = False
        self.fields["ns_hcp"].help_text = _(
            "Needed only for a passed-out deal: the side with more than 20 gives the excess."
        )

    def to_deal(self) -> dict:
        deal = super().to_deal()
        if deal["ns_hcp"] is None:
            del deal["ns_hcp"]
        return deal


def score(deals: list[dict], settings: dict):
    """Return the 简明计分法 sheet of the deals."""
    return simplified_sheet(
        SimplifiedDeal(
            board=d["board"],
            contract=d["contract"],
            declarer=d.get("declarer"),
            tricks=d["tricks"],
            ns_hcp=d.get("ns_hcp"),
        )
        for d in deals
    )


NOTES = _(
    "How this sheet reads seed 003 where it leaves room:\n"
    "1. A slam bonus replaces the game bonus (6♥ = 6+2+11); vulnerable adds 3.\n"
    "2. The bonus goes by the contract bid, not the tricks taken: a part-score making "
    "enough tricks for game gets no game bonus.\n"
    "3. Only the level points are doubled: 1NT× is 1×2+3 = 5, a part-score (the seed prints "
    "8); 3♣× is 3×2+1 = 7 (the seed prints 8).\n"
    "4. The high-card rule counts only for a passed-out deal: the side with more than 20 "
    "gives the excess; at 20 each the deal is played again.\n"
    "5. Vulnerability follows the 16-board cycle. Each deal is held to 35 points either way."
)


KIND = register(
    GameKind(
        slug="simplified",
        label=_("Simplified scoring (简明计分法)"),
        description=_(
            "Small numbers instead of duplicate points: level and strain points, game and slam "
            "bonuses, at most 35 a deal (seed 003)."
        ),
        deal_form=SimplifiedDealForm,
        score=score,
        template="games/_simplified_sheet.html",
        next_deal=next_board,
        notes=NOTES,
        errors={
            "duplicate-board": _(
                "This board is on the sheet already; a board is played again only after a "
                "passed-out deal with 20 points each."
            ),
        },
    )
)
