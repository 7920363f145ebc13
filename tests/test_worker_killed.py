"""Real workers (``manage.py db_worker``) killed in the middle of a job: nothing half-written,
the job's page offers to run it again, and the next worker does it whole.

Each test has a database of its own (a SQLite file, or a PostgreSQL database made for it
when the suite runs on PostgreSQL), set up by ``tests/worker_harness.py`` in processes of
their own and read straight from the database, as the web server and the workers share
one in production.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POSTGRES = os.environ.get("DATABASE_URL", "")
SERVER = POSTGRES.rsplit("/", 1)[0] + "/postgres"  # where databases are made and dropped


@pytest.fixture
def env(tmp_path):
    """Return the environment of the server and workers: a database of their own, a SQLite
    file, or on PostgreSQL (when the suite runs there) a database made for the test."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    name = None
    if POSTGRES.startswith("postgres"):
        import psycopg

        name = f"workers_{os.getpid()}_{tmp_path.name}".lower().replace("-", "_")[:60]
        url = POSTGRES.rsplit("/", 1)[0] + "/" + name
        with psycopg.connect(SERVER, autocommit=True) as server:
            server.execute(f'CREATE DATABASE "{name}"')
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "1",
        "DATABASE_URL": url,
        "JOB_STALE_SECONDS": "2",
        "JOB_STALE_SAVING_SECONDS": "2",
    }
    manage(env, "migrate", "-v0")
    yield env
    if name is not None:
        with psycopg.connect(SERVER, autocommit=True) as server:
            server.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def harness(env, *args) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.worker_harness", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def worker(env) -> subprocess.Popen:
    command = [
        sys.executable,
        "manage.py",
        "db_worker",
        "--no-startup-delay",
        "--no-reload",
        "--interval",
        "0.2",
        "-v0",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE)


def read(env, job: int) -> dict:
    """Return the job's row and the rows written, read straight from the database file (a
    process a poll would cost a second)."""
    url = env["DATABASE_URL"]
    if url.startswith("sqlite:///"):
        connection, mark = sqlite3.connect(url.removeprefix("sqlite:///"), timeout=30), "?"
    else:
        import psycopg

        connection, mark = psycopg.connect(url, autocommit=True), "%s"
    with closing(connection) as db:
        row = db.execute(
            "SELECT state, phase, done, total, attempt, heartbeat, event_id FROM matches_job "
            f"WHERE id = {mark}",
            (job,),
        ).fetchone()
        deals = db.execute("SELECT count(*) FROM matches_deal").fetchone()[0]
        results = db.execute("SELECT count(*) FROM matches_result").fetchone()[0]
    keys = ("state", "phase", "done", "total", "attempt", "heartbeat", "event")
    return {**dict(zip(keys, row, strict=True)), "deals": deals, "results": results}


def wait_for(env, job: int, wanted, seconds: float = 240, every: float = 0.1) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = read(env, job)
        if wanted(state):
            return state
        time.sleep(every)
    raise AssertionError(f"job {job} never got there: {state}")


def kill(process: subprocess.Popen) -> None:
    os.kill(process.pid, signal.SIGKILL)  # no clean-up of any kind: a power cut
    process.wait(timeout=10)


def run_again_to_the_end(env, job: int) -> dict:
    time.sleep(2.5)  # JOB_STALE_SECONDS without a sign of life
    stopped = harness(env, "state", job)
    assert stopped["stopped"] and stopped["state"] == "running"  # the page says so
    assert harness(env, "again", job) == {"attempt": 2}  # the page's Run again
    second = worker(env)
    try:
        return wait_for(env, job, lambda s: s["state"] == "done")
    finally:
        second.terminate()
        second.wait(timeout=30)


def test_a_worker_killed_while_analysing_leaves_no_deal_and_the_job_runs_again(env):
    job = harness(env, "setup-deals", 48)["job"]
    first = worker(env)
    try:
        midway = wait_for(env, job, lambda s: s["phase"] == "analysing" and 8 <= s["done"] < 48)
    finally:
        kill(first)
    assert midway["total"] == 48  # the page shows the deals analysed, of how many
    after = read(env, job)
    assert after["deals"] == 0 and after["state"] == "running"
    final = run_again_to_the_end(env, job)
    assert (final["deals"], final["done"], final["total"], final["attempt"]) == (48, 48, 48, 2)


def test_a_worker_killed_while_saving_results_leaves_none_and_the_job_runs_again(env):
    setup = harness(env, "setup-results", 32, 64)
    job, results = setup["job"], setup["results"]
    first = worker(env)
    try:
        wait_for(env, job, lambda s: s["phase"] == "writing")
        time.sleep(0.5)  # well into the one transaction that saves them all
    finally:
        kill(first)
    after = read(env, job)
    assert after["state"] == "running", "the save finished before the kill: use more results"
    assert after["results"] == 0  # the transaction was cut: nothing of it is in the file
    final = run_again_to_the_end(env, job)
    assert (final["results"], final["attempt"]) == (results, 2)
