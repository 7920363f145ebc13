"""The deals of a round: the four hands of each board, with double dummy and par.

A round is what its matches share: their stage and round number (``Match.stage``,
``Match.round``: a round counts within its stage, so a knockout's semi-finals are its
round 1 whatever the Swiss before it played). Deals are keyed the same way, so the deals
of a match are always ``Deal.objects.for_match(match)`` and a stage's round has deals of
its own (migration 0032 gave the deals stored before it to a stage).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import Analysis

from .events import Event
from .stages import Stage


class DealQuerySet(models.QuerySet):
    def for_round(self, stage, round_number: int) -> DealQuerySet:
        """Return the deals of one round of a stage, by board number."""
        return self.filter(stage=stage, round=round_number).order_by("board")

    def for_match(self, match) -> DealQuerySet:
        """Return the deals of the round a match belongs to (its stage's), by board number."""
        return self.filter(stage_id=match.stage_id, round=match.round).order_by("board")

    def by_board(self) -> dict[int, Deal]:
        """Return {board number: deal}."""
        return {deal.board: deal for deal in self}


class Deal(models.Model):
    """One board's hands in a round, analysed once at import: double dummy and par."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="deals")
    stage = models.ForeignKey(Stage, models.CASCADE, related_name="deals")
    round = models.PositiveSmallIntegerField(_("round"))
    board = models.PositiveSmallIntegerField(_("board"))
    pbn = models.CharField(_("deal"), max_length=80)  # "N:AKQ.… … … …", North first
    # Analysis.as_json(): {"double_dummy": {seat: {strain: tricks}}, "par": {...}}
    analysis = models.JSONField(_("double dummy and par"))
    source = models.CharField(_("file"), max_length=200, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()
    objects = DealQuerySet.as_manager()

    class Meta:
        ordering = ["event", "round", "board"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round", "board"], name="one_deal_per_stage_round_board"
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="deal_board_from_one"),
        ]

    def __str__(self):
        return f"{self.event} R{self.round} B{self.board}"

    @property
    def hands(self) -> Hands:
        """Return the four hands as the scoring core's value."""
        return Hands.parse(self.pbn)

    @property
    def analysed(self) -> Analysis:
        """Return the stored double dummy and par as the scoring core's value."""
        return Analysis.from_json(self.analysis)

    @property
    def dealer(self) -> scoring.Seat:
        return scoring.board_dealer(self.board)

    @property
    def vulnerability(self) -> scoring.Vulnerability:
        return scoring.board_vulnerability(self.board)

    def as_json(self) -> dict:
        """Return the deal as /matches/<id>.json gives it."""
        return {"pbn": self.pbn, **self.analysis}
