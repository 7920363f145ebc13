"""The table-entry scenario's plan and its record, shared by its users
(tables_locustfile.py): the event, tables and boards of the plan setup_event.py --tables
wrote (LOADTEST_PLAN), the pace read from the environment, and what the run sent and saw,
written to LOADTEST_SENT when locust quits for check_tables.py to check."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from common import seconds_between
from locust import events

PLAN = json.loads(Path(os.environ.get("LOADTEST_PLAN", "plan.json")).read_text())
EVENT = PLAN["event"]
CURRENT_ROUND = PLAN["current_round"]
MATCHES = PLAN["matches"]
TABLES = PLAN["tables"]
CURRENT = [m for m in MATCHES if m["round"] == CURRENT_ROUND]
BOARDS = min(int(os.environ.get("LOADTEST_BOARDS") or PLAN["boards"]), PLAN["boards"])
EXPECTED = len(TABLES) * BOARDS  # boards to be entered and accepted in all

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


@events.quitting.add_listener
def write_sent(environment, **kwargs):
    path = os.environ.get("LOADTEST_SENT")
    if path:
        unseen = [{**item, "match": match} for match, items in PENDING.items() for item in items]
        record = {**SENT, "unseen": unseen, "in_flight": list(IN_FLIGHT.values()),
                  "counts": dict(COUNTS), "expected": EXPECTED, "boards": BOARDS,
                  "settled": len(SETTLED)}  # fmt: skip
        Path(path).write_text(json.dumps(record))
