"""Butler pair rankings of a teams event, from its line-ups and results.

Each pair is the two players a line-up put North-South (or East-West) in a room of a
segment; each of their results is IMPed against the datum of its deal (the round's board),
as the scoring core's ``butler`` rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from matches import scoring
from matches.choices import RoomChoice
from matches.models import Board, Seating
from matches.queries import fair_play
from matches.scoring.butler import PlayedBoard, butler


@dataclass(frozen=True)
class PairRow:
    rank: int
    names: str
    team: str
    boards: int
    imps: int
    average: Fraction


def butler_rows(event) -> list[PairRow] | None:
    """Return the event's pairs ranked by Butler IMPs per board; None before any line-up."""
    lineups: dict = {}
    players = {}
    for seat in Seating.objects.filter(match__event=event).select_related("player__team"):
        lineups.setdefault((seat.match_id, seat.segment, seat.room), {})[seat.seat] = seat.player
        players[seat.player_id] = seat.player
    if not lineups:
        return None
    played = []
    boards = (
        Board.objects.filter(match__event=event)
        .select_related("match", "adjustment")
        .prefetch_related("results")
    )
    view = fair_play.view_of(event)
    for board in boards:
        if board.adjusted is not None or view.hides(board.match_id, board.number):
            continue  # no Butler figure is built on a board still in play
        segment = scoring.segment_of(board.number, event.boards_per_segment)
        for room in (RoomChoice.OPEN, RoomChoice.CLOSED):
            result = board.result_in(room)
            lineup = lineups.get((board.match_id, segment, room), {})
            if result is None or len(lineup) < 4:
                continue
            ns = tuple(sorted((lineup["N"].pk, lineup["S"].pk)))
            ew = tuple(sorted((lineup["E"].pk, lineup["W"].pk)))
            played.append(PlayedBoard((board.match.round, board.number), ns, ew, result.ns_score))
    if not played:
        return []
    rows = []
    for score in butler(played).pairs:
        first, second = (players[pk] for pk in score.pair)
        rows.append(
            PairRow(
                rank=score.rank,
                names=f"{first.name} – {second.name}",
                team=first.team.name,
                boards=score.boards,
                imps=score.imps,
                average=score.average,
            )
        )
    return rows
