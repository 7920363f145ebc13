"""The single-table game with high-card compensation (贴点赛): seed 000, seed 002 §二.

Four players at one table score each deal as in duplicate. The side that held more than
20 of the 40 high-card points (A 4, K 3, Q 2, J 1) gives the points over 20 to the other
side (贴点). There are two methods, named by the value that users and settings store:

``simple`` (简易的贴点记分法)
    North-South's duplicate score is turned into IMPs (WBF scale), and the side with more
    than 20 points gives 1 IMP for each point over 20. The side still ahead wins the
    difference in IMPs.

``elaborate`` (略复杂些的贴点记分方法)
    The side with more than 20 points gives each point over 20 in score points. The value
    of a point depends on what the deal is worth and on the giving side's own
    vulnerability (照其局况): part-score 40; game 60 not vulnerable, 80 vulnerable; small
    slam 70 / 90; grand slam 90 / 110. The side still ahead wins the rest of the score,
    turned into IMPs (WBF scale).

Where the seeds' text is open to more than one reading, this module reads it as below;
each reading gives every worked example in seeds 000 and 002.

1. The value of a point is set by the higher of: what the giving side's points should
   make (a game from 26 points, a small slam from 33, a grand slam from 37, else a
   part-score), and the contract played, whichever side bid it (a game when its trick
   score as bid, doubling included, is 100 or more; a small or grand slam by level).
   So a side with fewer than 26 points that bids a game, or defends one, gives at the
   game value. Board 16 (4♦ with 26 points) takes the game value from the points;
   boards 13 (5♦× against 23 points) and 15 (2♠× made against 21) take it from the
   contract ("因为是成局定约").
2. The giving side's own vulnerability sets the value, whoever declared (board 15:
   North-South, vulnerable, give 80 a point against East-West's game).
3. The 28-point rule ("联手28点的成局定约，每超一墩为100分"), elaborate method only: a
   declaring side with 28 points or more that makes a game below slam scores the
   contract as if made exactly, plus 100 for each trick over the lowest game in its
   strain (9 tricks in notrump, 10 in a major, 11 in a minor). The seed's example, 29
   points, vulnerable: 3NT making 11 tricks is 600 + 200 = 800; 5NT making 11 tricks is
   660 + 200 = 860 ("照3NT定约计算加超墩200分"). A higher duplicate score (doubled
   overtricks) stands.
4. A passed-out deal scores 0, and the side with more points still gives the points
   over 20, at the value its points set (as seed 003 does for a deal no one opened).
5. With 20 points each nothing is given; a deal that ends level gives no IMPs.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NoReturn

from .boards import Seat, Side, board_vulnerability, ns_score
from .cards import Card
from .contract import Contract, Strain
from .duplicate import PartKind, duplicate_score, score_breakdown
from .imps import imps

AVERAGE = 20  # half of the 40 high-card points
LONG_GAME_POINTS = 28
LONG_GAME_TRICK = 100


class Method(enum.StrEnum):
    SIMPLE = "simple"
    ELABORATE = "elaborate"


class Band(enum.StrEnum):
    """What a deal is worth, for the elaborate method's value of a point."""

    PART_SCORE = "part-score"
    GAME = "game"
    SMALL_SLAM = "small-slam"
    GRAND_SLAM = "grand-slam"


_BANDS = tuple(Band)
_SIGN = {Side.NS: 1, Side.EW: -1, None: 0}
# Rule 5: the fewest points that should make each band. Rules 1-4: the value of a point
# in each band, (not vulnerable, vulnerable).
THRESHOLDS = {Band.GAME: 26, Band.SMALL_SLAM: 33, Band.GRAND_SLAM: 37}
POINT_VALUES = {
    Band.PART_SCORE: (40, 40),
    Band.GAME: (60, 80),
    Band.SMALL_SLAM: (70, 90),
    Band.GRAND_SLAM: (90, 110),
}
_GAME_TRICKS = {Strain.NOTRUMP: 9, Strain.HEARTS: 10, Strain.SPADES: 10}  # minors: 11


class Reason(enum.StrEnum):
    """Why the compensation is what it is."""

    EVEN = "even"  # 20 points each: nothing given
    SIMPLE = "simple"  # 1 IMP a point over 20
    PART_SCORE = "part-score"  # neither the points nor the contract reach a game
    POINTS = "points"  # the giver's points reach the band's threshold; the contract is lower
    CONTRACT = "contract"  # the contract is worth more than the giver's points
    POINTS_AND_CONTRACT = "points-and-contract"  # both say the same band


class TableDealError(ValueError):
    """A deal that cannot be. ``code`` names the fault for translated messages:
    "board", "contract", "hcp", "passed-out", "declarer", "tricks"."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class TableDeal:
    board: int
    contract: Contract
    declarer: Seat | None  # None for a passed-out deal; "N" is taken as Seat.NORTH
    tricks: int  # tricks declarer took; 0 for a passed-out deal
    ns_hcp: int  # North-South's high-card points, 0 to 40; East-West hold the rest
    lead: Card | None = None  # the opening lead (首攻), for the sheet only

    def __post_init__(self) -> None:
        def fail(message: str, code: str) -> NoReturn:
            raise TableDealError(message, code)

        if type(self.board) is not int or self.board < 1:
            fail(f"board numbers start at 1: {self.board!r}", "board")
        if not isinstance(self.contract, Contract):
            fail(f"not a contract: {self.contract!r}", "contract")
        if type(self.ns_hcp) is not int or not 0 <= self.ns_hcp <= 40:
            fail(f"high-card points must be 0 to 40: {self.ns_hcp!r}", "hcp")
        if self.contract.is_pass:
            if self.declarer is not None or self.tricks != 0:
                fail("a passed-out deal has no declarer and no tricks", "passed-out")
            return
        if self.declarer not in tuple(Seat):
            fail(f"declarer is N, E, S or W: {self.declarer!r}", "declarer")
        object.__setattr__(self, "declarer", Seat(self.declarer))
        if type(self.tricks) is not int or not 0 <= self.tricks <= 13:
            fail(f"tricks must be 0 to 13: {self.tricks!r}", "tricks")

    @property
    def ew_hcp(self) -> int:
        """Return East-West's high-card points: 40 less North-South's."""
        return 40 - self.ns_hcp

    def hcp(self, side: Side) -> int:
        """Return the high-card points the side held."""
        return self.ns_hcp if side is Side.NS else self.ew_hcp


@dataclass(frozen=True, slots=True)
class Compensation:
    giver: Side | None  # the side with more than 20 points; None at 20 each
    excess: int  # its points over 20
    per_point: int  # 1 IMP (simple), or score points (elaborate)
    amount: int  # excess × per_point: IMPs (simple) or score points (elaborate)
    reason: Reason
    band: Band | None = None  # elaborate: what the deal is worth
    threshold: int | None = None  # elaborate: the points threshold that set the band
    vulnerable: bool | None = None  # elaborate: the giver's vulnerability

    @property
    def receiver(self) -> Side | None:
        """Return the side that is given the points."""
        return {Side.NS: Side.EW, Side.EW: Side.NS, None: None}[self.giver]


class StepCode(enum.StrEnum):
    """The lines of an explanation, in the order they come; a page translates each."""

    PASSED_OUT = "passed-out"
    SCORE = "score"  # side, score: the duplicate score (分数)
    SCORE_IMPS = "score-imps"  # side, imps: that score in IMPs (simple: 折成 …点)
    LONG_GAME = "long-game"  # side, bonus, score: the 28-point rule and the score it makes
    EVEN = "even"  # hcp: 20 points each, nothing given
    COMPENSATION = "compensation"  # giver, receiver, hcp, excess, per_point, amount, unit, …
    NET_SCORE = "net-score"  # side, score: the side ahead after compensation (elaborate)
    IMPS = "imps"  # side, imps: the side that wins the deal, and its IMPs
    NO_IMPS = "no-imps"


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the explanation: a code a page translates, and the values it names."""

    code: StepCode
    args: tuple[tuple[str, str | int], ...] = ()

    @property
    def kwargs(self) -> dict[str, str | int]:
        """Return the values by name, for formatting a translated message."""
        return dict(self.args)


def _step(code: StepCode, **values: str | int) -> Step:
    return Step(code, tuple(values.items()))


@dataclass(frozen=True, slots=True)
class TableDealScore:
    deal: TableDeal
    method: Method
    ns_score: int  # the duplicate score, North-South's view (分数)
    ns_counted: int  # what the method counts: ns_score plus any 28-point rule bonus
    ns_score_imps: int | None  # simple: ns_score in IMPs (折成 …点); elaborate: None
    compensation: Compensation
    ns_net: int  # after compensation, North-South's view: IMPs (simple) or score points
    ns_imps: int  # IMP得分: at least one of ns_imps and ew_imps is 0
    ew_imps: int
    explanation: tuple[Step, ...]

    @property
    def winner(self) -> Side | None:
        """Return the side that won IMPs on the deal, or None when neither did."""
        return Side.NS if self.ns_imps else Side.EW if self.ew_imps else None


def _side_of(ns_value: int) -> str:
    return Side.NS.value if ns_value >= 0 else Side.EW.value


def contract_band(contract: Contract) -> Band:
    """Return what the contract is worth: a slam by its level, a game by its trick score."""
    if contract.is_pass:
        return Band.PART_SCORE
    if contract.level >= 6:
        return Band.GRAND_SLAM if contract.level == 7 else Band.SMALL_SLAM
    parts = score_breakdown(contract, contract.book, False).parts
    return Band.GAME if any(p.kind is PartKind.GAME for p in parts) else Band.PART_SCORE


def points_band(hcp: int) -> Band:
    """Return what a side's combined points should make (26 game, 33 and 37 the slams)."""
    reached = [band for band, low in THRESHOLDS.items() if hcp >= low]
    return reached[-1] if reached else Band.PART_SCORE


def long_game_bonus(deal: TableDeal) -> int:
    """Return what the 28-point rule adds to North-South's score (negative: to East-West's)."""
    contract = deal.contract
    if contract_band(contract) is not Band.GAME or deal.tricks < contract.book:
        return 0
    assert deal.declarer is not None and contract.strain is not None  # a game was bid
    side = deal.declarer.side
    extra = deal.tricks - _GAME_TRICKS.get(contract.strain, 11)
    if deal.hcp(side) < LONG_GAME_POINTS or extra <= 0:
        return 0
    vulnerable = board_vulnerability(deal.board).is_vulnerable(side)
    rule = duplicate_score(contract, contract.book, vulnerable) + LONG_GAME_TRICK * extra
    return max(0, rule - duplicate_score(contract, deal.tricks, vulnerable)) * _SIGN[side]


def _elaborate_compensation(deal: TableDeal, giver: Side | None, excess: int) -> Compensation:
    if giver is None:
        return Compensation(None, 0, 0, 0, Reason.EVEN)
    by_points = points_band(deal.hcp(giver))
    by_contract = contract_band(deal.contract)
    band = max(by_points, by_contract, key=_BANDS.index)
    if band is Band.PART_SCORE:
        reason = Reason.PART_SCORE
    elif by_points is by_contract:
        reason = Reason.POINTS_AND_CONTRACT
    else:
        reason = Reason.POINTS if band is by_points else Reason.CONTRACT
    threshold = THRESHOLDS.get(band) if band is by_points else None
    vulnerable = board_vulnerability(deal.board).is_vulnerable(giver)
    per_point = POINT_VALUES[band][vulnerable]
    return Compensation(
        giver,
        excess,
        per_point,
        excess * per_point,
        reason,
        band,
        threshold,
        vulnerable,
    )


def score_deal(deal: TableDeal, method: Method | str) -> TableDealScore:
    """Return the deal's score by the method: compensation, net result and each side's IMPs."""
    method = Method(method)
    ns = ns_score(deal.contract, deal.declarer, deal.tricks, deal.board)
    giver = None if deal.ns_hcp == AVERAGE else Side.NS if deal.ns_hcp > AVERAGE else Side.EW
    excess = abs(deal.ns_hcp - AVERAGE)
    steps = [_step(StepCode.PASSED_OUT)] if deal.contract.is_pass else []
    if ns:
        steps.append(_step(StepCode.SCORE, side=_side_of(ns), score=abs(ns)))
    score_imps, counted = None, ns
    if method is Method.SIMPLE:
        score_imps = imps(ns)
        if score_imps:
            steps.append(_step(StepCode.SCORE_IMPS, side=_side_of(ns), imps=abs(score_imps)))
        reason = Reason.SIMPLE if giver else Reason.EVEN
        compensation = Compensation(giver, excess, 1 if giver else 0, excess, reason)
        net = net_imps = score_imps - _SIGN[giver] * excess
    else:
        bonus = long_game_bonus(deal)
        counted = ns + bonus
        if bonus:
            extra = {"bonus": abs(bonus), "score": abs(counted)}
            steps.append(_step(StepCode.LONG_GAME, side=_side_of(bonus), **extra))
        compensation = _elaborate_compensation(deal, giver, excess)
        net = counted - _SIGN[giver] * compensation.amount
        net_imps = imps(net)
    steps.append(_compensation_step(deal, compensation))
    if method is Method.ELABORATE and giver:
        steps.append(_step(StepCode.NET_SCORE, side=_side_of(net), score=abs(net)))
    if net_imps:
        steps.append(_step(StepCode.IMPS, side=_side_of(net_imps), imps=abs(net_imps)))
    else:
        steps.append(_step(StepCode.NO_IMPS))
    return TableDealScore(
        deal,
        method,
        ns,
        counted,
        score_imps,
        compensation,
        net,
        max(net_imps, 0),
        max(-net_imps, 0),
        tuple(steps),
    )


def _compensation_step(deal: TableDeal, c: Compensation) -> Step:
    if c.giver is None:
        return _step(StepCode.EVEN, hcp=AVERAGE)
    assert c.receiver is not None  # there is a giver
    values = {"giver": c.giver.value, "receiver": c.receiver.value, "hcp": deal.hcp(c.giver)}
    values |= {"excess": c.excess, "per_point": c.per_point, "amount": c.amount}
    values |= {"unit": "imps" if c.band is None else "score", "reason": c.reason.value}
    if c.band is not None:
        assert c.vulnerable is not None  # set with the band
        values |= {"band": c.band.value, "vulnerable": int(c.vulnerable)}
    if c.threshold is not None:
        values["threshold"] = c.threshold
    return _step(StepCode.COMPENSATION, **values)


@dataclass(frozen=True, slots=True)
class SheetRow:
    score: TableDealScore
    ns_total: int  # IMPs North-South have won so far, this deal included
    ew_total: int


@dataclass(frozen=True, slots=True)
class SingleTableSheet:
    method: Method
    rows: tuple[SheetRow, ...]
    ns_total: int  # 合计: the IMPs North-South won
    ew_total: int

    @property
    def net(self) -> int:
        """Return North-South's IMPs less East-West's (negative when East-West lead)."""
        return self.ns_total - self.ew_total


def score_sheet(deals: Iterable[TableDeal], method: Method | str) -> SingleTableSheet:
    """Return the single-table sheet: each deal's score in the order given, with running totals."""
    method = Method(method)
    rows = []
    ns_total = ew_total = 0
    for deal in deals:
        score = score_deal(deal, method)
        ns_total += score.ns_imps
        ew_total += score.ew_imps
        rows.append(SheetRow(score, ns_total, ew_total))
    return SingleTableSheet(method, tuple(rows), ns_total, ew_total)
