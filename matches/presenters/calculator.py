"""The score calculator: what the calculator page shows, worked out by the scoring core."""

from __future__ import annotations

from dataclasses import dataclass

from matches.scoring import (
    Breakdown,
    Contract,
    Seat,
    board_dealer,
    board_vulnerability,
    format_result,
    imps,
    ns_score,
    score_breakdown,
)


@dataclass(frozen=True)
class ScoredResult:
    board: int
    contract: Contract
    declarer: Seat | None
    tricks: int
    ns_score: int
    breakdown: Breakdown

    @property
    def ew_score(self) -> int:
        """Return East-West's score: North-South's with the sign turned."""
        return -self.ns_score

    @property
    def result(self) -> str:
        """Return the result as written on a scoresheet ("=", "+1", "-2")."""
        return format_result(self.contract, self.tricks)

    @property
    def declarer_vulnerable(self) -> bool:
        """Return True when the declaring side was vulnerable."""
        return bool(self.declarer) and board_vulnerability(self.board).is_vulnerable(self.declarer)


@dataclass(frozen=True)
class Comparison:
    difference: int  # first result's NS score minus the second's
    imps: int  # signed like the difference: to the first table's North-South when positive


def score_result(
    board: int, contract: Contract, declarer: Seat | None, tricks: int
) -> ScoredResult:
    """Return the scored result of one table on board ``board``."""
    seat = Seat(declarer) if declarer else None
    vulnerable = bool(seat) and board_vulnerability(board).is_vulnerable(seat)
    return ScoredResult(
        board=board,
        contract=contract,
        declarer=seat,
        tricks=tricks,
        ns_score=ns_score(contract, seat, tricks, board),
        breakdown=score_breakdown(contract, tricks, vulnerable),
    )


def compare(first: ScoredResult, second: ScoredResult) -> Comparison:
    """Return the score difference and IMPs between two tables' results on one board."""
    difference = first.ns_score - second.ns_score
    return Comparison(difference=difference, imps=imps(difference))


def board_facts(board: int) -> dict:
    """Return the dealer and vulnerability of a board, for display."""
    return {
        "number": board,
        "dealer": board_dealer(board),
        "vulnerability": board_vulnerability(board),
    }
