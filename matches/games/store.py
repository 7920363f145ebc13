"""Where a game's deals live: the visitor's session, or a Game saved by a logged-in player."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from matches.games import GameKind
from matches.models import Game

SESSION_KEY = "home-games"


class SessionGame:
    """A game kept in the browser's session: anyone can play without an account."""

    saved = False
    pk = None

    def __init__(self, request, kind: GameKind):
        self.request = request
        self.kind = kind
        stored = request.session.get(SESSION_KEY, {}).get(kind.slug, {})
        self.settings = {**kind.default_settings, **stored.get("settings", {})}
        self.deals = list(stored.get("deals", []))
        self.name = ""

    def save(self) -> None:
        """Keep the deals and settings in the session."""
        games = self.request.session.get(SESSION_KEY, {})
        games[self.kind.slug] = {"settings": self.settings, "deals": self.deals}
        self.request.session[SESSION_KEY] = games

    def restart(self) -> None:
        """Start over: no deals, the settings kept."""
        self.deals = []
        self.save()


class SavedGame:
    """A game saved by its owner; nobody else can see or change it."""

    saved = True

    def __init__(self, game: Game, kind: GameKind):
        self.game = game
        self.kind = kind
        self.pk = game.pk
        self.name = game.name
        self.settings = {**kind.default_settings, **game.settings}
        self.deals = list(game.deals)

    def save(self) -> None:
        """Store the deals and settings on the saved game."""
        self.game.settings = self.settings
        self.game.deals = self.deals
        self.game.save(update_fields=["settings", "deals", "updated"])

    def restart(self) -> None:
        """Start over: no deals, the settings kept."""
        self.deals = []
        self.save()


def load(request, kind: GameKind, game_id: int | None):
    """Return the game a page works on: a saved one (its owner only) or the session's."""
    if game_id is None:
        return SessionGame(request, kind)
    if not request.user.is_authenticated:
        from django.http import Http404

        raise Http404
    game = get_object_or_404(Game, pk=game_id, owner=request.user, kind=kind.slug)
    return SavedGame(game, kind)


def save_as(request, state: SessionGame, name: str) -> Game:
    """Return a new saved game with the session game's deals and settings."""
    return Game.objects.create(
        owner=request.user,
        kind=state.kind.slug,
        name=name,
        settings=state.settings,
        deals=state.deals,
    )


def urls(state) -> dict:
    """Return the addresses a game's page posts to (the session's or the saved game's)."""
    from django.urls import reverse

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
