"""A Swiss round's draw not yet published: the draft's tables (``DrawTable``), which the
director can change (``DrawSwap``, with a reason) before publishing them as the round's
matches (``actions/swiss_rounds.py``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .events import DirectorDecision, Team
from .stages import Stage


class DrawTable(models.Model):
    """A table of a Swiss round's draw not yet published; ``away`` None is the bye."""

    stage = models.ForeignKey(Stage, models.CASCADE, related_name="draft")
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    home = models.ForeignKey(Team, models.CASCADE, related_name="+")
    away = models.ForeignKey(Team, models.CASCADE, related_name="+", null=True, blank=True)
    reasons = models.JSONField(default=list, blank=True)  # [{"team": id, "why": "met"}, ...]
    repeat = models.BooleanField(default=False)

    class Meta:
        ordering = ["stage", "round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "round", "table"], name="one_draft_table")
        ]

    def __str__(self):
        return f"{self.table}: {self.home} – {self.away or '—'}"


class DrawSwap(DirectorDecision):
    """Two teams a director swapped in a Swiss draw before publishing it, and why."""

    stage = models.ForeignKey(Stage, models.CASCADE, related_name="swaps")
    round = models.PositiveSmallIntegerField(_("round"))
    first = models.ForeignKey(Team, models.CASCADE, related_name="+")
    second = models.ForeignKey(Team, models.CASCADE, related_name="+")

    history = HistoricalRecords()

    class Meta(DirectorDecision.Meta):
        verbose_name = _("swap in a draw")
        verbose_name_plural = _("swaps in draws")

    def __str__(self):
        return f"{self.round}: {self.first} ⇄ {self.second}"
