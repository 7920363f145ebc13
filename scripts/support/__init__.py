"""What the check scripts share (two_servers_check, pg_restart_check, kill_check) and the
load test uses too: one place for each piece, so the checks cannot drift apart.

- ``support.postgres``: the local PostgreSQL (pg_ready, connect, a database created
  afresh and migrated, dropped again);
- ``support.cluster``: the cluster itself (pg_lsclusters, pg_ctlcluster start and a timed
  restart) and who else uses the server, whom a restart would cut off;
- ``support.web``: ``Browser``, one ``requests.Session`` per browser (the CSRF header,
  the login, no redirects followed);
- ``support.server``: the one gunicorn launcher (``AppServer``, ``gunicorn_command``), the
  app server's environment, Redis, a polite SIGTERM;
- ``support.consistency``: the one consistency check (stored totals, JSON and standings
  against the boards scored afresh); it imports matches.*, so only after django.setup().
- ``support.restart_burst``: pg_restart_check's burst of saves from several threads while
  PostgreSQL restarts (the retrying client, what each row saved, the figures).

The scripts are run as ``.venv/bin/python scripts/<name>.py`` from the repository's root,
which puts scripts/ on sys.path: ``from support import ...`` works as it is. Importing
this package puts the repository's root on sys.path too, for scoresheet and matches.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def log(message: str) -> None:
    """Print a line of what the check does, with the time."""
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def verdict(passed: bool, started: float) -> int:
    """Print PASS or FAIL and how long the check took (since ``started``, a monotonic
    time); return the exit status (0 on PASS)."""
    print(f"{'PASS' if passed else 'FAIL'} in {time.monotonic() - started:.1f} s")
    return 0 if passed else 1
