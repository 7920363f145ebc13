"""Time a 500-team, 12-round Swiss stage's standings and round pages beside a 64-team one.

A fresh SQLite database gets two Swiss events built wholly through the actions layer: a
64-team one (the size the round-robin pages are tuned for: the baseline) and a 500-team
one, 12 rounds each, 2 boards a match. Each round is drawn and published
(``draw_next_round``, ``publish_draw``: the real draw), then both rooms of both boards
of every match are entered in one change (``load_results``: the results' history rows,
the matches' totals scored from the boards), the stronger team usually doing better.

Then, as in bench_standings.py, each page is timed through django.test.Client against
the same bytes served by WhiteNoise, cold (page cache emptied before each request, as
after every saved result) and cached, and its queries are counted. The last column is
the 500-team page's time over the 64-team page's: what the bigger field costs. Run with
`make bench`.
"""

import random
import statistics
import sys
import tempfile
import time
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

SIZES, ROUNDS, BOARDS, SEED = (64, 500), 12, 2, 12
MODES = (Mode("cold", cold=True), Mode("cached"))


def tricks(edge: float, rng: random.Random) -> tuple[int, int]:
    """Return the tricks North takes in 4S in the open room (home N-S) and in the closed
    room (away N-S): the stronger side usually does better."""
    home = min(max(round(10 + edge + rng.gauss(0, 1)), 6), 13)
    away = min(max(round(10 - edge + rng.gauss(0, 1)), 6), 13)
    return home, away


def build(teams: int, rng: random.Random, director) -> tuple[object, list[float]]:
    """Return a played Swiss event of ``teams`` teams and the seconds each draw took."""
    # Imported here, not at the top: Django is set up (django.setup()) at run time.
    from matches import actions
    from matches.models import Board, Result
    from tests.factories import make_event

    event = make_event(name=f"Swiss {teams}", boards_per_match=BOARDS, boards_per_segment=BOARDS)
    actions.add_teams(
        event, teams=[(f"Team {n:03d}", ()) for n in range(1, teams + 1)], user=director
    )
    strength = {team.pk: rng.gauss(0, 1) for team in event.teams.all()}
    stage = actions.configure_stage(event, user=director, number=1, kind="swiss", rounds=ROUNDS)
    actions.start_stage(stage, user=director)
    draws = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        actions.draw_next_round(stage, user=director)
        draws.append(time.perf_counter() - started)
        made = {match.pk: match for match in actions.publish_draw(stage, user=director)}
        results = []
        for board in Board.objects.filter(match__in=list(made)):
            match = made[board.match_id]
            edge = strength[match.home_id] - strength[match.away_id]
            for room, taken in zip(("open", "closed"), tricks(edge, rng), strict=True):
                results.append(
                    Result(board=board, room=room, level=4, strain="S", declarer="N", tricks=taken)
                )
        actions.load_results(event, results, user=director)
    return event, draws


def time_pages(event, pages_dir: Path) -> dict[tuple[str, str], tuple]:
    """Return {(page, mode): (bytes, queries, view median, view p95, file median, file p95)}."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    urls = {
        "stage-standings": reverse("stage", args=[event.pk, 1]),
        f"round-{ROUNDS}": reverse("stage-round", args=[event.pk, 1, ROUNDS]),
        "draw-screen": reverse("stage-draw", args=[event.pk, 1]),
    }
    pages = save_pages(urls, pages_dir, prefix=f"{event.pk}-")
    client = Client()  # a new handler: its WhiteNoise indexes the files just saved
    rows = {}
    for name, url in urls.items():
        static = f"/{event.pk}-{name}.html"
        check_static(client, static, pages[name])
        for mode in MODES:
            if mode.cold:
                cache.clear()
            with CaptureQueriesContext(connection) as queries:
                _, response, body = get(client, url)
            query_count = len(queries)  # read now: the next request empties the log
            times = measure(client, url, static, mode)
            rows[(name, mode.label)] = (
                len(body),
                query_count,
                statistics.median(times["view"]),
                p95(times["view"]),
                statistics.median(times["static"]),
                p95(times["static"]),
            )
    return rows


def run(pages_dir: Path) -> None:
    from django.core.management import call_command
    from django.test import override_settings

    from tests.factories import make_user

    call_command("migrate", verbosity=0, interactive=False)
    rng = random.Random(SEED)
    director = make_user("bench-director", director=True)
    built = {}
    for teams in SIZES:
        started = time.perf_counter()
        event, draws = build(teams, rng, director)
        built[teams] = (event, draws, time.perf_counter() - started)
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    with override_settings(WHITENOISE_ROOT=str(pages_dir), WHITENOISE_AUTOREFRESH=False):
        timed = {teams: time_pages(event, pages_dir) for teams, (event, _, _) in built.items()}
    for teams, (_, draws, seconds) in built.items():
        print(
            f"Swiss event: {teams} teams, {ROUNDS} rounds ({teams // 2 * ROUNDS:,} matches, "
            f"{teams // 2 * ROUNDS * BOARDS * 2:,} results), built through the actions in "
            f"{seconds:.1f} s; each draw {min(draws) * 1e3:.0f} to {max(draws) * 1e3:.0f} ms"
        )
    small, big = SIZES
    header = ("page", "teams", "HTML", "queries", "view median", "view p95")
    header += ("static median", "view/static", f"÷ {small} teams")
    line = "{:<26} {:>5} {:>9} {:>7} {:>12} {:>10} {:>14} {:>12} {:>11}"
    print(line.format(*header))
    for (name, mode), _row in timed[small].items():
        for teams in SIZES:
            size, queries, view, view_p95, file, _ = timed[teams][(name, mode)]
            baseline = timed[small][(name, mode)][2]
            print(
                f"{name + ' (' + mode + ')':<26} {teams:>5} {size / 1024:>6.0f} KB "
                f"{queries:>7} {view * 1e3:>9.1f} ms {view_p95 * 1e3:>7.1f} ms "
                f"{file * 1e3:>11.2f} ms {view / file:>11.0f}× {view / baseline:>10.1f}×"
            )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-swiss-") as tmp:
        workdir = Path(tmp)
        pages_dir = workdir / "pages"
        pages_dir.mkdir()
        configure(workdir)
        run(pages_dir)
        from django.db import connections

        connections.close_all()


if __name__ == "__main__":
    main()
