"""Chicago (four-deal bridge): vulnerability by deal number, rounds of four deals."""

from django.utils.translation import gettext_lazy as _

from matches.games import GameKind, register
from matches.games.forms import DealForm
from matches.scoring import Contract, Seat, Side
from matches.scoring.chicago import ChicagoDeal, chicago_pad


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
                    (row, row.scores[Side.NS], row.scores[Side.EW],
                     row.part_scores[Side.NS], row.part_scores[Side.EW])
                    for row in chicago_round.deals
                ],
                "totals": (chicago_round.totals[Side.NS], chicago_round.totals[Side.EW]),
                "running": (chicago_round.running_totals[Side.NS],
                            chicago_round.running_totals[Side.EW]),
            }
            for chicago_round in pad.rounds
        ]  # fmt: skip
        self.totals = (pad.totals[Side.NS], pad.totals[Side.EW])
        self.difference = pad.difference
        self.next_number = pad.next_number
        self.next_dealer = pad.next_dealer
        self.next_vulnerability = pad.next_vulnerability


def score(deals: list[dict], settings: dict) -> PadView:
    """Return the Chicago pad of the deals."""
    return PadView(chicago_pad([deal_of(d) for d in deals]))


NOTES = _(
    "How this pad scores Chicago:\n"
    "1. Dealer North, East, South, West in turn; deal 1 nobody vulnerable, deals 2 and 3 the "
    "dealer's side, deal 4 both.\n"
    "2. Trick scores count towards game across the four deals; a game scores 300 not "
    "vulnerable, 500 vulnerable, and wipes both sides' part-scores.\n"
    "3. After deal 4, each side with a part-score gets 100; the next round starts afresh.\n"
    "4. A passed-out deal is not played again: the next dealer deals."
)


KIND = register(
    GameKind(
        slug="chicago",
        label=_("Chicago (four-deal bridge)"),
        description=_(
            "Rounds of four deals: nobody vulnerable, then the dealer's side twice, then both; "
            "part-scores carry towards game, 100 for one left after deal 4."
        ),
        deal_form=DealForm,
        score=score,
        template="games/_chicago_sheet.html",
        notes=NOTES,
    )
)
