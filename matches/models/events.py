"""Events, their teams and players."""

from __future__ import annotations

import time
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import HandsPublicChoice, Listing, ResultsPublicChoice, VPScaleChoice

from .base import RevisionsOnlyGoUp


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


# How late the public's pages may show the tables' progress (``Event.public_version_at``)
PROGRESS_SECONDS = 60
# An event's columns that mark its changes, written only by ``bump_revision``'s UPDATE
CHANGE_MARKS = ("revision", "wide_revision", "play_revision", "public_revision", "progress_changed")


class Event(RevisionsOnlyGoUp, models.Model):
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    vp_scale = models.CharField(
        _("VP scale"), max_length=16, choices=VPScaleChoice.choices, default=VPScaleChoice.WBF_2013
    )
    # The director's own VP scale, for ``vp_scale`` "custom" (``Stage.vp_table``).
    vp_table = models.JSONField(_("VP table"), default=list, blank=True)
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
    # At the tables (players entering results on their phones):
    table_lead = models.BooleanField(_("players enter the opening lead"), default=False)
    table_each_board = models.BooleanField(
        _("tables see each board's comparison once both rooms have it"),
        default=False,
        help_text=_(
            "Only for events whose rooms play the boards in the same order; otherwise a "
            "table sees the other room's results once the segment is complete in both."
        ),
    )
    corrections_minutes = models.PositiveSmallIntegerField(
        _("corrections period, in minutes"),
        null=True,
        blank=True,
        default=30,
        help_text=_(
            "How long after a match's last result it may still be corrected (Law 79C); "
            "then, with no call for the director open, it becomes final by itself. Blank: "
            "only a director marks matches final."
        ),
    )
    # Fair play (matches/queries/fair_play.py): when the public sees a board's results,
    # and its hands; the event's directors see everything, marked "not yet public".
    results_public = models.CharField(
        _("results become public"),
        max_length=8,
        choices=ResultsPublicChoice.choices,
        default=ResultsPublicChoice.TABLES,
        help_text=_(
            "“After both rooms of the same match” is for events whose matches play the "
            "boards in different orders or do not share deals."
        ),
    )
    hands_public = models.CharField(
        _("hand records become public"),
        max_length=12,
        choices=HandsPublicChoice.choices,
        default=HandsPublicChoice.OUT_OF_PLAY,
    )
    listing = models.CharField(
        _("on the home page"), max_length=8, choices=Listing.choices, default=Listing.LISTED
    )
    created = models.DateTimeField(auto_now_add=True)
    # Goes up with every change to anything in the event, as the last write of each action
    # (matches/actions): a logged-in user's pages (a director's) are keyed on it, so a
    # saved result shows on the next request; the public's on ``public_version``. Only
    # ever written by an F-expression UPDATE: save() leaves it.
    revision = models.PositiveIntegerField(default=0, editable=False)
    # Goes up with every change but a table's own (``Change.confine_to_matches``): a table's
    # state is keyed on it and its room's ``revision``. Written as ``revision`` is.
    wide_revision = models.PositiveIntegerField(default=0, editable=False)
    # Goes up whenever a board leaves play (every table of its round has played it:
    # matches/queries/fair_play.py), so that the pages of the round's other matches, keyed
    # on it too, show its hands; a table's state is not keyed on it. Written as
    # ``revision`` is.
    play_revision = models.PositiveIntegerField(default=0, editable=False)
    # Goes up with every change to what someone who does not direct the event may see:
    # every change but a table's own (``wide_revision``'s), and a table's acceptance of a
    # result the event's rule makes public (``Change.results_published``). The public's
    # pages of the event are keyed on it (``public_version``). Written as ``revision`` is.
    public_revision = models.PositiveIntegerField(default=0, editable=False)
    # When a table last played a board the public may not see yet (None: not since the
    # public revision moved): the public still sees that it played one (how many boards each
    # table has played, when the round last changed), within ``PROGRESS_SECONDS``.
    progress_changed = models.DateTimeField(null=True, editable=False)

    history = HistoricalRecords(excluded_fields=list(CHANGE_MARKS))
    unwritten = (*CHANGE_MARKS, "created")  # RevisionsOnlyGoUp

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
        """Return what a logged-in user's pages of the event are keyed on: this event, as
        it is now (the public's: ``public_version``; a match's: ``play_version``).

        The creation time is in it too, so an event made later with a reused id never
        meets the pages of one that was deleted.
        """
        return Event.version_of(self.pk, self.created, self.revision)

    @property
    def wide_version(self) -> str:
        """Return what the pages' parts that show only what the whole event shares (the
        deals, the names) are keyed on: ``cache_version`` at the ``wide_revision``, which
        a table's entries and a match's results leave as it is."""
        return Event.version_of(self.pk, self.created, self.wide_revision)

    @property
    def play_version(self) -> str:
        """Return what the round's hand records on a scorecard are keyed on:
        ``wide_version`` and the ``play_revision`` (a board leaving play shows its hands)."""
        return f"{self.wide_version}.p{self.play_revision}"

    @property
    def public_version(self) -> str:
        """Return what the public's pages of the event are keyed on now (see
        ``public_version_at``)."""
        stamp = Event.public_stamp_of(
            self.pk, self.created, self.public_revision, self.progress_changed
        )
        return Event.public_version_at(stamp)

    @staticmethod
    def version_of(pk: int, created, revision: int) -> str:
        """Return ``cache_version`` from its parts, as read from the database (no instance)."""
        return f"{pk}.{created.timestamp():.6f}.{revision}"

    @staticmethod
    def public_stamp_of(pk: int, created, public_revision: int, progress_changed) -> str:
        """Return what ``public_version`` is made from, as read from the database: the
        event, its ``public_revision`` and its ``progress_changed``."""
        stamp = f"{pk}.{created.timestamp():.6f}.public.{public_revision}"
        if progress_changed is None:
            return stamp
        return f"{stamp}@{progress_changed.timestamp():.6f}"

    @staticmethod
    def public_version_at(stamp: str, now: float | None = None) -> str:
        """Return what the public's pages are keyed on at ``now`` (time.time()), from the
        event's ``public_stamp_of``: every change the public sees moves it at once (the
        ``public_revision``); the tables' progress since (boards the public may not see
        yet, played: ``progress_changed``) moves it at most once every
        ``PROGRESS_SECONDS``, and within that time of the last such change, so the
        public's pages are not rendered again for every board a congress's tables play,
        and show what they have played a minute late at most. Written apart from
        ``cache_version``: a page cached before the public's version existed is never
        taken for one."""
        stamp, _, changed = stamp.partition("@")
        if not changed:
            return stamp
        now = time.time() if now is None else now
        reached = min(float(changed) + PROGRESS_SECONDS, now)
        return f"{stamp}.t{int(reached // PROGRESS_SECONDS)}"

    @property
    def vp_rule(self):
        """Return the VP scale stage 1's matches are scored on (``vp_rule_of``)."""
        return vp_rule_of(self.vp_scale, self.vp_table)

    def bye_vp_value(self) -> Decimal:
        """Return the VP a team gets for a bye: the event's setting, or the scale's default."""
        if self.bye_vp is not None:
            return self.bye_vp
        return scoring.default_bye_vp(self.vp_rule)

    def match_rows(self):
        """Return every match of the event, with teams and stored totals, in one query."""
        return self.matches.with_teams()


def vp_rule_of(scale: str, table) -> str | scoring.VPTable:
    """Return what the scoring core scores VP on: the scale's name, or for "custom" the
    director's table (an empty or broken one: the name, which then scores nothing)."""
    if scale != VPScaleChoice.CUSTOM or not table:
        return scale
    try:
        return scoring.VPTable.from_stored(table)
    except scoring.VPTableError:
        return scale


class EventDirector(models.Model):
    """A director of an event: they may change it. Whoever creates an event directs it, and
    its directors add others (matches/actions/directors.py); chief directors change every
    event without being listed (matches/auth/permissions.py)."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="director_rows")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="directed_event_rows"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    added = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["added", "pk"]
        verbose_name = _("event director")
        verbose_name_plural = _("event directors")
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_row_per_event_director")
        ]

    def __str__(self):
        return f"{self.user} · {self.event}"


class Team(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80)
    captain = models.CharField(_("captain"), max_length=80, blank=True)

    history = HistoricalRecords()

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
    stage = models.ForeignKey("matches.Stage", models.CASCADE, related_name="byes")
    round = models.PositiveSmallIntegerField(_("round"))
    team = models.ForeignKey(Team, models.CASCADE, related_name="byes")

    history = HistoricalRecords()

    class Meta:
        ordering = ["round"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round", "team"], name="one_bye_per_stage_round"
            ),
        ]

    def __str__(self):
        return f"{self.round}: {self.team}"


class VpPenalty(DirectorDecision):
    """VP taken off a team's total in a stage, with the director's reason."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="vp_penalties")
    # The stage whose standings it comes off.
    stage = models.ForeignKey("matches.Stage", models.CASCADE, related_name="vp_penalties")
    team = models.ForeignKey(Team, models.CASCADE, related_name="vp_penalties")
    vp = models.DecimalField(_("VP"), max_digits=5, decimal_places=2)

    history = HistoricalRecords()

    class Meta(DirectorDecision.Meta):
        verbose_name = _("VP penalty")
        verbose_name_plural = _("VP penalties")

    def __str__(self):
        return f"{self.team}: -{self.vp} VP"


class Player(models.Model):
    team = models.ForeignKey(Team, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)

    history = HistoricalRecords()

    class Meta:
        ordering = ["id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name


class BoardRelease(DirectorDecision):
    """A board of a round the director took out of play (a fouled or unplayable board, a
    late table): its results and hands are public by the event's rules as if every table
    had played it (matches/scoring/fair_play.py)."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="board_releases")
    stage = models.ForeignKey("matches.Stage", models.CASCADE, related_name="board_releases")
    round = models.PositiveSmallIntegerField(_("round"))
    board = models.PositiveSmallIntegerField(_("board"))

    history = HistoricalRecords()

    class Meta(DirectorDecision.Meta):
        verbose_name = _("board released")
        verbose_name_plural = _("boards released")
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round", "board"], name="one_release_per_board"
            )
        ]

    def __str__(self):
        return f"{self.event} R{self.round} B{self.board}"


class HandsRelease(models.Model):
    """A stage's round whose hand records the director published (the event's
    ``hands_public`` "when the director publishes them")."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="hands_releases")
    stage = models.ForeignKey("matches.Stage", models.CASCADE, related_name="hands_releases")
    round = models.PositiveSmallIntegerField(_("round"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("hand records published")
        verbose_name_plural = _("hand records published")
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round"], name="one_hands_release_per_stage_round"
            )
        ]

    def __str__(self):
        return f"{self.event} R{self.round}"
