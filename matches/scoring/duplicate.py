"""Duplicate scoring: WBF Laws of Duplicate Bridge 2017, Law 77."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .contract import Contract, Doubling, Strain


class TricksError(ValueError):
    """A trick count outside 0 to 13."""

    code = "tricks"


class PartKind(enum.StrEnum):
    """The named parts of a duplicate score, as the seeds name them."""

    CONTRACT_TRICKS = "contract-tricks"  # 基本分 / 墩分
    OVERTRICKS = "overtricks"  # 超额墩
    PART_SCORE = "part-score"  # 部分定约奖分
    GAME = "game"  # 成局奖分
    SMALL_SLAM = "small-slam"  # 小满贯奖分
    GRAND_SLAM = "grand-slam"  # 大满贯奖分
    DOUBLED_MADE = "doubled-made"  # 完成加倍/再加倍定约奖分 ("insult")
    UNDERTRICKS = "undertricks"  # 宕墩罚分


@dataclass(frozen=True, slots=True)
class ScorePart:
    kind: PartKind
    points: int
    formula: str  # how the seeds write it: "2×30", "40+2×30", "500", "100+200+200"
    # The bonus for a made contract (DOUBLED_MADE) is the seeds' one part for doubled and
    # redoubled contracts alike; this says which, for the part's name (再加倍 / redoubled).
    redoubled: bool = False


@dataclass(frozen=True, slots=True)
class Breakdown:
    parts: tuple[ScorePart, ...]

    @property
    def total(self) -> int:
        """Return the score: the sum of the parts."""
        return sum(part.points for part in self.parts)

    def __str__(self) -> str:
        if not self.parts:
            return "0"
        if self.total < 0:
            (part,) = self.parts
            if part.formula == str(-self.total):
                return str(self.total)
            formula = f"({part.formula})" if "+" in part.formula else part.formula
            return f"-{formula}={self.total}"
        return "+".join(part.formula for part in self.parts) + f"={self.total}"


# Law 77: bonuses by vulnerability (index 0 not vulnerable, 1 vulnerable).
GAME_BONUS = (300, 500)
PART_SCORE_BONUS = 50
SMALL_SLAM_BONUS = (500, 750)
GRAND_SLAM_BONUS = (1000, 1500)
DOUBLED_MADE_BONUS = {Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
OVERTRICK_DOUBLED = (100, 200)  # each overtrick doubled; redoubled twice this


def _undertrick_steps(down: int, doubling: Doubling, vulnerable: bool) -> list[int]:
    """Return the penalty for each undertrick in turn."""
    if doubling is Doubling.UNDOUBLED:
        return [100 if vulnerable else 50] * down
    if vulnerable:
        steps = [200] + [300] * (down - 1)
    else:
        steps = [100, 200, 200] + [300] * max(0, down - 3)
        steps = steps[:down]
    return [step * (2 if doubling is Doubling.REDOUBLED else 1) for step in steps]


def _times(count: int, unit: int) -> str:
    return str(unit) if count == 1 else f"{count}×{unit}"


def score_breakdown(contract: Contract, tricks: int, vulnerable: bool) -> Breakdown:
    """Return the named parts of the declaring side's score, computed from Law 77."""
    _check_tricks(tricks)
    if contract.is_pass:
        return Breakdown(())
    vul = 1 if vulnerable else 0
    doubling = contract.doubling
    if tricks < contract.book:
        steps = _undertrick_steps(contract.book - tricks, doubling, vulnerable)
        if doubling is Doubling.UNDOUBLED:
            formula = _times(len(steps), steps[0])
        else:
            formula = "+".join(str(step) for step in steps)
        return Breakdown((ScorePart(PartKind.UNDERTRICKS, -sum(steps), formula),))

    multiplier = doubling.multiplier
    assert contract.strain is not None  # only a pass has no strain
    per_trick = contract.strain.trick_points * multiplier
    parts = []
    if contract.strain is Strain.NOTRUMP:
        first = 40 * multiplier
        formula = (
            str(first)
            if contract.level == 1
            else f"{first}+{_times(contract.level - 1, per_trick)}"
        )
        trick_score = first + per_trick * (contract.level - 1)
    else:
        formula = _times(contract.level, per_trick)
        trick_score = per_trick * contract.level
    parts.append(ScorePart(PartKind.CONTRACT_TRICKS, trick_score, formula))

    over = tricks - contract.book
    if over:
        if doubling is Doubling.UNDOUBLED:
            unit = contract.strain.trick_points
        else:
            unit = OVERTRICK_DOUBLED[vul] * (multiplier // 2)
        parts.append(ScorePart(PartKind.OVERTRICKS, over * unit, _times(over, unit)))

    if doubling is not Doubling.UNDOUBLED:
        bonus = DOUBLED_MADE_BONUS[doubling]
        redoubled = doubling is Doubling.REDOUBLED
        parts.append(ScorePart(PartKind.DOUBLED_MADE, bonus, str(bonus), redoubled))

    if trick_score >= 100:
        parts.append(ScorePart(PartKind.GAME, GAME_BONUS[vul], str(GAME_BONUS[vul])))
    else:
        parts.append(ScorePart(PartKind.PART_SCORE, PART_SCORE_BONUS, str(PART_SCORE_BONUS)))

    if contract.level == 6:
        parts.append(
            ScorePart(PartKind.SMALL_SLAM, SMALL_SLAM_BONUS[vul], str(SMALL_SLAM_BONUS[vul]))
        )
    elif contract.level == 7:
        parts.append(
            ScorePart(PartKind.GRAND_SLAM, GRAND_SLAM_BONUS[vul], str(GRAND_SLAM_BONUS[vul]))
        )
    return Breakdown(tuple(parts))


def _check_tricks(tricks: int) -> None:
    if type(tricks) is not int or not 0 <= tricks <= 13:
        raise TricksError(f"tricks must be 0 to 13: {tricks!r}")


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Return the declaring side's score (negative when the contract fails).

    The scores are worked out from the rules once, when the module loads (see
    ``score_breakdown``); a call is a check of ``tricks`` and a table look-up.
    """
    if type(tricks) is int and 0 <= tricks <= 13:
        return contract.scores[vulnerable][tricks]
    raise TricksError(f"tricks must be 0 to 13: {tricks!r}")


def score_table(contract: Contract) -> tuple[tuple[int, ...], ...]:
    """Return the scores for 0 to 13 tricks, not vulnerable and vulnerable."""
    return tuple(
        tuple(score_breakdown(contract, tricks, vulnerable).total for tricks in range(14))
        for vulnerable in (False, True)
    )
