"""Home-table scoring systems: each kind of game plugs its form, its scoring and its sheet in.

A kind (see ``kinds/``) says how a deal is typed (a form whose ``to_deal()`` gives a
JSON-able dict), how a list of such deals is scored (by the pure scoring core), and which
template shows the sheet. The views in ``matches/views/games.py`` do the rest for every
kind alike: the sheet kept in the session for anyone, or saved for a logged-in player.

A kind's ``score`` raises ``sheets.SheetProblem`` naming the deal the rules refuse (a deal
after the end of the rubber, a board twice on the sheet, a stored deal that no longer reads);
``sheets`` uses it to refuse a change that would leave such a deal, and to show a sheet that
somehow holds one with that deal marked and left out of the totals.

Where the code says "seed", it means one of the five Chinese scoring documents the project
was created from (in ``../shared/seeds/``): 000 and 001 《桥牌记分方法》 (scoring tables,
rubber bridge, 贴点), 002 《桥牌计分规则》 (the printed team sheet and the single-table
sheet), 003 简明计分法, 004 scoring with doubles and redoubles.
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
        from django.core.exceptions import ValidationError

        for name, form_field in self.settings_form.base_fields.items():
            if name not in stored:
                continue
            try:
                settings[name] = form_field.clean(stored[name])
            except (ValidationError, TypeError, ValueError):
                pass
        return settings


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
