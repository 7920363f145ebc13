"""Home-table games (贴点, rubber, Chicago, 简明计分法) that a player saved to come back to."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class GameQuerySet(models.QuerySet):
    def owned_by(self, user):
        """Return the games a user saved, newest first."""
        return self.filter(owner=user).order_by("-updated")


class Game(models.Model):
    """A score sheet of one of the home-table scoring systems: its settings and its deals.

    The deals are kept as the player entered them (JSON); every score is worked out from
    them by the scoring core whenever the sheet is shown, never stored.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="games")
    kind = models.CharField(_("scoring"), max_length=20)
    name = models.CharField(_("name"), max_length=80)
    settings = models.JSONField(default=dict, blank=True)
    deals = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return self.name
