"""When a match counts in the standings, and what a bye scores.

A match is read here as the plain row the app stores for it (its totals worked out from
the boards whenever a result changes): the keys of ``OUTCOME_FIELDS``. Nothing here knows
where the row came from.

- **Official** standings count a match once every board is complete in both rooms, a
  forfeit is scored, or a director marked it final.
- A match **in play** has a board complete and is not official yet; the live standings
  count it too, with its running IMPs and VP.
- A **bye** scores the stage's bye VP (by default 12 on the 20-VP scale, 18 on the 25-VP
  scale: the printed sheet's value, seed 002), or with the stage's option the team's
  average VP in its matches of the stage when that is higher; it counts once a match of
  its round counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from .standings import Bye, MatchOutcome
from .victory_points import VPScale, VPScaleError, scale_total

FINAL = "final"  # the status of a match a director marked final

OUTCOME_FIELDS = (
    "pk",
    "home_id",
    "away_id",
    "round",
    "stage_id",
    "home_vp",
    "away_vp",
    "home_imps",
    "away_imps",
    "complete_boards",
    "pending_boards",
    "forfeit_home_vp",
    "forfeit_away_vp",
    "status",
    "updated",
)

_HUNDREDTH = Decimal("0.01")


def is_official(row: Mapping) -> bool:
    """Return True when a match counts in the official standings: every board complete in
    both rooms, a forfeit scored, or marked final by a director."""
    if row["home_vp"] is None:
        return False
    forfeit = row["forfeit_home_vp"] is not None and row["forfeit_away_vp"] is not None
    complete = row["complete_boards"] > 0 and row["pending_boards"] == 0
    return complete or forfeit or row["status"] == FINAL


def is_in_play(row: Mapping) -> bool:
    """Return True for a match under way: a board complete, not yet official."""
    return row["home_vp"] is not None and row["complete_boards"] > 0 and not is_official(row)


def match_outcome(row: Mapping, *, live: bool = False) -> MatchOutcome:
    """Return a match's stored totals as the standings need them.

    The official standings count a match once it is official (``is_official``); the live
    ones (``live=True``) also count a match in play, with its running IMPs and VP.
    """
    counts = is_official(row) or (live and is_in_play(row))
    return MatchOutcome(
        home=row["home_id"],
        away=row["away_id"],
        round=row["round"],
        home_vp=row["home_vp"] if counts else Decimal(0),
        away_vp=row["away_vp"] if counts else Decimal(0),
        home_imps=row["home_imps"],
        away_imps=row["away_imps"],
        counts=counts,
        match_id=row["pk"],
    )


def default_bye_vp(scale) -> Decimal:
    """Return the VP for a bye when none is set: 18 on the printed 25-VP scale and the
    ACBL's 30-VP scale, 12 on the 20-VP scales, 60% of a typed table's top."""
    if scale in (VPScale.PRINTED_25, VPScale.ACBL_30):
        return Decimal(18)
    if scale == VPScale.CUSTOM or not isinstance(scale, str):
        try:
            return (Decimal(scale_total(scale)) * Decimal("0.6")).quantize(Decimal("0.01"))
        except VPScaleError:
            return Decimal(12)
    return Decimal(12)


def bye_vp(base: Decimal, team, outcomes: Iterable[MatchOutcome], *, average: bool) -> Decimal:
    """Return a bye's VP: ``base``, or with ``average`` the team's average VP in the
    matches that count, to two places, if that is higher."""
    if not average:
        return base
    scored = [
        o.home_vp if o.home == team else o.away_vp
        for o in outcomes
        if o.counts and team in (o.home, o.away)
    ]
    if not scored:
        return base
    return max(base, (sum(scored, Decimal(0)) / len(scored)).quantize(_HUNDREDTH))


def counted_byes(
    byes: Iterable[tuple[object, int]],
    outcomes: list[MatchOutcome],
    base: Decimal,
    *,
    average: bool = False,
) -> list[Bye]:
    """Return the byes (team, round) that count, each with its VP: a bye counts once a
    match of its round, or of a later one, counts."""
    latest = max((o.round for o in outcomes if o.counts), default=0)
    return [
        Bye(team, number, bye_vp(base, team, outcomes, average=average))
        for team, number in byes
        if number <= latest
    ]
