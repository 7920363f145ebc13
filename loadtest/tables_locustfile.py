"""Locust load test, the table-entry scenario: every table of a round enters its results
on the players' phones while spectators follow the public pages.

Run by loadtest/run.sh with LOADTEST_SCENARIO=tables, which builds the event
(setup_event.py --tables) and writes the plan (LOADTEST_PLAN: each table's match, room and
token). Users:

- TablePhone, two a table (LOADTEST_MATCHES × 2 rooms × 2 phones): a North-South and an
  East-West phone on the table's link, doing what the page's script (static/js/table.js)
  does: the page once (GET /t/<token>/ and its two files), then state.json every 5 s with
  the ETag it last had (304 while nothing changed). North-South enters each board in
  playing order once it is played (LOADTEST_BOARD_SECONDS, default 9 to 13 s a board):
  a POST to enter/ as the script sends it (board, side, contract as the taps write it,
  such as 4♠X, declarer, result as tapped, segment, the phone's random key and device
  name (64 characters, as long as the form and the stored entry allow; also in the
  phone's cookie, which the app takes first), the CSRF token in X-CSRFToken, Accept:
  application/json). East-West sees the entry
  waiting on its next poll and, after reading it (LOADTEST_ACCEPT_DELAY, 1 to 3 s), posts
  accept/ with the entry's number. On a share of the boards (LOADTEST_HANDOVER, 0.25) the
  North-South phone is handed over instead and East-West accepts on it; a share of the
  posts (LOADTEST_RESEND, 0.05) is sent a second time with the same key, as the script
  does when an answer was lost. A post that fails with no answer or a 5xx is sent again
  after 3 s (as the script does); one refused with a 4xx is dropped. Only LOADTEST_BOARDS
  boards are played (default: every board of the match).
- Spectator (LOADTEST_SPECTATORS, 500): opens a public page of the event (standings, a
  scorecard, mostly their team's match, the round, a team page) with its files, then
  does what the live refresh does every 15 s (the page with its ETag and X-Live), and now
  and then opens another page (LOADTEST_SPECTATOR_WAIT, "13,17" s between the two).
- ScorecardWatcher (LOADTEST_WATCHERS, 4): takes each result as soon as it is public by
  the event's fair-play rule (tables_plan.accepted: by default once every match of the
  round has the board in both rooms; the moment is the answer to the acceptance that
  released it) and asks for its match's public scorecard, as a new visitor would, until
  the board shows that room's result; the delay is from that moment to the end of the
  first answer showing it (a watcher busy elsewhere makes it longer, never shorter), and
  "asked" when the check that showed it was sent.

The run ends by itself once every board is settled and seen on its scorecard (else at
locust's -t). Everything sent, every answer, each delay and the posts still waiting for
their answer when the run ended go to LOADTEST_SENT (JSON), which loadtest/check_tables.py
checks against the database after the run.

Request names: table-page, table-state, table-enter, table-accept (and "… again" for the
same key sent twice), scorecard-check, standings, scorecard, round, team, live-refresh,
static.

Every user is locust's ``FastHttpUser`` (geventhttpclient), which sends the same requests
as its ``HttpUser`` (python-requests) at a fraction of the CPU: locust shares the machine's
cores with the servers it measures, and every millisecond it spends is one they wait for.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import random
import time

import gevent
from common import (
    fetch_assets,
    live_refresh,
    rooms_shown,
    typed_entry,
    use_next_host,
    wait_between,
)
from locust import FastHttpUser, task
from tables_plan import (
    ACCEPT_DELAY,
    BOARD_SECONDS,
    BOARDS,
    COUNTS,
    CURRENT,
    CURRENT_ROUND,
    EVENT,
    EXPECTED,
    HANDOVER,
    IN_FLIGHT,
    PENDING,
    PLAN,
    RESEND,
    SENT,
    SETTLED,
    SPECTATORS,
    TABLES,
    WATCHERS,
    accepted,
    device_name,
    name_phone,
)

POLL = 5.0  # table.js: POLL
RETRY = 3.0  # table.js: RETRY
_phone_numbers = itertools.count()


def handed_over(table: int, board: int) -> bool:
    """Return True when the board is accepted on the entering phone, handed over (both
    phones of the table agree on it, as the players at a table do)."""
    digest = hashlib.sha256(f"{table}/{board}".encode()).digest()
    return digest[0] < 256 * HANDOVER


def new_key() -> str:
    return os.urandom(16).hex()  # as table.js's randomKey: 128 random bits in hex


class TablePhone(FastHttpUser):
    """One phone at a table: North-South (enters) or East-West (accepts)."""

    fixed_count = 2 * len(TABLES)

    def on_start(self):
        use_next_host(self)
        number = next(_phone_numbers)
        self.index = (number // 2) % len(TABLES)
        self.table = TABLES[self.index]
        self.side = "NS" if number % 2 == 0 else "EW"
        self.other = "EW" if self.side == "NS" else "NS"
        self.device = device_name(number)
        name_phone(self.client.cookiejar, self.host, self.device)
        self.rng = random.Random(number)
        self.base = f"/t/{self.table['token']}/"
        self.etag = None
        self.csrf = ""
        self.boards: dict[int, dict] = {}
        self.handled: set[int] = set()  # entries this phone has accepted or will accept
        self.due: list[tuple[float, str, dict]] = []  # (when, what, data): posts to send
        now = time.monotonic()
        self.next_poll = now + POLL
        self.next_board = 1
        self.board_due = now + random.uniform(*BOARD_SECONDS) if self.side == "NS" else None
        with self.client.get(self.base, name="table-page", catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"table page: HTTP {response.status_code}")
            html = response.text or ""
        self.csrf = next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")
        fetch_assets(self, html)
        self.poll()

    # --- when -----------------------------------------------------------------------------

    def wait_time(self):
        return max(0.0, self.next_due() - time.monotonic())

    def next_due(self) -> float:
        times = [self.next_poll] + [when for when, _, _ in self.due]
        if self.board_due is not None:
            times.append(self.board_due)
        return min(times)

    @task
    def step(self):
        now = time.monotonic()
        self.due.sort(key=lambda item: item[0])
        if self.due and self.due[0][0] <= now:
            _, what, data = self.due.pop(0)
            self.post(what, data)
        elif self.board_due is not None and self.board_due <= now:
            self.enter()
        elif self.next_poll <= now:
            self.poll()

    # --- what the script does ---------------------------------------------------------------

    def headers(self) -> dict:
        return {"Accept": "application/json", "X-CSRFToken": self.csrf}

    def apply(self, state: dict | None) -> None:
        if not state:
            return
        self.csrf = state.get("csrf") or self.csrf
        for board in state.get("boards", []):
            self.boards[board["number"]] = board
        if self.side == "EW":
            for number, board in self.boards.items():
                entry = board.get("entry")
                if board.get("status") != "waiting" or not entry or entry in self.handled:
                    continue
                if handed_over(self.index, number):
                    continue  # accepted on the North-South phone
                self.handled.add(entry)
                self.schedule("accept", number, entry, self.side, ACCEPT_DELAY)

    def schedule(self, what: str, board: int, entry: int, side: str, delay) -> None:
        fields = {"entry": str(entry), "side": side, "reason": "", "segment": "1"}
        data = {"board": board, "fields": fields, "key": new_key(), "handover": side != self.side}
        self.due.append((time.monotonic() + random.uniform(*delay), what, data))

    def poll(self):
        self.next_poll = time.monotonic() + POLL
        headers = {"Accept": "application/json"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        with self.client.get(
            f"{self.base}state.json?segment=1", headers=headers, name="table-state",
            catch_response=True,
        ) as response:  # fmt: skip
            if response.status_code == 304:
                return
            if response.status_code != 200:
                response.failure(f"state.json: HTTP {response.status_code}")
                return
            try:
                state = response.json()["state"]
            except (ValueError, KeyError, TypeError):
                response.failure("state.json: not the state")
                return
            self.etag = response.headers.get("ETag")
        self.apply(state)

    def enter(self):
        number = self.next_board
        self.next_board += 1
        self.board_due = (
            time.monotonic() + random.uniform(*BOARD_SECONDS) if self.next_board <= BOARDS else None
        )
        result, typed = typed_entry(self.rng)
        fields = {"board": str(number), "side": "NS", **typed, "segment": "1"}
        if PLAN.get("lead"):
            fields["lead"] = ""
        self.post("enter", {"board": number, "fields": fields, "key": new_key(), "result": result})

    def post(self, what: str, data: dict, again: bool = False):
        """Send one post as the script's queue does; record it and what the answer said."""
        body = {**data["fields"], "key": data["key"], "device": self.device}
        name = f"table-{what}" + (" again" if again else "")
        where = {"match": self.table["match"], "room": self.table["room"], "board": data["board"]}
        IN_FLIGHT[data["key"]] = {**where, "what": what, "key": data["key"]}
        started = time.perf_counter()
        with self.client.post(
            f"{self.base}{what}/", data=body, headers=self.headers(), name=name,
            catch_response=True, allow_redirects=False,
        ) as response:  # fmt: skip
            elapsed = (time.perf_counter() - started) * 1000
            answered = time.monotonic()
            try:
                answer = response.json()
            except (ValueError, TypeError):  # TypeError: no answer at all (FastHttpUser)
                answer = {}
            if not isinstance(answer, dict):
                answer = {}
            ok = response.status_code == 200 and answer.get("ok") is True
            IN_FLIGHT.pop(data["key"], None)
            if not ok:
                said = answer.get("message") or answer.get("errors")
                message = said or (response.text or "")[:100]
                response.failure(f"{what}: HTTP {response.status_code}: {message}")
        record = {**where, "key": data["key"], "status": response.status_code, "ok": ok,
                  "again": again, "ms": round(elapsed, 1), "side": body["side"]}  # fmt: skip
        if what == "enter":
            record.update(data["result"], device=self.device)
        else:
            record.update(entry=int(body["entry"]), handover=data["handover"])
        SENT["entries" if what == "enter" else "accepts"].append(record)
        self.apply(answer.get("state"))
        if not ok and (response.status_code == 0 or response.status_code >= 500):
            COUNTS[f"{what}_retried"] += 1  # no answer: the script sends it again
            self.due.append((time.monotonic() + RETRY, what, data))
            return
        if again:
            return
        if ok and random.random() < RESEND:
            self.post(what, data, again=True)  # the same key again: nothing new is stored
        if what == "enter":
            entry = self.boards.get(data["board"], {}).get("entry")
            if ok and entry and handed_over(self.index, data["board"]):
                self.handled.add(entry)
                self.schedule("accept", data["board"], entry, self.other, ACCEPT_DELAY)
            elif not ok:
                COUNTS["enter_refused"] += 1
                SETTLED.add((self.index, data["board"]))
            return
        SETTLED.add((self.index, data["board"]))
        if ok:
            accepted(self.table["match"], self.table["room"], data["board"], answered)
        else:
            COUNTS["accept_refused"] += 1


_checking: set[int] = set()


class ScorecardWatcher(FastHttpUser):
    """Asks for the public scorecard of each accepted result until it shows."""

    fixed_count = WATCHERS

    def on_start(self):
        use_next_host(self)
        self.quitting = False

    def wait_time(self):
        return 0.0 if any(m not in _checking for m in PENDING) else 0.2

    @task
    def check(self):
        free = [m for m in PENDING if m not in _checking]
        if not free:
            if len(SETTLED) >= EXPECTED and not PENDING and not self.quitting:
                self.quitting = True  # every board settled and seen: the run is over
                gevent.spawn_later(5, self.environment.runner.quit)
            return
        match = min(free, key=lambda m: PENDING[m][0]["released"])
        _checking.add(match)
        try:
            asked = time.monotonic()
            with self.client.get(
                f"/matches/{match}/", name="scorecard-check", catch_response=True
            ) as response:
                seen = time.monotonic()
                if response.status_code != 200:
                    response.failure(f"scorecard: HTTP {response.status_code}")
                    return
                shown = rooms_shown(response.text)
            waiting = []
            for item in PENDING.get(match, []):
                rooms = shown.get(item["board"], (False, False))
                if rooms[0 if item["room"] == "open" else 1]:
                    SENT["visible"].append({
                        **item, "delay": round(seen - item["released"], 3),
                        "asked": round(asked - item["released"], 3),
                        "accepted": round(seen - item["answered"], 3),
                        "checks": item.get("checks", 0) + 1,
                    })  # fmt: skip
                else:
                    item["checks"] = item.get("checks", 0) + 1
                    waiting.append(item)
            if waiting:
                PENDING[match] = waiting
            else:
                PENDING.pop(match, None)
        finally:
            _checking.discard(match)


class Spectator(FastHttpUser):
    """Someone following the event on its public pages, the live refresh running."""

    fixed_count = SPECTATORS
    wait_time = wait_between("LOADTEST_SPECTATOR_WAIT", "13,17")

    def on_start(self):
        use_next_host(self)
        self.rng = random.Random()
        self.etags: dict[str, str] = {}
        self.team = self.rng.choice(PLAN["teams"])
        own = [m for m in CURRENT if self.team in (m["home"], m["away"])]
        self.match = own[0]["id"] if own else self.rng.choice(CURRENT)["id"]
        self.last = ""
        fetch_assets(self, self.open_page())

    def open_page(self) -> str:
        """Open one of the event's public pages, as a click does; return its HTML."""
        kind = self.rng.choices(("standings", "scorecard", "round", "team"), (3, 4, 2, 1))[0]
        if kind == "standings":
            path = f"/events/{EVENT}/"
        elif kind == "scorecard":
            match = self.match if self.rng.random() < 0.7 else self.rng.choice(CURRENT)["id"]
            path = f"/matches/{match}/"
        elif kind == "round":
            path = f"/events/{EVENT}/rounds/{CURRENT_ROUND}/"
        else:
            team = self.team if self.rng.random() < 0.7 else self.rng.choice(PLAN["teams"])
            path = f"/events/{EVENT}/teams/{team}/"
        with self.client.get(path, name=kind, catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{kind}: HTTP {response.status_code}")
                return ""
            if response.headers.get("ETag"):
                self.etags[path] = response.headers["ETag"]
            self.last = path
            return response.text

    @task(7)
    def live_refresh(self):
        """The page's live refresh: the page again, with the ETag it showed."""
        if not self.last:
            self.open_page()
            return
        live_refresh(self, self.last, self.etags)

    @task(1)
    def elsewhere(self):
        self.open_page()
