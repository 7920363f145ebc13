"""A kind of home-table game: what it plugs in (see the package docstring), and the
register of kinds the pages offer (``registry``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError

KINDS: dict[str, GameKind] = {}


@dataclass(frozen=True)
class GameKind:
    slug: str
    label: Any  # lazily translated
    native: str  # the game's Chinese name, shown beside the label on English pages
    description: Any
    deal_form: type  # a Form with to_deal() and a from_deal(deal) classmethod
    score: Callable[[list[dict], dict], Any]  # (deals, settings) -> the core's sheet
    template: str  # shows the sheet; gets ``sheet``, ``game`` and ``kind``
    settings_form: type | None = None
    default_settings: dict = field(default_factory=dict)
    next_deal: Callable[[list[dict], dict], dict] = lambda deals, settings: {}
    # How the sheet reads the rules, shown on the page: text, or (settings) -> text
    notes: Any = ""
    # Why a deal is refused (a SheetProblem's code) -> {"stored", "add", "correct", "delete"}
    # -> a translated message; see ``sheets.PROBLEM_MESSAGES`` for the placeholders.
    problems: dict = field(default_factory=dict)
    # (stored deal) -> a short translated description, such as "4♠ by North, =" (may raise)
    describe: Callable[[dict], str] | None = None
    # (settings) -> the house rules chosen, translated, named on the sheet
    variants: Callable[[dict], list] = lambda settings: []

    def notes_for(self, settings: dict) -> Any:
        """Return the explanation of the rules this sheet applies with these settings."""
        return self.notes(settings) if callable(self.notes) else self.notes

    def clean_settings(self, stored: dict | None) -> dict:
        """Return the settings to play by: each stored value the settings form accepts, else
        the default (a session or saved game may hold values from an older version)."""
        settings = dict(self.default_settings)
        if self.settings_form is None or not isinstance(stored, dict):
            return settings
        for name, form_field in self.settings_form.base_fields.items():
            if name not in stored:
                continue
            with contextlib.suppress(ValidationError, TypeError, ValueError):
                settings[name] = form_field.clean(stored[name])
        return settings


def register(kind: GameKind) -> GameKind:
    """Return the kind, after adding it to the kinds the pages offer."""
    KINDS[kind.slug] = kind
    return kind
