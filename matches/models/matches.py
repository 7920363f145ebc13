"""Matches and who sat where."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import RoomChoice, SeatChoice

from .boards import Board, Result
from .events import Event, Player, Team


class MatchQuerySet(models.QuerySet):
    def with_teams(self):
        """Return the matches with their event and both teams loaded in the same query."""
        return self.select_related("event", "home", "away")


class Match(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField(_("round"), default=1)
    home = models.ForeignKey(Team, models.PROTECT, related_name="home_matches")
    away = models.ForeignKey(Team, models.PROTECT, related_name="away_matches")
    created = models.DateTimeField(auto_now_add=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="match_two_teams")
        ]

    def __str__(self):
        return f"{self.home} – {self.away}"

    def get_absolute_url(self):
        return reverse("scorecard", args=[self.pk])

    @property
    def board_numbers(self) -> range:
        """Return the board numbers the match plays: 1 to the event's boards per match."""
        return range(1, self.event.boards_per_match + 1)

    @property
    def segment_numbers(self) -> range:
        """Return the segment (节) numbers, counting from 1."""
        last = scoring.segment_of(self.event.boards_per_match, self.event.boards_per_segment)
        return range(1, last + 1)

    def segment_boards(self, segment: int) -> range:
        """Return the board numbers of one segment."""
        size = self.event.boards_per_segment
        first = (segment - 1) * size + 1
        return range(first, min(first + size, self.event.boards_per_match + 1))

    def create_boards(self) -> None:
        """Create the match's boards (numbers 1 to the event's boards per match)."""
        Board.objects.bulk_create(
            [Board(match=self, number=n) for n in self.board_numbers], ignore_conflicts=True
        )

    def seating(self) -> dict:
        """Return who sat where: {segment: {room: {seat: player}}}."""
        table: dict = {}
        for seat in self.seatings.select_related("player"):
            table.setdefault(seat.segment, {}).setdefault(seat.room, {})[seat.seat] = seat.player
        return table

    def scorecard(self) -> dict:
        """Return the scorecard laid out like the printed sheet, in a fixed number of queries."""
        boards = list(self.boards.with_results())
        result = self.score(boards)
        comparisons = {c.number: c for c in result.boards}
        rows = [
            ScorecardRow(
                board,
                board.result_in(RoomChoice.OPEN),
                board.result_in(RoomChoice.CLOSED),
                comparisons[board.number],
            )
            for board in boards
        ]
        seating = self.seating()
        segments = [
            {
                "segment": segment,
                "rows": [
                    row for row in rows if row.board.number in self.segment_boards(segment.number)
                ],
                "seating": seating.get(segment.number, {}),
            }
            for segment in result.segments
        ]
        return {"match": self, "result": result, "segments": segments}

    def score(self, boards=None) -> scoring.MatchResult:
        """Return the match scored: each board's difference and IMPs, totals and VP."""
        if boards is None:
            boards = self.boards.with_results()
        comparisons = [board.comparison() for board in boards]
        return scoring.score_match(
            comparisons,
            self.event.boards_per_segment,
            self.event.boards_per_match,
            self.event.vp_scale,
        )


@dataclass(frozen=True)
class ScorecardRow:
    board: Board
    open: Result | None
    closed: Result | None
    comparison: scoring.BoardComparison


class Seating(models.Model):
    """Who sat where: a player in a seat of a room, for one segment of a match."""

    match = models.ForeignKey(Match, models.CASCADE, related_name="seatings")
    segment = models.PositiveSmallIntegerField(_("segment"))
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    seat = models.CharField(_("seat"), max_length=1, choices=SeatChoice.choices)
    player = models.ForeignKey(Player, models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("seating")
        verbose_name_plural = _("seatings")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "segment", "room", "seat"], name="one_player_per_seat"
            )
        ]

    def __str__(self):
        return f"{self.get_room_display()} {self.get_seat_display()}: {self.player}"
