"""A round's clock: what the director set it by (its length, extensions, start and
pauses), kept so it survives a reload and a server's restart. The time left is worked out
from these instants by ``matches/scoring/round_clock.py``; nothing here ticks."""

from __future__ import annotations

import datetime

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches.scoring.round_clock import RoundClock as Arithmetic

from .stages import Stage


class RoundClock(models.Model):
    stage = models.ForeignKey(Stage, models.CASCADE, related_name="clocks")
    round = models.PositiveSmallIntegerField(_("round"))
    minutes = models.PositiveSmallIntegerField(_("length of the round, in minutes"), default=0)
    extra_minutes = models.PositiveSmallIntegerField(_("minutes added"), default=0)
    started = models.DateTimeField(_("started"), null=True, blank=True)
    paused = models.DateTimeField(_("paused since"), null=True, blank=True)
    paused_for = models.DurationField(_("paused for"), default=datetime.timedelta)

    history = HistoricalRecords()

    class Meta:
        ordering = ["stage", "round"]
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.UniqueConstraint(fields=["stage", "round"], name="one_clock_per_round")
        ]

    def __str__(self):
        return f"{self.stage} · {self.round}"

    @property
    def arithmetic(self) -> Arithmetic:
        """Return the clock as the scoring core works it out."""
        return Arithmetic(
            self.minutes, self.extra_minutes, self.started, self.paused, self.paused_for
        )

    def take(self, clock: Arithmetic) -> None:
        """Copy a clock the scoring core changed onto this row (not saved)."""
        self.minutes, self.extra_minutes = clock.minutes, clock.extra_minutes
        self.started, self.paused, self.paused_for = clock.started, clock.paused, clock.paused_for
