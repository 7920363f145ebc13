"""Matches and who sat where."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import RoomChoice, SeatChoice
from matches.lib.prepared import PreparedRead
from matches.scoring import OUTCOME_FIELDS, is_in_play, is_official, match_outcome
from matches.scoring.knockout import match_winner

from .base import RevisionsOnlyGoUp
from .boards import boards_with_results
from .events import DirectorDecision, Event, Player, Team


class MatchStatus(models.TextChoices):
    PROVISIONAL = "provisional", _("Provisional")
    FINAL = scoring.FINAL, _("Final")


class MatchQuerySet(models.QuerySet):
    def with_teams(self):
        """Return the matches with their event, stage and both teams loaded in the same query."""
        return self.select_related("event", "stage", "home", "away")

    def outcome_rows(self) -> list[dict]:
        """Return each match's stored totals as plain rows: cheap for hundreds of matches."""
        return list(self.values(*OUTCOME_FIELDS))


class Match(RevisionsOnlyGoUp, models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="matches")
    # The stage the match belongs to (the first plays by the event's own settings:
    # matches/models/stages.py). Its round counts within its stage.
    stage = models.ForeignKey("matches.Stage", models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField(_("round"), default=1)
    home = models.ForeignKey(Team, models.RESTRICT, related_name="home_matches")
    away = models.ForeignKey(Team, models.RESTRICT, related_name="away_matches")
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        _("status"), max_length=12, choices=MatchStatus.choices, default=MatchStatus.PROVISIONAL
    )
    status_reason = models.CharField(_("reason"), max_length=200, blank=True)
    # the corrections period (in minutes) whose end made the match final; None: a director
    final_by_period = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    forfeit_home_vp = models.DecimalField(
        _("home team's VP"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    forfeit_away_vp = models.DecimalField(
        _("away team's VP"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    forfeit_reason = models.CharField(_("reason for the forfeit"), max_length=200, blank=True)
    # Knockout: the carry-over each team starts with (segment 0), the match's place in the
    # bracket (0 = top of its round), and the director's decision after a tie.
    carry_home = models.DecimalField(
        _("home team's carry-over"), max_digits=5, decimal_places=1, default=0
    )
    carry_away = models.DecimalField(
        _("away team's carry-over"), max_digits=5, decimal_places=1, default=0
    )
    bracket_position = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    # Which bracket of a knockout the match belongs to: "" the main (winners') bracket;
    # "place-N" a placing bracket, named by the best place it plays for (matches/scoring/
    # playoff.py): "place-3" the match for third place, "place-5" places 5–8 (its semi-
    # finals and the match for 5th), "place-7" the match for 7th, "place-9" places 9–16 …;
    # a double elimination's: "losers" (败者组), "final" (the grand final, 总决赛) and
    # "final-2" (the second final, played when the losers' bracket winner wins the first).
    bracket = models.CharField(max_length=16, blank=True, default="", editable=False)
    # The table the match plays at in its round, once the director moved a match of the
    # round (``actions.move_to_table``); None: its place in the round's order (the
    # schedule's, the draw's, the bracket's: ``queries.event_tables.table_numbers``).
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True, editable=False)
    # Goes up with every action that locked the match (``Change.lock_match``) but those that
    # change nothing public (``Change.nothing_public``): its public pages are keyed on it
    # and the event's ``wide_revision``. Only ever written by an F-expression UPDATE.
    revision = models.PositiveIntegerField(default=0, editable=False)
    decided_winner = models.ForeignKey(
        Team, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_reason = models.CharField(_("how the tie was decided"), max_length=200, blank=True)

    # Worked out from the boards by the actions (matches/actions) whenever anything they
    # depend on changes, in the same transaction, so that standings read one row per
    # match: never typed.
    home_imps = models.IntegerField(default=0, editable=False)
    away_imps = models.IntegerField(default=0, editable=False)
    home_margin = models.IntegerField(default=0, editable=False)
    away_margin = models.IntegerField(default=0, editable=False)
    home_vp = models.DecimalField(max_digits=5, decimal_places=2, null=True, editable=False)
    away_vp = models.DecimalField(max_digits=5, decimal_places=2, null=True, editable=False)
    complete_boards = models.PositiveSmallIntegerField(default=0, editable=False)
    pending_boards = models.PositiveSmallIntegerField(default=0, editable=False)
    # The segments each team won (a level segment ½ each) and the home team's margin in
    # the last segment: what decides a knockout match played for segments won.
    home_segments = models.DecimalField(max_digits=4, decimal_places=1, default=0, editable=False)
    away_segments = models.DecimalField(max_digits=4, decimal_places=1, default=0, editable=False)
    last_segment_margin = models.IntegerField(default=0, editable=False)
    updated = models.DateTimeField(_("last updated"), auto_now=True)

    history = HistoricalRecords(
        excluded_fields=[
            "home_imps",
            "away_imps",
            "home_margin",
            "away_margin",
            "home_vp",
            "away_vp",
            "complete_boards",
            "pending_boards",
            "updated",
            "revision",
            "home_segments",
            "away_segments",
            "last_segment_margin",
        ]
    )
    objects = MatchQuerySet.as_manager()
    # When its corrections period makes it final, as the public pages show it: read by
    # queries.corrections.with_provisional_until (None until then, or when it does not).
    provisional_until = None
    # The table it is played at this round, as queries.event_tables numbers the round
    # (0 until numbered there).
    table_number: int = 0

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
    def settings(self):
        """Return what sets the match's boards and VP scale: its stage's settings (the
        event's for stage 1)."""
        stage = self.stage
        return self.event if stage.is_first else stage

    @property
    def board_numbers(self) -> range:
        """Return the board numbers the match plays: 1 to the stage's boards per match."""
        return range(1, self.settings.boards_per_match + 1)

    @property
    def segment_numbers(self) -> range:
        """Return the segment (节) numbers, counting from 1."""
        rules = self.settings
        last = scoring.segment_of(rules.boards_per_match, rules.boards_per_segment)
        return range(1, last + 1)

    def segment_boards(self, segment: int) -> range:
        """Return the board numbers of one segment."""
        size = self.settings.boards_per_segment
        first = (segment - 1) * size + 1
        return range(first, min(first + size, self.settings.boards_per_match + 1))

    @property
    def carry(self) -> tuple:
        """Return the knockout carry-over (home, away) in IMPs: segment 0."""
        return (self.carry_home, self.carry_away)

    @property
    def total_with_carry(self) -> tuple:
        """Return each team's IMPs on the boards plus its carry-over."""
        return (self.home_imps + self.carry_home, self.away_imps + self.carry_away)

    @property
    def has_carry(self) -> bool:
        return bool(self.carry_home or self.carry_away)

    @property
    def segment_record(self) -> scoring.SegmentRecord:
        """Return the segments each team won, as stored."""
        return scoring.SegmentRecord(
            self.home_segments, self.away_segments, self.last_segment_margin
        )

    def knockout_side(self) -> str | None:
        """Return "home" or "away", the side the boards send through, by the stage's rule:
        more IMPs with the carry-over, or more segments won then the tie-break; None for a
        tie (the director decides it)."""
        stage = self.stage
        if stage.by_segments:
            return scoring.segments_winner(
                self.segment_record, stage.segment_tie_break, self.total_with_carry
            )
        return match_winner(self.home_imps, self.away_imps, self.carry)

    def knockout_winner(self):
        """Return the team that goes through (knockout): more IMPs with the carry-over (or
        more segments won, by the stage's rule), or the director's decision after a tie;
        None while it is not decided."""
        if self.decided_winner_id:
            return self.decided_winner
        side = self.knockout_side()
        if side is None:
            return None
        return self.home if side == "home" else self.away

    def seating(self) -> dict:
        """Return who sat where: {segment: {room: {seat: player}}}."""
        table: dict = {}
        for seat in _MATCH_SEATING.all(self.pk):
            table.setdefault(seat.segment, {}).setdefault(seat.room, {})[seat.seat] = seat.player
        return table

    @property
    def is_final(self) -> bool:
        """Return True once a director has marked the match final."""
        return self.status == MatchStatus.FINAL

    @property
    def in_play(self) -> bool:
        """Return True while the match is under way: a board complete, more to come, not
        final, no forfeit. Its running IMPs and VP count only in the live standings."""
        return is_in_play({name: getattr(self, name) for name in OUTCOME_FIELDS})

    @property
    def started(self) -> bool:
        """Return True once play has begun: a board complete, a result in either room (as
        ``queries.with_boards_entered`` reads them), a forfeit, or marked final. Before
        that the pages show a dash and "not started", never 0 : 0."""
        entered = getattr(self, "rooms_entered", None)
        return bool(
            self.complete_boards or self.is_final or self.forfeit_vp or (entered and any(entered))
        )

    @property
    def is_official(self) -> bool:
        """Return True once the match counts in the official standings."""
        return is_official({name: getattr(self, name) for name in OUTCOME_FIELDS})

    @property
    def forfeit_vp(self) -> tuple | None:
        """Return the VP a director set for a forfeit or walkover, or None."""
        if self.forfeit_home_vp is None or self.forfeit_away_vp is None:
            return None
        return (self.forfeit_home_vp, self.forfeit_away_vp)

    def outcome(self) -> scoring.MatchOutcome:
        """Return the match's stored totals as the standings need them."""
        return match_outcome({name: getattr(self, name) for name in OUTCOME_FIELDS})

    def penalty_imps(self, penalties=None) -> tuple[int, int]:
        """Return the IMPs taken off the home and the away team by penalties."""
        if penalties is None:
            penalties = _MATCH_PENALTIES.all(self.pk)
        home = sum(p.imps for p in penalties if p.team_id == self.home_id)
        away = sum(p.imps for p in penalties if p.team_id == self.away_id)
        return home, away

    def team_in(self, room: str, seat: str) -> Team:
        """Return the team that sits in a seat of a room: the home team North-South in the
        open room and East-West in the closed room."""
        home_seats = ("N", "S") if room == RoomChoice.OPEN else ("E", "W")
        return self.home if seat in home_seats else self.away

    def pending_board_numbers(self) -> list[int]:
        """Return the numbers of the boards not yet complete in both rooms."""
        return [board.number for board in self.score().boards if not board.complete]

    def score(self, boards=None, penalties=None) -> scoring.MatchResult:
        """Return the match scored: each board's difference and IMPs, totals and VP."""
        if boards is None:
            boards = boards_with_results(self)
        comparisons = [board.comparison() for board in boards]
        rules = self.settings
        return scoring.score_match(
            comparisons,
            rules.boards_per_segment,
            rules.boards_per_match,
            rules.vp_rule,
            penalties=self.penalty_imps(penalties),
            forfeit_vp=self.forfeit_vp,
            method=self.stage.method_rules(),
        )


class Seating(models.Model):
    """Who sat where: a player in a seat of a room, for one segment of a match."""

    match = models.ForeignKey(Match, models.CASCADE, related_name="seatings")
    segment = models.PositiveSmallIntegerField(_("segment"))
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    seat = models.CharField(_("seat"), max_length=1, choices=SeatChoice.choices)
    # PROTECT: a player who sat somewhere is never deleted (and their seats with them).
    player = models.ForeignKey(Player, models.PROTECT, related_name="seatings")

    history = HistoricalRecords()

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


class ImpPenalty(DirectorDecision):
    """IMPs taken off one team's score in a match, with the director's reason."""

    match = models.ForeignKey(Match, models.CASCADE, related_name="imp_penalties")
    team = models.ForeignKey(Team, models.CASCADE, related_name="+")
    imps = models.PositiveSmallIntegerField(_("IMPs"))

    history = HistoricalRecords()

    class Meta(DirectorDecision.Meta):
        verbose_name = _("IMP penalty")
        verbose_name_plural = _("IMP penalties")

    def __str__(self):
        return f"{self.team}: -{self.imps} IMP"


# Read on every post at a table (matches/lib/prepared.py)
_MATCH_PENALTIES = PreparedRead(lambda match_id: ImpPenalty.objects.filter(match_id=match_id), -1)
_MATCH_SEATING = PreparedRead(
    lambda match_id: Seating.objects.filter(match_id=match_id).select_related("player"), -1
)
