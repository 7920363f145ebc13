"""Stages of an event: round robin, Swiss or knockout, each with its own settings.

An event has one or more stages in order (``number`` 1, 2, ...); stage 1 is made with the
event (``actions.create_event``; migration 0014 gave one to every older event). Every
match, bye and VP penalty belongs to a stage, and a match's round number counts within its
stage. The first stage plays by the event's own settings (boards, segments, VP scale, bye
VP); later stages have settings of their own.
A stage's teams are its entries (``StageEntry``), in seeding order; a Swiss team can join
late or withdraw between rounds (a first-stage round robin without entries has every team).
A Swiss round's draw not yet published is in ``draws.py``.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import (
    ELIMINATION_KINDS,
    BoardScaleChoice,
    CarryOverChoice,
    DoubleFinalChoice,
    KnockoutDecidedByChoice,
    LevelRuleChoice,
    LosersByChoice,
    PattonAggregateChoice,
    PlacingChoice,
    ScoringMethodChoice,
    SegmentTieBreakChoice,
    StageKind,
    VPScaleChoice,
)
from matches.scoring.knockout import CarryOverRule

from .events import DirectorDecision, Event, Team, vp_rule_of


class Stage(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("stage"), default=1)
    name = models.CharField(_("name"), max_length=80, blank=True)
    kind = models.CharField(
        _("format"), max_length=20, choices=StageKind.choices, default=StageKind.ROUND_ROBIN
    )
    vp_scale = models.CharField(
        _("VP scale"), max_length=16, choices=VPScaleChoice.choices, default=VPScaleChoice.WBF_2013
    )
    # The director's own VP scale, for ``vp_scale`` "custom": [[lowest margin, winner's VP,
    # loser's VP], ...] (matches/scoring/vp_tables.py).
    vp_table = models.JSONField(_("VP table"), default=list, blank=True)
    # How the stage scores a match (matches/scoring/methods.py); a knockout plays IMPs.
    method = models.CharField(
        _("scoring method"),
        max_length=16,
        choices=ScoringMethodChoice.choices,
        default=ScoringMethodChoice.IMPS_VP,
    )
    board_scale = models.CharField(
        _("a board's points"),
        max_length=2,
        choices=BoardScaleChoice.choices,
        default=BoardScaleChoice.ONE,
    )
    win_points = models.DecimalField(
        _("points for a match won"), max_digits=5, decimal_places=2, default=Decimal(1)
    )
    tie_margin = models.PositiveSmallIntegerField(_("IMP margin of a tied match"), default=0)
    patton_stake = models.DecimalField(
        _("points for the aggregate"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    patton_aggregate = models.CharField(
        _("Patton's aggregate"),
        max_length=14,
        choices=PattonAggregateChoice.choices,
        default=PattonAggregateChoice.IMPS,
    )
    boards_per_match = models.PositiveSmallIntegerField(_("boards per match"), default=16)
    boards_per_segment = models.PositiveSmallIntegerField(_("boards per segment"), default=16)
    bye_vp = models.DecimalField(
        _("VP for a bye"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    bye_average = models.BooleanField(
        _("a bye scores the team's average if that is higher"), default=False
    )
    tie_breaks = models.CharField(
        _("tie-breaks, in order"),
        max_length=120,
        default=",".join(rule.value for rule in scoring.WBF_TIE_BREAKS),
    )
    # The order of the director's latest tie decision (team ids, first placed first); each
    # decision is kept with its reason as a TieDecision.
    tie_order = models.JSONField(default=list, blank=True, editable=False)
    entrants = models.PositiveSmallIntegerField(
        _("teams entering from the previous stage"),
        null=True,
        blank=True,
        help_text=_("Leave blank for every team; or the top N of the previous stage."),
    )
    carry_vp = models.BooleanField(_("start from the VP of the previous stage"), default=False)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    # Swiss
    delayed = models.BooleanField(_("delayed Swiss"), default=False)
    repeats_after = models.PositiveSmallIntegerField(
        _("teams may meet again after this many rounds"), null=True, blank=True
    )
    seed = models.PositiveIntegerField(_("random seed for round 1"), null=True, blank=True)
    # Knockout
    carry_over = models.CharField(
        _("carry-over"),
        max_length=20,
        choices=CarryOverChoice.choices,
        default=CarryOverChoice.NONE,
    )
    carry_amount = models.DecimalField(
        _("fixed carry-over, in IMPs"), max_digits=5, decimal_places=1, default=Decimal(0)
    )
    carry_fraction = models.CharField(_("share carried over"), max_length=12, default="0")
    carry_cap = models.DecimalField(
        _("most carried over, in IMPs"), max_digits=5, decimal_places=1, null=True, blank=True
    )
    # The share carried of the IMPs between the two teams when the lower-placed team won
    # them ("": ``carry_fraction``, as when the higher-placed team won them).
    carry_fraction_lower = models.CharField(
        _("share carried over when the lower-placed team won"),
        max_length=12,
        blank=True,
        default="",
    )
    # What decides a knockout (or double elimination) match: total IMPs, or segments won
    # and then the tie-break (matches/scoring/segments_won.py).
    decided_by = models.CharField(
        _("a knockout match is decided by"),
        max_length=10,
        choices=KnockoutDecidedByChoice.choices,
        default=KnockoutDecidedByChoice.IMPS,
    )
    segment_tie_break = models.CharField(
        _("level on segments won"),
        max_length=14,
        choices=SegmentTieBreakChoice.choices,
        default=SegmentTieBreakChoice.IMPS,
    )

    # Knockouts: the places played for besides the final, how the other losers are placed,
    # and what keeps a match with a whole carry-over from ending level.
    placing = models.CharField(
        _("placing matches"),
        max_length=12,
        choices=PlacingChoice.choices,
        default=PlacingChoice.NONE,
    )
    losers_by = models.CharField(
        _("knockout losers placed"),
        max_length=12,
        choices=LosersByChoice.choices,
        default=LosersByChoice.QUALIFYING,
    )
    level_rule = models.CharField(
        _("a level knockout match"),
        max_length=14,
        choices=LevelRuleChoice.choices,
        default=LevelRuleChoice.TENTH,
    )
    # Double elimination: a second final when the losers' bracket winner wins the first,
    # or one final only (the CBA's).
    double_final = models.CharField(
        _("double elimination final"),
        max_length=8,
        choices=DoubleFinalChoice.choices,
        default=DoubleFinalChoice.RESET,
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique"),
            models.CheckConstraint(
                condition=Q(boards_per_match__gte=1, boards_per_segment__gte=1),
                name="stage_has_boards",
            ),
        ]

    def __str__(self):
        return self.name or str(self.get_kind_display())

    def get_absolute_url(self):
        return reverse("stage", args=[self.event_id, self.number])

    @classmethod
    def first_of(cls, event: Event) -> Stage:
        """Return an event's stage 1, unsaved: a round robin by the event's own settings."""
        return cls(
            event=event,
            number=1,
            kind=StageKind.ROUND_ROBIN,
            vp_scale=event.vp_scale,
            boards_per_match=event.boards_per_match,
            boards_per_segment=event.boards_per_segment,
            bye_vp=event.bye_vp,
        )

    @property
    def is_swiss(self) -> bool:
        return self.kind == StageKind.SWISS

    @property
    def is_knockout(self) -> bool:
        """Return True for an elimination stage, single or double: IMPs, no standings, a
        bracket (``is_double_elimination`` tells the two apart)."""
        return self.kind in ELIMINATION_KINDS

    @property
    def is_double_elimination(self) -> bool:
        return self.kind == StageKind.DOUBLE_ELIMINATION

    @property
    def is_round_robin(self) -> bool:
        return self.kind == StageKind.ROUND_ROBIN

    @property
    def is_first(self) -> bool:
        return self.number == 1

    @property
    def settings(self):
        """Return what sets boards, segments, VP scale and bye VP: the event for stage 1."""
        return self.event if self.is_first else self

    @property
    def vp_rule(self):
        """Return the VP scale its matches are scored on: the scale's name, or the
        director's table itself for "custom" (``vp_rule_of``)."""
        return vp_rule_of(self.vp_scale, self.vp_table)

    @property
    def by_segments(self) -> bool:
        """Return True for an elimination stage whose matches are decided by segments won."""
        return self.is_knockout and self.decided_by == KnockoutDecidedByChoice.SEGMENTS

    def bye_vp_value(self) -> Decimal:
        """Return the VP (points) a team gets for a bye: the setting (the event's for
        stage 1), or the scale's default; for the methods other than IMPs → VP, half the
        points a match gives."""
        settings = self.settings
        if settings.bye_vp is not None:
            return settings.bye_vp
        rules = self.method_rules()
        if not rules.uses_vp:
            return scoring.average_points(rules, settings.boards_per_match, settings.vp_rule)
        return scoring.default_bye_vp(settings.vp_rule)

    def method_rules(self) -> scoring.MethodRules:
        """Return how the stage scores a match: its method and settings (IMPs total for a
        knockout, whatever is stored)."""
        method = scoring.Method.IMPS if self.is_knockout else self.method
        return scoring.MethodRules(
            method,
            self.board_scale,
            self.win_points,
            self.tie_margin,
            self.patton_stake,
            self.patton_aggregate,
        )

    def matches_here(self):
        """Return the stage's matches."""
        return self.matches.all()

    def byes_here(self):
        """Return the stage's byes."""
        return self.byes.all()

    def penalties_here(self):
        """Return the VP penalties of the stage's standings."""
        return self.vp_penalties.all()

    def has_entries(self) -> bool:
        """Return True when the stage's field is its entries: not a first-stage round robin,
        which every team of the event plays."""
        return not (self.is_first and self.is_round_robin)

    def tie_break_rules(self) -> tuple[scoring.TieBreak, ...]:
        return scoring.tie_breaks(rule for rule in self.tie_breaks.split(",") if rule)

    def carry_over_rule(self) -> CarryOverRule:
        lower = Fraction(self.carry_fraction_lower) if self.carry_fraction_lower else None
        return CarryOverRule(
            self.carry_over,
            self.carry_amount,
            Fraction(self.carry_fraction),
            self.carry_cap,
            lower_fraction=lower,
            tenth=self.level_rule == LevelRuleChoice.TENTH,
        )


def stages_of(event: Event) -> list[Stage]:
    """Return the event's stages in order (stage 1 first), each with the event loaded."""
    stages = list(event.stages.all())
    for stage in stages:
        stage.event = event
    return stages


def first_stage(event: Event) -> Stage:
    """Return the event's stage 1, with the event loaded."""
    stage = event.stages.get(number=1)
    stage.event = event
    return stage


class StageEntry(models.Model):
    """A team in a stage, with its seed; a Swiss team may join late or withdraw."""

    stage = models.ForeignKey(Stage, models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, models.CASCADE, related_name="stage_entries")
    seed = models.PositiveSmallIntegerField(_("seed"))
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    withdrawn_after = models.PositiveSmallIntegerField(
        _("withdrew after round"), null=True, blank=True
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["stage", "seed"]
        verbose_name = _("stage entry")
        verbose_name_plural = _("stage entries")
        constraints = [
            models.UniqueConstraint(fields=["stage", "team"], name="one_entry_per_stage")
        ]

    def __str__(self):
        return f"{self.stage}: {self.seed}. {self.team}"

    def plays_in(self, round_number: int) -> bool:
        """Return True when the team is in the field for that round."""
        if round_number < self.joined_round:
            return False
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


class TieDecision(DirectorDecision):
    """The order a director decided for teams level after every other tie-break."""

    stage = models.ForeignKey(Stage, models.CASCADE, related_name="tie_decisions")
    order = models.JSONField(default=list)  # team ids, first placed first

    history = HistoricalRecords()

    class Meta(DirectorDecision.Meta):
        verbose_name = _("tie decision")
        verbose_name_plural = _("tie decisions")
