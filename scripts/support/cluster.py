"""The local PostgreSQL cluster as a whole (Debian's pg_lsclusters and pg_ctlcluster): which
cluster listens on PG_PORT, starting and restarting it, and who else uses the server (a
restart cuts every session off, not only the check's)."""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass

from support import log
from support.postgres import PG_PORT, connect, pg_ready

RESTART_TIMEOUT = 90  # seconds for PostgreSQL to accept connections again after a restart


def pg_cluster() -> tuple[str, str]:
    """Return the version and name of the cluster on PG_PORT (pg_lsclusters)."""
    listing = subprocess.run(
        ["pg_lsclusters", "--no-header"], capture_output=True, text=True, timeout=10, check=True
    ).stdout
    for line in listing.splitlines():
        version, name, port, *_ = line.split()
        if port == str(PG_PORT):
            return version, name
    raise RuntimeError(f"no PostgreSQL cluster on port {PG_PORT}:\n{listing}")


def pg_ctl(cluster: tuple[str, str], action: str, timeout: float = 90) -> None:
    """Run pg_ctlcluster on the cluster (restart, start)."""
    version, name = cluster
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, name, action],
        check=True,
        timeout=timeout,
        capture_output=True,
    )


def other_sessions(own_db: str) -> list[str]:
    """Return the client sessions of the server other than ours and those on ``own_db``:
    a restart cuts them off too."""
    with connect() as connection:
        rows = connection.execute(
            "SELECT usename, datname, application_name, state FROM pg_stat_activity"
            " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
            " AND datname IS DISTINCT FROM %s",
            [own_db],
        ).fetchall()
    return [f"{user}@{db} ({app or 'no name'}, {state})" for user, db, app, state in rows]


def others_busy(own_db: str, window: float = 3.0) -> list[str]:
    """Return who else (any database but ``own_db`` and postgres) used the server during
    ``window`` seconds: sessions seen connected, and databases that committed transactions
    (short connections come and go unseen)."""
    query = (
        "SELECT datname, xact_commit + xact_rollback FROM pg_stat_database"
        " WHERE datname IS NOT NULL AND datname NOT IN (%s, 'postgres')"
    )
    with connect() as connection:
        before = dict(connection.execute(query, [own_db]).fetchall())
    seen = set()
    deadline = time.monotonic() + window
    while time.monotonic() < deadline:
        seen.update(other_sessions(own_db))
        time.sleep(0.25)
    time.sleep(1.0)  # transaction counts reach pg_stat_database within a second
    with connect() as connection:
        after = dict(connection.execute(query, [own_db]).fetchall())
    busy = [
        f"{name} ({after[name] - before.get(name, 0)} transactions in {window:.0f} s)"
        for name in sorted(after)
        if after[name] > before.get(name, 0)
    ]
    return sorted(seen) + busy


@dataclass(frozen=True)
class Restart:
    """One restart of the cluster, as restart_cluster timed it."""

    started: float  # time.monotonic() when pg_ctlcluster was run
    down: float  # seconds PostgreSQL refused connections
    took: float  # seconds from the command to PostgreSQL answering again
    others_cut_off: int  # sessions of other databases connected when it began


def restart_cluster(cluster: tuple[str, str], own_db: str) -> Restart:
    """Restart PostgreSQL (pg_ctlcluster restart), timing how long it did not accept
    connections; sessions other than those on ``own_db`` are logged, they are cut off."""
    version, name = cluster
    others = other_sessions(own_db)
    if others:
        log(f"the restart cuts off {len(others)} other session(s): {', '.join(others)}")
    started = time.monotonic()
    restart = subprocess.Popen(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, name, "restart"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    down_at = None
    try:
        while True:
            ready = pg_ready()
            now = time.monotonic()
            if not ready and down_at is None:
                down_at = now
            if ready and restart.poll() is not None:
                break
            if now - started > RESTART_TIMEOUT:
                raise RuntimeError(
                    f"PostgreSQL did not come back within {RESTART_TIMEOUT} s of the restart"
                )
            time.sleep(0.05)
    except BaseException:
        # Interrupted: let pg_ctlcluster finish rather than leave the cluster half-restarted.
        try:
            restart.wait(60)
        except subprocess.TimeoutExpired:
            restart.kill()
            restart.wait()
        raise
    output = restart.communicate()[0]
    if restart.returncode != 0:
        raise RuntimeError(f"pg_ctlcluster restart failed ({restart.returncode}): {output}")
    up_at = time.monotonic()
    down = up_at - (down_at if down_at is not None else started)
    log(f"PostgreSQL restarted: refused connections for {down:.2f} s")
    return Restart(started, down, up_at - started, len(others))
