"""A stage's entries: its teams in seeding order."""

from __future__ import annotations

from matches.models import Stage, StageEntry


def entries(stage: Stage) -> list[StageEntry]:
    """Return the stage's entries in seeding order, each with its team."""
    return list(stage.entries.select_related("team").order_by("seed"))


def seeds(stage: Stage) -> list:
    """Return the stage's teams in seeding order."""
    return [entry.team for entry in entries(stage)]
