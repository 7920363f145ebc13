"""After the table-entry scenario: check the database against everything the phones sent,
and print the entries' latencies, the polls' and how soon accepted results showed on the
scorecards once the event's fair-play rule made them public.

    python loadtest/check_tables.py PLAN.json SENT.json [REPORT.json]

Run with the server's environment (DATABASE_URL, ...) once the servers have stopped; it
only reads. For every board of every table it checks that:

- each entry answered "ok" is stored once (one TableEntry with its key, the values and the
  device name sent), and no entry is stored that no phone sent;
- each acceptance answered "ok" left its entry accepted by that key and the room's result
  saved once, with the values entered, at version 1, its history holding one change;
- no result was saved in the round at the tables without an acceptance answered "ok"
  (or one still waiting for its answer when the run ended: listed apart).

A result lost is an answer "ok" with nothing stored behind it; a result stored twice is a
second entry or a second change in a result's history. Exit status 1 if any is found.
"""

import json
import os
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

import django  # noqa: E402

django.setup()

from django.db.models import Count  # noqa: E402

from matches.models import Result, TableEntry  # noqa: E402

FIELDS = ("level", "strain", "doubling", "declarer", "tricks")


def percentiles(values: list[float]) -> dict:
    """Return the count, p50, p95, p99 and max of some values (nearest rank)."""
    if not values:
        return {"count": 0}
    ordered = sorted(values)

    def rank(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]

    return {
        "count": len(ordered),
        "p50": rank(50),
        "p95": rank(95),
        "p99": rank(99),
        "max": ordered[-1],
        "mean": statistics.fmean(ordered),
    }


def counted_percentiles(counts: dict) -> dict:
    """Return the count, p50, p95, p99 and max of {ms: how many} (nearest rank)."""
    ordered = sorted((int(ms), n) for ms, n in counts.items())
    total = sum(n for _, n in ordered)
    if not total:
        return {"count": 0}
    found = {"count": total, "max": ordered[-1][0]}
    for p in (50, 95, 99):
        wanted, seen = max(1, round(p / 100 * total + 0.5)), 0
        for ms, n in ordered:
            seen += n
            if seen >= wanted:
                found[f"p{p}"] = ms
                break
    return found


def check(plan: dict, sent: dict) -> dict:
    problems: Counter = Counter()
    examples: list[str] = []

    def problem(kind: str, text: str) -> None:
        problems[kind] += 1
        if len(examples) < 20:
            examples.append(f"{kind}: {text}")

    matches = {t["match"] for t in plan["tables"]}
    entries = {e.key: e for e in TableEntry.objects.filter(board__match__in=matches)}
    in_flight = sent.get("in_flight", [])
    sent_keys = {e["key"] for e in sent["entries"]} | {p["key"] for p in in_flight}
    unanswered = {(p["match"], p["room"], p["board"]) for p in in_flight if p["what"] == "accept"}
    for key, row in entries.items():
        if key not in sent_keys:
            problem("stored, never sent", f"entry {row.pk}")
    per_board = Counter((e.table_id, e.board_id) for e in entries.values())
    for (table, board), n in per_board.items():
        if n > 1:
            problem("stored twice", f"{n} entries of board {board} at table {table}")

    for record in sent["entries"]:
        if not record["ok"]:
            continue
        row = entries.get(record["key"])
        where = f"match {record['match']} {record['room']} board {record['board']}"
        if row is None:
            problem("lost", f"entry answered ok, not stored: {where}")
        elif any(getattr(row, f) != record[f] for f in FIELDS) or row.device != record.get(
            "device", row.device
        ):
            problem("stored wrong", f"entry {row.pk} differs from what was sent: {where}")

    results = {
        (r.board.match_id, r.room, r.board.number): r
        for r in Result.objects.filter(board__match__in=matches).select_related("board")
    }
    changes = dict(
        Result.history.filter(id__in=[r.pk for r in results.values()])
        .values_list("id")
        .annotate(n=Count("history_id"))
        .values_list("id", "n")
    )
    by_id = {e.pk: e for e in entries.values()}
    accepted = set()
    for record in sent["accepts"]:
        if not record["ok"]:
            continue
        where = (record["match"], record["room"], record["board"])
        accepted.add(where)
        entry = by_id.get(record["entry"])
        if entry is None or entry.status != "accepted" or entry.decision_key != record["key"]:
            problem("lost", f"acceptance answered ok, entry not accepted by it: {where}")
            continue
        result = results.get(where)
        if result is None:
            problem("lost", f"acceptance answered ok, no result saved: {where}")
            continue
        if any(getattr(result, f) != getattr(entry, f) for f in FIELDS):
            problem("stored wrong", f"result differs from the entry accepted: {where}")
        history = changes.get(result.pk, 0)
        if result.version != 1 or history != 1:
            text = f"version {result.version}, {history} changes in its history: {where}"
            problem("stored twice", text)
    for where in results:
        if where not in accepted and where not in unanswered:
            problem("saved without an answer", f"{where}")

    latencies = [r["ms"] for r in sent["entries"] + sent["accepts"]]
    delays = [v["delay"] for v in sent["visible"]]
    return {
        "problems": dict(problems),
        "examples": examples,
        "boards expected": sent["expected"],
        "boards settled": sent["settled"],
        "entries sent": len(sent["entries"]),
        "entries answered ok": sum(r["ok"] for r in sent["entries"]),
        "acceptances sent": len(sent["accepts"]),
        "acceptances answered ok": sum(r["ok"] for r in sent["accepts"]),
        "sent twice (same key)": sum(r["again"] for r in sent["entries"] + sent["accepts"]),
        "handed over": sum(r["handover"] and not r["again"] for r in sent["accepts"]),
        "entries stored": len(entries),
        "results saved": len(results),
        "posts ms": percentiles(latencies),
        "enter ms": percentiles([r["ms"] for r in sent["entries"]]),
        "accept ms": percentiles([r["ms"] for r in sent["accepts"]]),
        "on the scorecard s": percentiles(delays),
        "rule": sent.get("rule", "at-once"),
        "polls ms": counted_percentiles(sent.get("polls", {})),
        "not yet public at the end": sent.get("held", 0),
        "unseen, public over 5 s": sum(u.get("age", 99) > 5 for u in sent["unseen"]),
        "seen on the first check": sum(v["checks"] == 1 for v in sent["visible"]),
        "first check asked s": percentiles([v["asked"] for v in sent["visible"]]),
        "over 5 s": sum(d > 5 for d in delays),
        "never seen": len(sent["unseen"]),
        "unanswered at the end": len(in_flight),
        "saved, answer not received": sum(w in results for w in unanswered),
        "counts": sent["counts"],
    }


def report(found: dict) -> None:
    def ms(stats: dict) -> str:
        if not stats["count"]:
            return "none"
        return (
            f"{stats['count']} posts: p50 {stats['p50']:.0f} ms, p95 {stats['p95']:.0f} ms, "
            f"p99 {stats['p99']:.0f} ms, max {stats['max']:.0f} ms"
        )

    print("\n=== Tables: what the phones sent, checked against the database ===")
    print(
        f"boards: {found['boards settled']} of {found['boards expected']} settled "
        f"(entered and accepted, or refused)"
    )
    print(
        f"entries: {found['entries answered ok']} of {found['entries sent']} answered ok; "
        f"acceptances: {found['acceptances answered ok']} of {found['acceptances sent']} "
        f"({found['handed over']} on the entering phone, handed over); "
        f"{found['sent twice (same key)']} posts sent twice with the same key"
    )
    print(f"stored: {found['entries stored']} entries, {found['results saved']} results")
    if found["unanswered at the end"]:
        print(
            f"posts with no answer when the run ended: {found['unanswered at the end']} "
            f"(of them acceptances whose result was saved: "
            f"{found['saved, answer not received']})"
        )
    print(f"entries and acceptances: {ms(found['posts ms'])}")
    print(f"  enter:  {ms(found['enter ms'])}")
    print(f"  accept: {ms(found['accept ms'])}")
    polls = found["polls ms"]
    if polls["count"]:
        print(
            f"polls (table-state and live-refresh): {polls['count']}, p50 {polls['p50']} ms, "
            f"p95 {polls['p95']} ms, p99 {polls['p99']} ms, max {polls['max']} ms"
        )
    seen = found["on the scorecard s"]
    rule = found["rule"]
    print(
        f"results public by the event's rule ({rule!r}): {seen['count']} seen on the public "
        f"scorecard, {found['never seen']} never seen ({found['unseen, public over 5 s']} of "
        f"them public over 5 s before the end); {found['not yet public at the end']} "
        "accepted, not yet public when the run ended"
    )
    if seen["count"]:
        print(
            f"on the public scorecard after the answer that made it public: "
            f"p50 {seen['p50']:.2f} s, p95 {seen['p95']:.2f} s, max {seen['max']:.2f} s; "
            f"{found['seen on the first check']} on the first check, "
            f"{found['over 5 s']} over 5 s"
        )
        asked = found["first check asked s"]
        print(
            f"  the check that showed it was sent p50 {asked['p50']:.2f} s, p95 "
            f"{asked['p95']:.2f} s after that answer (the rest is its own wait for the server)"
        )
    problems = found["problems"]
    listed = ", ".join(f"{k}: {v}" for k, v in sorted(problems.items()))
    print(f"results lost or stored twice: {listed or 'none'}")
    for line in found["examples"]:
        print(f"  {line}")
    if found["counts"]:
        print(
            "  phones' counts: " + ", ".join(f"{k}={v}" for k, v in sorted(found["counts"].items()))
        )


def main() -> int:
    plan = json.loads(Path(sys.argv[1]).read_text())
    sent = json.loads(Path(sys.argv[2]).read_text())
    found = check(plan, sent)
    report(found)
    if len(sys.argv) > 3:
        Path(sys.argv[3]).write_text(json.dumps(found, indent=1))
    return 1 if found["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
