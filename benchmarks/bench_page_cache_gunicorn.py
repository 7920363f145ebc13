"""Time a cached public page and its 304 through gunicorn, beside a static file.

    .venv/bin/python benchmarks/bench_page_cache_gunicorn.py     (also run by `make bench`)

Needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres); Redis at BENCH_REDIS_URL
(default redis://127.0.0.1:6379/1, keys under a prefix of this run's own, deleted
afterwards) for the rows with Redis, which are left out when it does not answer.

A fresh database (scoresheet_bench_gunicorn_<pid>, dropped afterwards) gets a 64-team, 12-round
Swiss event built wholly through the actions layer (bench_swiss_pages.build). Its
standings page is rendered once and its bytes saved as a file that WhiteNoise serves at
the site's root (benchmarks/gunicorn_settings.py: the app's settings plus WHITENOISE_ROOT),
so the static file and the page are the same bytes. Then gunicorn is started through
scripts/support/server.py's AppServer: one worker (the default, sync), 127.0.0.1, DEBUG
off, the production settings (CONN_MAX_AGE=60); once without REDIS_URL (the page kept in
the worker's memory: "memory") and once with REDIS_URL (kept in Redis: "Redis"); either
way the event's revision is read from the database for each request. The page is
asked for until it is cached, then timed one request after another, each from connecting
to the last byte read:

  static   the page's bytes as a static file (WhiteNoise)
  page     the cached public page (the event's standings)
  304      the page asked for with If-None-Match: its ETag (304, no body)

with keep-alive off (a new connection for each request and "Connection: close", as nginx
asks its upstream by default) and on (one connection, kept as long as the server keeps
it: gunicorn's sync worker closes it after each answer, so the client connects again).
The kinds take turns in blocks of BLOCK requests; a run is REQUESTS of each after WARMUPS;
RUNS runs. The table gives the median of the runs' medians and of their p95s, the lowest
and highest run median (how much runs vary), the ratio beside the static file (each run's
median over that run's static median: the median of the runs, and their range), and the
worker's CPU time a request (from /proc/<pid>/schedstat, blocks of one kind), which a
busy machine changes less than the times.
"""

from __future__ import annotations

import http.client
import os
import random
import shutil
import socket
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "scripts")]

from bench_swiss_pages import build  # noqa: E402 - after the path above
from support.postgres import pg_ready  # noqa: E402
from support.project import set_up_check, tear_down_check  # noqa: E402
from support.server import (  # noqa: E402
    APP_HOST,
    AppServer,
    forget_keys,
    port_in_use,
    redis_error,
    server_env,
)

PORT = int(os.environ.get("BENCH_GUNICORN_PORT", "0"))  # 0: a free port
DB_NAME = f"scoresheet_bench_gunicorn_{os.getpid()}"  # two runs at once keep apart
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/1")
TEAMS, SEED = 64, 12
WARMUPS = int(os.environ.get("BENCH_WARMUPS", "50"))
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "400"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
BLOCK = 25
STATIC_NAME = "bench-standings.html"
KINDS = ("static", "page", "304")


def build_event(director) -> tuple[str, bytes]:
    """Return the standings page's path of a played Swiss event built through the actions,
    and the page's bytes as the app renders it."""
    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    event, _ = build(TEAMS, random.Random(SEED), director)
    path = reverse("event", args=[event.pk])
    response = Client(HTTP_HOST=APP_HOST).get(path)
    assert response.status_code == 200, response.status_code
    connection.close()
    return path, response.content


class Requester:
    """GETs to the server, one at a time, with keep-alive off or on."""

    def __init__(self, port: int, keep_alive: bool):
        self.port, self.keep_alive = port, keep_alive
        self.connection = None

    def get(self, path: str, headers: dict) -> tuple[float, int, dict, bytes]:
        """Return the seconds a GET took (connecting to the last byte), the status, the
        headers and the body."""
        started = time.perf_counter()
        if self.connection is None or not self.keep_alive:
            self.connection = http.client.HTTPConnection(APP_HOST, self.port, timeout=10)
        if not self.keep_alive:
            headers = {**headers, "Connection": "close"}
        self.connection.request("GET", path, headers=headers)
        response = self.connection.getresponse()
        body = response.read()
        seconds = time.perf_counter() - started
        if not self.keep_alive:
            self.connection.close()
        return seconds, response.status, dict(response.getheaders()), body

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


def free_port() -> int:
    """Return a port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((APP_HOST, 0))
        return probe.getsockname()[1]


def worker_cpu(server: AppServer) -> float:
    """Return the seconds of CPU the server's one worker has used so far (all its threads)."""
    master = server.process.pid
    (worker,) = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    tasks = Path(f"/proc/{worker}/task")
    return sum(int((task / "schedstat").read_text().split()[0]) for task in tasks.iterdir()) / 1e9


def check_answers(requester: Requester, path: str, page: bytes) -> dict[str, tuple]:
    """Return each kind's (path, headers, status); fail unless the static file and the page
    are the same bytes and the 304 is a 304."""
    _, status, headers, body = requester.get(f"/{STATIC_NAME}", {})
    assert status == 200 and body == page, (status, len(body), len(page))
    for _ in range(3):  # rendered, then cached
        _, status, headers, body = requester.get(path, {})
    assert status == 200 and body == page, (status, len(body), len(page))
    etag = headers["ETag"]
    _, status, _, body = requester.get(path, {"If-None-Match": etag})
    assert status == 304 and not body, status
    return {
        "static": (f"/{STATIC_NAME}", {}, 200),
        "page": (path, {}, 200),
        "304": (path, {"If-None-Match": etag}, 304),
    }


def time_run(server: AppServer, requester: Requester, asks: dict) -> dict[str, tuple]:
    """Return each kind's (seconds of each timed request, worker CPU seconds a request)
    in one run: blocks of BLOCK requests, the kinds taking turns."""
    times = {kind: [] for kind in KINDS}
    cpu = dict.fromkeys(KINDS, 0.0)
    blocks = (WARMUPS + REQUESTS) // BLOCK
    for block in range(blocks):
        order = KINDS[block % len(KINDS) :] + KINDS[: block % len(KINDS)]
        for kind in order:
            path, headers, expected = asks[kind]
            cpu_before = worker_cpu(server)
            taken = []
            for _ in range(BLOCK):
                seconds, status, _, _ = requester.get(path, headers)
                assert status == expected, (kind, status)
                taken.append(seconds)
            if block * BLOCK >= WARMUPS:
                cpu[kind] += worker_cpu(server) - cpu_before
                times[kind] += taken
    return {kind: (times[kind], cpu[kind] / len(times[kind])) for kind in KINDS}


def measure(server: AppServer, path: str, page: bytes) -> dict[bool, list[dict]]:
    """Return, for keep-alive off and on, each run's times of each kind."""
    runs = {}
    for keep_alive in (False, True):
        requester = Requester(server.port, keep_alive)
        try:
            asks = check_answers(requester, path, page)
            runs[keep_alive] = [time_run(server, requester, asks) for _ in range(RUNS)]
        finally:
            requester.close()
    return runs


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20, method="inclusive")[18]


def print_table(results: dict[str, dict[bool, list[dict]]]) -> None:
    line = "{:<9} {:<10} {:<7} {:>9} {:>9} {:>21} {:>9} {:>15} {:>11}"
    print(
        line.format(
            "pages",
            "keep-alive",
            "answer",
            "median",
            "p95",
            "run medians",
            "÷ static",
            "÷ static, runs",
            "worker CPU",
        )
    )
    for label, by_keep_alive in results.items():
        for keep_alive, runs in by_keep_alive.items():
            statics = [statistics.median(run["static"][0]) for run in runs]
            for kind in KINDS:
                medians = [statistics.median(run[kind][0]) for run in runs]
                ratios = [m / s for m, s in zip(medians, statics, strict=True)]
                print(
                    line.format(
                        label,
                        "on" if keep_alive else "off",
                        kind,
                        f"{statistics.median(medians) * 1e3:.2f} ms",
                        f"{statistics.median(p95(run[kind][0]) for run in runs) * 1e3:.2f} ms",
                        f"{min(medians) * 1e3:.2f} to {max(medians) * 1e3:.2f} ms",
                        f"{statistics.median(ratios):.2f}×",
                        f"{min(ratios):.2f} to {max(ratios):.2f}×",
                        f"{statistics.median(run[kind][1] for run in runs) * 1e3:.2f} ms",
                    )
                )


def main() -> int:
    if not pg_ready():
        print("PostgreSQL does not answer on 127.0.0.1:5432: bench_page_cache_gunicorn skipped")
        return 0
    port = PORT or free_port()
    if port_in_use(APP_HOST, port):
        print(f"{APP_HOST}:{port} is taken (BENCH_GUNICORN_PORT to change it)", file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="bench-gunicorn-"))
    static_dir = work / "static"
    static_dir.mkdir()
    env = {
        **server_env(DB_NAME, APP_HOST),
        "DJANGO_SETTINGS_MODULE": "benchmarks.gunicorn_settings",
        "BENCH_STATIC_DIR": str(static_dir),
        "CONN_MAX_AGE": "60",  # as in production (docs/operations.md, "Production")
    }
    for name in ("REDIS_URL", "CACHE_KEY_PREFIX"):
        env.pop(name, None)
    prefix = f"bench-gunicorn-{uuid.uuid4().hex[:12]}"
    modes = {"memory": env}
    unreachable = redis_error(REDIS_URL)
    if unreachable:
        print(f"({unreachable}: the rows with Redis are left out)")
    else:
        modes["Redis"] = {**env, "REDIS_URL": REDIS_URL, "CACHE_KEY_PREFIX": prefix}
    log_path = work / "gunicorn.log"
    load_before = os.getloadavg()
    results = {}
    try:
        director, _ = set_up_check(DB_NAME, env, "bench-director")
        started = time.perf_counter()
        path, page = build_event(director)
        built = time.perf_counter() - started
        (static_dir / STATIC_NAME).write_bytes(page)
        for label, mode_env in modes.items():
            server = AppServer(port, mode_env, log_path, workers=1).start()
            try:
                results[label] = measure(server, path, page)
            finally:
                server.stop()
    finally:
        tear_down_check(DB_NAME)
        if "Redis" in modes:
            forget_keys(REDIS_URL, prefix)
    load_after = os.getloadavg()
    print(
        f"{TEAMS}-team Swiss event built through the actions in {built:.1f} s; its standings "
        f"page {len(page) / 1024:.0f} KB, the same bytes as /{STATIC_NAME}\n"
        f"gunicorn, 1 sync worker, {APP_HOST}, DEBUG off, PostgreSQL (CONN_MAX_AGE=60); the "
        f"page kept in the worker's memory or in Redis, its revision read from the database; "
        f"{RUNS} runs of "
        f"{REQUESTS} requests of each kind after {WARMUPS}, in turns; load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after, on {os.cpu_count()} cores"
    )
    print_table(results)
    log = log_path.read_text(errors="replace")
    if "Traceback" in log or "ERROR" in log:
        print(f"gunicorn's log has errors: {log_path}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
