"""The fixed sets of the app as Django choices, labelled for translation.

Values are the scoring core's enum values, so a stored value converts straight back
(``Seat(obj.declarer)``).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from matches.scoring import PartKind, Seat, VPScale, Vulnerability


class SeatChoice(models.TextChoices):
    NORTH = Seat.NORTH.value, pgettext_lazy("seat", "North")
    EAST = Seat.EAST.value, pgettext_lazy("seat", "East")
    SOUTH = Seat.SOUTH.value, pgettext_lazy("seat", "South")
    WEST = Seat.WEST.value, pgettext_lazy("seat", "West")


class VulnerabilityChoice(models.TextChoices):
    NONE = Vulnerability.NONE.value, _("Neither vulnerable")
    NS = Vulnerability.NS.value, _("N-S vulnerable")
    EW = Vulnerability.EW.value, _("E-W vulnerable")
    ALL = Vulnerability.ALL.value, _("Both vulnerable")


class RoomChoice(models.TextChoices):
    OPEN = "open", _("Open room")
    CLOSED = "closed", _("Closed room")


class PartKindChoice(models.TextChoices):
    CONTRACT_TRICKS = PartKind.CONTRACT_TRICKS.value, _("Contract tricks")
    OVERTRICKS = PartKind.OVERTRICKS.value, _("Overtricks")
    PART_SCORE = PartKind.PART_SCORE.value, _("Part-score bonus")
    GAME = PartKind.GAME.value, _("Game bonus")
    SMALL_SLAM = PartKind.SMALL_SLAM.value, _("Small slam bonus")
    GRAND_SLAM = PartKind.GRAND_SLAM.value, _("Grand slam bonus")
    DOUBLED_MADE = PartKind.DOUBLED_MADE.value, _("Bonus for making a doubled contract")
    UNDERTRICKS = PartKind.UNDERTRICKS.value, _("Undertricks")


class VPScaleChoice(models.TextChoices):
    WBF_2013 = VPScale.WBF_2013.value, _("WBF 2013, 20 VP (any number of boards)")
    PRINTED_25 = VPScale.PRINTED_25.value, _("Printed sheet, 25 VP (12, 16 or 20 boards)")
