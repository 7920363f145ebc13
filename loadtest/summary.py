"""Print the load test's summary from locust's CSV files, the directors' counts and the
server log.

    python loadtest/summary.py RESULTS_DIR [LABEL]

RESULTS_DIR holds locust_stats.csv, locust_failures.csv, counts.json and gunicorn.log
(as loadtest/run.sh leaves them).
"""

import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

ORDER = [
    "standings",
    "scorecard",
    "round",
    "team",
    "cross-table",
    "standings.json",
    "live-refresh",
    "static",
    "login-page",
    "login",
    "sheet",
    "save-row",
    "table-page",
    "table-state",
    "table-enter",
    "table-enter again",
    "table-accept",
    "table-accept again",
    "scorecard-check",
]
SERVER_PATTERNS = {
    "database is locked": re.compile(r"database is locked"),
    "tracebacks": re.compile(r"^Traceback \(most recent call last\)", re.M),
    "500 Internal Server Error": re.compile(r"^Internal Server Error: ", re.M),
    # 503: matches.middleware turns a database OperationalError ("database is locked"
    # included) into this page, and logs only the path
    "503 Service Unavailable": re.compile(r"^Service Unavailable: ", re.M),
    "worker timeouts": re.compile(r"WORKER TIMEOUT"),
}


def _ms(value: str) -> str:
    try:
        return f"{float(value):.0f}"
    except ValueError:
        return value or "-"


def directors(counts: dict) -> None:
    print(
        f"\ndirectors: {counts.get('saves', 0)} rows saved "
        f"({counts.get('first_entries', 0)} first entries, "
        f"{counts.get('corrections', 0)} corrections), "
        f"conflicts met: {counts.get('conflicts', 0)}"
    )
    shown = ("saves", "first_entries", "corrections", "conflicts")
    others = sorted((k, v) for k, v in counts.items() if k not in shown)
    if others:
        print("  other director counts: " + ", ".join(f"{k}={v}" for k, v in others))


def main() -> int:
    results = Path(sys.argv[1])
    label = sys.argv[2] if len(sys.argv) > 2 else results.name
    with (results / "locust_stats.csv").open(newline="") as stats_file:
        rows = list(csv.DictReader(stats_file))
    if not rows:
        print("no statistics: did locust run?")
        return 1
    rank = {name: n for n, name in enumerate(ORDER)}
    pages = sorted(
        (r for r in rows if r["Name"] != "Aggregated"), key=lambda r: rank.get(r["Name"], 99)
    )
    overall = [r for r in rows if r["Name"] == "Aggregated"]

    print(f"\n=== Load test summary: {label} ===")
    print("(times in ms; RPS over the whole run)\n")
    columns = (("page", 16), ("requests", 9), ("errors", 8), ("RPS", 8))
    columns += tuple((name, 7) for name in ("p50", "p95", "p99", "max"))
    header = "".join(
        f"{name:<{width}}" if n == 0 else f"{name:>{width}}"
        for n, (name, width) in enumerate(columns)
    )
    print(header)
    print("-" * len(header))
    for row in pages + overall:
        if row in overall:
            print("-" * len(header))
        name = "ALL" if row["Name"] == "Aggregated" else row["Name"]
        print(
            f"{name:<16}{row['Request Count']:>9}{row['Failure Count']:>8}"
            f"{float(row['Requests/s']):>8.1f}{_ms(row['50%']):>7}{_ms(row['95%']):>7}"
            f"{_ms(row['99%']):>7}{_ms(row['Max Response Time']):>7}"
        )
    total = overall[0] if overall else None
    if total:
        requests, failures = int(total["Request Count"]), int(total["Failure Count"])
        rate = 100 * failures / requests if requests else 0
        print(f"\nrequests per second: {float(total['Requests/s']):.1f}")
        print(f"errors: {failures} of {requests} requests ({rate:.2f} %)")

    failures_path = results / "locust_failures.csv"
    if failures_path.exists():
        with failures_path.open(newline="") as failures_file:
            failures = list(csv.DictReader(failures_file))
        for row in failures:
            error = row["Error"].replace("\n", " ")[:140]
            print(f"  {row['Occurrences']:>5} × {row['Method']} {row['Name']}: {error}")

    counts_path = results / "counts.json"
    counts = json.loads(counts_path.read_text()) if counts_path.exists() else None
    if counts is not None:  # the directors' scenario
        directors(counts)

    cpu = []
    for name, path in (("server", "server.cpu"), ("locust", "locust.cpu")):
        try:
            seconds = sum(float(x) for x in (results / path).read_text().split())
        except (OSError, ValueError):
            continue
        cpu.append(f"{name} {seconds:.0f} s")
    if cpu:
        print("CPU time used: " + ", ".join(cpu) + " (the machine's cores shared by both)")
    load = [
        f"{when} {(results / f'loadavg.{when}').read_text().strip()}"
        for when in ("before", "after")
        if (results / f"loadavg.{when}").exists()
    ]
    if load:
        print("machine load average (1, 5, 15 min): " + "; ".join(load))

    log_path = results / "gunicorn.log"
    if log_path.exists():
        log = log_path.read_text(errors="replace")
        found = {name: len(pattern.findall(log)) for name, pattern in SERVER_PATTERNS.items()}
        print("server log: " + ", ".join(f"{name}: {n}" for name, n in found.items()))
        exceptions = Counter(
            m.group(1) for m in re.finditer(r"^(\w[\w.]*(?:Error|Exception)): ", log, re.M)
        )
        for name, n in exceptions.most_common(5):
            print(f"  {n:>5} × {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
