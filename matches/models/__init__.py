"""The app's models, one module per concept; import them from here."""

from .boards import Board, Conflict, Result
from .events import Event, Player, Team
from .matches import Match, ScorecardRow, Seating

__all__ = [
    "Board",
    "Conflict",
    "Event",
    "Match",
    "Player",
    "Result",
    "ScorecardRow",
    "Seating",
    "Team",
]
