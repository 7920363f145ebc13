"""The app's models, one module per concept; import them from here."""

from .boards import Board, BoardAdjustment, Result, boards_with_results
from .clocks import RoundClock
from .deals import Deal
from .draws import DrawSwap, DrawTable
from .event_tables import EventTable
from .events import (
    BoardRelease,
    Bye,
    Event,
    EventDirector,
    HandsRelease,
    Player,
    Team,
    VpPenalty,
)
from .games import Game
from .jobs import Job, JobKind, JobPhase, JobState
from .matches import ImpPenalty, Match, MatchStatus, Seating
from .rooms import CallClosed, DirectorCall, EntryStatus, RetiredLink, Room, TableEntry, TableSide
from .stages import Stage, StageEntry, TieDecision

__all__ = [
    "Board",
    "BoardAdjustment",
    "BoardRelease",
    "Bye",
    "CallClosed",
    "Deal",
    "DirectorCall",
    "DrawSwap",
    "DrawTable",
    "EntryStatus",
    "Event",
    "EventDirector",
    "EventTable",
    "Game",
    "HandsRelease",
    "ImpPenalty",
    "Job",
    "JobKind",
    "JobPhase",
    "JobState",
    "Match",
    "MatchStatus",
    "Player",
    "Result",
    "RetiredLink",
    "Room",
    "RoundClock",
    "Seating",
    "Stage",
    "StageEntry",
    "TableEntry",
    "TableSide",
    "Team",
    "TieDecision",
    "VpPenalty",
    "boards_with_results",
]
