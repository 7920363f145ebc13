"""Saved home games (matches/games): a player's own score sheets, outside any event.

No event is locked and no revision moves: nobody but the owner sees a saved game. The
limits (settings HOME_GAMES_MAX_SAVED and HOME_GAME_MAX_DEALS) are checked here, so no
caller can write past them; the home-game views check the same limits first to put the
message beside the form.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.utils.translation import gettext_lazy as _

from matches.models import Game
from matches.text import text_errors

from .base import ActionError, Gone, changing, checked_text

TOO_MANY_GAMES = _(
    "You have %(limit)s saved games, the most a player may keep: delete one you no longer "
    "need, then save this one."
)
TOO_MANY_DEALS = _(
    "This sheet holds %(limit)s deals, the most a sheet may hold: save it or start over for "
    "the next ones."
)


def _texts(value):
    """Yield every text inside a game's settings or deals (JSON: dicts, lists, texts)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)


def _check_texts(**values) -> None:
    """Refuse a text no database stores (a NUL, a control code) anywhere in the game."""
    for field, value in values.items():
        for text in _texts(value):
            if text_errors(text, lines=True):
                raise ActionError(text_errors(text, lines=True)[0], field=field, code=field)


def _check_deals(deals: list) -> None:
    limit = django_settings.HOME_GAME_MAX_DEALS
    if len(deals) > limit:
        raise ActionError(TOO_MANY_DEALS, params={"limit": limit}, code="limit")


def save_game(*, owner, kind: str, name: str, settings: dict, deals: list, user) -> Game:
    """Return a new saved game of ``owner``; refused past the number of saved games allowed."""
    with changing(user) as change:
        # The player's games are locked, so two saves at once cannot both pass the limit.
        count = len(Game.objects.select_for_update().filter(owner=owner).values_list("pk"))
        limit = django_settings.HOME_GAMES_MAX_SAVED
        if count >= limit:
            raise ActionError(TOO_MANY_GAMES, params={"limit": limit}, code="limit")
        _check_deals(deals)
        name = checked_text(name, field="name", required=True, most=80)
        _check_texts(settings=settings, deals=deals)
        game = Game(owner=owner, kind=kind, name=name, settings=settings, deals=deals)
        return change.save(game)


def update_game(game, *, settings: dict, deals: list, user) -> Game:
    """Return the saved game with these settings and deals stored."""
    with changing(user) as change:
        locked = Game.objects.select_for_update().filter(pk=game.pk).first()
        if locked is None:
            raise Gone
        _check_deals(deals)
        _check_texts(settings=settings, deals=deals)
        locked.settings, locked.deals = settings, deals
        return change.save(locked, update_fields=["settings", "deals", "updated"])


def delete_game(game, *, user) -> None:
    """Delete a saved game."""
    with changing(user) as change:
        locked = Game.objects.select_for_update().filter(pk=game.pk).first()
        if locked is None:
            raise Gone
        change.delete(locked)
