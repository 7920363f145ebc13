"""The table-entry scenario's plan and its record, shared by its users
(tables_locustfile.py): the event, tables and boards of the plan setup_event.py --tables
wrote (LOADTEST_PLAN), the pace read from the environment, and what the run sent and saw,
written to LOADTEST_SENT when locust quits for check_tables.py to check.

A result accepted is public only once the event's fair-play rule releases it
(``results_public``, matches/scoring/fair_play.py: by default once every match of the
round has the board in both rooms; loadtest/release.py): ``accepted`` holds each result
until the acceptance that releases it is answered, then hands it to the watchers
(PENDING), who time it from that moment. The polls' times (the phones' state.json and
the spectators' live refresh) are counted by the millisecond for their percentiles."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from http.cookiejar import Cookie
from pathlib import Path
from urllib.parse import urlsplit

from common import seconds_between
from locust import events
from release import Release

PLAN = json.loads(Path(os.environ.get("LOADTEST_PLAN", "plan.json")).read_text())
EVENT = PLAN["event"]
CURRENT_ROUND = PLAN["current_round"]
MATCHES = PLAN["matches"]
TABLES = PLAN["tables"]
CURRENT = [m for m in MATCHES if m["round"] == CURRENT_ROUND]
BOARDS = min(int(os.environ.get("LOADTEST_BOARDS") or PLAN["boards"]), PLAN["boards"])
EXPECTED = len(TABLES) * BOARDS  # boards to be entered and accepted in all
RULE = PLAN.get("results_public", "tables")
SEGMENT = PLAN.get("segment") or PLAN["boards"]
ROUND_MATCHES = len({t["match"] for t in TABLES})
DEVICE_LENGTH = PLAN.get("device_length")

BOARD_SECONDS = seconds_between("LOADTEST_BOARD_SECONDS", "9,13")
ACCEPT_DELAY = seconds_between("LOADTEST_ACCEPT_DELAY", "1,3")
HANDOVER = float(os.environ.get("LOADTEST_HANDOVER", "0.25"))
RESEND = float(os.environ.get("LOADTEST_RESEND", "0.05"))
SPECTATORS = int(os.environ.get("LOADTEST_SPECTATORS", "500"))
WATCHERS = int(os.environ.get("LOADTEST_WATCHERS", "4"))

SENT: dict[str, list] = {"entries": [], "accepts": [], "visible": []}
COUNTS: Counter = Counter()
SETTLED: set[tuple[int, int]] = set()  # (table index, board): accepted, or refused for good
PENDING: dict[int, list[dict]] = {}  # match id -> accepted results not yet seen on its scorecard
IN_FLIGHT: dict[str, dict] = {}  # key -> a post sent, its answer not yet received
RELEASE = Release(RULE, ROUND_MATCHES, PLAN["boards"], SEGMENT)  # results held till public
POLL_NAMES = ("table-state", "live-refresh")
POLLS: Counter = Counter()  # ms -> polls answered in that many ms (rounded down)


def device_name(number: int) -> str:
    """Return a phone's device name, as long as a table's post may carry (the plan's
    ``device_length``, the form's max_length), of the letters the actions keep
    (matches/actions/tables.py, PHONE_KEY: else it is stored blank)."""
    if not DEVICE_LENGTH:
        return f"loadtest-{number:04d}"
    name = f"loadtest-phone-{number:05d}-Android-14-Pixel-8-Pro-Chrome-131.0.6778"
    return (name + "x" * DEVICE_LENGTH)[:DEVICE_LENGTH]


def name_phone(jar, host: str, name: str) -> None:
    """Give a phone the name a table's pages keep in its cookie (matches/views/table_access.py,
    PHONE_COOKIE, which the app takes before the form's ``device``), as if an earlier visit
    had set it: the name the entries store is then this one, of any length it allows."""
    cookie = Cookie(
        0,
        "table_phone",
        name,
        None,
        False,
        urlsplit(host).hostname,
        False,
        False,
        "/t/",
        True,
        False,
        None,
        False,
        None,
        None,
        {},
    )
    jar.set_cookie(cookie)


def accepted(match: int, room: str, board: int, answered: float) -> None:
    """Record a result whose acceptance was answered "ok"; hand every result this makes
    public (its own, or the ones it releases) to the watchers, timed from now."""
    item = {"match": match, "room": room, "board": board, "answered": answered}
    for shown in RELEASE.accepted(item):
        shown["released"] = answered
        PENDING.setdefault(shown["match"], []).append(shown)


@events.request.add_listener
def count_polls(name, response_time, **kwargs):
    if name in POLL_NAMES:
        POLLS[int(response_time)] += 1


@events.quitting.add_listener
def write_sent(environment, **kwargs):
    path = os.environ.get("LOADTEST_SENT")
    if path:
        now = time.monotonic()
        unseen = [
            {**item, "match": match, "age": round(now - item["released"], 3)}
            for match, items in PENDING.items()
            for item in items
        ]
        record = {
            **SENT,
            "unseen": unseen,
            "in_flight": list(IN_FLIGHT.values()),
            "counts": dict(COUNTS),
            "expected": EXPECTED,
            "boards": BOARDS,
            "settled": len(SETTLED),
            "rule": RULE,
            "polls": dict(POLLS),
            "held": RELEASE.waiting(),
        }
        Path(path).write_text(json.dumps(record))
