"""A match's rooms as the club's tables: each with its link and code, the results its
players enter and accept on their phones, and their calls for the director.

A room (开室 / 闭室) of a match is one table of the round. Its link holds an unguessable
token (256 bits) and its short code is for typing in by hand at ``/t/``; a link writes only
its own match's room, only while the match is not final (``matches/actions/tables.py``).
A result entered at the table waits as a ``TableEntry`` until the other side accepts it;
then it is saved as the room's ``Result`` by the same action as a director's entry.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from matches import scoring
from matches.choices import RoomChoice, SeatChoice

from .base import RevisionsOnlyGoUp
from .boards import Board, Result
from .event_tables import EventTable
from .matches import Match


class TableSide(models.TextChoices):
    """A side at a table: who entered a result, who accepted it."""

    NS = "NS", pgettext_lazy("side", "N-S")
    EW = "EW", pgettext_lazy("side", "E-W")

    @property
    def other(self) -> TableSide:
        return TableSide.EW if self is TableSide.NS else TableSide.NS


class Room(RevisionsOnlyGoUp, models.Model):
    """One room of a match: a table of the round, with the link its players open."""

    match = models.ForeignKey(Match, models.CASCADE, related_name="rooms")
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    token = models.CharField(max_length=64, unique=True, editable=False)
    code = models.CharField(_("table code"), max_length=8, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    # When the director revoked the link (the table then needs a new one: renew).
    revoked = models.DateTimeField(null=True, blank=True, editable=False)
    # Goes up with every table's action that changes what this table is shown (its own
    # entries, acceptances, disputes and calls, and a result of the other room it may now
    # compare: ``Change.table_changed``); its phones' state is keyed on it and on the
    # event's ``wide_revision``. Only ever written by an F-expression UPDATE.
    revision = models.PositiveIntegerField(default=0, editable=False)
    # The event's table (its card) whose link led here: revoking or renewing the card
    # does the same to this room's link. None: a room opened for one round only.
    place = models.ForeignKey(
        EventTable, models.SET_NULL, null=True, blank=True, related_name="rooms", editable=False
    )

    history = HistoricalRecords(excluded_fields=["token", "revision"])

    class Meta:
        ordering = ["match", "room"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["match", "room"], name="one_table_per_room"),
            models.CheckConstraint(
                condition=Q(room__in=RoomChoice.values), name="table_room_is_known"
            ),
        ]

    def __str__(self):
        return f"{self.match} · {self.get_room_display()}"

    @property
    def is_open(self) -> bool:
        """Return True while the link works (not revoked)."""
        return self.revoked is None

    def home_sits(self, side: str) -> bool:
        """Return True when the home team sits ``side`` in this room: North-South in the
        open room, East-West in the closed room."""
        return (side == TableSide.NS) == (self.room == RoomChoice.OPEN)


class EntryStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for the other side")
    ACCEPTED = "accepted", _("Accepted")
    DISPUTED = "disputed", _("Not agreed")
    REPLACED = "replaced", _("Replaced by the same phone")
    # the director (or a file) saved the room's result while it waited: theirs stands
    SUPERSEDED = "superseded", _("Superseded by the director's result")
    # a different entry of the board was waiting: kept to be seen, never saved
    REFUSED = "refused", _("Refused: another entry was waiting")


class RetiredLink(models.Model):
    """A table's link the director replaced (renewed): it answers that it was replaced,
    not that it is unknown, so a phone still holding it says so and keeps what it had not
    sent for the director to see. A room's link (``table``), or an event table's card's
    (``place``)."""

    table = models.ForeignKey(
        Room, models.CASCADE, null=True, blank=True, related_name="retired_links"
    )
    place = models.ForeignKey(
        EventTable, models.CASCADE, null=True, blank=True, related_name="retired_links"
    )
    token = models.CharField(max_length=64, unique=True)
    retired = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("replaced table link")
        verbose_name_plural = _("replaced table links")

    def __str__(self):
        return f"{self.table or self.place} (replaced {self.retired:%Y-%m-%d %H:%M})"


class CallClosed(models.TextChoices):
    """Why a call for the director is closed without a director answering it."""

    RESULT = "result", _("the board's result was saved")
    FINAL = "final", _("the match is final")


class TableEntry(models.Model):
    """A result entered at a table by one side, waiting for the other side's word."""

    table = models.ForeignKey(Room, models.CASCADE, related_name="entries")
    board = models.ForeignKey(Board, models.CASCADE, related_name="table_entries")
    # The phone's own key for this entry: the same entry sent twice is stored once.
    key = models.CharField(max_length=64, unique=True)
    level = models.PositiveSmallIntegerField()  # 0: passed out
    strain = models.CharField(max_length=2, blank=True)
    doubling = models.CharField(max_length=2, blank=True)
    declarer = models.CharField(max_length=1, choices=SeatChoice.choices, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    side = models.CharField(max_length=2, choices=TableSide.choices)
    device = models.CharField(max_length=64, blank=True)
    status = models.CharField(
        max_length=10, choices=EntryStatus.choices, default=EntryStatus.WAITING
    )
    decided_side = models.CharField(max_length=2, choices=TableSide.choices, blank=True)
    decided_device = models.CharField(max_length=64, blank=True)
    decision_key = models.CharField(max_length=64, blank=True)
    result = models.ForeignKey(
        Result, models.SET_NULL, null=True, blank=True, related_name="table_entries"
    )
    saved_version = models.PositiveIntegerField(null=True, blank=True)  # the result's, when saved
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = _("result entered at a table")
        verbose_name_plural = _("results entered at tables")
        constraints = [
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__gte=0, tricks__lte=13),
                name="table_entry_tricks_0_to_13",
            ),
        ]

    def __str__(self):
        return f"{self.table} {self.board}: {self.contract} ({self.get_status_display()})"

    @property
    def contract(self) -> scoring.Contract:
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
        if self.level == 0:
            return 0
        return scoring.ns_score(self.contract, self.declarer, self.tricks, self.board.number)

    def matches(self, other: TableEntry) -> bool:
        """Return True when ``other`` is the same result: contract, declarer and tricks,
        and the same lead unless either leaves it out."""
        same_lead = not self.lead or not other.lead or self.lead == other.lead
        return (self.level, self.strain, self.doubling, self.declarer, self.tricks) == (
            other.level,
            other.strain,
            other.doubling,
            other.declarer,
            other.tricks,
        ) and same_lead

    def entry(self) -> dict:
        """Return the entry as the result actions take it."""
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "lead": self.lead,
        }


class DirectorCall(models.Model):
    """A table's call for the director: from the button, or a result not agreed."""

    table = models.ForeignKey(Room, models.CASCADE, related_name="calls")
    board = models.ForeignKey(Board, models.CASCADE, null=True, blank=True, related_name="+")
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    dispute = models.BooleanField(default=False)  # a result the other side did not accept
    # the entry not agreed, for a dispute
    entry = models.ForeignKey(
        TableEntry, models.SET_NULL, null=True, blank=True, related_name="calls"
    )
    # the phone's key (one call, sent once); a dispute's is "dispute:<entry id>", which no
    # phone's key can be (a phone's key is letters, digits, "-" and "_")
    key = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # closed with no director's answer, because its board was settled (``answered`` is
    # then when): the board's result saved, or the match final
    closed_because = models.CharField(max_length=6, choices=CallClosed.choices, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = _("director call")
        verbose_name_plural = _("director calls")

    def __str__(self):
        return f"{self.table}: {self.reason or _('director call')}"
