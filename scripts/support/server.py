"""The app server of the checks and the load test: one gunicorn launcher, its environment,
the Redis it may share, and a polite SIGTERM of the check itself."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis
import requests

from support import ROOT
from support.postgres import PG_HOST, PG_PORT

APP_HOST = "127.0.0.1"
START_TIMEOUT = 60  # seconds for a server to answer /healthz
STOP_TIMEOUT = 10  # seconds for a polite stop, then SIGKILL


def gunicorn_command(bind: str, workers: int = 2) -> list[str]:
    """Return the command line of an app server bound to ``bind`` (host:port); run it from
    the repository's root, where gunicorn reads gunicorn.conf.py by itself."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "scoresheet.wsgi",
        "--bind",
        bind,
        "--workers",
        str(workers),
        "--timeout",
        "30",
        "--graceful-timeout",
        "5",
        "--no-control-socket",
        "--error-logfile",
        "-",
    ]


def healthy(url: str) -> bool:
    """Return True when the app server at ``url`` answers /healthz with 200."""
    try:
        return requests.get(f"{url}/healthz", timeout=2, allow_redirects=False).ok
    except requests.RequestException:
        return False


def wait_until_up(url: str, timeout: float = START_TIMEOUT, process=None) -> None:
    """Return once the app server at ``url`` answers /healthz; raise RuntimeError if it
    does not within ``timeout`` s, or if ``process`` (its gunicorn) exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"gunicorn on {url} exited ({process.returncode})")
        if healthy(url):
            return
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer on {url} within {timeout:.0f} s")


def port_in_use(host: str, port: int) -> bool:
    """Return True when something already listens on host:port."""
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex((host, port)) == 0


class AppServer:
    """A gunicorn that a check starts (its own process group), and stops or kills.

    Its output goes to ``log_path`` (appended to, over restarts).
    """

    def __init__(self, port: int, env: dict, log_path: Path, *, host=APP_HOST, workers=2):
        self.host, self.port, self.env, self.log_path = host, port, env, log_path
        self.workers = workers
        self.url = f"http://{host}:{port}"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> AppServer:
        """Start gunicorn and return once it answers /healthz."""
        command = gunicorn_command(f"{self.host}:{self.port}", self.workers)
        with self.log_path.open("a") as output:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=self.env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            wait_until_up(self.url, process=self.process)
        except RuntimeError as error:
            self.stop()
            raise RuntimeError(f"{error}; see {self.log_path}") from None
        self.starts += 1
        return self

    def kill(self) -> None:
        """SIGKILL the master and its workers at once: a crash."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server politely (SIGTERM to its process group), SIGKILL if it lingers."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(5)


def server_env(db_name: str, app_host: str = APP_HOST) -> dict:
    """Return the environment of an app server (and of the check's own process) on the
    local PostgreSQL database ``db_name``: production settings (DEBUG off, a new
    SECRET_KEY, plain-HTTP cookies), no persistent connections, warnings only."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scoresheet.settings",
        "DATABASE_URL": f"postgres://postgres@{PG_HOST}:{PG_PORT}/{db_name}",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": app_host,
        "SECURE_COOKIES": "0",
        "CONN_MAX_AGE": "0",
        "LOG_LEVEL": "WARNING",
    }


def clean_up_on_sigterm() -> None:
    """Make a polite kill (SIGTERM) of the check exit through its cleanup."""

    def on_sigterm(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not stop the cleanup
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, on_sigterm)


def redis_error(url: str) -> str | None:
    """Return why Redis at ``url`` does not answer, None when it does."""
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        return f"Redis does not answer at {url}: {error}"
    return None


def forget_keys(url: str, prefix: str) -> None:
    """Delete a run's cache keys (CACHE_KEY_PREFIX ``prefix``) from Redis at ``url``."""
    client = redis.Redis.from_url(url)
    for key in client.scan_iter(match=f"{prefix}:*", count=1000):
        client.delete(key)


def put_away_logs(work: Path, keep: bool, tail_of: Path | None = None) -> None:
    """Print the last lines of the log ``tail_of`` (when given and written), then keep the
    check's work folder (``--keep-log``: say where it is) or delete it."""
    if tail_of is not None and tail_of.exists():
        tail = tail_of.read_text(errors="replace").splitlines()[-30:]
        print("gunicorn log (last lines):\n  " + "\n  ".join(tail))
    if keep:
        print(f"gunicorn log kept in {work / 'gunicorn.log'}")
    else:
        shutil.rmtree(work, ignore_errors=True)
