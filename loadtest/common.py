"""What the load test's locustfiles and its set-up share: think times from the
environment, spreading users over several app servers, random bridge results as
players type them, a page's CSS and JS asked for as a browser does, and which rooms a
public scorecard shows. Imports no locust (the set-up imports it beside Django)."""

from __future__ import annotations

import itertools
import os
import random
import re

HOSTS = [h.strip() for h in os.environ.get("LOADTEST_HOSTS", "").split(",") if h.strip()]
_host_numbers = itertools.count()


def seconds_between(name: str, default: str) -> tuple[float, float]:
    """Return the (low, high) seconds an environment variable gives, such as "2,5"."""
    low, high = (float(x) for x in os.environ.get(name, default).split(","))
    return low, high


def wait_between(name: str, default: str):
    """Return a locust wait time (as locust's ``between``) from an environment variable."""
    low, high = seconds_between(name, default)
    return lambda user: random.uniform(low, high)


def use_next_host(user) -> None:
    """Put a user on the next of several app servers (LOADTEST_HOSTS), if there are several."""
    if HOSTS:
        user.host = HOSTS[next(_host_numbers) % len(HOSTS)]
        user.client.base_url = user.host


def random_result(rng: random.Random) -> dict:
    """Return a plausible result: level (0: passed out), strain, doubling, declarer, tricks."""
    if rng.random() < 0.03:
        return {"level": 0, "strain": "", "doubling": "", "declarer": "", "tricks": None}
    level = rng.choices(range(1, 8), (10, 20, 25, 25, 10, 7, 3))[0]
    tricks = min(max(level + 6 + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2)), 0), 13)
    return {
        "level": level,
        "strain": rng.choice(("C", "D", "H", "S", "NT")),
        "doubling": rng.choices(("", "X", "XX"), (85, 13, 2))[0],
        "declarer": rng.choice("NESW"),
        "tricks": tricks,
    }


def result_typed(result: dict) -> str:
    """Return the result column as a player types or taps it: "=", "+1", "-2"."""
    over = result["tricks"] - (result["level"] + 6)
    return "=" if over == 0 else f"{over:+d}"


SYMBOLS = {
    "C": "♣",
    "D": "♦",
    "H": "♥",
    "S": "♠",
    "NT": "NT",
}  # as the table page's taps write them


def typed_entry(rng: random.Random) -> tuple[dict, dict]:
    """Return a random result and the fields a table's page posts for it (the contract
    as its taps write it, such as 4♠X)."""
    result = random_result(rng)
    if not result["level"]:
        return result, {"contract": "PASS", "declarer": "", "result": ""}
    contract = f"{result['level']}{SYMBOLS[result['strain']]}{result['doubling']}"
    fields = {"contract": contract, "declarer": result["declarer"], "result": result_typed(result)}
    return result, fields


def random_entry(rng: random.Random) -> dict[str, str]:
    """Return a valid room-sheet row as a director types it: contract, declarer, lead, result."""
    result = random_result(rng)
    if not result["level"]:
        return {"contract": "PASS", "declarer": "", "lead": "", "result": ""}
    lead = f"{rng.choice('SHDC')}{rng.choice(('A', 'K', 'Q', 'J', '10', '9', '5', '2'))}"
    return {
        "contract": f"{result['level']}{result['strain']}{result['doubling']}",
        "declarer": result["declarer"],
        "lead": lead if rng.random() < 0.9 else "",
        "result": str(result["tricks"]) if rng.random() < 0.15 else result_typed(result),
    }


def live_refresh(user, path: str, etags: dict[str, str]) -> None:
    """Do what the public pages' live refresh does: ask for the page again with the ETag
    it showed (If-None-Match, X-Live): 304 while nothing changed, else the refreshed part."""
    headers = {"If-None-Match": etags.get(path, ""), "X-Live": "1"}
    with user.client.get(path, headers=headers, name="live-refresh", catch_response=True) as answer:
        if answer.status_code == 200 and answer.headers.get("ETag"):
            etags[path] = answer.headers["ETag"]
        elif answer.status_code != 304:
            answer.failure(f"live-refresh: HTTP {answer.status_code}")


ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"')


def fetch_assets(user, html: str) -> None:
    """Ask for a page's CSS and JS, as a browser does the first time (cached after)."""
    for asset in sorted(set(ASSET.findall(html or ""))):
        user.client.get(asset, name="static")


ROW = re.compile(r'<tr data-board="(\d+)"[^>]*>(.*?)</tr>', re.S)
CELL = re.compile(r"<td\b([^>]*)>")
COLSPAN = re.compile(r'colspan="(\d+)"')


def rooms_shown(html: str) -> dict[int, tuple[bool, bool]]:
    """Return {board: (open room shown, closed room shown)} from a public scorecard
    (templates/matches/_scorecard_row.html: the vulnerability, then six columns a room,
    or one cell spanning six for a room not entered)."""
    shown = {}
    for row in ROW.finditer(html):
        widths = [
            int(m.group(1)) if (m := COLSPAN.search(attrs)) else 1
            for attrs in CELL.findall(row.group(2))
        ][1:]
        rooms, position = [], 0
        for _ in range(2):
            if position >= len(widths):
                rooms.append(False)
                continue
            rooms.append(widths[position] != 6)
            used = 0
            while position < len(widths) and used < 6:
                used += widths[position]
                position += 1
        shown[int(row.group(1))] = (rooms[0], rooms[1])
    return shown
