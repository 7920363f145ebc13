"""The app's models, one module per concept; import them from here."""

from .boards import Board, BoardAdjustment, Result, boards_with_results
from .deals import Deal
from .event_tables import EventTable
from .events import Bye, Event, EventDirector, Player, Team, VpPenalty
from .games import Game
from .jobs import Job, JobKind, JobPhase, JobState
from .matches import ImpPenalty, Match, MatchStatus, Seating
from .rooms import CallClosed, DirectorCall, EntryStatus, RetiredLink, Room, TableEntry, TableSide
from .stages import DrawSwap, DrawTable, Stage, StageEntry, TieDecision

__all__ = [
    "Board",
    "BoardAdjustment",
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
