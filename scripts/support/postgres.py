"""The local PostgreSQL (127.0.0.1:5432, trust auth, user postgres): is it up, a connection,
a database created afresh or dropped."""

from __future__ import annotations

import subprocess
import time

import psycopg
from psycopg import sql

PG_HOST, PG_PORT = "127.0.0.1", 5432


def pg_ready() -> bool:
    """Return True when PostgreSQL accepts connections (pg_isready)."""
    command = ["pg_isready", "-q", "-h", PG_HOST, "-p", str(PG_PORT), "-t", "1"]
    try:
        return subprocess.run(command, timeout=5).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def wait_for_pg(timeout: float) -> bool:
    """Return True once PostgreSQL accepts connections, False if not within ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pg_ready():
            return True
        time.sleep(0.1)
    return False


def connect(dbname: str = "postgres", *, url: str | None = None) -> psycopg.Connection:
    """Return an autocommit connection as user postgres to ``dbname`` on the local server,
    or to ``url`` (a postgres:// URL) when given."""
    if url is not None:
        return psycopg.connect(url, autocommit=True, connect_timeout=5)
    dsn = f"host={PG_HOST} port={PG_PORT} user=postgres dbname={dbname} connect_timeout=5"
    return psycopg.connect(dsn, autocommit=True)


def recreate_database(name: str, *, url: str | None = None) -> None:
    """Drop the database ``name`` (its sessions cut off) and create it empty; on the local
    server, or on the server of ``url`` (its maintenance database's URL)."""
    with connect(url=url) as connection:
        quoted = sql.Identifier(name)
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(quoted))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(quoted))


def drop_database(name: str, *, url: str | None = None) -> None:
    """Drop the database ``name`` if it exists, its sessions cut off."""
    with connect(url=url) as connection:
        quoted = sql.Identifier(name)
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(quoted))
