"""The fixed sets of the app as Django choices, labelled for translation.

Values are the scoring core's enum values, so a stored value converts straight back
(``Seat(obj.declarer)``).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from matches.scoring import (
    BoardScale,
    DecidedBy,
    KnockoutDecidedBy,
    Method,
    PartKind,
    PattonAggregate,
    Seat,
    SegmentTieBreak,
    VPScale,
    Vulnerability,
)
from matches.scoring.fair_play import HandsRule, ResultsRule


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


class Listing(models.TextChoices):
    """Where an event is found: on the home page (listed), only by its link (unlisted: a
    practice or generated event, a private one), or by a search of the home page
    (archived: a past season's)."""

    LISTED = "listed", _("Listed on the home page")
    UNLISTED = "unlisted", _("Unlisted: reached by its link only")
    ARCHIVED = "archived", _("Archived: found by a search of the home page")


class ResultsPublicChoice(models.TextChoices):
    """When a board's results become public (matches/scoring/fair_play.py)."""

    TABLES = ResultsRule.TABLES.value, _("After every table has played the board")
    MATCH = ResultsRule.MATCH.value, _("After both rooms of the same match have played it")
    SEGMENT = ResultsRule.SEGMENT.value, _("After the segment is complete at every table")
    AT_ONCE = ResultsRule.AT_ONCE.value, _("At once")


class HandsPublicChoice(models.TextChoices):
    """When a board's hands become public (matches/scoring/fair_play.py)."""

    OUT_OF_PLAY = HandsRule.OUT_OF_PLAY.value, _("When the board is out of play")
    ROUND = HandsRule.ROUND.value, _("After the round")
    DIRECTOR = HandsRule.DIRECTOR.value, _("When the director publishes them")


class VPScaleChoice(models.TextChoices):
    WBF_2013 = VPScale.WBF_2013.value, _("WBF 2013, 20 VP (any number of boards)")
    PRINTED_25 = VPScale.PRINTED_25.value, _("Printed sheet, 25 VP (12, 16 or 20 boards)")
    ACBL_20 = VPScale.ACBL_20.value, _("ACBL, 20 VP (6 to 11 boards)")
    ACBL_30 = VPScale.ACBL_30.value, _("ACBL, 30 VP (6 to 11 boards)")
    CUSTOM = VPScale.CUSTOM.value, _("The director's own table (typed below)")


class VulnerabilityShortChoice(models.TextChoices):
    """The vulnerability as the printed sheet's narrow column writes it (双无, 南北 …)."""

    NONE = Vulnerability.NONE.value, pgettext_lazy("vulnerability, short", "None")
    NS = Vulnerability.NS.value, pgettext_lazy("vulnerability, short", "N-S")
    EW = Vulnerability.EW.value, pgettext_lazy("vulnerability, short", "E-W")
    ALL = Vulnerability.ALL.value, pgettext_lazy("vulnerability, short", "Both")


class HistoryTypeChoice(models.TextChoices):
    """What a history record did (django-simple-history's history_type)."""

    ENTERED = "+", pgettext_lazy("history", "entered")
    CORRECTED = "~", pgettext_lazy("history", "corrected")
    DELETED = "-", pgettext_lazy("history", "deleted")


class TieBreakChoice(models.TextChoices):
    """Which rule placed a team among those level on VP."""

    HEAD_TO_HEAD = DecidedBy.HEAD_TO_HEAD.value, _("VP between the tied teams")
    HEAD_TO_HEAD_IMPS = DecidedBy.HEAD_TO_HEAD_IMPS.value, _("IMPs between the tied teams")
    IMP_QUOTIENT = DecidedBy.IMP_QUOTIENT.value, _("IMP quotient")
    IMP_DIFFERENCE = DecidedBy.IMP_DIFFERENCE.value, _("IMP difference")
    DIRECTOR = DecidedBy.DIRECTOR.value, _("Director's decision")
    SHARED = DecidedBy.SHARED.value, _("Tied")


class SideChoice(models.TextChoices):
    """A side at the table: N-S and E-W at duplicate, we (我方) and they (他方) on a pad."""

    NS = "NS", pgettext_lazy("side", "N-S")
    EW = "EW", pgettext_lazy("side", "E-W")
    WE = "WE", pgettext_lazy("side", "We")
    THEY = "THEY", pgettext_lazy("side", "They")


class PadEntryKindChoice(models.TextChoices):
    """The entries of a rubber or Chicago pad that are not parts of one deal's score."""

    HONOURS = "honours", _("Honours")
    RUBBER = "rubber", _("Rubber bonus")
    UNFINISHED_GAME = "unfinished-game", _("Game in an unfinished rubber")
    UNFINISHED_PART_SCORE = "unfinished-part-score", _("Part-score in an unfinished game")
    GAME = "game", _("Game bonus")
    PART_SCORE = "part-score", _("Part-score bonus (fourth deal)")


class StageKind(models.TextChoices):
    ROUND_ROBIN = "round-robin", _("Round robin")
    SWISS = "swiss", _("Swiss")
    KNOCKOUT = "knockout", _("Knockout")
    DOUBLE_ELIMINATION = "double-elimination", _("Double elimination")


# The stages played as a bracket (IMPs with any carry-over, no standings).
ELIMINATION_KINDS = frozenset({StageKind.KNOCKOUT, StageKind.DOUBLE_ELIMINATION})


class ScoringMethodChoice(models.TextChoices):
    """How a stage scores its matches (matches/scoring/methods.py)."""

    IMPS_VP = Method.IMPS_VP.value, _("IMPs, converted to VP")
    IMPS = Method.IMPS.value, _("IMPs total (knockout)")
    BOARD_A_MATCH = Method.BOARD_A_MATCH.value, _("Board-a-match")
    WIN_LOSS = Method.WIN_LOSS.value, _("Win/loss")
    PATTON = Method.PATTON.value, _("Patton (board points and the IMP aggregate)")


class PattonAggregateChoice(models.TextChoices):
    """What Patton's aggregate adds up (matches/scoring/methods.py)."""

    IMPS = PattonAggregate.IMPS.value, _("IMPs, on the VP scale")
    TOTAL_POINTS = PattonAggregate.TOTAL_POINTS.value, _("Total points: all to the team ahead")


class KnockoutDecidedByChoice(models.TextChoices):
    """What decides a knockout match (matches/scoring/segments_won.py)."""

    IMPS = KnockoutDecidedBy.IMPS.value, _("Total IMPs, with the carry-over")
    SEGMENTS = KnockoutDecidedBy.SEGMENTS.value, _("Segments won")


class SegmentTieBreakChoice(models.TextChoices):
    """What decides a knockout match level on segments won."""

    IMPS = SegmentTieBreak.IMPS.value, _("Total IMPs, with the carry-over")
    LAST_SEGMENT = SegmentTieBreak.LAST_SEGMENT.value, _("The last segment's IMPs")
    EXTRA_BOARDS = SegmentTieBreak.EXTRA_BOARDS.value, _("Extra boards")


class BoardScaleChoice(models.TextChoices):
    """What a board is worth in board-a-match and Patton."""

    ONE = BoardScale.ONE.value, _("1 for a board won, ½ each for a tie")
    TWO = BoardScale.TWO.value, _("2 for a board won, 1 each for a tie (point-a-board)")


class CarryOverChoice(models.TextChoices):
    NONE = "none", _("No carry-over")
    FIXED = "fixed", _("A fixed amount to the higher-placed team")
    VP_DIFFERENCE = "vp-difference", _("A share of the VP difference in the previous stage")
    HEAD_TO_HEAD_IMPS = (
        "head-to-head-imps",
        _("A share of the IMPs of their match(es) in the previous stage"),
    )
    WBF = (
        "wbf",
        _(
            "The WBF's: ½ of their match's IMPs if the higher-placed team won it, ⅓ if the "
            "lower-placed did, at most 16"
        ),
    )


class PlacingChoice(models.TextChoices):
    """Which places a knockout stage plays for besides the final."""

    NONE = "none", _("No placing matches")
    THIRD = "third", _("A match for third place")
    ALL = "all", _("A play-off for every place")


class LosersByChoice(models.TextChoices):
    """How a knockout places the teams a placing match does not place (its losers)."""

    QUALIFYING = "qualifying", _("By the round they lost in, then by qualifying position")
    SHARED = "shared", _("By the round they lost in, sharing the place")


class LevelRuleChoice(models.TextChoices):
    """What keeps a knockout match with a whole carry-over from ending level."""

    TENTH = "tenth", _("A whole carry-over moves by 0.1, so a match cannot end level")
    EXTRA_BOARDS = "extra-boards", _("A level match goes to extra boards")


class DoubleFinalChoice(models.TextChoices):
    """How a double elimination's final is played (``matches.scoring.double_elimination``)."""

    RESET = (
        "reset",
        _("A second final when the losers' bracket winner wins the first (bracket reset)"),
    )
    ONCE = "once", _("One final only (as the CBA plays it)")


class TieBreakRuleChoice(models.TextChoices):
    """A tie-break rule a stage may list, in the order tried."""

    HEAD_TO_HEAD_VP = "head-to-head", _("VP between the tied teams")
    HEAD_TO_HEAD_IMPS = "head-to-head-imps", _("IMPs between the tied teams")
    IMP_QUOTIENT = "imp-quotient", _("IMP quotient")
    IMP_DIFFERENCE = "imp-difference", _("IMP difference")
    DIRECTOR = "director", _("Director's decision")
