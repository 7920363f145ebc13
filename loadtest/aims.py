"""After the congress scenario: say whether the run met its aims, from what
loadtest/check_tables.py found (REPORT.json) and locust's statistics.

    python loadtest/aims.py RESULTS_DIR

RESULTS_DIR holds tables.json (check_tables.py's report), locust_stats.csv and
gunicorn.log, as loadtest/run.sh leaves them. The aims, each printed met or missed:
entries and acceptances p95 under 100 ms; polls (the phones' state.json and the
spectators' live refresh) p95 under 50 ms; no request failed and no server error;
nothing lost or stored twice; every result on the public scorecard within 5 s of the
answer that made it public by the event's fair-play rule (none over 5 s, none public
more than 5 s before the end and never seen). Exit status 1 if any is missed.
"""

import csv
import json
import re
import sys
from pathlib import Path

POSTS_P95_MS = 100
POLLS_P95_MS = 50
PUBLIC_WITHIN_S = 5


def main() -> int:
    results = Path(sys.argv[1])
    try:
        found = json.loads((results / "tables.json").read_text())
    except OSError:
        print("no tables.json: the run did not finish, its aims are not met")
        return 1
    with (results / "locust_stats.csv").open(newline="") as stats_file:
        total = next(r for r in csv.DictReader(stats_file) if r["Name"] == "Aggregated")
    log_path = results / "gunicorn.log"
    log = log_path.read_text(errors="replace") if log_path.exists() else ""
    server_errors = len(re.findall(r"^(?:Internal Server Error|Service Unavailable): ", log, re.M))
    failed = int(total["Failure Count"])
    posts, polls = found["posts ms"], found["polls ms"]
    seen = found["on the scorecard s"]

    def p95(stats: dict, what: str) -> str:
        if not stats["count"]:
            return f"no {what}"
        return f"{stats['p95']:.0f} ms of {stats['count']} {what}"

    late = found["over 5 s"] + found["unseen, public over 5 s"]
    aims = [
        (
            f"entries and acceptances p95 under {POSTS_P95_MS} ms",
            p95(posts, "posts"),
            posts["count"] > 0 and posts["p95"] < POSTS_P95_MS,
        ),
        (
            f"polls p95 under {POLLS_P95_MS} ms",
            p95(polls, "polls"),
            polls["count"] > 0 and polls["p95"] < POLLS_P95_MS,
        ),
        (
            "no error",
            f"{failed} of {total['Request Count']} requests failed, "
            f"{server_errors} server errors (500, 503) in its log",
            failed == 0 and server_errors == 0,
        ),
        (
            "nothing lost or stored twice",
            ", ".join(f"{k}: {v}" for k, v in sorted(found["problems"].items())) or "none",
            not found["problems"],
        ),
        (
            f"every result public within {PUBLIC_WITHIN_S} s of the rule releasing it",
            f"{seen['count']} seen (max {seen.get('max', 0):.2f} s), {late} late, "
            f"{found['not yet public at the end']} not yet public at the end "
            f"(rule {found['rule']!r})",
            seen["count"] > 0 and late == 0,
        ),
    ]
    print("\n=== The congress's aims ===")
    for aim, figure, met in aims:
        print(f"{'met' if met else 'MISSED':<7}{aim}: {figure}")
    missed = sum(not met for _, _, met in aims)
    print(f"{len(aims) - missed} of {len(aims)} aims met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
