"""Time the standings page and the cross-table of a big event against static HTML.

A fresh SQLite database in a temporary directory gets a generated event (64 teams, 15
rounds, 16 boards a match: 15,360 results). Each page is rendered once and its bytes
saved as a file that WhiteNoise serves; then, in one run and side by side, the page
rendered by its Django view is timed against the same bytes served as a static file,
both through django.test.Client (the whole WSGI handler and middleware stack). Run with
`make bench` or `.venv/bin/python benchmarks/bench_standings.py`.
"""

import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TEAMS, ROUNDS, BOARDS, SEED = 64, 15, 16, 1
WARMUPS = 3
REQUESTS = 30
PAGES = (("standings", "event"), ("cross-table", "cross-table"))


def configure(workdir: Path) -> None:
    """Set up Django: test settings, DEBUG off, a fresh SQLite file in ``workdir``."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "scoresheet.test_settings"
    os.environ["DEBUG"] = "0"  # `make` exports DEBUG=1
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir / 'bench.sqlite3'}"
    os.environ["ALLOWED_HOSTS"] = "testserver"  # the host django.test.Client sends
    import django

    django.setup()


def get(client, url: str) -> tuple[float, object, bytes]:
    """Return the seconds a GET took (the whole body read), the response and its body."""
    started = time.perf_counter()
    response = client.get(url)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return time.perf_counter() - started, response, body


def check_static(client, url: str, expected: bytes) -> None:
    """Fail unless ``url`` is served by WhiteNoise, with exactly the saved page, no query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import Resolver404, resolve
    from whitenoise.middleware import WhiteNoiseFileResponse

    try:
        resolve(url)
    except Resolver404:
        pass
    else:
        raise AssertionError(f"{url} matches a Django URL pattern")
    with CaptureQueriesContext(connection) as queries:
        _, response, body = get(client, url)
    assert response.status_code == 200, (url, response.status_code)
    assert isinstance(response, WhiteNoiseFileResponse), type(response)
    assert int(response["Content-Length"]) == len(expected), response["Content-Length"]
    assert body == expected, (url, len(body), len(expected))
    assert not queries.captured_queries, queries.captured_queries


def measure(client, dynamic: str, static: str, cold: bool) -> dict[str, list[float]]:
    """Return the seconds of each timed request, the view and the file taking turns.

    ``cold``: the page cache is emptied (untimed) before each view request, so the page
    is worked out afresh, as after every saved result; otherwise it comes from the cache.
    """
    from django.core.cache import cache

    times: dict[str, list[float]] = {"view": [], "static": []}
    for n in range(WARMUPS + REQUESTS):
        for name, url in (("view", dynamic), ("static", static)):
            if cold and name == "view":
                cache.clear()
            seconds, response, _ = get(client, url)
            assert response.status_code == 200, (url, response.status_code)
            if n >= WARMUPS:
                times[name].append(seconds)
    return times


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20, method="inclusive")[18]


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-standings-") as tmp:
        workdir = Path(tmp)
        pages_dir = workdir / "pages"
        pages_dir.mkdir()
        configure(workdir)
        run(pages_dir)
        from django.db import connections

        connections.close_all()


def run(pages_dir: Path) -> None:
    import django
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from matches.management.commands.generate_event import generate_event

    call_command("migrate", verbosity=0, interactive=False)
    made = generate_event(teams=TEAMS, rounds=ROUNDS, boards=BOARDS, seed=SEED)
    event = made.event

    rows = []
    # Production-like WhiteNoise (files indexed once when the middleware starts, not
    # looked up on every request as in development), serving the saved pages from
    # pages_dir at /<name>.html. STATIC_ROOT is only filled by collectstatic: the app's
    # own /static/ files come from the finders here, so WhiteNoise's warning is noise.
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    with override_settings(WHITENOISE_ROOT=str(pages_dir), WHITENOISE_AUTOREFRESH=False):
        urls = {name: reverse(url_name, args=[event.pk]) for name, url_name in PAGES}
        url_names = dict(PAGES)
        pages = {}
        for name, url in urls.items():
            response = Client().get(url)
            assert response.status_code == 200, (url, response.status_code)
            pages[name] = response.content
            (pages_dir / f"{name}.html").write_bytes(response.content)

        client = Client()  # a new handler: its WhiteNoise indexes the files just saved
        from django.core.cache import cache

        for name, url in urls.items():
            static = f"/{name}.html"
            check_static(client, static, pages[name])
            for cold in (True, False):
                if cold:
                    cache.clear()
                with CaptureQueriesContext(connection) as queries:
                    _, response, body = get(client, url)
                query_count = len(queries)  # read now: the next request empties the log
                assert response.resolver_match.url_name == url_names[name]
                assert not response.streaming, type(response)
                assert len(body) == len(pages[name]), (name, len(body), len(pages[name]))
                times = measure(client, url, static, cold)
                view, file = statistics.median(times["view"]), statistics.median(times["static"])
                label = f"{name} ({'cold' if cold else 'cached'})"
                rows.append(
                    (label, len(body), query_count, view, p95(times["view"]), file,
                     p95(times["static"]))
                )  # fmt: skip

    print(
        f"event: {TEAMS} teams, {ROUNDS} rounds, {BOARDS} boards a match (seed {SEED}): "
        f"{made.matches:,} matches, {made.results:,} results"
    )
    print(f"generated in {made.seconds:.2f} s (SQLite {connection.Database.sqlite_version})")
    print(
        f"{REQUESTS} requests each after {WARMUPS} warm-ups, through django.test.Client "
        f"(Django {django.get_version()}, DEBUG off); static = the same bytes from WhiteNoise"
    )
    print()
    header = ("page", "HTML", "queries", "view median", "view p95")
    header += ("static median", "static p95", "view/static")
    print("{:<21} {:>9} {:>7} {:>12} {:>10} {:>14} {:>11} {:>12}".format(*header))
    for name, size, queries, view, view_p95, file, file_p95 in rows:
        print(
            f"{name:<21} {size / 1024:>6.0f} KB {queries:>7} {view * 1e3:>9.1f} ms "
            f"{view_p95 * 1e3:>7.1f} ms {file * 1e3:>11.2f} ms {file_p95 * 1e3:>8.2f} ms "
            f"{view / file:>11.0f}×"
        )


if __name__ == "__main__":
    main()
