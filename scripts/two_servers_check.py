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

import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

from support import log
from support.postgres import pg_ready
from support.project import set_up_check, tear_down_check
from support.server import APP_HOST, AppServer, forget_keys, redis_error, server_env
from support.web import Browser

HOST = APP_HOST
PORTS = tuple(int(p) for p in os.environ.get("TWO_SERVERS_PORTS", "18311,18312").split(","))
DB_NAME = "scoresheet_two_servers"
REDIS_URL = os.environ.get("TWO_SERVERS_REDIS_URL", "redis://127.0.0.1:6379/2")
USERNAME = "two-servers-td"


def check(servers: list[AppServer], event_id: int, match_id: int, password: str) -> list[str]:
    """Return the problems found (none: PASS)."""
    problems = []
    first, second = Browser(servers[0].url), Browser(servers[1].url)
    pages = {
        "event page": f"/events/{event_id}/",
        "standings feed": f"/events/{event_id}/standings.json",
        "scorecard": f"/matches/{match_id}/",
        "scorecard feed": f"/matches/{match_id}.json",
    }
    etags = {}
    for name, path in pages.items():
        for visitor in (first, second):
            response = visitor.get(path)
            if response.status_code != 200:
                problems.append(f"{name} on {visitor.base_url}: {response.status_code}")
            etags[name] = response.headers["ETag"]
        for visitor in (first, second):
            status = visitor.get(path, headers={"If-None-Match": etags[name]}).status_code
            if status != 304:
                problems.append(f"{name} unchanged on {visitor.base_url}: {status}, not 304")
    log("both servers have every page cached and answer 304 while nothing changes")

    director = Browser(servers[0].url).log_in(USERNAME, password)
    for room, result in (("open", "="), ("closed", "-1")):  # 4H by North on board 1: 10 IMPs
        director.get(f"/director/matches/{match_id}/{room}/")
        data = {"b1-contract": "4H", "b1-declarer": "N", "b1-result": result, "b1-version": 0}
        response = director.post(
            f"/director/matches/{match_id}/{room}/1/", data, headers={"HX-Request": "true"}
        )
        if response.status_code != 200 or "is-invalid" in response.text:
            problems.append(f"saving the {room} room through {PORTS[0]}: {response.status_code}")
    started = time.monotonic()
    log(f"saved board 1 of both rooms through {PORTS[0]}")

    expected = {
        "event page": lambda response: "10 : 0" in response.text,
        "standings feed": lambda response: response.json()["matches"][0]["home_imps"] == 10,
        "scorecard": lambda response: '<td colspan="2" class="home-total">10</td>' in response.text,
        "scorecard feed": lambda response: response.json()["boards"][0]["imps"] == 10,
    }
    for name, path in pages.items():
        response = second.get(path, headers={"If-None-Match": etags[name]})
        if response.status_code != 200 or not expected[name](response):
            problems.append(
                f"{name} on {PORTS[1]} right after the save: {response.status_code}, stale"
            )
            continue
        again = second.get(path, headers={"If-None-Match": response.headers["ETag"]})
        if again.status_code != 304:
            problems.append(f"{name} on {PORTS[1]} with its new ETag: {again.status_code}, not 304")
    log(
        f"{PORTS[1]} showed the new result on its very next request to every page "
        f"({(time.monotonic() - started) * 1000:.0f} ms for all four)"
    )
    return problems


def main() -> int:
    if not pg_ready():
        print("PostgreSQL does not answer on 127.0.0.1:5432", file=sys.stderr)
        return 2
    unreachable = redis_error(REDIS_URL)
    if unreachable:
        print(unreachable, file=sys.stderr)
        return 2
    prefix = f"two-servers-{uuid.uuid4().hex[:12]}"
    env = {**server_env(DB_NAME, HOST), "REDIS_URL": REDIS_URL, "CACHE_KEY_PREFIX": prefix}
    work = Path(tempfile.mkdtemp(prefix="two-servers-"))
    servers = [AppServer(port, env, work / f"gunicorn-{port}.log") for port in PORTS]
    problems = ["did not finish"]
    try:
        director, password = set_up_check(DB_NAME, env, USERNAME)  # the same settings here
        # Django is set up only now, on this check's database: what needs it comes here.
        from django.db import connection

        from tests.factories import make_event, make_match

        match = make_match(make_event(director, name="Two servers"))  # they direct it
        connection.close()
        for server in servers:
            server.start()
        log(f"two gunicorn servers on {HOST}:{PORTS[0]} and :{PORTS[1]}, Redis {REDIS_URL}")
        problems = check(servers, match.event_id, match.pk, password)
    except Exception as error:  # reported as a failure, after cleaning up
        problems = [f"{type(error).__name__}: {error}"]
    finally:
        for server in servers:
            server.stop()
        if not tear_down_check(DB_NAME):
            problems.append(f"could not drop {DB_NAME}")
        forget_keys(REDIS_URL, prefix)
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
