"""The rounds' clocks: a round's, and those of the rounds a page shows (one query)."""

from __future__ import annotations

from matches.models import RoundClock


def round_clock(stage_id: int, round_number: int) -> RoundClock | None:
    """Return a stage's round's clock (None until a director sets it)."""
    return RoundClock.objects.filter(stage=stage_id, round=round_number).first()


def round_clocks(pairs) -> dict[tuple[int, int], RoundClock]:
    """Return the clocks of these (stage id, round) pairs, by pair, in one query."""
    pairs = set(pairs)
    if not pairs:
        return {}
    stages = {stage for stage, _number in pairs}
    rounds = {number for _stage, number in pairs}
    rows = RoundClock.objects.filter(stage__in=stages, round__in=rounds)
    return {(row.stage_id, row.round): row for row in rows if (row.stage_id, row.round) in pairs}
