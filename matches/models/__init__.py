"""The app's models, one module per concept; import them from here."""

from .boards import Board, BoardAdjustment, Conflict, MatchIsFinal, Result
from .events import Bye, Event, Player, Team, VpPenalty
from .games import Game
from .matches import ImpPenalty, Match, MatchStatus, Seating

__all__ = [
    "Board",
    "BoardAdjustment",
    "Bye",
    "Conflict",
    "Event",
    "Game",
    "ImpPenalty",
    "Match",
    "MatchIsFinal",
    "MatchStatus",
    "Player",
    "Result",
    "Seating",
    "Team",
    "VpPenalty",
]
