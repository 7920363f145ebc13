"""Walk every URL pattern and send each write method as an anonymous user and as a
logged-in player who is not a director: every one is refused and nothing changes.

A few URLs take writes from anyone by design; each is listed with why.
"""

import pytest
from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver

from matches.models import Game
from tests.factories import enter, make_event, make_match, make_user

pytestmark = pytest.mark.django_db

PUBLIC_WRITES = {
    "set_language": "anyone may choose the language (a cookie)",
    "login": "logging in",
    "logout": "logging out",
    "signup": "players sign up to save home games",
    "admin:login": "the admin's login form",
    "admin-login": "the admin's login form, held to the app's login limit",
    "admin:logout": "logging out of the admin",
    "game-deal": "home games in the visitor's own session",
    "game-deal-edit": "home games in the visitor's own session",
    "game-restart": "home games in the visitor's own session",
    "game-settings": "home games in the visitor's own session",
    "table-code": "a player types a table's code at /t/ (no login; limited, then locked)",
}
PLAYER_WRITES = {
    "game-save": "a logged-in player saves a home game of their own",
}
DIRECTOR_WRITES = {
    "director-event-new": "any director creates an event, which they then direct",
    "director-restore-event": "any director restores an event, which they then direct",
    "director-generate-event": "any director generates a practice event, which they direct",
}
METHODS = ("post", "put", "patch", "delete")


def patterns(resolver=None, prefix="", namespace=""):
    """Return (name, route) for every URL pattern, nested ones included."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found += patterns(entry, prefix + str(entry.pattern), space)
        elif isinstance(entry, URLPattern):
            found.append(
                (f"{namespace}{entry.name}" if entry.name else None, prefix + str(entry.pattern))
            )
    return found


def fill(route: str, ids: dict) -> str:
    """Return a concrete URL for a route, its parameters filled with existing objects."""
    import re

    route = route.lstrip("^").rstrip("$").replace("\\Z", "").replace("\\", "")
    route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", route)
    for _converter, name in re.findall(r"<(?:(\w+):)?(\w+)>", route):
        value = ids.get(name, "1")
        route = re.sub(rf"<(?:\w+:)?{name}>", str(value), route)
    return "/" + route


def snapshot():
    return {
        model._meta.label: sorted(model.objects.values_list("pk", flat=True))
        for model in apps.get_models()
        if model._meta.app_label in ("matches", "auth")
    } | {"results": list(apps.get_model("matches", "Result").objects.values())}


@pytest.fixture
def world():
    match = make_match()
    enter(match, 1, "open", "4S", "N", "=")
    owner = make_user("owner")
    game = Game.objects.create(owner=owner, kind="rubber", name="Friday", deals=[])
    return {
        "event_id": match.event_id,
        "match_id": match.pk,
        "team_id": match.home_id,
        "room": "open",
        "number": 1,
        "round_number": 1,
        "board_number": 1,
        "penalty_id": 1,
        "game_id": game.pk,
        "kind": "rubber",
        "index": 0,
        "object_id": 1,
        "app_label": "matches",
        "content_type_id": 1,
        "url": "x",
    }


def refused(response) -> bool:
    """Return True for a refusal: forbidden, not found, wrong method, or off to log in."""
    if response.status_code in (403, 404, 405, 429):
        return True
    return response.status_code == 302 and "/login/" in response.url


@pytest.mark.parametrize("who", ["anonymous", "player", "director of another event"])
def test_every_write_url_refuses_anyone_but_the_events_directors_and_changes_nothing(
    client, world, who
):
    if who == "player":
        client.force_login(make_user("someone"))
    if who == "director of another event":
        elsewhere = make_user("elsewhere", director=True)
        make_event(elsewhere)
        client.force_login(elsewhere)
    allowed = set(PUBLIC_WRITES)
    if who != "anonymous":
        allowed |= set(PLAYER_WRITES)
    if who == "director of another event":
        allowed |= set(DIRECTOR_WRITES)
    before = snapshot()
    checked = 0
    for name, route in patterns():
        if name in allowed:
            continue
        url = fill(route, world)
        for method in METHODS:
            response = getattr(client, method)(url, {"name": "x", "status": "final"})
            assert refused(response), (who, name, url, method, response)
            checked += 1
    assert checked > 100
    assert snapshot() == before


def test_the_public_write_urls_are_the_ones_listed_here():
    names = {name for name, _ in patterns()}
    assert set(PUBLIC_WRITES) <= names
    assert set(PLAYER_WRITES) <= names
    assert set(DIRECTOR_WRITES) <= names
