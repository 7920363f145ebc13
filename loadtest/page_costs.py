"""What each page of the load test's event costs to render, in this process's CPU: the
public pages a spectator opens and a table's page, rendered afresh (the cache emptied),
again from the cache, and answered 304 to the live refresh.

    python loadtest/page_costs.py PLAN.json [--played N]

Run with the server's environment (DATABASE_URL, SECRET_KEY, DEBUG=0, ...) on a database
that loadtest/setup_event.py --tables has just made (PLAN.json is its plan): the round at
the tables has no result yet, so every board of it is in play and the public pages show
the totals without it (fair play). With ``--played N`` the first N boards of the round
are first played in both rooms of every match but one room of its last match (results
loaded through the actions, random as the set-up's; once only: the database keeps them):
with the default rule they stay hidden everywhere, played at every match but one.
Django's test client, the whole middleware stack; ``time.process_time`` of each request
(PostgreSQL's own CPU not counted); the median of each kind. "one after another": the
cache emptied once, then distinct pages of the kind (the scorecards of ten matches, the
pages of ten teams), as the first spectators find them. Speed is never asserted: the
figures are the point (docs/performance.md, "A national championship").
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

import django  # noqa: E402

django.setup()

sys.path.insert(0, str(ROOT / "loadtest"))
from common import random_result  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.test import Client  # noqa: E402

from matches import actions  # noqa: E402
from matches.models import Board, Event, Result  # noqa: E402


def cpu_ms(client: Client, path: str, **headers) -> tuple[float, object]:
    started = time.process_time()
    response = client.get(path, **headers)
    return (time.process_time() - started) * 1000, response


def play(plan: dict, boards: int) -> int:
    """Play the round's first ``boards`` boards everywhere but one room; return how many
    results were loaded."""
    event = Event.objects.get(pk=plan["event"])
    last = max(m["id"] for m in plan["matches"] if m["round"] == plan["current_round"])
    rng = random.Random(2)
    played = Board.objects.filter(
        match__event=event, match__round=plan["current_round"], number__lte=boards
    ).order_by("pk")
    results = [
        Result(board=board, room=room, version=1, **random_result(rng))
        for board in played
        for room in ("open", "closed")
        if (board.match_id, room) != (last, "closed")
    ]
    return actions.load_results(event, results, user=None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("plan", type=Path)
    parser.add_argument("--played", type=int, default=0)
    args = parser.parse_args()
    plan = json.loads(args.plan.read_text())
    if args.played:
        print(f"{play(plan, args.played)} results loaded: boards 1 to {args.played}")
    event = plan["event"]
    current = [m for m in plan["matches"] if m["round"] == plan["current_round"]]
    pages = {
        "standings": [f"/events/{event}/"] * 5,
        "round": [f"/events/{event}/rounds/{plan['current_round']}/"] * 5,
        "scorecard": [f"/matches/{m['id']}/" for m in current[:10]],
        "team": [f"/events/{event}/teams/{team}/" for team in plan["teams"][:10]],
        "table page": [f"/t/{table['token']}/" for table in plan["tables"][:10]],
    }
    client = Client(HTTP_HOST="127.0.0.1")
    teams, matches = len(plan["teams"]), len(current)
    print(f"event {event}: {teams} teams, {matches} matches in play; CPU ms, median")
    print(f"{'page':<12}{'afresh':>9}{'one after another':>19}{'cached':>9}{'304':>7}")
    for name, paths in pages.items():
        fresh, cached, unchanged = [], [], []
        for path in paths:
            cache.clear()
            took, response = cpu_ms(client, path)
            if response.status_code != 200:
                print(f"{path}: HTTP {response.status_code}")
                return 1
            fresh.append(took)
            took, response = cpu_ms(client, path)
            cached.append(took)
            if etag := response.headers.get("ETag"):
                took, _ = cpu_ms(client, path, HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
                unchanged.append(took)
        cache.clear()
        in_turn = [cpu_ms(client, path)[0] for path in dict.fromkeys(paths)]

        def median(values: list[float]) -> str:
            return f"{statistics.median(values):.1f}" if values else "-"

        print(
            f"{name:<12}{median(fresh):>9}{median(in_turn):>19}{median(cached):>9}"
            f"{median(unchanged):>7}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
