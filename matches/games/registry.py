"""Every kind of home-table game, registered in menu order by importing ``kinds``."""

from __future__ import annotations

from . import kinds  # noqa: F401 - importing the kinds registers them, in menu order
from .kind import KINDS, GameKind


def get_kind(slug: str) -> GameKind:
    """Return the kind of game called ``slug`` (KeyError if there is none)."""
    return KINDS[slug]


def all_kinds() -> list[GameKind]:
    """Return every kind of game, in the order they were registered."""
    return list(KINDS.values())
