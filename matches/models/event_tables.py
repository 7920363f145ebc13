"""The event's tables as places in the room: a number and a room (第 3 桌 开室), with one
link and code, and one printed card, for the whole event.

A card's link opens whatever match the schedule, the Swiss draw or the bracket puts at
its table in the current round (``queries.event_tables.match_at``): it hands the phone on
to that match's room (``Room``), made the first time, whose own link the phone then keeps.
So everything entered is entered in the room of the match it was made for, and a phone
left on last round's page never writes into this round's match (docs/tables.md).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from matches.choices import RoomChoice

from .events import Event


class EventTable(models.Model):
    """One table of the event's room, with the link and code printed on its card."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table number"))
    room = models.CharField(_("room"), max_length=6, choices=RoomChoice.choices)
    token = models.CharField(max_length=64, unique=True, editable=False)
    code = models.CharField(_("table code"), max_length=8, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    # When the director revoked the card's link (the table then needs a new one: renew).
    revoked = models.DateTimeField(null=True, blank=True, editable=False)

    history = HistoricalRecords(excluded_fields=["token"])

    class Meta:
        ordering = ["event", "number", "-room"]
        verbose_name = _("table card")
        verbose_name_plural = _("table cards")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number", "room"], name="one_card_per_table_and_room"
            ),
            models.CheckConstraint(
                condition=Q(room__in=RoomChoice.values), name="event_table_room_is_known"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="event_table_number_from_1"),
        ]

    def __str__(self):
        return f"{self.event} · {self.number} {self.get_room_display()}"

    @property
    def is_open(self) -> bool:
        """Return True while the card's link works (not revoked)."""
        return self.revoked is None
