"""Boards: dealer and vulnerability by board number, and the North-South score."""

from __future__ import annotations

import enum
from typing import cast

from .contract import Contract
from .duplicate import duplicate_score


class Side(enum.StrEnum):
    NS = "NS"
    EW = "EW"


class Seat(enum.StrEnum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def side(self) -> Side:
        """Return the partnership this seat belongs to."""
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW


class Vulnerability(enum.StrEnum):
    """Values as PBN writes them."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    def is_vulnerable(self, seat_or_side: Seat | Side | str) -> bool:
        """Return True when the seat's (or side's) partnership is vulnerable."""
        side = seat_or_side.side if isinstance(seat_or_side, Seat) else Side(seat_or_side)
        return self is Vulnerability.ALL or self.value == side.value


_DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
# Seed 002 section 九, the same as the Laws' 16-board cycle.
_VULNERABILITY = tuple(
    Vulnerability(v)
    for v in ("None NS EW All NS EW All None EW All None NS All None NS EW".split())
)


def _check_board(number: int) -> int:
    if type(number) is not int or number < 1:
        raise ValueError(f"board numbers start at 1: {number!r}")
    return (number - 1) % 16


def board_dealer(number: int) -> Seat:
    """Return the dealer of board ``number`` (1 up: N, E, S, W in turn)."""
    return _DEALERS[_check_board(number) % 4]


def board_vulnerability(number: int) -> Vulnerability:
    """Return the vulnerability of board ``number`` (1 up, a 16-board cycle)."""
    return _VULNERABILITY[_check_board(number)]


def ns_score(
    contract: Contract, declarer: Seat | str | None, tricks: int, board_number: int
) -> int:
    """Return North-South's score for this result on this board (0 for a passed-out board)."""
    if contract.is_pass:
        return 0
    seat = Seat(cast(str, declarer))  # a contract has a declarer; None raises ValueError
    score = duplicate_score(contract, tricks, board_vulnerability(board_number).is_vulnerable(seat))
    return score if seat.side is Side.NS else -score
