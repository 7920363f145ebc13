"""Where a game's deals live: the visitor's session, or a Game saved by a logged-in player.

Limits (settings, see scoresheet/settings.py): a sheet holds at most HOME_GAME_MAX_DEALS
deals, and a player keeps at most HOME_GAMES_MAX_SAVED saved games.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from matches import actions
from matches.games.kind import GameKind
from matches.models import Game

SESSION_KEY = "home-games"


def max_deals() -> int:
    """Return the most deals one sheet holds."""
    return django_settings.HOME_GAME_MAX_DEALS


def max_saved() -> int:
    """Return the most games one player may keep saved."""
    return django_settings.HOME_GAMES_MAX_SAVED


def _deals(stored) -> list:
    """Return the stored deals as a list (a damaged session or row gives an empty one)."""
    return [deal for deal in stored if isinstance(deal, dict)] if isinstance(stored, list) else []


class SessionGame:
    """A game kept in the browser's session: anyone can play without an account."""

    saved = False
    pk = None

    def __init__(self, request, kind: GameKind):
        self.request = request
        self.kind = kind
        games = request.session.get(SESSION_KEY)
        stored = games.get(kind.slug) if isinstance(games, dict) else None
        stored = stored if isinstance(stored, dict) else {}
        self.settings = kind.clean_settings(stored.get("settings"))
        self.deals = _deals(stored.get("deals"))
        self.name = ""

    def save(self) -> None:
        """Keep the deals and settings in the session."""
        games = self.request.session.get(SESSION_KEY)
        games = games if isinstance(games, dict) else {}
        games[self.kind.slug] = {"settings": self.settings, "deals": self.deals}
        self.request.session[SESSION_KEY] = games

    def restart(self) -> None:
        """Start over: no deals, the settings kept."""
        self.deals = []
        self.save()


class SavedGame:
    """A game saved by its owner; nobody else can see or change it."""

    saved = True

    def __init__(self, game: Game, kind: GameKind, user):
        self.game = game
        self.user = user
        self.kind = kind
        self.pk = game.pk
        self.name = game.name
        self.settings = kind.clean_settings(game.settings)
        self.deals = _deals(game.deals)

    def save(self) -> None:
        """Store the deals and settings on the saved game (ActionError if refused)."""
        self.game = actions.update_game(
            self.game, settings=self.settings, deals=self.deals, user=self.user
        )

    def restart(self) -> None:
        """Start over: no deals, the settings kept."""
        self.deals = []
        self.save()


def load(request, kind: GameKind, game_id: int | None):
    """Return the game a page works on: a saved one (its owner only) or the session's."""
    if game_id is None:
        return SessionGame(request, kind)
    if not request.user.is_authenticated:
        raise Http404
    game = get_object_or_404(Game, pk=game_id, owner=request.user, kind=kind.slug)
    return SavedGame(game, kind, request.user)


def save_as(request, state: SessionGame, name: str) -> Game:
    """Return a new saved game with the session game's deals and settings (ActionError
    past the number of saved games a player may keep)."""
    return actions.save_game(
        owner=request.user,
        kind=state.kind.slug,
        name=name,
        settings=state.settings,
        deals=state.deals,
        user=request.user,
    )


def urls(state) -> dict:
    """Return the addresses a game's page posts to (the session's or the saved game's)."""
    slug = state.kind.slug
    if state.saved:
        args = [slug, state.pk]
        names = ("game-saved", "game-saved-deal", "game-saved-restart", "game-saved-settings")
        edit = [reverse("game-saved-deal-edit", args=[*args, i]) for i in range(len(state.deals))]
    else:
        args = [slug]
        names = ("game", "game-deal", "game-restart", "game-settings")
        edit = [reverse("game-deal-edit", args=[*args, i]) for i in range(len(state.deals))]
    page, deal, restart, settings = (reverse(name, args=args) for name in names)
    return {"page": page, "deal": deal, "restart": restart, "settings": settings, "edit": edit}
