"""Events, their teams and players."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import VPScaleChoice


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

    def match_rows(self) -> list[tuple[models.Model, scoring.MatchResult]]:
        """Return every match of the event with its score, in four queries in all."""
        from .boards import Board

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
