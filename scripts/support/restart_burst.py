"""The burst of saves of pg_restart_check: director clients that save every board of both
rooms from several threads, each save with the version the client believes the row has (a
503 or a broken connection retried with backoff, a bounded number of times), while
PostgreSQL is restarted at evenly spaced points; and the figures of what they met (Stats).

Each Row keeps what its client posted and what the server said it saved, for the check of
the database afterwards.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field

import requests

from support import log
from support.cluster import restart_cluster
from support.web import HTTP_TIMEOUT, Browser

ROOMS = ("open", "closed")
BURST_DEADLINE = 150  # seconds for the whole burst, retries included
MAX_ATTEMPTS = 12  # tries of one save (the first and 11 retries)
BACKOFF = (0.1, 2.0)  # first wait after a failure, longest wait
UNAVAILABLE = "The database did not answer, so this was not saved."
STOP = threading.Event()  # set when the check is interrupted: the clients stop saving

# What the directors type, cycled over boards, rooms and rounds: (contract, lead, result).
ENTRIES = [
    ("3NT", "S2", "="),
    ("4S", "HQ", "+1"),
    ("2HX", "DA", "-2"),
    ("PASS", "", ""),
    ("6C", "CT", "="),
    ("1NT", "", "-1"),
    ("4HXX", "SK", "="),
    ("5D", "H3", "-1"),
    ("7NT", "D9", "-3"),
    ("3C", "S7", "+2"),
    ("2S", "", "8"),
]


@dataclass
class Row:
    number: int
    room: str
    version: int = 0  # what the client believes the saved version is
    saved: list = field(default_factory=list)  # entries the server said it saved
    submitted: list = field(default_factory=list)  # every entry posted


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    attempted: int = 0  # saves started (each counted once, however often retried)
    requests: int = 0
    saved: int = 0
    saved_after_retry: int = 0
    unavailable: int = 0  # 503 answers
    unavailable_with_message: int = 0
    connection_errors: int = 0
    retries: int = 0
    conflicts: int = 0  # "Not saved": should never happen, each row has one client
    unexpected: list = field(default_factory=list)  # other answers: (status, excerpt)
    version_mismatches: list = field(default_factory=list)
    gave_up: list = field(default_factory=list)
    restarts: list = field(default_factory=list)  # (at s into the burst, down s, command s)
    others_cut_off: int = 0  # other sessions on the server when it restarted
    burst_started: float = 0.0
    first_unavailable: float | None = None
    last_unavailable: float | None = None

    def count(self, name, amount=1):
        with self.lock:
            setattr(self, name, getattr(self, name) + amount)


def entry_for(row: Row, round_: int) -> dict:
    index = row.number * 7 + ROOMS.index(row.room) * 3 + round_ * 5
    contract, lead, result = ENTRIES[index % len(ENTRIES)]
    declarer = "" if contract == "PASS" else "NESW"[(row.number + round_) % 4]
    return {"contract": contract, "declarer": declarer, "lead": lead, "result": result}


def save(browser: Browser, match_id: int, row: Row, entry: dict, stats: Stats, deadline):
    """Save one row as a director would, retrying a 503 or a broken connection."""
    prefix = f"b{row.number}"
    data = {f"{prefix}-{name}": value for name, value in entry.items()}
    data[f"{prefix}-version"] = row.version
    path = f"/director/matches/{match_id}/{row.room}/{row.number}/"
    row.submitted.append(entry)
    stats.count("attempted")
    wait = BACKOFF[0]
    for attempt in range(MAX_ATTEMPTS):
        if attempt:
            stats.count("retries")
            time.sleep(wait)
            wait = min(wait * 2, BACKOFF[1])
        if time.monotonic() > deadline or STOP.is_set():
            break
        stats.count("requests")
        try:
            response = browser.post(path, data, headers={"HX-Request": "true"})
        except requests.RequestException:
            stats.count("connection_errors")
            continue
        status, text = response.status_code, response.text
        if status == 503:
            now = time.monotonic() - stats.burst_started
            with stats.lock:
                stats.unavailable += 1
                stats.unavailable_with_message += UNAVAILABLE in text
                stats.first_unavailable = stats.first_unavailable or now
                stats.last_unavailable = now
            continue
        if status == 200 and 'data-saved="true"' in text:
            found = re.search(rf'name="{prefix}-version" value="(\d+)"', text)
            version = int(found[1]) if found else None
            if version != row.version + 1:
                with stats.lock:
                    stats.version_mismatches.append((row.number, row.room, row.version, version))
            row.version = version if version is not None else row.version + 1
            row.saved.append(entry)
            stats.count("saved")
            stats.count("saved_after_retry", attempt > 0)
            return
        if status == 200 and "Not saved:" in text:
            stats.count("conflicts")
            return
        with stats.lock:
            stats.unexpected.append((status, row.number, row.room, " ".join(text.split())[:160]))
    with stats.lock:
        stats.gave_up.append((row.number, row.room, entry))


def burst(browsers, match_id, rows, rounds, restarts, cluster, db_name, stats) -> None:
    """Save every row ``rounds`` times from the browsers' threads, restarting PostgreSQL
    (the cluster ``cluster``; the check's own database is ``db_name``)."""
    total = len(rows) * rounds
    deadline = time.monotonic() + BURST_DEADLINE
    stats.burst_started = time.monotonic()
    errors = []

    def director(index, browser):
        mine = rows[index :: len(browsers)]
        try:
            for round_ in range(rounds):
                for row in mine:
                    save(browser, match_id, row, entry_for(row, round_), stats, deadline)
        except BaseException as error:
            errors.append(error)

    threads = [
        threading.Thread(target=director, args=(i, b), daemon=True) for i, b in enumerate(browsers)
    ]
    for thread in threads:
        thread.start()
    # Restart at evenly spaced points of the burst: 1/3 (and 2/3) of the saves done.
    marks = [total * (k + 1) // (restarts + 1) for k in range(restarts)]
    try:
        for mark in marks:
            while stats.attempted < mark and any(t.is_alive() for t in threads):
                time.sleep(0.01)
            if not any(t.is_alive() for t in threads):
                log("the burst ended before a restart was due")
                break
            log(f"restarting PostgreSQL after {stats.attempted} of {total} saves")
            restart = restart_cluster(cluster, db_name)
            with stats.lock:
                stats.others_cut_off += restart.others_cut_off
                stats.restarts.append(
                    (restart.started - stats.burst_started, restart.down, restart.took)
                )
    except BaseException:
        STOP.set()
        raise
    finally:
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()) + HTTP_TIMEOUT)
    if any(t.is_alive() for t in threads):
        raise RuntimeError("the burst did not finish in time")
    if errors:
        raise errors[0]
