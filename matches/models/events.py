"""Events, their teams and players."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from matches.choices import VPScaleChoice


class DirectorDecision(models.Model):
    """What every adjustment or penalty keeps: the director's reason, who, and when."""

    reason = models.CharField(_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created"]


class Event(models.Model):
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    vp_scale = models.CharField(
        _("VP scale"), max_length=16, choices=VPScaleChoice.choices, default=VPScaleChoice.WBF_2013
    )
    boards_per_match = models.PositiveSmallIntegerField(_("boards per match"), default=16)
    boards_per_segment = models.PositiveSmallIntegerField(_("boards per segment"), default=16)
    bye_vp = models.DecimalField(
        _("VP for a bye"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Leave blank for 12 on the 20-VP scale, 18 on the 25-VP scale."),
    )
    average_plus = models.SmallIntegerField(_("average plus, in IMPs"), default=3)
    average_minus = models.SmallIntegerField(_("average minus, in IMPs"), default=-3)
    created = models.DateTimeField(auto_now_add=True)
    # Goes up with every change to anything in the event (see matches/signals.py): the
    # public pages' caches are keyed on it, so a saved result shows on the next request.
    revision = models.PositiveIntegerField(default=0, editable=False)

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

    @property
    def cache_version(self) -> str:
        """Return what the public pages' caches are keyed on: this event, as it is now.

        The creation time is in it too, so an event made later with a reused id never
        meets the pages of one that was deleted.
        """
        return f"{self.pk}.{self.created.timestamp():.6f}.{self.revision}"

    @classmethod
    def touch(cls, event_id: int) -> None:
        """Mark the event changed: every cached public page of it is out of date."""
        cls.objects.filter(pk=event_id).update(revision=models.F("revision") + 1)

    def bye_vp_value(self) -> Decimal:
        """Return the VP a team gets for a bye: the event's setting, or the scale's default."""
        if self.bye_vp is not None:
            return self.bye_vp
        return Decimal(18 if self.vp_scale == VPScaleChoice.PRINTED_25 else 12)

    def create_round_robin(self, rounds: int | None = None) -> list:
        """Return the matches made: a Berger round robin of the event's teams.

        With an odd number of teams, the team without an opponent in a round gets a bye.
        ``rounds`` stops after that many rounds (all of them by default).
        """
        from matches.scoring import berger_schedule

        from .matches import Match

        teams = list(self.teams.order_by("pk"))
        made = []
        schedule = berger_schedule(len(teams))[:rounds]
        for number, pairings in enumerate(schedule, start=1):
            for home, away in pairings:
                if away is None:
                    Bye.objects.create(event=self, round=number, team=teams[home - 1])
                    continue
                match = Match.objects.create(
                    event=self, round=number, home=teams[home - 1], away=teams[away - 1]
                )
                match.create_boards()
                match.refresh_totals()
                made.append(match)
        return made

    def refresh_totals(self) -> None:
        """Score every match of the event afresh (after its VP scale or boards changed)."""
        for match in self.matches.select_related("event"):
            match.refresh_totals()

    def match_rows(self):
        """Return every match of the event, with teams and stored totals, in one query."""
        return self.matches.with_teams()


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


class Bye(models.Model):
    """A round a team sits out (odd number of teams): it scores the event's bye VP."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="byes")
    round = models.PositiveSmallIntegerField(_("round"))
    team = models.ForeignKey(Team, models.CASCADE, related_name="byes")

    class Meta:
        ordering = ["round"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "team"], name="one_bye_per_round")
        ]

    def __str__(self):
        return f"{self.round}: {self.team}"


class VpPenalty(DirectorDecision):
    """VP taken off a team's event total, with the director's reason."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="vp_penalties")
    team = models.ForeignKey(Team, models.CASCADE, related_name="vp_penalties")
    vp = models.DecimalField(_("VP"), max_digits=5, decimal_places=2)

    class Meta(DirectorDecision.Meta):
        verbose_name = _("VP penalty")
        verbose_name_plural = _("VP penalties")

    def __str__(self):
        return f"{self.team}: -{self.vp} VP"


class Player(models.Model):
    team = models.ForeignKey(Team, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)

    class Meta:
        ordering = ["id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name
