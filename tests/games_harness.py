"""What the home-game tests share: posting a deal as the page's form does, reading a cell."""

import re

from django.urls import reverse

HTMX = {"HX-Request": "true"}
KINDS = ["tiebreak", "rubber", "chicago", "simplified"]


def add(client, kind, **fields):
    """Post a deal as the page's "Add deal" button does (htmx); return the response."""
    return client.post(reverse("game-deal", args=[kind]), fields, headers=HTMX)


def correct(client, kind, index, **fields):
    """Post a correction of the deal at ``index`` (0 up); return the response."""
    return client.post(reverse("game-deal-edit", args=[kind, index]), fields, headers=HTMX)


def delete(client, kind, index):
    """Press the Delete button of the deal at ``index`` (0 up); return the response."""
    url = reverse("game-deal-edit", args=[kind, index])
    return client.post(url, {"action": "delete"}, headers=HTMX)


def page(client, kind, **query):
    """Return the text of the game's page."""
    response = client.get(reverse("game", args=[kind]), query)
    assert response.status_code == 200
    return response.text


def cell(text, css):
    """Return the text of the last cell with this class (the running total at the end)."""
    found = re.findall(rf'class="(?:[^"]* )?{css}(?: [^"]*)?">([^<]*)<', text)
    return found[-1].strip() if found else None


def rows(text):
    """Return how many deals the sheet shows as rows."""
    return text.count('<tr data-deal="')


def store_in_session(client, kind, deals, settings=None):
    """Put a sheet straight into the session, as an older version or a bug might have left it."""
    session = client.session
    session["home-games"] = {kind: {"settings": settings or {}, "deals": deals}}
    session.save()
