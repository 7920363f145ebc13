"""Boards and the results of each room, with their history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import RoomChoice, SeatChoice
from matches.lib.prepared import PreparedRead


class BoardQuerySet(models.QuerySet):
    def in_order(self):
        """Return the boards in order, each with its adjusted score (if any)."""
        return self.order_by("number").select_related("adjustment")

    def with_results(self):
        """Return the boards in order with both rooms' results in one more query."""
        return self.in_order().prefetch_related("results")


# A match's boards and results, read on every post at a table (matches/lib/prepared.py)
_MATCH_BOARDS = PreparedRead(
    lambda match_id: Board.objects.filter(match_id=match_id).in_order(), -1
)
_MATCH_RESULTS = PreparedRead(lambda match_id: Result.objects.filter(board__match_id=match_id), -1)


def boards_with_results(match) -> list[Board]:
    """Return a match's boards in order, each with both rooms' results and its adjusted
    score, as ``with_results`` gives them, in two queries put together once."""
    boards = _MATCH_BOARDS.all(match.pk)
    by_board: dict[int, list[Result]] = {}
    for result in _MATCH_RESULTS.all(match.pk):
        by_board.setdefault(result.board_id, []).append(result)
    for board in boards:
        board.match = match
        board.keep_results(by_board.get(board.pk, []))
    return boards


class Board(models.Model):
    match = models.ForeignKey("matches.Match", models.CASCADE, related_name="boards")
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

    def keep_results(self, results: list[Result]) -> None:
        """Keep the board's results as read with it (``boards_with_results``): its rooms'
        results and comparison are then taken from them, as from prefetched results."""
        for result in results:
            result.board = self
        self._kept_results = results

    def _results(self):
        kept = self.__dict__.get("_kept_results")
        return kept if kept is not None else self.results.all()

    def result_in(self, room: str) -> Result | None:
        """Return this board's result in a room, from prefetched results when loaded."""
        for result in self._results():
            if result.room == room:
                return result
        return None

    @property
    def adjusted(self) -> BoardAdjustment | None:
        """Return the board's artificial adjusted score, if the director gave one."""
        try:
            return self.adjustment
        except BoardAdjustment.DoesNotExist:
            return None

    def comparison(self) -> scoring.BoardComparison:
        """Return both rooms' North-South scores for comparing (None where not entered)."""
        scores = {result.room: result.ns_score for result in self._results()}
        adjusted = self.adjusted
        return scoring.BoardComparison(
            self.number,
            scores.get(RoomChoice.OPEN),
            scores.get(RoomChoice.CLOSED),
            (adjusted.home_imps, adjusted.away_imps) if adjusted else None,
        )


class BoardAdjustment(models.Model):
    """An artificial adjusted score (Law 12C1): IMPs for each team instead of the rooms."""

    board = models.OneToOneField(Board, models.CASCADE, related_name="adjustment")
    home_imps = models.SmallIntegerField(_("home team's IMPs"))
    away_imps = models.SmallIntegerField(_("away team's IMPs"))
    reason = models.CharField(_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("adjusted score")
        verbose_name_plural = _("adjusted scores")

    def __str__(self):
        return f"{self.board}: {self.home_imps:+d} / {self.away_imps:+d}"


class Result(models.Model):
    """One room's result on a board; its score always derives from these fields."""

    board = models.ForeignKey(Board, models.CASCADE, related_name="results")
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    level = models.PositiveSmallIntegerField(_("level"))  # 0: passed out
    strain = models.CharField(_("strain"), max_length=2, blank=True)
    doubling = models.CharField(_("doubling"), max_length=2, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SeatChoice.choices, blank=True)
    lead = models.CharField(_("opening lead"), max_length=3, blank=True)
    # Set when the director assigned this result (Law 12C2): the reason, shown publicly.
    assigned_reason = models.CharField(_("assigned adjusted score"), max_length=200, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

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
        if entry.get("assigned_reason", "") != self.assigned_reason:
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
