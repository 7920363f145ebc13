"""Restart PostgreSQL in the middle of a burst of saves: no committed result may be lost.

    .venv/bin/python scripts/pg_restart_check.py [--restarts 2] [--rounds 3] [--threads 8]

Run as root on a machine whose PostgreSQL cluster listens on 127.0.0.1:5432 (trust auth,
user postgres). The check:

1. creates a fresh database (scoresheet_restart_check), migrates it, and makes a director
   and a 64-board match;
2. starts gunicorn on 127.0.0.1:8766 (DEBUG=0, 2 workers) on that database and logs in;
3. from several threads, saves every board of both rooms ``--rounds`` times (each save
   with the version the client believes the row has; a 503 or a connection error is
   retried with backoff, a bounded number of times), and restarts PostgreSQL
   (pg_ctlcluster … restart) once or twice during the burst;
4. checks every result in the database against what the clients believe they saved:
   same contract, declarer, lead and tricks as the last save that said "saved", version
   equal to the number of saves that said "saved", one history row per version, and the
   match's stored totals equal to the match scored afresh.

It prints the figures and PASS or FAIL, and exits 0 only on PASS (1: FAIL, 2: cannot run
here). It takes about a minute and at most a few (the burst stops after 150 s). Whatever
happens, a SIGTERM included, it stops gunicorn, starts PostgreSQL again if it is down, and
drops its database.

A restart cuts off every session of the server, not only this check's: the check refuses
to start while other sessions are connected (a test run on test_test, a load test), unless
--force. Run it alone, never beside the PostgreSQL test suite.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from support import log, verdict
from support.cluster import others_busy, pg_cluster, pg_ctl
from support.postgres import PG_HOST, PG_PORT, pg_ready, wait_for_pg
from support.project import set_up_check, tear_down_check
from support.restart_burst import ROOMS, STOP, UNAVAILABLE, Row, Stats, burst
from support.server import (
    APP_HOST,
    AppServer,
    clean_up_on_sigterm,
    port_in_use,
    put_away_logs,
    server_env,
)
from support.web import Browser

# matches.* is imported inside the functions that use it: Django is set up only in main(),
# once the environment names this check's own database.

DB_NAME = "scoresheet_restart_check"
APP_PORT = 8766
BOARDS = 64
USERNAME = "restart-check-td"


def check_database(match_id, rows, stats) -> list[str]:
    """Return what is wrong in the database, compared with what the clients believe."""
    from django.db import connection
    from support.consistency import totals_problems

    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from matches.forms.results import parse_lead
    from matches.models import Match, Result
    from matches.scoring import Contract, parse_result

    def stored(entry):
        contract = Contract.parse(entry["contract"])
        if contract.is_pass:
            return (str(contract), "", "", None)
        tricks = parse_result(entry["result"], contract)
        return (str(contract), entry["declarer"], parse_lead(entry["lead"]), tricks)

    connection.close()  # the connection of before the restarts is gone
    problems = []
    results = {
        (r.board.number, r.room): r
        for r in Result.objects.filter(board__match=match_id).select_related("board")
    }
    history = {}
    for board_id, room in Result.history.filter(board__match=match_id).values_list(
        "board__number", "room"
    ):
        history[(board_id, room)] = history.get((board_id, room), 0) + 1
    for row in rows:
        key = (row.number, row.room)
        result = results.pop(key, None)
        where = f"board {row.number} {row.room}"
        if result is None:
            if row.saved:
                problems.append(f"{where}: LOST, the client saved {len(row.saved)} time(s)")
            continue
        if not row.saved:
            problems.append(f"{where}: in the database, yet no save said saved")
            continue
        have = (str(result.contract), result.declarer, result.lead, result.tricks)
        if have != stored(row.saved[-1]):
            others = [e for e in row.submitted if stored(e) == have]
            note = "an earlier or unconfirmed entry" if others else "NO entry ever submitted"
            problems.append(f"{where}: holds {have} ({note}), the client saved {row.saved[-1]}")
        if result.version != len(row.saved):
            problems.append(
                f"{where}: version {result.version}, yet {len(row.saved)} save(s) said saved"
            )
        if history.get(key, 0) != result.version:
            problems.append(
                f"{where}: {history.get(key, 0)} history rows for version {result.version}"
            )
    for key in results:
        problems.append(f"board {key[0]} {key[1]}: a result nobody saved")

    match = Match.objects.get(pk=match_id)
    problems += totals_problems(match)[0]
    log(
        f"match totals: {match.home_imps}–{match.away_imps} IMPs, VP {match.home_vp}–"
        f"{match.away_vp}, {match.complete_boards} complete boards"
    )
    connection.close()
    return problems


def report(stats: Stats, rows, problems, elapsed) -> bool:
    down = sum(d for _, d, _ in stats.restarts)
    lines = [
        f"saves attempted        {stats.attempted} ({len(rows)} rows)",
        f"saved                  {stats.saved} ({stats.saved_after_retry} after a retry)",
        f"HTTP requests          {stats.requests}",
        f"503s seen              {stats.unavailable} "
        f"({stats.unavailable_with_message} with “{UNAVAILABLE}”)",
        f"connection errors      {stats.connection_errors}",
        f"retries                {stats.retries}",
        f"conflicts              {stats.conflicts}",
        f"other answers          {len(stats.unexpected)}",
        f"gave up                {len(stats.gave_up)}",
        f"version mismatches     {len(stats.version_mismatches)}",
        f"PostgreSQL restarts    {len(stats.restarts)}: "
        + ", ".join(
            f"at {at:.1f} s down {d:.2f} s (command {c:.2f} s)" for at, d, c in stats.restarts
        ),
        f"PostgreSQL down        {down:.2f} s in all",
        f"others cut off         {stats.others_cut_off} session(s) of other databases",
    ]
    if stats.first_unavailable is not None:
        lines.append(
            f"503s between           {stats.first_unavailable:.2f} s and "
            f"{stats.last_unavailable:.2f} s into the burst"
        )
    lines.append(f"burst                  {elapsed:.1f} s")
    for status, number, room, excerpt in stats.unexpected[:5]:
        problems.append(f"answer {status} to board {number} {room}: {excerpt}")
    for number, room, entry in stats.gave_up[:5]:
        problems.append(f"gave up saving board {number} {room}: {entry}")
    for number, room, before, after in stats.version_mismatches[:5]:
        problems.append(f"board {number} {room}: saved from version {before}, answered {after}")
    if stats.conflicts:
        problems.append(f"{stats.conflicts} conflicts, though each row has a single client")
    if stats.unavailable != stats.unavailable_with_message:
        problems.append("a 503 without the clear message")
    print("\n".join(lines))
    for problem in problems:
        print(f"  PROBLEM: {problem}")
    return not problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--restarts", type=int, default=2, choices=[1, 2, 3])
    parser.add_argument("--rounds", type=int, default=3, help="saves of each row (default 3)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--keep-log", action="store_true", help="keep gunicorn's log")
    parser.add_argument(
        "--force",
        action="store_true",
        help="restart even though other sessions use the server (they are cut off)",
    )
    args = parser.parse_args()

    for tool in ("pg_isready", "pg_ctlcluster", "pg_lsclusters"):
        if shutil.which(tool) is None:
            print(f"{tool} not found: this check needs PostgreSQL's Debian tools", file=sys.stderr)
            return 2
    if not pg_ready():
        print(f"PostgreSQL does not answer on {PG_HOST}:{PG_PORT}", file=sys.stderr)
        return 2
    if os.geteuid() != 0:
        print("run as root: pg_ctlcluster restarts the cluster", file=sys.stderr)
        return 2
    cluster = pg_cluster()
    others = others_busy(DB_NAME)
    if others and not args.force:
        print(
            "others use this PostgreSQL server and a restart would cut them off: "
            + ", ".join(others)
            + "\nrun again when they are done, or with --force",
            file=sys.stderr,
        )
        return 2
    if port_in_use(APP_HOST, APP_PORT):
        print(f"something already listens on {APP_HOST}:{APP_PORT}", file=sys.stderr)
        return 2

    # A polite kill (SIGTERM) still cleans up: gunicorn stopped, PostgreSQL up, database gone.
    clean_up_on_sigterm()
    work = Path(tempfile.mkdtemp(prefix="pg-restart-check-"))
    env = server_env(DB_NAME, APP_HOST)
    server = AppServer(APP_PORT, env, work / "gunicorn.log")
    stats = Stats()
    passed = False
    started = time.monotonic()
    try:
        log(f"migrating {DB_NAME}")
        # The same settings in this process, to set up and check.
        director, password = set_up_check(DB_NAME, env, USERNAME)
        from django.db import connection

        from tests.factories import make_event, make_match

        event = make_event(director, boards_per_match=BOARDS, boards_per_segment=16)
        match = make_match(event)
        connection.close()
        log(f"match {match.pk}: {BOARDS} boards; starting gunicorn on {APP_HOST}:{APP_PORT}")
        server.start()

        first = Browser(server.url).log_in(USERNAME, password)
        status = first.get(f"/director/matches/{match.pk}/open/").status_code
        if status != 200:
            raise RuntimeError(f"the open room's sheet answered {status}")
        browsers = [first.tab() for _ in range(args.threads)]  # one login, shared like tabs
        rows = [Row(n, room) for n in range(1, BOARDS + 1) for room in ROOMS]
        log(
            f"burst: {len(rows)} rows × {args.rounds} saves from {args.threads} threads, "
            f"{args.restarts} PostgreSQL restart(s)"
        )
        burst(browsers, match.pk, rows, args.rounds, args.restarts, cluster, DB_NAME, stats)
        elapsed = time.monotonic() - stats.burst_started
        if not wait_for_pg(60):
            raise RuntimeError("PostgreSQL is not back after the burst")
        problems = check_database(match.pk, rows, stats)
        if len(stats.restarts) < args.restarts:
            problems.append(f"only {len(stats.restarts)} of {args.restarts} restarts happened")
        if stats.unavailable + stats.connection_errors == 0:
            problems.append("no save met the restart: the check proved nothing")
        passed = report(stats, rows, problems, elapsed)
    except Exception as error:  # reported as a failure, after cleaning up
        print(f"ERROR: {type(error).__name__}: {error}", file=sys.stderr)
    finally:
        STOP.set()
        server.stop()
        if not pg_ready():
            log("PostgreSQL is down: starting it")
            try:
                pg_ctl(cluster, "start")
            except (subprocess.SubprocessError, OSError) as error:
                print(f"ERROR: could not start PostgreSQL: {error}", file=sys.stderr)
            if not wait_for_pg(60):
                print("ERROR: PostgreSQL is still down", file=sys.stderr)
                passed = False
        tear_down_check(DB_NAME)
        put_away_logs(work, args.keep_log, tail_of=None if passed else server.log_path)
    return verdict(passed, started)


if __name__ == "__main__":
    sys.exit(main())
