"""How a stage scores its matches: its method, and the points a match gives each team.

Every method starts from the same boards (``team.BoardComparison``: the open room's
North-South score against the closed room's) and gives each team of a match its points in
the stage's own units; the standings add those points up (``standings.standings``).

``Method.IMPS_VP`` — IMPs → VP
    Each board's difference in IMPs (``imps.py``), the match's IMP margin converted on the
    stage's VP scale (``victory_points.py``). The points are VP.

``Method.IMPS`` — IMPs total
    A knockout's: the IMPs of the match, with any carry-over (``knockout.py``). The VP a
    knockout match stores are never shown.

``Method.BOARD_A_MATCH`` — board-a-match (point-a-board)
    Each board is a match of its own, decided on the raw score: the team whose two pairs
    scored more in total on it (North-South's score in one room against the other room's)
    wins it, and gets 1 point; when the rooms' scores are equal each team gets ½; the
    worse team 0 (ACBL Handbook, I. Types of team events, "Board-a-match": "The team with
    the best raw score on a board earns one point. On a board in which there is a tie in
    the raw score, each team earns one half a point", with the example +120 against −110,
    a win). In Britain it is called point-a-board and more often scores 2 for a win and
    1 for a tie (Bernard Magee's glossary, "Point-a-board"; the EBU's Tournament Focus,
    Winter 2009): ``BoardScale.TWO``. A match's result is the sum of its board points, and
    the standings rank by total board points. Any number of boards makes a match: BAM
    movements play two or three boards against each team. An artificial adjusted score
    (Law 12C1) counts by its sign for each team: more than 0 wins the board, 0 ties it,
    less loses it.

``Method.WIN_LOSS`` — win/loss
    The first of the ACBL Handbook's three ways of scoring a Swiss (I. Types of team
    events, "Swiss teams", 1. WIN/LOSS): a match won scores 1 (or the number the stage
    sets), a tie half of that, a loss 0. A match is tied when the IMP margin is no more
    than the stage's tie margin (0 by default: only a level match is tied; a director may
    set, say, 2 to make a 2-IMP win a tie). The standings rank by those points, then by the
    stage's tie-breaks (IMP quotient and so on, from the IMPs every match still stores).

``Method.PATTON`` — Patton
    Board points as in board-a-match, plus points for the aggregate: the EBU's Tournament
    Focus, Winter 2009 ("Patton Teams (Hybrid Teams)", Paul Hackett): "more common to get
    2 points for a win, 1 for a draw and 0 for a loss", so 8 points for four boards, "the
    aggregate is then turned into victory points with 8 points at stake", 16 in all; a
    draw on the aggregate gives 4 of its 8. Here the aggregate is the match's IMP margin,
    converted on the stage's VP scale and scaled to the stake (a draw: half each). The
    sources differ on the split, so the stake is a setting: left blank it equals the
    board points at stake (the EBU's); the French Pattons described on the BBO forums
    (4 boards, 4 points from board-a-match at 1 a board and 6 from the IMPs) set 6 with
    the 1-point board scale; Bridgefélag Reykjavíkur's Patton (bridge.is, 2016) gives 20
    for the IMPs beside its board points.
    The aggregate is the IMPs by default (``PattonAggregate.IMPS``). With
    ``PattonAggregate.TOTAL_POINTS`` it is the total points, as the EBU's Patton and the
    original American Patton have it: each team's raw scores on the boards added up (its
    pair's score at one table plus its team-mates' at the other), the stake going to the
    team ahead on that total, half of it to each when the totals are level. The EBU's own
    conversion of a total-points difference to a share of the stake could not be found;
    this all-or-nothing reading is the one the settings give. A board with an artificial
    adjusted score has no raw score and adds nothing to the total points.

The units are the method's: VP, board points, match points (won/tied/lost) or Patton
points. Every amount is a ``Decimal``: halves exact, hundredths on a VP-scaled stake.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from .victory_points import VPScale, scale_total, victory_points

_HUNDREDTH = Decimal("0.01")
_HALF = Decimal("0.5")


class Method(enum.StrEnum):
    """How a stage scores a match."""

    IMPS_VP = "imps-vp"
    IMPS = "imps"
    BOARD_A_MATCH = "board-a-match"
    WIN_LOSS = "win-loss"
    PATTON = "patton"


# The methods a round robin or a Swiss can rank by; a knockout plays IMPs total.
RANKED_METHODS = (Method.IMPS_VP, Method.BOARD_A_MATCH, Method.WIN_LOSS, Method.PATTON)
KNOCKOUT_METHODS = (Method.IMPS,)
# The methods that compare boards on the raw score (each board won, tied or lost).
BOARD_METHODS = frozenset({Method.BOARD_A_MATCH, Method.PATTON})


class PattonAggregate(enum.StrEnum):
    """What Patton's aggregate adds up."""

    IMPS = "imps"  # the IMP margin, on the stage's VP scale scaled to the stake
    TOTAL_POINTS = "total-points"  # the raw scores: the stake to the team ahead


class BoardScale(enum.StrEnum):
    """What a board is worth in board-a-match (and Patton's board points)."""

    ONE = "1"  # 1 for a win, ½ each for a tie, 0 for a loss (the ACBL's)
    TWO = "2"  # 2 / 1 / 0: British point-a-board, the EBU's Patton

    @property
    def win(self) -> Decimal:
        return Decimal(self.value)


@dataclass(frozen=True, slots=True)
class MethodRules:
    """A stage's method and its settings."""

    method: Method = Method.IMPS_VP
    board_scale: BoardScale = BoardScale.ONE
    win: Decimal = Decimal(1)  # win/loss: the points for a match won
    tie_margin: int = 0  # win/loss: a match won by this many IMPs or fewer is tied
    patton_stake: Decimal | None = None  # Patton: the aggregate's points; None: as boards
    patton_aggregate: PattonAggregate = PattonAggregate.IMPS

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", Method(self.method))
        object.__setattr__(self, "patton_aggregate", PattonAggregate(self.patton_aggregate))
        object.__setattr__(self, "board_scale", BoardScale(str(self.board_scale)))
        win = Decimal(self.win)
        if not win.is_finite() or win <= 0:
            raise ValueError(f"a win scores more than 0 points, not {self.win!r}")
        object.__setattr__(self, "win", win)
        if isinstance(self.tie_margin, bool) or not isinstance(self.tie_margin, int):
            raise ValueError(f"a tie margin is a whole number of IMPs, not {self.tie_margin!r}")
        if self.tie_margin < 0:
            raise ValueError(f"a tie margin is 0 or more IMPs, not {self.tie_margin}")
        if self.patton_stake is not None:
            stake = Decimal(self.patton_stake)
            if not stake.is_finite() or stake <= 0:
                raise ValueError(f"a stake is more than 0 points, not {self.patton_stake!r}")
            object.__setattr__(self, "patton_stake", stake)

    @property
    def uses_vp(self) -> bool:
        """Return True when the method's points are VP (IMPs → VP, or a knockout's unseen VP)."""
        return self.method in (Method.IMPS_VP, Method.IMPS)

    def stake(self, boards: int, scale: VPScale | str) -> Decimal:
        """Return the Patton aggregate's points: the setting, else the boards' points."""
        if self.patton_stake is not None:
            return self.patton_stake
        return self.board_scale.win * boards


def board_points(gain: int, scale: BoardScale = BoardScale.ONE) -> Decimal:
    """Return a team's points on one board from its gain on it (its score at one table
    plus its team-mates' at the other): a win, half of one for a tie, 0 for a loss."""
    win = BoardScale(scale).win
    if gain > 0:
        return win
    return win * _HALF if gain == 0 else Decimal(0)


def board_gains(board) -> tuple[int, int] | None:
    """Return (home, away): each team's raw-score gain on a board, None while pending.

    A board with an artificial adjusted score gives each team its own adjusted IMPs (only
    their signs count).
    """
    if not board.complete:
        return None
    if board.adjusted is not None:
        return tuple(board.adjusted)
    return board.difference, -board.difference


def board_a_match(boards: Iterable, scale: BoardScale = BoardScale.ONE) -> tuple[Decimal, Decimal]:
    """Return (home, away): the board points of the complete boards."""
    home = away = Decimal(0)
    for board in boards:
        gains = board_gains(board)
        if gains is not None:
            home += board_points(gains[0], scale)
            away += board_points(gains[1], scale)
    return home, away


def win_loss(margin: int, win: Decimal = Decimal(1), tie_margin: int = 0) -> Decimal:
    """Return a team's match points from its IMP margin: ``win`` for a win, half of it for
    a tie (a margin of ``tie_margin`` IMPs or fewer either way), 0 for a loss."""
    if abs(margin) <= tie_margin:
        return Decimal(win) * _HALF
    return Decimal(win) if margin > 0 else Decimal(0)


def scaled_vp(margin: int, boards: int, scale: VPScale | str, stake: Decimal) -> Decimal:
    """Return a team's VP for its IMP margin on ``scale``, scaled to ``stake`` points."""
    vp = Decimal(victory_points(margin, boards, scale)[0])
    scaled = vp * Decimal(stake) / scale_total(scale)
    return scaled.quantize(_HUNDREDTH, rounding=ROUND_HALF_EVEN)


def match_points(
    rules: MethodRules,
    boards: Iterable,
    margins: tuple[int, int],
    match_boards: int,
    scale: VPScale | str,
) -> tuple[Decimal | int, Decimal | int]:
    """Return (home, away): the match's points by the stage's method.

    ``boards`` are the match's ``BoardComparison``s (pending ones add nothing); ``margins``
    each team's IMP margin after penalties (what VP, win/loss and Patton's aggregate come
    from). Raise ValueError for a margin the VP scale cannot convert.
    """
    boards = list(boards)
    home_margin, away_margin = margins
    balanced = home_margin == -away_margin
    method = rules.method
    if method in (Method.IMPS_VP, Method.IMPS):
        home = victory_points(home_margin, match_boards, scale)[0]
        away = victory_points(away_margin, match_boards, scale)[0]
        return home, away
    if method is Method.WIN_LOSS:
        home = win_loss(home_margin, rules.win, rules.tie_margin)
        away = rules.win - home if balanced else win_loss(away_margin, rules.win, rules.tie_margin)
        return home, away
    home, away = board_a_match(boards, rules.board_scale)
    if method is Method.PATTON:
        if rules.patton_aggregate is PattonAggregate.TOTAL_POINTS:
            home_aggregate, away_aggregate = total_points_aggregate(
                rules.stake(match_boards, scale), total_points(boards)
            )
        else:
            home_aggregate, away_aggregate = aggregate_points(rules, margins, match_boards, scale)
        home, away = home + home_aggregate, away + away_aggregate
    return home, away


def aggregate_points(
    rules: MethodRules, margins: tuple[int, int], match_boards: int, scale: VPScale | str
) -> tuple[Decimal, Decimal]:
    """Return (home, away): Patton's points for the IMP aggregate, the stake shared by the
    VP scale (exactly the stake between them when the margins balance)."""
    home_margin, away_margin = margins
    stake = rules.stake(match_boards, scale)
    home = scaled_vp(home_margin, match_boards, scale, stake)
    if home_margin == -away_margin:
        return home, stake - home
    return home, scaled_vp(away_margin, match_boards, scale, stake)


def total_points(boards: Iterable) -> int:
    """Return the home team's total-points margin: the raw differences of the complete
    boards added up (a board with an artificial adjusted score adds nothing)."""
    return sum(board.difference for board in boards if board.complete and board.adjusted is None)


def total_points_aggregate(stake: Decimal, margin: int) -> tuple[Decimal, Decimal]:
    """Return (home, away): Patton's aggregate on total points, the stake to the team
    ahead by ``margin`` (the home team's), half of it each when level."""
    stake = Decimal(stake)
    if margin == 0:
        return stake * _HALF, stake * _HALF
    return (stake, Decimal(0)) if margin > 0 else (Decimal(0), stake)


def board_record(boards: Iterable) -> tuple[int, int, int]:
    """Return the home team's boards won, tied and lost (complete boards only)."""
    won = tied = lost = 0
    for board in boards:
        gains = board_gains(board)
        if gains is None:
            continue
        won, tied, lost = (
            (won + 1, tied, lost)
            if gains[0] > 0
            else (won, tied + 1, lost)
            if gains[0] == 0
            else (won, tied, lost + 1)
        )
    return won, tied, lost


def most_points(rules: MethodRules, match_boards: int, scale: VPScale | str) -> Decimal:
    """Return the most points one team can score in a match (a forfeit's ceiling)."""
    method = rules.method
    if method is Method.WIN_LOSS:
        return rules.win
    if method is Method.BOARD_A_MATCH:
        return rules.board_scale.win * match_boards
    if method is Method.PATTON:
        return rules.board_scale.win * match_boards + rules.stake(match_boards, scale)
    return Decimal(scale_total(scale))


def average_points(rules: MethodRules, match_boards: int, scale: VPScale | str) -> Decimal:
    """Return half the points a match gives: a tie in win/loss, half the boards in
    board-a-match, half of both parts in Patton. (A bye's points when none are set, for
    the methods other than IMPs → VP, whose bye scores the scale's own default.)"""
    return most_points(rules, match_boards, scale) * _HALF
