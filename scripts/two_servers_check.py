"""Two app servers sharing PostgreSQL and Redis: a result saved through one shows on the
very next request to the other.

    .venv/bin/python scripts/two_servers_check.py

Needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres) and Redis on
127.0.0.1:6379. The check:

1. creates a fresh database (scoresheet_two_servers), migrates it, and makes a director
   and an event with one match;
2. starts two gunicorn servers on 127.0.0.1 (ports 18311 and 18312; TWO_SERVERS_PORTS to
   change them), each with 2 workers, DEBUG off, the same SECRET_KEY, DATABASE_URL and
   REDIS_URL (TWO_SERVERS_REDIS_URL, default redis://127.0.0.1:6379/2, keys under a
   prefix of this run's own, deleted afterwards);
3. asks both servers for the event page, the standings feed, the scorecard and its feed,
   so that each has them cached, then again with their ETags: 304 from both;
4. logs in and saves a row of the open and the closed room through the first server;
5. asks the second server at once, with the old ETags: every page and feed must answer
   200 with the new result (the standings' IMPs, the scorecard's board); then asks again
   with the new ETags: 304.

It prints what it did and PASS or FAIL, and exits 0 only on PASS (1: FAIL, 2: cannot run
here). Whatever happens it stops both servers, drops its database and deletes its keys.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from pg_restart_check import admin_execute, pg_ready, stop_gunicorn  # noqa: E402

HOST = "127.0.0.1"
PORTS = tuple(int(p) for p in os.environ.get("TWO_SERVERS_PORTS", "18311,18312").split(","))
DB_NAME = "scoresheet_two_servers"
REDIS_URL = os.environ.get("TWO_SERVERS_REDIS_URL", "redis://127.0.0.1:6379/2")
USERNAME = "two-servers-td"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


class Browser:
    """One browser's cookies, talking to one server."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {"django_language": "en"}

    def request(self, method, path, data=None, headers=None):
        """Return (status, headers, text) of one request."""
        body = urlencode(data) if data is not None else None
        headers = dict(headers or {})
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        connection = http.client.HTTPConnection(HOST, self.port, timeout=15)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.headers, text
        finally:
            connection.close()

    def log_in(self, username: str, password: str) -> None:
        _, _, page = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        data = {"username": username, "password": password, "csrfmiddlewaretoken": token[1]}
        status, _, _ = self.request("POST", "/accounts/login/", data)
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login refused ({status})")


def start(port: int, env: dict, log_path: Path) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "gunicorn", "scoresheet.wsgi", "--bind", f"{HOST}:{port}",
        "--workers", "2", "--timeout", "30", "--no-control-socket",
    ]  # fmt: skip
    with log_path.open("w") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn on {port} exited; see {log_path}")
        try:
            if Browser(port).request("GET", "/healthz")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer on {HOST}:{port} within 60 s")


def check(event_id: int, match_id: int, env: dict) -> list[str]:
    """Return the problems found (none: PASS)."""
    problems = []
    first, second = Browser(PORTS[0]), Browser(PORTS[1])
    pages = {
        "event page": f"/events/{event_id}/",
        "standings feed": f"/events/{event_id}/standings.json",
        "scorecard": f"/matches/{match_id}/",
        "scorecard feed": f"/matches/{match_id}.json",
    }
    etags = {}
    for name, path in pages.items():
        for visitor in (first, second):
            status, headers, _ = visitor.request("GET", path)
            if status != 200:
                problems.append(f"{name} on {visitor.port}: {status}")
            etags[name] = headers["ETag"]
        for visitor in (first, second):
            status, _, _ = visitor.request("GET", path, headers={"If-None-Match": etags[name]})
            if status != 304:
                problems.append(f"{name} unchanged on {visitor.port}: {status}, not 304")
    log("both servers have every page cached and answer 304 while nothing changes")

    director = Browser(PORTS[0])
    director.log_in(USERNAME, env["TWO_SERVERS_PASSWORD"])
    for room, result in (("open", "="), ("closed", "-1")):  # 4H by North on board 1: 10 IMPs
        director.request("GET", f"/director/matches/{match_id}/{room}/")
        data = {"b1-contract": "4H", "b1-declarer": "N", "b1-result": result, "b1-version": 0}
        status, _, text = director.request(
            "POST", f"/director/matches/{match_id}/{room}/1/", data, {"HX-Request": "true"}
        )
        if status != 200 or "is-invalid" in text:
            problems.append(f"saving the {room} room through {PORTS[0]}: {status}")
    started = time.monotonic()
    log(f"saved board 1 of both rooms through {PORTS[0]}")

    expected = {
        "event page": lambda text: "10 : 0" in text,
        "standings feed": lambda text: json.loads(text)["matches"][0]["home_imps"] == 10,
        "scorecard": lambda text: '<td colspan="2" class="home-total">10</td>' in text,
        "scorecard feed": lambda text: json.loads(text)["boards"][0]["imps"] == 10,
    }
    for name, path in pages.items():
        status, headers, text = second.request("GET", path, headers={"If-None-Match": etags[name]})
        if status != 200 or not expected[name](text):
            problems.append(f"{name} on {PORTS[1]} right after the save: {status}, stale")
            continue
        again, _, _ = second.request("GET", path, headers={"If-None-Match": headers["ETag"]})
        if again != 304:
            problems.append(f"{name} on {PORTS[1]} with its new ETag: {again}, not 304")
    log(
        f"{PORTS[1]} showed the new result on its very next request to every page "
        f"({(time.monotonic() - started) * 1000:.0f} ms for all four)"
    )
    return problems


def forget_keys(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(match=f"{prefix}:*", count=1000):
        client.delete(key)


def main() -> int:
    import redis

    if not pg_ready():
        print("PostgreSQL does not answer on 127.0.0.1:5432", file=sys.stderr)
        return 2
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        print(f"Redis does not answer at {REDIS_URL}: {error}", file=sys.stderr)
        return 2
    prefix = f"two-servers-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scoresheet.settings",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
        "REDIS_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": prefix,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_COOKIES": "0",
        "TWO_SERVERS_PASSWORD": secrets.token_urlsafe(16),
    }
    os.environ.update(env)  # the same settings here, to set up the database
    work = Path(tempfile.mkdtemp(prefix="two-servers-"))
    servers = []
    problems = ["did not finish"]
    try:
        admin_execute(
            f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)', f'CREATE DATABASE "{DB_NAME}"'
        )
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from tests.factories import make_event, make_match, make_user

        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        director = make_user(USERNAME, director=True, password=env["TWO_SERVERS_PASSWORD"])
        match = make_match(make_event(director, name="Two servers"))  # they direct it
        connection.close()
        for port in PORTS:
            servers.append(start(port, env, work / f"gunicorn-{port}.log"))
        log(f"two gunicorn servers on {HOST}:{PORTS[0]} and :{PORTS[1]}, Redis {REDIS_URL}")
        problems = check(match.event_id, match.pk, env)
    except Exception as error:  # reported as a failure, after cleaning up
        problems = [f"{type(error).__name__}: {error}"]
    finally:
        for server in servers:
            stop_gunicorn(server)
        admin_execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        forget_keys(prefix)
    for problem in problems:
        print(f"FAIL: {problem}")
    if problems:
        for path in sorted(work.glob("*.log")):
            print(f"--- {path.name}\n{path.read_text()[-3000:]}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
