"""Kill the app server (SIGKILL) in the middle of a save: nothing may be left half-saved.

    .venv/bin/python scripts/kill_check.py [--kills 5]

Run on a machine whose PostgreSQL listens on 127.0.0.1:5432 (trust auth, user postgres);
it leaves PostgreSQL itself alone. The check:

1. creates its own database (killcheck), migrates it, and generates a 16-team round robin
   with every board played (120 matches of 16 boards, 3,840 results), directed by a
   director it makes;
2. starts gunicorn (gunicorn.conf.py, 2 workers) on 127.0.0.1:9150 on that database, logs
   in, and times a save of each kind once, uninterrupted: an event-settings save that
   changes the VP scale (every match scored again) and an IMP penalty;
3. for each kind, ``--kills`` times: posts the save again and, once PostgreSQL shows the
   action's transaction open (its lock on the event's row, in pg_locks), waits a part of
   the time that transaction took uninterrupted (from 5 % to 95 % of it, spread over the
   kills) and sends SIGKILL to the whole server (master and workers), noting whether the
   transaction was still open; then starts the server again (if no kill of a kind has
   cut its transaction, a short one having committed first on a busy machine, up to 10
   more kills follow, each as soon as the transaction opens);
4. after every kill checks that each match's stored totals are the match scored afresh
   from its boards and penalties, that its ``/matches/<id>.json`` says the same (the match
   block, the totals and the VP), that ``/events/<id>/standings.json`` gives each team the
   sum of those VP, and that the event's revision never went down.

The save is either wholly there or wholly absent after a kill: both are fine, a mixture
fails. The check also fails unless at least one kill of each kind cut its transaction
(open at the kill, rolled back after): otherwise it would have proved nothing. It takes
a few minutes (most of it making the event). It prints the figures and PASS or FAIL,
exits 0 only on PASS (1: FAIL, 2: cannot run here), and stops its server and drops its
database whatever happens.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

from support import log, verdict
from support.postgres import PG_HOST, PG_PORT, connect, pg_ready
from support.project import set_up_check, tear_down_check
from support.server import (
    APP_HOST,
    AppServer,
    clean_up_on_sigterm,
    port_in_use,
    put_away_logs,
    server_env,
)
from support.web import HTTP_TIMEOUT, Browser

# matches.* (and support.consistency, which imports it) is imported inside the functions
# that use it: Django is set up only in main(), once the environment names this check's
# own database.

DB_NAME = "killcheck"
APP_PORT = 9150
TEAMS, BOARDS = 16, 16  # 15 rounds of 8 matches: 120 matches
USERNAME = "kill-check-td"
SCALES = ("wbf-2013", "printed-25")  # the settings save switches between them


def open_transactions() -> int:
    """Return how many sessions of the check's database are inside a transaction."""
    with connect() as connection:
        return connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
            " AND xact_start IS NOT NULL AND pid <> pg_backend_pid()",
            [DB_NAME],
        ).fetchone()[0]


def wait_until_quiet(timeout: float = 60) -> None:
    """Wait until PostgreSQL has rolled back what the killed server left open."""
    deadline = time.monotonic() + timeout
    while open_transactions() and time.monotonic() < deadline:
        time.sleep(0.1)


class Watcher:
    """Sees from PostgreSQL's side when an action's transaction is open: every action locks
    its event's row first (SELECT … FOR UPDATE, or FOR KEY SHARE at a table), which holds
    a RowShareLock on the events table until it commits or rolls back; nothing else takes
    that lock."""

    def __init__(self):
        self.connection = connect(DB_NAME)

    def action_open(self) -> bool:
        return bool(
            self.connection.execute(
                "SELECT count(*) FROM pg_locks WHERE relation = 'matches_event'::regclass"
                " AND mode = 'RowShareLock' AND pid <> pg_backend_pid()"
            ).fetchone()[0]
        )

    def wait(self, until_open: bool, thread, timeout: float = 60) -> float | None:
        """Return when the action's transaction was seen open (or closed), None if the
        request ended first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.action_open() == until_open:
                return time.monotonic()
            if not thread.is_alive():
                return None
            time.sleep(0.002)
        return None

    def close(self):
        self.connection.close()


def log_in(server: AppServer, password: str) -> Browser:
    return Browser(server.url).log_in(USERNAME, password)


def settings_save(event_id: int):
    """Return (path, form data) of an event-settings save that changes the VP scale."""
    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from matches.models import Event

    event = Event.objects.get(pk=event_id)
    scale = SCALES[1 - SCALES.index(event.vp_scale)]
    data = {
        "name": event.name,
        "date": event.date.isoformat(),
        "vp_scale": scale,
        "boards_per_match": event.boards_per_match,
        "boards_per_segment": event.boards_per_segment,
        "bye_vp": "",
        "average_plus": event.average_plus,
        "average_minus": event.average_minus,
    }
    return f"/director/events/{event_id}/", {f"event-{k}": v for k, v in data.items()}


def penalty_save(match_id: int, team_id: int, imps: int):
    data = {"penalty-team": team_id, "penalty-imps": imps, "penalty-reason": "Slow play"}
    return f"/director/matches/{match_id}/penalties/", data


def posting(browser, path, data):
    """Start posting a save from a thread; return the thread and its answer (a list that
    gets the status, or None when the connection died)."""
    answered = []

    def post():
        try:
            answered.append(browser.post(path, data).status_code)
        except Exception:  # the connection dies with the server
            answered.append(None)

    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    return thread, answered


def timed_post(browser, watcher, path, data) -> tuple[float, float]:
    """Post a save uninterrupted; return how long the request and its action's
    transaction (as PostgreSQL saw it) took."""
    started = time.monotonic()
    thread, answered = posting(browser, path, data)
    opened = watcher.wait(True, thread)
    closed = watcher.wait(False, thread) if opened else None
    thread.join(HTTP_TIMEOUT * 4)
    if answered != [302]:
        raise RuntimeError(f"POST {path} answered {answered}, not a redirect")
    if opened is None or closed is None:
        raise RuntimeError(f"POST {path}: its transaction was never seen open")
    return time.monotonic() - started, closed - opened


def post_and_kill(server, browser, watcher, path, data, offset) -> bool:
    """Post a save and SIGKILL the server ``offset`` seconds after PostgreSQL shows its
    action's transaction open; return True when it was still open at the kill."""
    thread, answered = posting(browser, path, data)
    opened = watcher.wait(True, thread)
    if opened is not None:
        time.sleep(max(0.0, offset - (time.monotonic() - opened)))
    still_open = watcher.action_open()
    server.kill()
    thread.join(HTTP_TIMEOUT)
    return still_open and answered == [None]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=5, help="kills of each kind (default 5)")
    parser.add_argument("--keep-log", action="store_true", help="keep gunicorn's log")
    args = parser.parse_args()
    if not pg_ready():
        print(f"PostgreSQL does not answer on {PG_HOST}:{PG_PORT}", file=sys.stderr)
        return 2
    if port_in_use(APP_HOST, APP_PORT):
        print(f"something already listens on {APP_HOST}:{APP_PORT}", file=sys.stderr)
        return 2

    clean_up_on_sigterm()  # a polite kill of the check still cleans up
    work = Path(tempfile.mkdtemp(prefix="kill-check-"))
    env = server_env(DB_NAME, APP_HOST)
    env.pop("REDIS_URL", None)  # each server process caches for itself: a kill empties it
    server = AppServer(APP_PORT, env, work / "gunicorn.log")
    problems, figures = [], []
    cut = {"settings": 0, "penalty": 0}
    saved = {"settings": 0, "penalty": 0}
    passed = False
    watcher = None
    started = time.monotonic()
    try:
        log(f"migrating {DB_NAME}")
        director, password = set_up_check(DB_NAME, env, USERNAME)  # this process's too
        from django.db import connection
        from support.consistency import check_event

        # Imported here, not at the top: Django is set up (django.setup()) at run time.
        from matches.management.commands.generate_event import generate_event
        from matches.models import Event, ImpPenalty

        event = generate_event(teams=TEAMS, rounds=TEAMS - 1, boards=BOARDS, user=director).event
        match = event.matches.order_by("pk").first()
        connection.close()
        log(f"event {event.pk}: {event.matches.count()} matches; gunicorn on {APP_PORT}")
        server.start()
        browser = log_in(server, password)
        revisions = []
        problems += check_event(event.pk, browser, revisions)
        kinds = {
            "settings": lambda: settings_save(event.pk),
            "penalty": lambda: penalty_save(match.pk, match.home_id, 1 + len(revisions) % 9),
        }
        watcher = Watcher()
        for kind, save in kinds.items():
            duration, window = timed_post(browser, watcher, *save())
            saved[kind] += 1
            figures.append(
                f"{kind} save uninterrupted: {duration * 1000:.0f} ms, its transaction "
                f"{window * 1000:.0f} ms"
            )
            # Kills spread over the transaction's length; a short transaction on a busy
            # machine may commit before every one of them, so up to 10 more kills follow at
            # once when it opens, until one has cut it.
            spread = 0.9 / max(1, args.kills - 1)
            delays = [window * (0.05 + spread * k) for k in range(args.kills)]
            more = 10
            while delays:
                delay = delays.pop(0)
                path, data = save()
                before = (Event.objects.get(pk=event.pk).vp_scale, ImpPenalty.objects.count())
                connection.close()
                was_open = post_and_kill(server, browser, watcher, path, data, delay)
                wait_until_quiet()
                server.start()
                browser = log_in(server, password)
                after = (Event.objects.get(pk=event.pk).vp_scale, ImpPenalty.objects.count())
                saved[kind] += after != before
                cut[kind] += was_open and after == before  # rolled back by the kill
                found = check_event(event.pk, browser, revisions)
                log(
                    f"{kind}: killed {delay * 1000:.0f} ms into its transaction, "
                    f"{'saved' if after != before else 'not saved'}, "
                    f"{'consistent' if not found else f'{len(found)} PROBLEMS'}"
                )
                problems += found
                if not delays and not cut[kind] and more:
                    delays.append(0.0)
                    more -= 1
                    log(f"{kind}: no kill has cut its transaction yet: one more, at once")
        for kind in kinds:
            figures.append(
                f"{kind}: {args.kills} kills, {cut[kind]} in its open transaction (rolled back "
                f"whole), {saved[kind] - 1} after it had committed whole"
            )
            if not cut[kind]:
                problems.append(f"no {kind} kill cut its transaction: it proved nothing")
        figures.append(
            f"server starts: {server.starts}; revisions {revisions[0]} → "
            f"{revisions[-1]} over {len(revisions)} checks"
        )
        passed = not problems
    except Exception as error:  # reported as a failure, after cleaning up
        print(f"ERROR: {type(error).__name__}: {error}", file=sys.stderr)
    finally:
        server.stop()
        if watcher is not None:
            watcher.close()
        tear_down_check(DB_NAME)
        print("\n".join(figures))
        for problem in problems[:20]:
            print(f"  PROBLEM: {problem}")
        put_away_logs(work, args.keep_log)
    return verdict(passed, started)


if __name__ == "__main__":
    sys.exit(main())
