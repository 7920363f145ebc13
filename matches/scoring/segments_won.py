"""A knockout match decided by segments (sessions, 节) won, not by total IMPs.

The Chinese Bridge Association's 2013 club league final was decided this way ("以节分决定
胜负", 4 : 2). Each segment is a little match of its own: the team with more IMPs in it
wins it; a segment that ends level counts half to each team (the conditions we read do not
say; the director can read a level segment this way or decide the tie). A segment counts
once every board of it is complete. The carry-over, if any, belongs to no segment: it
counts only where total IMPs break a tie.

The match goes to the team that won more segments. Level on segments, the stage's tie-break
decides (``SegmentTieBreak``): the total IMPs with the carry-over, the last segment's IMPs,
or extra boards (the director records their winner, as after a level match on IMPs).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

_HALF = Decimal("0.5")


class DecidedBy(enum.StrEnum):
    """What decides a knockout match."""

    IMPS = "imps"  # total IMPs, with the carry-over
    SEGMENTS = "segments"  # segments won, then the tie-break


class SegmentTieBreak(enum.StrEnum):
    """What decides a match level on segments won."""

    IMPS = "imps"  # the total IMPs, with the carry-over
    LAST_SEGMENT = "last-segment"  # the IMPs of the last segment
    EXTRA_BOARDS = "extra-boards"  # extra boards, their winner recorded by the director


@dataclass(frozen=True, slots=True)
class SegmentRecord:
    """The segments each team won (a level segment: ½ each), and the last one's margin.

    ``last_margin`` is the home team's IMP margin in the match's last segment (0 until it
    is complete).
    """

    home: Decimal = Decimal(0)
    away: Decimal = Decimal(0)
    last_margin: int = 0


def segment_points(margin: int) -> tuple[Decimal, Decimal]:
    """Return (home, away) for one complete segment the home team won by ``margin`` IMPs."""
    if margin == 0:
        return _HALF, _HALF
    return (Decimal(1), Decimal(0)) if margin > 0 else (Decimal(0), Decimal(1))


def segment_record(segments: Iterable[tuple[int, bool]], last: int) -> SegmentRecord:
    """Return the segments won from each segment's (home margin, complete), in order;
    ``last`` is how many segments the match has (its last one's margin is the tie-break's).
    """
    home = away = Decimal(0)
    last_margin = 0
    for number, (margin, complete) in enumerate(segments, start=1):
        if not complete:
            continue
        won = segment_points(margin)
        home += won[0]
        away += won[1]
        if number == last:
            last_margin = margin
    return SegmentRecord(home, away, last_margin)


def segments_winner(
    record: SegmentRecord,
    tie_break: SegmentTieBreak | str,
    total: tuple[Decimal, Decimal],
) -> str | None:
    """Return "home" or "away", the winner on segments won then by the tie-break; None
    while level (extra boards, or a tie-break that is level too).

    ``total`` is each team's IMPs with the carry-over (the IMP tie-break's).
    """
    if record.home != record.away:
        return "home" if record.home > record.away else "away"
    rule = SegmentTieBreak(tie_break)
    if rule is SegmentTieBreak.IMPS:
        home, away = total
        return None if home == away else ("home" if home > away else "away")
    if rule is SegmentTieBreak.LAST_SEGMENT and record.last_margin:
        return "home" if record.last_margin > 0 else "away"
    return None
