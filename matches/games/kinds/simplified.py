"""简明计分法, the simplified scoring method of 《简明计分法具体设置说明》 (seed 003)."""

from django.utils.translation import gettext_lazy as _

from matches.games.forms import HcpDealForm, describe_board_deal, next_board
from matches.games.kind import GameKind, register
from matches.games.notes import SIMPLIFIED_GUIDE, point, title
from matches.games.sheets import core_problem, read_deals
from matches.scoring.simplified import SimplifiedDeal, SimplifiedDealError, simplified_sheet


class SimplifiedDealForm(HcpDealForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ns_hcp"].required = False
        self.fields["ns_hcp"].help_text = _(
            "Needed only for a passed-out deal: the side with more than 20 high-card points "
            "is penalised the points over 20."
        )

    def to_deal(self) -> dict:
        deal = super().to_deal()
        if deal["ns_hcp"] is None:
            del deal["ns_hcp"]
        return deal


def deal_of(stored: dict) -> SimplifiedDeal:
    """Return the core's deal from what the game stored."""
    return SimplifiedDeal(
        board=stored["board"],
        contract=stored["contract"],
        declarer=stored.get("declarer"),
        tricks=stored["tricks"],
        ns_hcp=stored.get("ns_hcp"),
    )


def score(deals: list[dict], settings: dict):
    """Return the 简明计分法 sheet of the deals."""
    read = read_deals(deals, deal_of)
    try:
        return simplified_sheet(read)
    except SimplifiedDealError as error:
        if error.deal is None:
            raise
        raise core_problem(error) from error


def notes(settings: dict) -> list:
    """Return how this sheet reads the document where it leaves room."""
    return [
        point(
            _("How this sheet reads %(guide)s where it leaves room:"), guide=title(SIMPLIFIED_GUIDE)
        ),
        point(_("A slam bonus replaces the game bonus (6♥ = 6+2+11); vulnerable adds 3.")),
        point(
            _(
                "The bonus goes by the contract bid, not the tricks taken: a part-score making "
                "enough tricks for game gets no game bonus."
            )
        ),
        point(
            _(
                "Only the level points are doubled: 1NT× is 1×2+3 = 5, a part-score (the "
                "document prints 8); 3♣× is 3×2+1 = 7 (the document prints 8)."
            )
        ),
        point(
            _(
                "The high-card rule counts only for a passed-out deal: the side with more than "
                "20 high-card points is penalised the points over 20; at 20 each the deal is "
                "dealt again."
            )
        ),
        point(
            _(
                "Vulnerability follows the 16-board cycle. Each deal is held to 35 points "
                "either way."
            )
        ),
    ]


KIND = register(
    GameKind(
        slug="simplified",
        label=_("Simplified scoring"),
        native="简明计分法",
        description=_(
            "Small numbers instead of duplicate points: level and strain points, game and slam "
            "bonuses, at most 35 a deal."
        ),
        deal_form=SimplifiedDealForm,
        score=score,
        template="games/_simplified_sheet.html",
        next_deal=next_board,
        notes=notes,
        describe=describe_board_deal,
        problems={
            "duplicate-board": {
                "stored": _(
                    "Deal %(number)s (%(deal)s) repeats a board already on the sheet, so it is "
                    "left out of the totals: correct its board number or delete it."
                ),
                "add": _(
                    "This board is on the sheet already; a board is played again only after a "
                    "passed-out deal with 20 high-card points each."
                ),
                "correct": _(
                    "Correcting deal %(changed)s this way would put a board on the sheet twice "
                    "(deal %(number)s: %(deal)s)."
                ),
                "delete": _(
                    "Deleting deal %(changed)s would put a board on the sheet twice "
                    "(deal %(number)s: %(deal)s)."
                ),
            },
        },
    )
)
