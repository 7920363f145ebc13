"""Time the round robin of a 64-team event with 48 boards a match: 2,016 matches and
96,768 boards made by one request (the actions' ``make_round_robin``).

It must finish well inside a server's 30 s timeout (gunicorn's default): aim under 10 s.
Side by side in one run, the baseline writes the same rows as bare tuples (executemany
into two scratch tables with the same columns, no index, no history): the ratio is what
the action costs beyond the rows themselves (history rows, locks, checks, indexes).

A fresh SQLite database by default; PostgreSQL too when BENCH_POSTGRES_URL names a
database this script may drop and recreate (its name must contain "bench"), e.g.
BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/bench_schedule make bench
"""

import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TEAMS, BOARDS, RUNS = 64, 48, 3


def configure(url: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "scoresheet.test_settings"
    os.environ["DEBUG"] = "0"
    os.environ["DATABASE_URL"] = url
    import django

    django.setup()


def bare_rows(matches: int, boards: int) -> float:
    """Return the seconds to write the same rows as bare tuples into scratch tables."""
    from django.db import connection, transaction

    match_rows = [(1, r % 63 + 1, r % 64, (r + 1) % 64) for r in range(matches)]
    board_rows = [(m, n) for m in range(1, matches + 1) for n in range(1, boards + 1)]
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS bench_match")
        cursor.execute("DROP TABLE IF EXISTS bench_board")
        cursor.execute(
            "CREATE TABLE bench_match (event_id integer, round integer, home_id integer, "
            "away_id integer)"
        )
        cursor.execute("CREATE TABLE bench_board (match_id integer, number integer)")
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.executemany("INSERT INTO bench_match VALUES (%s, %s, %s, %s)", match_rows)
        cursor.executemany("INSERT INTO bench_board VALUES (%s, %s)", board_rows)
    return time.perf_counter() - started


def one_round_robin(number: int) -> tuple[float, int, int]:
    """Return the seconds make_round_robin took on a new event, its matches and boards."""
    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from matches import actions
    from matches.models import Board

    event = actions.create_event(
        name=f"Bench {number}",
        date=datetime.date(2026, 11, 29),
        vp_scale="wbf-2013",
        boards_per_match=BOARDS,
        boards_per_segment=16,
        user=None,
    )
    for team in range(TEAMS):
        actions.add_team(event, name=f"Team {team}", players=["N", "S", "E", "W"], user=None)
    started = time.perf_counter()
    matches = actions.make_round_robin(event, user=None)
    seconds = time.perf_counter() - started
    return seconds, len(matches), Board.objects.filter(match__event=event).count()


def run(label: str) -> None:
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    timings, baseline = [], []
    for number in range(RUNS):
        seconds, matches, boards = one_round_robin(number)
        assert (matches, boards) == (2016, 2016 * BOARDS), (matches, boards)
        timings.append(seconds)
        baseline.append(bare_rows(matches, BOARDS))
    action, bare = statistics.median(timings), statistics.median(baseline)
    version = (
        f"SQLite {connection.Database.sqlite_version}"
        if connection.vendor == "sqlite"
        else f"PostgreSQL {connection.pg_version // 10000}"
    )
    print(
        f"{label:<11} round robin {action:6.2f} s   bare rows {bare:5.2f} s   "
        f"{action / bare:4.1f}× the bare rows   {action / 30:4.0%} of a 30 s timeout "
        f"({version}; median of {RUNS})"
    )


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":  # one database, in its own process
        configure(sys.argv[2])
        run("SQLite" if sys.argv[2].startswith("sqlite") else "PostgreSQL")
        return
    print(
        f"round robin of {TEAMS} teams, {BOARDS} boards a match: 2,016 matches, "
        f"{2016 * BOARDS:,} boards in one request"
    )
    with tempfile.TemporaryDirectory() as workdir:
        urls = [f"sqlite:///{Path(workdir) / 'schedule.sqlite3'}"]
        postgres = os.environ.get("BENCH_POSTGRES_URL")
        if postgres:
            import dj_database_url

            db = dj_database_url.parse(postgres)
            if "bench" not in db["NAME"]:
                sys.exit("BENCH_POSTGRES_URL: the database's name must contain 'bench'")
            where = ["-h", db["HOST"] or "127.0.0.1", "-p", str(db["PORT"] or 5432)]
            where += ["-U", db["USER"] or "postgres"]
            subprocess.run(["dropdb", "--if-exists", *where, db["NAME"]], check=True)
            subprocess.run(["createdb", *where, db["NAME"]], check=True)
            urls.append(postgres)
        for url in urls:
            subprocess.run([sys.executable, __file__, "--child", url], check=True)


if __name__ == "__main__":
    main()
