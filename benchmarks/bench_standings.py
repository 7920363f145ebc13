"""Time the standings page and the cross-table of a big event against static HTML.

A fresh SQLite database in a temporary directory gets a generated event (64 teams, 15
rounds, 16 boards a match: 15,360 results). Each page is rendered once and its bytes
saved as a file that WhiteNoise serves; then, in one run and side by side, the page
rendered by its Django view is timed against the same bytes served as a static file,
both through django.test.Client (the whole WSGI handler and middleware stack). Run with
`make bench` or `.venv/bin/python benchmarks/bench_standings.py`.

Each page is timed in these states (matches/caching/pagecache.py):
  cold            the cache emptied before each request, as after every saved result
  cached          the page from the cache, the event's revision read from the database
  304             the live refresh's If-None-Match, unchanged: 304 with no body; against
                  WhiteNoise's 304 for the static file
and, when Redis answers at BENCH_REDIS_URL (default redis://127.0.0.1:6379/1; keys under
a prefix of their own, deleted afterwards), "cached" and "304" again with the cache in
Redis, as several app servers share it.
"""

import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import NamedTuple

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


def get(client, url: str, headers=None) -> tuple[float, object, bytes]:
    """Return the seconds a GET took (the whole body read), the response and its body."""
    started = time.perf_counter()
    response = client.get(url, headers=headers)
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


def measure(client, dynamic: str, static: str, mode: "Mode") -> dict[str, list[float]]:
    """Return the seconds of each timed request, the view and the file taking turns.

    In the "cold" mode the page cache is emptied (untimed) before each view request, so
    the page is worked out afresh, as after every saved result; otherwise it comes from the
    cache. In the "304" mode both ask with the ETag they were last given.
    """
    from django.core.cache import cache

    times: dict[str, list[float]] = {"view": [], "static": []}
    etags: dict[str, str] = {}
    expected = 304 if mode.conditional else 200
    for n in range(WARMUPS + REQUESTS):
        for name, url in (("view", dynamic), ("static", static)):
            if mode.cold and name == "view":
                cache.clear()
            headers = {"If-None-Match": etags[name]} if name in etags else None
            seconds, response, _ = get(client, url, headers)
            if mode.conditional and name not in etags:
                etags[name] = response["ETag"]
                continue
            assert response.status_code == expected, (url, response.status_code)
            if n >= WARMUPS:
                times[name].append(seconds)
    return times


class Mode(NamedTuple):
    label: str
    cold: bool = False
    conditional: bool = False


MODES = (
    Mode("cold", cold=True),
    Mode("cached"),
    Mode("304", conditional=True),
)
REDIS_MODES = (Mode("cached, Redis"), Mode("304, Redis", conditional=True))


def redis_caches():
    """Return CACHES pointing at the bench's Redis, or None when it does not answer."""
    import uuid

    import redis

    url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/1")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        print(f"(Redis at {url} did not answer: {error}; its rows are left out)")
        return None
    default = {
        "BACKEND": "matches.caching.resilient_cache.ResilientRedisCache",  # as REDIS_URL sets
        "LOCATION": url,
        "KEY_PREFIX": f"bench-{uuid.uuid4().hex[:12]}",
        "OPTIONS": {"REDIS_CLIENT_KWARGS": {"single_connection_client": True}},
    }
    return {"default": default, "shared": default}


def forget_redis(caches_setting) -> None:
    import redis

    default = caches_setting["default"]
    client = redis.Redis.from_url(default["LOCATION"])
    for key in client.scan_iter(match=f"{default['KEY_PREFIX']}:*", count=1000):
        client.delete(key)


def save_pages(urls: dict[str, str], pages_dir: Path, prefix: str = "") -> dict[str, bytes]:
    """Return each page's bytes as its view renders it, saved as pages_dir/<prefix><name>.html
    for WhiteNoise to serve."""
    from django.test import Client

    pages = {}
    for name, url in urls.items():
        response = Client().get(url)
        assert response.status_code == 200, (url, response.status_code)
        pages[name] = response.content
        (pages_dir / f"{prefix}{name}.html").write_bytes(response.content)
    return pages


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
    from django.urls import reverse

    # Imported here, not at the top: Django is set up (django.setup()) at run time.
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
        pages = save_pages(urls, pages_dir)

        client = Client()  # a new handler: its WhiteNoise indexes the files just saved
        for name in urls:
            check_static(client, f"/{name}.html", pages[name])
        with_redis = redis_caches()
        passes = [(MODES, None)] + ([(REDIS_MODES, with_redis)] if with_redis else [])
        for modes, caches_setting in passes:
            extra = {"CACHES": caches_setting} if caches_setting else {}
            with override_settings(**extra):
                for name, url in urls.items():
                    for mode in modes:
                        rows.append(time_page(client, name, url, pages[name], mode))
            if caches_setting:
                forget_redis(caches_setting)
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
    header = ("page", "body", "queries", "view median", "view p95")
    header += ("static median", "static p95", "view/static")
    print("{:<30} {:>9} {:>7} {:>12} {:>10} {:>14} {:>11} {:>12}".format(*header))
    for name, size, queries, view, view_p95, file, file_p95 in rows:
        print(
            f"{name:<30} {size / 1024:>6.0f} KB {queries:>7} {view * 1e3:>9.2f} ms "
            f"{view_p95 * 1e3:>7.1f} ms {file * 1e3:>11.2f} ms {file_p95 * 1e3:>8.2f} ms "
            f"{view / file:>11.1f}×"
        )


def time_page(client, name: str, url: str, saved: bytes, mode: Mode) -> tuple:
    """Return one row of the table: the page in one mode against its static file."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    static = f"/{name}.html"
    first = get(client, url)[1]
    headers = {"If-None-Match": first["ETag"]} if mode.conditional else None
    if mode.cold:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        _, response, body = get(client, url, headers)
    query_count = len(queries)  # read now: the next request empties the log
    assert response.resolver_match.url_name == dict(PAGES)[name]
    assert not response.streaming, type(response)
    if mode.conditional:
        assert response.status_code == 304 and body == b"", response.status_code
    else:
        assert len(body) == len(saved), (name, len(body), len(saved))  # a new CSRF token
    times = measure(client, url, static, mode)
    view, file = statistics.median(times["view"]), statistics.median(times["static"])
    return (
        f"{name} ({mode.label})",
        len(body),
        query_count,
        view,
        p95(times["view"]),
        file,
        p95(times["static"]),
    )


if __name__ == "__main__":
    main()
