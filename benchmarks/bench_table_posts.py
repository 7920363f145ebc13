"""What a table's phones cost the servers: the CPU of each post and poll, beside a static file.

    .venv/bin/python benchmarks/bench_table_posts.py     (also run by `make bench`)

Needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres), on this machine (its CPU is
read from /proc); Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379/1, keys under
a prefix of this run's own, deleted afterwards), else each process's memory as the cache.

A fresh database (scoresheet_bench_tables_<pid>, dropped afterwards) gets the load test's
event (loadtest/setup_event.py --tables: MATCHES matches at the tables, 16 boards), made
through the actions. Then, in this one process, each table's two phones (Django's test
client: the whole middleware stack, CSRF checked, as the page's script posts) play BOARDS
boards, every table one board after another: North-South enters the board (the answer
carries the table's state, rendered afresh), East-West's poll is sent that state (kept for
it), East-West accepts, North-South's poll is sent the new state, and a poll with the
ETag it has is answered 304. A static file through the same stack is asked for as often.
For each kind of request the table gives how many, the milliseconds of CPU each took in
this process (``time.process_time``) and in PostgreSQL's process serving its connection
(/proc/<pid>/stat), their sum, the sum beside the static file's, and the queries a
request made. Speed is never asserted: the figures are the point (docs/tables.md, "Results from
the tables").
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "loadtest")]

from common import typed_entry  # noqa: E402 - after the path above
from support.postgres import pg_ready  # noqa: E402
from support.project import set_up_check, tear_down_check  # noqa: E402
from support.server import APP_HOST, forget_keys, redis_error, server_env  # noqa: E402

DB_NAME = f"scoresheet_bench_tables_{os.getpid()}"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/1")
MATCHES = int(os.environ.get("BENCH_MATCHES", "20"))
BOARDS = int(os.environ.get("BENCH_BOARDS", "8"))
SEED = 7
KINDS = ("static file", "table page", "enter", "accept", "state (kept)", "state 304")


class Meter:
    """CPU and queries of each kind of request: this process's, and PostgreSQL's."""

    def __init__(self):
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.backend = cursor.fetchone()[0]
        self.tick = os.sysconf("SC_CLK_TCK")
        self.cpu = defaultdict(list)  # kind -> [(python s, postgres s, queries)]

    def postgres_cpu(self) -> float:
        fields = Path(f"/proc/{self.backend}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def __call__(self, kind: str, request):
        from django.db import connection

        queries = []

        def counted(execute, sql, params, many, context):
            queries.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(counted):
            postgres, python = self.postgres_cpu(), time.process_time()
            response = request()
            python, postgres = time.process_time() - python, self.postgres_cpu() - postgres
        self.cpu[kind].append((python, postgres, len(queries)))
        return response


def play(meter: Meter, plan: dict) -> None:
    """Play BOARDS boards at every table of the plan, as the module says."""
    from django.test import Client

    rng = random.Random(SEED)
    json = {"HTTP_ACCEPT": "application/json"}
    static = "/static/js/table.js"
    phones = []
    for table in plan["tables"]:
        base = f"/t/{table['token']}/"
        pair = {}
        for side in ("NS", "EW"):
            phone = Client(enforce_csrf_checks=True, HTTP_HOST=APP_HOST)
            assert meter("table page", lambda p=phone, b=base: p.get(b)).status_code == 200
            pair[side] = phone
        phones.append((base, pair))

    def post(phone, base, what, fields):
        data = {**fields, "key": uuid.uuid4().hex, "device": "bench", "segment": "1"}
        csrf = phone.cookies["csrftoken"].value
        answer = meter(
            what, lambda: phone.post(f"{base}{what}/", data, HTTP_X_CSRFTOKEN=csrf, **json)
        )
        assert answer.status_code == 200 and answer.json()["ok"], answer.content[:200]
        return answer.json()["state"]

    def poll(phone, base, kind, etag=None):
        headers = {**json, "HTTP_IF_NONE_MATCH": etag} if etag else json
        answer = meter(kind, lambda: phone.get(f"{base}state.json?segment=1", **headers))
        assert answer.status_code == (304 if etag else 200), answer.status_code
        return answer

    for number in range(1, BOARDS + 1):
        for base, pair in phones:
            _, typed = typed_entry(rng)
            state = post(pair["NS"], base, "enter", {"board": number, "side": "NS", **typed})
            entry = next(b["entry"] for b in state["boards"] if b["number"] == number)
            poll(pair["EW"], base, "state (kept)")
            post(pair["EW"], base, "accept", {"entry": entry, "side": "EW"})
            etag = poll(pair["NS"], base, "state (kept)")["ETag"]
            poll(pair["NS"], base, "state 304", etag)
            meter("static file", lambda p=pair["NS"]: p.get(static))


def print_table(meter: Meter) -> None:
    line = "{:<13} {:>6} {:>10} {:>10} {:>10} {:>9} {:>8}"
    # queries: BEGIN and COMMIT not counted
    print(line.format("request", "count", "this CPU", "PG CPU", "together", "÷ static", "queries"))
    static = statistics.mean(p + g for p, g, _ in meter.cpu["static file"])
    for kind in KINDS:
        rows = meter.cpu[kind]
        python = statistics.mean(p for p, _, _ in rows)
        postgres = statistics.mean(g for _, g, _ in rows)
        fewest, most = min(q for _, _, q in rows), max(q for _, _, q in rows)
        print(
            line.format(
                kind,
                len(rows),
                f"{python * 1e3:.2f} ms",
                f"{postgres * 1e3:.2f} ms",
                f"{(python + postgres) * 1e3:.2f} ms",
                f"{(python + postgres) / static:.1f}×",
                f"{fewest}-{most}" if fewest != most else str(most),
            )
        )


def main() -> int:
    if not pg_ready():
        print("PostgreSQL does not answer on 127.0.0.1:5432: bench_table_posts skipped")
        return 0
    env = {**server_env(DB_NAME, APP_HOST), "CONN_MAX_AGE": "60"}  # as in production
    for name in ("REDIS_URL", "CACHE_KEY_PREFIX"):
        env.pop(name, None)
    prefix = f"bench-tables-{uuid.uuid4().hex[:12]}"
    unreachable = redis_error(REDIS_URL)
    if unreachable:
        print(f"({unreachable}: the cache is this process's memory)")
    else:
        env.update(REDIS_URL=REDIS_URL, CACHE_KEY_PREFIX=prefix)
    load_before = os.getloadavg()
    try:
        set_up_check(DB_NAME, env, "bench-director")
        import setup_event  # Django is set up by now
        from django.conf import settings

        plan = setup_event.tables_event(MATCHES, 16, SEED)
        meter = Meter()
        started = time.perf_counter()
        play(meter, plan)
        took = time.perf_counter() - started
        prepared = settings.DATABASES["default"].get("OPTIONS", {}).get("prepare_threshold")
    finally:
        tear_down_check(DB_NAME)
        if not unreachable:
            forget_keys(REDIS_URL, prefix)
    load_after = os.getloadavg()
    print(
        f"{MATCHES} matches at {2 * MATCHES} tables, {BOARDS} boards each entered and "
        f"accepted in {took:.1f} s, one process; PostgreSQL, statements prepared: "
        f"{'yes' if prepared else 'no'} (DATABASE_PREPARED); cache: "
        f"{'Redis' if not unreachable else 'memory'}; load average {load_before[0]:.1f} "
        f"before, {load_after[0]:.1f} after, on {os.cpu_count()} cores"
    )
    print_table(meter)
    return 0


if __name__ == "__main__":
    sys.exit(main())
