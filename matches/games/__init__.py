"""Home-table scoring systems: each kind of game plugs its form, its scoring and its sheet in.

A kind (see ``kinds/``) says how a deal is typed (a form whose ``to_deal()`` gives a
JSON-able dict), how a list of such deals is scored (by the pure scoring core), and which
template shows the sheet. The views in ``matches/views/games.py`` do the rest for every
kind alike: the sheet kept in the session for anyone, or saved for a logged-in player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

KINDS: dict[str, GameKind] = {}


@dataclass(frozen=True)
class GameKind:
    slug: str
    label: Any  # lazily translated
    description: Any
    deal_form: type  # a Form with to_deal() and a from_deal(deal) classmethod
    score: Callable[[list[dict], dict], Any]  # (deals, settings) -> the core's sheet
    template: str  # shows the sheet; gets ``sheet``, ``game`` and ``kind``
    settings_form: type | None = None
    default_settings: dict = field(default_factory=dict)
    next_deal: Callable[[list[dict], dict], dict] = lambda deals, settings: {}
    notes: Any = ""  # how the seed's rules were read, shown on the page
    errors: dict = field(default_factory=dict)  # the core's error codes -> translated messages

    def error_message(self, error: Exception) -> str:
        """Return the translated message for a deal the scoring core refused."""
        from django.utils.translation import gettext

        code = getattr(error, "code", None) or type(error).__name__
        if code in self.errors:
            return str(self.errors[code])
        return gettext("This deal does not fit the sheet: %(reason)s") % {"reason": error}


def register(kind: GameKind) -> GameKind:
    """Return the kind, after adding it to the kinds the pages offer."""
    KINDS[kind.slug] = kind
    return kind


def get_kind(slug: str) -> GameKind:
    """Return the kind of game called ``slug`` (KeyError if there is none)."""
    from matches.games import kinds  # noqa: F401 - registers the kinds

    return KINDS[slug]


def all_kinds() -> list[GameKind]:
    """Return every kind of game, in the order they were registered."""
    from matches.games import kinds  # noqa: F401

    return list(KINDS.values())
