"""Time a 500-team, 12-round Swiss stage's standings and round pages against static HTML.

A fresh SQLite database gets a 500-team Swiss event: each of the 12 rounds is drawn and
published through the actions layer (``draw_next_round``, ``publish_draw``: the real
draw, 250 tables a round), and each match is then given a result. Results are written
as the matches' stored totals in bulk, as a saved board would leave them (IMPs, VP, one
complete board), since 3,000 matches of hand-entered boards would take the bench far
longer than the pages it measures. Then, as in bench_standings.py, each page is timed
through django.test.Client against the same bytes served by WhiteNoise, cold (page cache
emptied first) and cached, and its queries are counted. Run with `make bench`.
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

from bench_standings import check_static, configure, get, measure, p95  # noqa: E402

TEAMS, ROUNDS, BOARDS, SEED = 500, 12, 2, 12


def build():
    """Return the event and the seconds the draws took, after playing the 12 rounds."""
    from decimal import Decimal

    from django.db import transaction

    from matches import actions
    from matches.models import Match, Team
    from matches.scoring import victory_points
    from tests.factories import make_event, make_user

    rng = random.Random(SEED)
    director = make_user("bench-director", director=True)
    event = make_event(name="Swiss 500", boards_per_match=BOARDS, boards_per_segment=BOARDS)
    Team.objects.bulk_create(Team(event=event, name=f"Team {n:03d}") for n in range(1, TEAMS + 1))
    strength = {team.pk: rng.gauss(0, 1) for team in event.teams.all()}
    stage = actions.configure_stage(event, user=director, number=1, kind="swiss", rounds=ROUNDS)
    actions.start_stage(stage, user=director)
    draws = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        actions.draw_next_round(stage, user=director)
        draws.append(time.perf_counter() - started)
        made = actions.publish_draw(stage, user=director)
        with transaction.atomic():
            for match in made:
                margin = round(6 * (strength[match.home_id] - strength[match.away_id]))
                margin += rng.randint(-8, 8)
                home_vp = victory_points(margin, BOARDS, "wbf-2013")[0]
                away_vp = victory_points(-margin, BOARDS, "wbf-2013")[0]
                Match.objects.filter(pk=match.pk).update(
                    home_imps=max(margin, 0), away_imps=max(-margin, 0),
                    home_margin=margin, away_margin=-margin,
                    home_vp=Decimal(home_vp), away_vp=Decimal(away_vp),
                    complete_boards=BOARDS, pending_boards=0,
                )  # fmt: skip
    return event, draws


def run(pages_dir: Path) -> None:
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    call_command("migrate", verbosity=0, interactive=False)
    started = time.perf_counter()
    event, draws = build()
    built = time.perf_counter() - started
    urls = {
        "stage standings": reverse("stage", args=[event.pk, 1]),
        "round 12": reverse("stage-round", args=[event.pk, 1, ROUNDS]),
        "draw screen": reverse("stage-draw", args=[event.pk, 1]),
    }
    rows = []
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    with override_settings(WHITENOISE_ROOT=str(pages_dir), WHITENOISE_AUTOREFRESH=False):
        pages = {}
        for index, (name, url) in enumerate(urls.items()):
            response = Client().get(url)
            assert response.status_code == 200, (url, response.status_code)
            pages[name] = response.content
            (pages_dir / f"page{index}.html").write_bytes(response.content)
        client = Client()
        for index, (name, url) in enumerate(urls.items()):
            static = f"/page{index}.html"
            check_static(client, static, pages[name])
            for cold in (True, False):
                if cold:
                    cache.clear()
                with CaptureQueriesContext(connection) as queries:
                    _, response, body = get(client, url)
                query_count = len(queries)
                times = measure(client, url, static, cold)
                view, file = statistics.median(times["view"]), statistics.median(times["static"])
                label = f"{name} ({'cold' if cold else 'cached'})"
                rows.append(
                    (label, len(body), query_count, view, p95(times["view"]), file,
                     p95(times["static"]))
                )  # fmt: skip
    print(
        f"Swiss event: {TEAMS} teams, {ROUNDS} rounds ({TEAMS // 2 * ROUNDS:,} matches), "
        f"built in {built:.1f} s; each draw {min(draws) * 1e3:.0f} to {max(draws) * 1e3:.0f} ms "
        "through the actions layer"
    )
    header = ("page", "HTML", "queries", "view median", "view p95")
    header += ("static median", "static p95", "view/static")
    print("{:<24} {:>9} {:>7} {:>12} {:>10} {:>14} {:>11} {:>12}".format(*header))
    for name, size, queries, view, view_p95, file, file_p95 in rows:
        print(
            f"{name:<24} {size / 1024:>6.0f} KB {queries:>7} {view * 1e3:>9.1f} ms "
            f"{view_p95 * 1e3:>7.1f} ms {file * 1e3:>11.2f} ms {file_p95 * 1e3:>8.2f} ms "
            f"{view / file:>11.0f}×"
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
