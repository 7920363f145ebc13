"""Locust load test: players refreshing the public pages while directors enter results.

Run by loadtest/run.sh, which builds the event and writes the plan (LOADTEST_PLAN). By hand,
against a server already running on 127.0.0.1 with that plan's data:

    LOADTEST_PLAN=plan.json locust -f loadtest/locustfile.py --headless \
        -u 58 -r 10 -t 60s --host http://127.0.0.1:8765

Users:
- Director (exactly LOADTEST_DIRECTORS of them, default 8): logs in once, then works
  through one match of the round in progress, board by board, open room then closed
  room, then starts over with corrections (new random results). Each room starts with a
  GET of its sheet (the versions the page shows); each row is an htmx POST carrying the
  version the page holds, which the row that comes back updates, as in the browser.
  With LOADTEST_DIRECTORS_PER_MATCH=2 two directors share each match, to provoke conflicts.
- Player (everyone else): refreshes the standings, scorecards, the round, a team page,
  the cross-table and the JSON standings, with a few seconds' think time; and, as the
  page's live refresh does, asks for the last page again with its ETag (If-None-Match,
  X-Live): 304 while nothing changed, else only the refreshed part.

With LOADTEST_HOSTS (comma-separated base URLs, as loadtest/run.sh sets for several app
servers) the users are spread over the servers in turn, each user staying on one.

Request names (the page types in the stats): standings, scorecard, round, team,
cross-table, standings.json, live-refresh, static, login-page, login, sheet, save-row.

A save refused as stale (HTTP 200 with the "Not saved" conflict message) is a success in
locust's stats and is counted apart; the counts go to LOADTEST_COUNTS (JSON) at the end.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from collections import Counter
from pathlib import Path

from common import fetch_assets, live_refresh, random_entry, use_next_host, wait_between
from locust import HttpUser, events, task
from locust.exception import StopUser

PLAN = json.loads(Path(os.environ.get("LOADTEST_PLAN", "plan.json")).read_text())
EVENT = PLAN["event"]
CURRENT_ROUND = PLAN["current_round"]
MATCHES = PLAN["matches"]
CURRENT_MATCHES = [m for m in MATCHES if m["round"] == CURRENT_ROUND]
BOARDS = PLAN["boards"]

DIRECTOR_COUNT = int(os.environ.get("LOADTEST_DIRECTORS", len(PLAN["directors"])))
DIRECTORS_PER_MATCH = int(os.environ.get("LOADTEST_DIRECTORS_PER_MATCH", "1"))

COUNTS: Counter = Counter()  # conflicts, saves, invalid rows, ... (one locust process)
_director_numbers = itertools.count()

VERSION_INPUT = re.compile(r'<input\b[^>]*\bname="b(\d+)-version"[^>]*>')
VALUE = re.compile(r'\bvalue="(\d*)"')
CONFLICT_MARK = 'alert-warning py-1 mb-0 conflict"'  # templates/director/_row.html
SAVED_MARK = 'data-saved="true"'


def _versions(html: str) -> dict[int, int]:
    """Return {board number: version} from the hidden version inputs of sheet rows."""
    versions = {}
    for tag in VERSION_INPUT.finditer(html):
        value = VALUE.search(tag.group(0))
        versions[int(tag.group(1))] = int(value.group(1) or 0) if value else 0
    return versions


class Director(HttpUser):
    fixed_count = DIRECTOR_COUNT
    wait_time = wait_between("LOADTEST_DIRECTOR_WAIT", "0.5,1.5")  # typing one row

    def on_start(self):
        use_next_host(self)
        self.number = next(_director_numbers)
        login = PLAN["directors"][self.number % len(PLAN["directors"])]
        slot = (self.number // DIRECTORS_PER_MATCH) % len(PLAN["director_matches"])
        self.match = PLAN["director_matches"][slot]
        self.rng = random.Random(self.number)
        self.pass_number = 0
        self.room = None
        self.queue: list[int] = []
        self.versions: dict[int, int] = {}
        self.log_in(login["username"], login["password"])

    def csrf(self) -> str:
        return self.client.cookies.get("csrftoken", "")

    def log_in(self, username: str, password: str):
        """Log in once; on any failure stop this director (never retry: django-axes)."""
        self.client.get("/accounts/login/", name="login-page")
        with self.client.post(
            "/accounts/login/",
            data={
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": self.csrf(),
                "next": "/director/",
            },
            name="login",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code == 302 and response.headers.get("Location") == "/director/":
                response.success()
                return
            response.failure(f"login failed for {username}: HTTP {response.status_code}")
        COUNTS["login_failed"] += 1
        raise StopUser

    def open_sheet(self):
        """Start the next room: GET its sheet and keep the versions it shows."""
        room = "closed" if self.room == "open" else "open"
        with self.client.get(
            f"/director/matches/{self.match}/{room}/", name="sheet", catch_response=True
        ) as response:
            versions = _versions(response.text) if response.status_code == 200 else {}
            if len(versions) != BOARDS:
                response.failure(f"sheet: HTTP {response.status_code}, {len(versions)} rows")
                return  # the same room again next time
        if room == "open":
            self.pass_number += 1
        self.room = room
        self.versions = versions
        self.queue = sorted(versions)

    @task
    def enter_row(self):
        if not self.queue:
            self.open_sheet()
            return
        number = self.queue.pop(0)
        prefix = f"b{number}"
        entry = random_entry(self.rng)
        data = {f"{prefix}-{field}": value for field, value in entry.items()}
        data[f"{prefix}-version"] = str(self.versions[number])
        data["csrfmiddlewaretoken"] = self.csrf()
        headers = {
            "HX-Request": "true",
            "HX-Current-URL": f"{self.host}/director/matches/{self.match}/{self.room}/",
            "X-CSRFToken": self.csrf(),
        }
        with self.client.post(
            f"/director/matches/{self.match}/{self.room}/{number}/",
            data=data,
            headers=headers,
            name="save-row",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                COUNTS["save_http_error"] += 1
                response.failure(f"save-row: HTTP {response.status_code}")
                return
            html = response.text
            versions = _versions(html)
            if number in versions:
                self.versions[number] = versions[number]
            if CONFLICT_MARK in html:
                COUNTS["conflicts"] += 1
                COUNTS[f"conflicts_pass{min(self.pass_number, 3)}"] += 1
                response.success()  # the app did its job: a stale save refused
            elif SAVED_MARK in html:
                COUNTS["saves"] += 1
                COUNTS["corrections" if self.pass_number > 1 else "first_entries"] += 1
                response.success()
            else:
                COUNTS["save_not_saved"] += 1
                response.failure(f"save-row: not saved, no conflict ({entry})")


class Player(HttpUser):
    wait_time = wait_between("LOADTEST_PLAYER_WAIT", "2,5")
    weight = 1

    def on_start(self):
        use_next_host(self)
        self.rng = random.Random()
        self.etags: dict[str, str] = {}
        self.last = f"/events/{EVENT}/"
        self.team = self.rng.choice(PLAN["teams"])
        own = [m for m in CURRENT_MATCHES if self.team in (m["home"], m["away"])]
        self.match = own[0]["id"] if own else self.rng.choice(MATCHES)["id"]
        # The first visit: the standings page and its CSS/JS (cached by the browser after).
        response = self.client.get(f"/events/{EVENT}/", name="standings")
        fetch_assets(self, response.text)

    def page(self, path: str, name: str):
        with self.client.get(path, name=name, catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{name}: HTTP {response.status_code}")
            elif response.headers.get("ETag"):
                self.etags[path] = response.headers["ETag"]
                self.last = path

    @task(6)
    def live_refresh(self):
        """The page's live refresh: the last page again, with the ETag it showed."""
        live_refresh(self, self.last, self.etags)

    @task(4)
    def standings(self):
        self.page(f"/events/{EVENT}/", "standings")

    @task(4)
    def scorecard(self):
        # Mostly their own match of the round in progress, sometimes another one.
        match = self.match if self.rng.random() < 0.7 else self.rng.choice(MATCHES)["id"]
        self.page(f"/matches/{match}/", "scorecard")

    @task(2)
    def round_page(self):
        number = CURRENT_ROUND if self.rng.random() < 0.7 else self.rng.randint(1, CURRENT_ROUND)
        self.page(f"/events/{EVENT}/rounds/{number}/", "round")

    @task(2)
    def team(self):
        team = self.team if self.rng.random() < 0.7 else self.rng.choice(PLAN["teams"])
        self.page(f"/events/{EVENT}/teams/{team}/", "team")

    @task(1)
    def cross_table(self):
        self.page(f"/events/{EVENT}/cross-table/", "cross-table")

    @task(1)
    def standings_json(self):
        with self.client.get(
            f"/events/{EVENT}/standings.json", name="standings.json", catch_response=True
        ) as response:
            try:
                ok = response.status_code == 200 and response.json()["event"]["id"] == EVENT
            except (ValueError, KeyError, TypeError):
                ok = False
            if not ok:
                response.failure(f"standings.json: HTTP {response.status_code} or bad JSON")


@events.quitting.add_listener
def write_counts(environment, **kwargs):
    path = os.environ.get("LOADTEST_COUNTS")
    if path:
        Path(path).write_text(json.dumps(dict(COUNTS), indent=1, sort_keys=True))
