"""Time the public pages while boards are still in play: what fair play costs a spectator.

A fresh SQLite database gets two copies of the same 16-team round robin in the middle of
round 1 (16 boards a match; the open rooms have played boards 1-10, the closed rooms 9-16,
so boards 9 and 10 are out of play and the others are not), built wholly through the
actions layer. One copy shows results at once (no board is held back: the baseline); the
other shows a board's results only after every table has played it (the app's default,
``matches/scoring/fair_play.py``), so every page works out which boards are still in play
and leaves them out.

Each page of each copy is timed through django.test.Client against the same bytes served
by WhiteNoise, cold (page cache emptied before each request, as after every saved result)
and cached, and its queries counted, as in bench_standings.py. The last column is the
held-back page's median time over the same page of the copy that shows everything: what
fair play costs. Run with `make bench`; alone: `.venv/bin/python benchmarks/bench_fair_play.py`.
"""

import statistics
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_standings import (  # noqa: E402
    Mode,
    check_static,
    configure,
    get,
    measure,
    p95,
    save_pages,
)

TEAMS, BOARDS = 16, 16
OPEN_ROOM, CLOSED_ROOM = range(1, 11), range(9, 17)  # the boards each room has played
RULES = ("at-once", "tables")
MODES = (Mode("cold", cold=True), Mode("cached"))


def build(rule: str, director):
    """Return the event (results shown by ``rule``) in the middle of round 1, and match 1."""
    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from matches import actions
    from matches.models import Board, Result
    from tests.factories import make_event

    event = make_event(
        name=f"Fair play {rule}",
        results_public=rule,
        boards_per_match=BOARDS,
        boards_per_segment=BOARDS,
    )
    teams = [(f"Team {n:02d}", ()) for n in range(1, TEAMS + 1)]
    actions.add_teams(event, teams=teams, user=director)
    stage = actions.configure_stage(event, user=director, number=1, kind="round-robin")
    matches = [m for m in actions.start_stage(stage, user=director) if m.round == 1]
    results = []
    for board in Board.objects.filter(match__in=matches).order_by("match", "number"):
        for room, played in (("open", OPEN_ROOM), ("closed", CLOSED_ROOM)):
            if board.number in played:
                tricks = 10 + (board.number + board.match_id + len(room)) % 3
                results.append(
                    Result(board=board, room=room, level=4, strain="S", declarer="N", tricks=tricks)
                )
    actions.load_results(event, results, user=director)
    return event, matches[0]


def pages(event, match) -> dict[str, str]:
    from django.urls import reverse

    return {
        "event": reverse("event", args=[event.pk]),
        "scorecard": reverse("scorecard", args=[match.pk]),
        "scorecard-json": reverse("scorecard-json", args=[match.pk]),
        "round": reverse("round", args=[event.pk, 1]),
        "traveller-in-play": reverse("traveller", args=[event.pk, 1, 3]),
        "traveller-out-of-play": reverse("traveller", args=[event.pk, 1, 9]),
        "round-csv": reverse("round-csv", args=[event.pk, 1, 1]),
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-fair-play-") as tmp:
        workdir = Path(tmp)
        pages_dir = workdir / "pages"
        pages_dir.mkdir()
        configure(workdir)
        run(pages_dir)
        from django.db import connections

        connections.close_all()


def run(pages_dir: Path) -> None:
    import django
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client, override_settings

    call_command("migrate", verbosity=0, interactive=False)
    director = get_user_model().objects.create_user("bench-director")
    urls = {rule: pages(*build(rule, director)) for rule in RULES}

    # As in bench_standings.py: production-like WhiteNoise serving the saved pages.
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    rows = []
    with override_settings(WHITENOISE_ROOT=str(pages_dir), WHITENOISE_AUTOREFRESH=False):
        saved = {rule: save_pages(urls[rule], pages_dir, prefix=f"{rule}-") for rule in RULES}
        client = Client()  # a new handler: its WhiteNoise indexes the files just saved
        for rule in RULES:
            for name in urls[rule]:
                check_static(client, f"/{rule}-{name}.html", saved[rule][name])
        for name in urls["tables"]:
            for mode in MODES:
                timed = {rule: time_page(client, rule, name, urls[rule], mode) for rule in RULES}
                rows.append((name, mode.label, timed))
    played = f"open rooms at boards {OPEN_ROOM[0]}-{OPEN_ROOM[-1]}, closed rooms at "
    played += f"{CLOSED_ROOM[0]}-{CLOSED_ROOM[-1]}"
    print(f"event: {TEAMS} teams, round 1 of a round robin, {BOARDS} boards a match, {played}")
    print(f"through django.test.Client (Django {django.get_version()}, DEBUG off, SQLite)")
    print("shown at once = no board held back; held back = results after every table has played")
    print()
    header = ("page", "mode", "queries", "shown at once", "held back", "held p95")
    header += ("static", "held/at once", "held/static")
    print("{:<22} {:<7} {:>9} {:>14} {:>10} {:>9} {:>9} {:>13} {:>12}".format(*header))
    for name, mode, timed in rows:
        at_once, held = timed["at-once"], timed["tables"]
        print(
            f"{name:<22} {mode:<7} {at_once['queries']:>4}/{held['queries']:<4} "
            f"{at_once['view'] * 1e3:>11.2f} ms {held['view'] * 1e3:>7.2f} ms "
            f"{held['p95'] * 1e3:>6.1f} ms {held['static'] * 1e3:>6.2f} ms "
            f"{held['view'] / at_once['view']:>12.2f}× {held['view'] / held['static']:>11.1f}×"
        )


def time_page(client, rule: str, name: str, urls: dict[str, str], mode: Mode) -> dict:
    """Return one page's median and p95 times (and its static file's median), and queries."""
    url = urls[name]
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    get(client, url)
    if mode.cold:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = get(client, url)[1]
    query_count = len(queries)  # read now: the next request empties the log
    assert response.status_code == 200, (url, response.status_code)
    times = measure(client, url, f"/{rule}-{name}.html", mode)
    return {
        "queries": query_count,
        "view": statistics.median(times["view"]),
        "p95": p95(times["view"]),
        "static": statistics.median(times["static"]),
    }


if __name__ == "__main__":
    main()
