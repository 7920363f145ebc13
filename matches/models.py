"""Events, teams, matches, boards and results: per-record rules as methods, queries on managers."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import RoomChoice, SeatChoice, VPScaleChoice


class Event(models.Model):
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    vp_scale = models.CharField(
        _("VP scale"), max_length=16, choices=VPScaleChoice.choices, default=VPScaleChoice.WBF_2013
    )
    boards_per_match = models.PositiveSmallIntegerField(_("boards per match"), default=16)
    boards_per_segment = models.PositiveSmallIntegerField(_("boards per segment"), default=16)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(boards_per_match__gte=1, boards_per_segment__gte=1),
                name="event_has_boards",
            )
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("event", args=[self.pk])

    def match_rows(self) -> list[tuple[Match, scoring.MatchResult]]:
        """Return every match of the event with its score, in four queries in all."""
        matches = self.matches.with_teams().prefetch_related(
            models.Prefetch("boards", Board.objects.with_results())
        )
        return [(match, match.score(match.boards.all())) for match in matches]


class Team(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80)
    captain = models.CharField(_("captain"), max_length=80, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique_in_event")
        ]

    def __str__(self):
        return self.name


class Player(models.Model):
    team = models.ForeignKey(Team, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)

    class Meta:
        ordering = ["id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name


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


class BoardQuerySet(models.QuerySet):
    def with_results(self):
        """Return the boards in order with both rooms' results in one more query."""
        return self.order_by("number").prefetch_related("results")


class Board(models.Model):
    match = models.ForeignKey(Match, models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("board"))

    objects = BoardQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="board_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_from_one"),
        ]

    def __str__(self):
        return str(self.number)

    @property
    def dealer(self) -> scoring.Seat:
        """Return the dealer, from the board number."""
        return scoring.board_dealer(self.number)

    @property
    def vulnerability(self) -> scoring.Vulnerability:
        """Return the vulnerability, from the board number."""
        return scoring.board_vulnerability(self.number)

    def result_in(self, room: str) -> Result | None:
        """Return this board's result in a room, from prefetched results when loaded."""
        for result in self.results.all():
            if result.room == room:
                return result
        return None

    def comparison(self) -> scoring.BoardComparison:
        """Return both rooms' North-South scores for comparing (None where not entered)."""
        scores = {result.room: result.ns_score for result in self.results.all()}
        return scoring.BoardComparison(
            self.number, scores.get(RoomChoice.OPEN), scores.get(RoomChoice.CLOSED)
        )


class Conflict(Exception):
    """A save from a stale page: someone else changed the result first."""

    def __init__(self, current: Result | None):
        super().__init__("stale result")
        self.current = current


class ResultQuerySet(models.QuerySet):
    def save_entry(self, board: Board, room: str, entry: dict, version: int, user) -> Result:
        """Return the saved result of a director's entry; raise Conflict if the page was stale.

        ``version`` is the version the director's page showed (0: no result yet). The
        update only happens if the row still has that version, so nothing anyone else
        saved in between is overwritten.
        """
        with transaction.atomic():
            current = self.select_for_update().filter(board=board, room=room).first()
            if (current.version if current else 0) != version:
                if current is not None and current.matches_entry(entry):
                    return current  # the same result, entered twice: nothing is lost
                raise Conflict(current)
            result = current or Result(board=board, room=room)
            result.contract = entry["contract"]
            if not result.contract.is_pass:
                result.declarer = entry["declarer"]
                result.tricks = entry["tricks"]
            result.lead = entry.get("lead", "")
            result.entered_by = user
            result.version = version + 1
            try:
                with transaction.atomic():
                    result.save()
            except IntegrityError:
                # Another director created this room's result between our read and write.
                raise Conflict(self.filter(board=board, room=room).first()) from None
        return result


class Result(models.Model):
    """One room's result on a board; its score always derives from these fields."""

    board = models.ForeignKey(Board, models.CASCADE, related_name="results")
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    level = models.PositiveSmallIntegerField(_("level"))  # 0: passed out
    strain = models.CharField(_("strain"), max_length=2, blank=True)
    doubling = models.CharField(_("doubling"), max_length=2, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SeatChoice.choices, blank=True)
    lead = models.CharField(_("opening lead"), max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()
    objects = ResultQuerySet.as_manager()

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(fields=["board", "room"], name="one_result_per_room"),
            models.CheckConstraint(
                condition=Q(room__in=RoomChoice.values), name="result_room_is_known"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__gte=0, tricks__lte=13),
                name="result_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=(
                    Q(level=0, strain="", doubling="", declarer="", tricks__isnull=True)
                    | Q(
                        level__gte=1,
                        level__lte=7,
                        strain__in=[s.value for s in scoring.Strain],
                        doubling__in=[d.value for d in scoring.Doubling],
                        declarer__in=SeatChoice.values,
                        tricks__isnull=False,
                    )
                ),
                name="result_contract_declarer_tricks",
            ),
        ]

    def __str__(self):
        return f"{self.board} {self.get_room_display()}: {self.contract} {self.result_text}"

    @property
    def contract(self) -> scoring.Contract:
        """Return the contract as the scoring core's value."""
        if self.level == 0:
            return scoring.PASS
        return scoring.Contract.of(self.level, self.strain, self.doubling)

    @contract.setter
    def contract(self, contract: scoring.Contract) -> None:
        self.level = contract.level
        self.strain = contract.strain.value if contract.strain else ""
        self.doubling = contract.doubling.value if not contract.is_pass else ""
        if contract.is_pass:
            self.declarer = ""
            self.tricks = None

    @property
    def ns_score(self) -> int:
        """Return North-South's score, from contract, declarer, tricks and board number."""
        if self.level == 0:
            return 0
        return scoring.ns_score(self.contract, self.declarer, self.tricks, self.board.number)

    @property
    def result_text(self) -> str:
        """Return the result as the sheet writes it ("=", "+1", "-2"; blank when passed out)."""
        if self.level == 0:
            return ""
        return scoring.format_result(self.contract, self.tricks)

    def matches_entry(self, entry: dict) -> bool:
        """Return True when a director's entry says exactly what this result says."""
        contract = entry["contract"]
        if contract != self.contract or entry.get("lead", "") != self.lead:
            return False
        return contract.is_pass or (
            entry["declarer"] == self.declarer and entry["tricks"] == self.tricks
        )

    def values(self) -> dict:
        """Return what a director typed, in canonical form, for comparing and messages."""
        return {
            "contract": str(self.contract),
            "declarer": self.declarer,
            "lead": self.lead,
            "result": self.result_text,
        }


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
