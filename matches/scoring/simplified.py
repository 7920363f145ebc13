"""简明计分法: the simplified scoring method of seed 003, in small whole numbers.

- Base points (定约基本分): the level (1 to 7) times 1, 2 or 4 (undoubled, doubled,
  redoubled), plus the strain: ♣♦ 1, ♥♠ 2, NT 3. Doubling leaves the strain points alone.
- Game (成局定约): base points 6 or more, as 3NT, 4♥, 4♠, 5♣, 5♦, 2♥× (2×2+2), 2♦××.
  Below 6 is a part score (部分定约). Levels 6 and 7 are the small and grand slams.
- Level bonus (定约级别奖分), for the contract bid, whatever the tricks:

  | contract   | not vulnerable | vulnerable |
  | part score | 0              | 0          |
  | game       | 5              | 5+3 = 8    |
  | small slam | 11             | 11+3 = 14  |
  | grand slam | 18             | 18+3 = 21  |

- Overtricks (超墩): 1 each, ×2 doubled, ×4 redoubled, vulnerable or not.
- Undertricks (宕墩): 2 each not vulnerable, 3 vulnerable; ×2 doubled, ×4 redoubled.
- Cap (顶分): a deal's points are held to 35 either way (vulnerable 7NT× is 38, scored 35).
- Passed out (四家不开叫), where the high-card points are recorded: the side holding more
  than 20 loses a point for each point over 20 (21 loses 1, 23 loses 3); at 20-20 no one
  loses and the deal is dealt again (``redeal``).

Readings chosen where the seed leaves room; each reproduces every worked example:

1. A slam bonus takes the place of the game bonus (6♥ = 6+2+11 = 19, not 6+2+5+11).
2. ``str()`` writes the working: "4+2+5+3=14", "7×2+3+18+3=38→35", "-(2+2)=-4",
   "-(2×2)×6=-24" (undoubled past three down: "-2×4=-8"). The vulnerable 3 is a part of its
   own, as in the seed's formula (which also writes "4+2+8"); parts come in the formula's
   order, level, strain, bonus, vulnerable, overtricks (the seed once writes 3×2+1+2×2+5).
3. The bonus follows the contract bid: 3♥ making ten tricks is 3+2+1 = 6, no game bonus.
4. Doubled, a game is judged on the doubled base points: 2♥× (2×2+2) is a game, 1♣××
   (4+1) is not, nor is 1NT× (1×2+3 = 5), which the seed lists as a game worth 8: the
   rule and the seed's own 3♣× = 3×2+1 say 5 (the tests name this override).
5. Points pass from one side to the other, as in match scoring (第4条 计分如同比赛计分一样;
   赔点 are paid to the other side): on a sheet East-West's points are North-South's negated.
6. The high-card rule is for casual play (第3条 当平时四人玩打时): with no high-card points
   recorded (``ns_hcp=None``) a passed-out deal scores 0, as in a match. The points are
   ignored on a played deal. The penalty is at most 20, so the cap never touches it.
7. Vulnerability follows the board number (the 16-board cycle); the seed says nothing.
8. Only the bonus ladder of the examples; not the ones offered to taste ("0、4、10、18"…).
9. On a sheet a board number may come again only after a 20-20 redeal of that board.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from .boards import Seat, Side, board_vulnerability
from .contract import Contract, Strain
from .duplicate import TricksError

SIMPLIFIED_CAP = 35
GAME_BASE = 6
AVERAGE_HCP = 20
TOTAL_HCP = 40
STRAIN_POINTS = dict(zip(Strain, (1, 1, 2, 2, 3), strict=True))  # ♣ ♦ ♥ ♠ NT
UNDERTRICK_POINTS = {False: 2, True: 3}  # each undertrick undoubled, by vulnerability


class SimplifiedDealError(ValueError):
    """A deal that cannot be scored. ``code`` names the fault for translated messages;
    ``deal`` is the deal's place on a sheet, counted from 1, when the sheet refused it."""

    def __init__(self, message: str, code: str, deal: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.deal = deal


class SimplifiedTier(enum.StrEnum):
    """The four ranks of contract that the level bonuses are set by (定约级别)."""

    PART_SCORE = "part-score"  # 部分定约: base points under 6
    GAME = "game"  # 成局定约: base points 6 or more
    SMALL_SLAM = "small-slam"  # 小满贯: level 6
    GRAND_SLAM = "grand-slam"  # 大满贯: level 7


class SimplifiedPartKind(enum.StrEnum):
    """The named parts of a simplified score, as the seed names them."""

    LEVEL = "level"  # 定约阶数奖分
    STRAIN = "strain"  # 定约花色奖分
    GAME = "game"  # 成局奖分
    SMALL_SLAM = "small-slam"  # 小满贯奖分
    GRAND_SLAM = "grand-slam"  # 大满贯奖分
    VULNERABLE = "vulnerable"  # 有局奖分
    OVERTRICKS = "overtricks"  # 超墩奖分
    UNDERTRICKS = "undertricks"  # 宕墩罚分
    PASSED_OUT = "passed-out"  # 四家不开叫, 大牌多者罚分


# The level bonuses not vulnerable (part score, game, small slam, grand slam); vulnerable
# adds 3 to each but the part score's.
LEVEL_BONUS = dict(zip(SimplifiedTier, (0, 5, 11, 18), strict=True))
VULNERABLE_BONUS = 3


@dataclass(frozen=True, slots=True)
class SimplifiedPart:
    kind: SimplifiedPartKind
    points: int
    formula: str  # how the seed writes it: "3×2", "5", "2×2", "(2×2)×6", "23-20"


@dataclass(frozen=True, slots=True)
class SimplifiedScore:
    parts: tuple[SimplifiedPart, ...]
    redeal: bool = False  # passed out at 20-20: no one scores and the deal is dealt again

    @property
    def uncapped(self) -> int:
        """Return the sum of the parts, before the cap."""
        return sum(part.points for part in self.parts)

    @property
    def total(self) -> int:
        """Return the points: the sum of the parts, held to 35 either way."""
        return max(-SIMPLIFIED_CAP, min(SIMPLIFIED_CAP, self.uncapped))

    @property
    def capped(self) -> bool:
        """Return True when the cap cut the points."""
        return self.total != self.uncapped

    def __str__(self) -> str:
        if not self.parts:
            return "0"
        uncapped = self.uncapped
        if uncapped >= 0:
            text = "+".join(part.formula for part in self.parts) + f"={uncapped}"
        else:
            (part,) = self.parts
            if part.formula == str(-uncapped):
                text = str(uncapped)
            else:
                wrap = "+" in part.formula or "-" in part.formula
                text = f"-({part.formula})={uncapped}" if wrap else f"-{part.formula}={uncapped}"
        return f"{text}→{self.total}" if self.capped else text


def simplified_base(contract: Contract) -> int:
    """Return the base points: the level times the doubling, plus the strain (0 passed out)."""
    if contract.is_pass:
        return 0
    assert contract.strain is not None  # only a pass has no strain
    return contract.level * contract.doubling.multiplier + STRAIN_POINTS[contract.strain]


def simplified_tier(contract: Contract) -> SimplifiedTier:
    """Return the tier of the contract bid: a slam by its level, a game by its base points."""
    if contract.level == 7:
        return SimplifiedTier.GRAND_SLAM
    if contract.level == 6:
        return SimplifiedTier.SMALL_SLAM
    if simplified_base(contract) >= GAME_BASE:
        return SimplifiedTier.GAME
    return SimplifiedTier.PART_SCORE


def simplified_bonus(contract: Contract, vulnerable: bool) -> int:
    """Return the level bonus of the contract bid, made: 0, 5, 11 or 18, vulnerable 3 more."""
    tier = simplified_tier(contract)
    extra = VULNERABLE_BONUS if vulnerable and tier is not SimplifiedTier.PART_SCORE else 0
    return LEVEL_BONUS[tier] + extra


def _check_tricks(tricks: int) -> None:
    if type(tricks) is not int or not 0 <= tricks <= 13:
        raise TricksError(f"tricks must be 0 to 13: {tricks!r}")


def _times(count: int, factor: int) -> str:
    return str(count) if factor == 1 else f"{count}×{factor}"


def simplified_score(contract: Contract, tricks: int, vulnerable: bool) -> SimplifiedScore:
    """Return the declaring side's points in parts (negative when the contract fails)."""
    _check_tricks(tricks)
    if contract.is_pass:
        return SimplifiedScore(())
    factor = contract.doubling.multiplier
    kind = SimplifiedPartKind
    if tricks < contract.book:
        down = contract.book - tricks
        unit = UNDERTRICK_POINTS[bool(vulnerable)]
        if factor == 1:  # "2+2" as the seed writes it, "2×4" past three
            formula = "+".join([str(unit)] * down) if down <= 3 else f"{unit}×{down}"
        else:
            formula = f"({unit}×{factor})" + (f"×{down}" if down > 1 else "")
        return SimplifiedScore((SimplifiedPart(kind.UNDERTRICKS, -unit * factor * down, formula),))

    assert contract.strain is not None  # only a pass has no strain
    strain = STRAIN_POINTS[contract.strain]
    parts = [
        (kind.LEVEL, contract.level * factor, _times(contract.level, factor)),
        (kind.STRAIN, strain, str(strain)),
    ]
    tier = simplified_tier(contract)
    if tier is not SimplifiedTier.PART_SCORE:
        parts.append((kind(tier.value), LEVEL_BONUS[tier], str(LEVEL_BONUS[tier])))
        if vulnerable:
            parts.append((kind.VULNERABLE, VULNERABLE_BONUS, str(VULNERABLE_BONUS)))
    over = tricks - contract.book
    if over:
        parts.append((kind.OVERTRICKS, over * factor, _times(over, factor)))
    return SimplifiedScore(tuple(SimplifiedPart(*part) for part in parts))


def _check_hcp(ns_hcp: int) -> None:
    if type(ns_hcp) is not int or not 0 <= ns_hcp <= TOTAL_HCP:
        raise SimplifiedDealError(f"high-card points must be 0 to 40: {ns_hcp!r}", "hcp")


def passed_out_score(ns_hcp: int | None) -> SimplifiedScore:
    """Return North-South's points for a passed-out deal, given their high-card points."""
    if ns_hcp is None:
        return SimplifiedScore(())
    _check_hcp(ns_hcp)
    ew_hcp = TOTAL_HCP - ns_hcp
    if ns_hcp == ew_hcp:
        return SimplifiedScore((), redeal=True)
    strong = max(ns_hcp, ew_hcp)
    points = strong - AVERAGE_HCP if ew_hcp > ns_hcp else AVERAGE_HCP - strong
    part = SimplifiedPart(SimplifiedPartKind.PASSED_OUT, points, f"{strong}-{AVERAGE_HCP}")
    return SimplifiedScore((part,))


@dataclass(frozen=True, slots=True)
class SimplifiedDeal:
    """One deal on a sheet. ``contract`` may be text ("4SX"), ``declarer`` a letter ("N")."""

    board: int
    contract: Contract
    declarer: Seat | None
    tricks: int
    ns_hcp: int | None = None  # North-South's high-card points; used when passed out

    def __post_init__(self) -> None:
        if type(self.board) is not int or self.board < 1:
            raise SimplifiedDealError(f"board numbers start at 1: {self.board!r}", "board")
        if not isinstance(self.contract, Contract):
            object.__setattr__(self, "contract", Contract.parse(self.contract))
        if self.ns_hcp is not None:
            _check_hcp(self.ns_hcp)
        if self.contract.is_pass:
            if self.declarer not in (None, ""):
                raise SimplifiedDealError("a passed-out deal has no declarer", "pass-declarer")
            if self.tricks != 0:
                raise SimplifiedDealError("a passed-out deal has no tricks", "pass-tricks")
            object.__setattr__(self, "declarer", None)
            return
        if self.declarer not in tuple(Seat):
            message = f"the declarer is N, E, S or W: {self.declarer!r}"
            raise SimplifiedDealError(message, "declarer")
        object.__setattr__(self, "declarer", Seat(self.declarer))
        _check_tricks(self.tricks)

    @property
    def vulnerable(self) -> bool:
        """Return True when the declaring side is vulnerable (False when passed out)."""
        if self.declarer is None:
            return False
        return board_vulnerability(self.board).is_vulnerable(self.declarer)

    @property
    def score(self) -> SimplifiedScore:
        """Return the declaring side's points, or North-South's when passed out."""
        if self.contract.is_pass:
            return passed_out_score(self.ns_hcp)
        return simplified_score(self.contract, self.tricks, self.vulnerable)

    @property
    def ns_points(self) -> int:
        """Return North-South's points for the deal (East-West's are these negated)."""
        total = self.score.total
        return -total if self.declarer is not None and self.declarer.side is Side.EW else total


@dataclass(frozen=True, slots=True)
class SimplifiedSheetRow:
    deal: SimplifiedDeal
    score: SimplifiedScore  # the declaring side's, or North-South's when passed out
    ns: int
    ew: int
    ns_total: int  # running totals, this deal included
    ew_total: int


@dataclass(frozen=True, slots=True)
class SimplifiedSheet:
    rows: tuple[SimplifiedSheetRow, ...]
    ns_total: int = 0
    ew_total: int = 0


def simplified_sheet(deals: Iterable[SimplifiedDeal]) -> SimplifiedSheet:
    """Return the sheet: each deal's points for North-South and East-West, and running totals."""
    rows = []
    scored: set[int] = set()
    ns_total = 0
    for number, deal in enumerate(deals, 1):
        if deal.board in scored:
            message = f"deal {number}: board {deal.board} is on the sheet twice"
            raise SimplifiedDealError(message, "duplicate-board", number)
        score, ns = deal.score, deal.ns_points
        if not score.redeal:
            scored.add(deal.board)
        ns_total += ns
        rows.append(SimplifiedSheetRow(deal, score, ns, -ns, ns_total, -ns_total))
    return SimplifiedSheet(tuple(rows), ns_total, -ns_total)
