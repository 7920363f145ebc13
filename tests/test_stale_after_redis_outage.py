"""No public page is served from an event's version older than the database's after a
Redis outage, even when the process that changed the event during the outage was killed
before Redis answered again (it alone knew its version in Redis was stale): the server
processes that saw the outage check the versions Redis holds at their first read once it
answers again, and every new worker does so when it starts.

Redis sits behind a small proxy the test stops and starts; the server processes are real
processes of their own sharing a SQLite file, as gunicorn's workers share a database."""

import contextlib
import json
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from matches.caching import versions
from tests.redis import REDIS_URL, require_redis

ROOT = Path(__file__).resolve().parents[1]


class Proxy:
    """A TCP proxy to Redis on a port of its own: stopped, it refuses connections and
    cuts the open ones, as an unreachable Redis does."""

    def __init__(self, target: tuple[str, int]):
        self.target, self.port = target, None
        self.listener, self.links = None, []

    def start(self) -> None:
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", self.port or 0))
        self.port = self.listener.getsockname()[1]
        self.listener.listen()
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def stop(self) -> None:
        with contextlib.suppress(OSError):  # wakes the thread waiting in accept
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for link in self.links:
            link.close()
        self.links = []

    def _accept(self, listener) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self.links += [client, server]
            for one, other in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(one, other), daemon=True).start()

    @staticmethod
    def _pipe(one, other) -> None:
        try:
            while data := one.recv(65536):
                other.sendall(data)
        except OSError:
            pass
        for end in (one, other):
            with contextlib.suppress(OSError):
                end.close()


@pytest.fixture
def redis_client():
    client = require_redis()
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    yield client, prefix
    for key in client.scan_iter(match=f"{prefix}:*", count=1000):
        client.delete(key)


def harness(env, *args, **popen) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.outage_harness", *map(str, args)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        **popen,
    )


def answer(process) -> dict:
    return json.loads(process.stdout.readline())


def ask(reader, event_id: int) -> str:
    reader.stdin.write(f"{event_id}\n")
    reader.stdin.flush()
    return answer(reader)["version"]


def stored(client, key: str):
    """Return what Django's Redis cache holds under ``key`` (pickled), None for nothing."""
    value = client.get(key)
    return None if value is None else pickle.loads(value)  # noqa: S301 - our own test's Redis


def test_a_version_left_stale_by_a_writer_killed_during_an_outage_is_not_served(
    tmp_path, redis_client
):
    client, prefix = redis_client
    host, port_db = REDIS_URL.removeprefix("redis://").split(":")
    port, db = port_db.split("/")
    proxy = Proxy((host, int(port)))
    proxy.start()
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env = {
        **base,
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CACHE_KEY_PREFIX": prefix,
        "RETRY": "0.1",
        "DJANGO_SETTINGS_MODULE": "scoresheet.settings",
    }
    direct = {**env, "REDIS_URL": REDIS_URL}
    through_proxy = {**env, "REDIS_URL": f"redis://127.0.0.1:{proxy.port}/{db}"}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=direct, check=True
    )
    setup = harness(direct, "setup")
    made = answer(setup)
    setup.wait()
    (event_id, other_id), before = made["events"], made["version"]
    key = f"{prefix}:1:event-version:{event_id}"

    reader = harness(through_proxy, "serve")
    writer = None
    try:
        assert ask(reader, event_id) == before  # from Redis
        proxy.stop()  # Redis out of reach of every server process
        ask(reader, other_id)  # from the database: the reader sees Redis down (the event
        # changed is not asked for: this reader has nothing of it to forget afterwards)
        writer = harness(through_proxy, "change", event_id)
        after = answer(writer)["version"]  # saved in the database, Redis out of reach
        assert after != before
        writer.send_signal(signal.SIGKILL)  # before Redis answers again
        writer.wait()
        proxy.start()
        assert stored(client, key) == before  # Redis still holds the old version
        answers = []
        for _ in range(20):  # until the reader has reached Redis again (its old connection
            time.sleep(0.3)  # cut, the first try may fail: then it waits RETRY once more)
            answers.append(ask(reader, event_id))
            if stored(client, key) != before:
                break
        assert answers == [after] * len(answers)  # never the version before the change
        assert stored(client, key) in (None, after)
        assert ask(reader, event_id) == after
    finally:
        for process in (reader, writer):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        proxy.stop()


@pytest.mark.django_db
def test_a_new_server_process_drops_the_versions_the_database_does_not_have(redis_settings):
    from django.core.cache import cache

    from tests.factories import make_event

    redis_settings.REVISIONS_IN_CACHE = True
    event = make_event()
    cache.set(f"event-version:{event.pk}", "an old version")
    cache.set("event-version:999999", "an event since deleted")
    assert versions.check_cached_versions() == 2
    assert cache.get(f"event-version:{event.pk}") is None
    assert versions.event_version(event.pk) == versions.version_from_database(event.pk)
    assert versions.check_cached_versions() == 0
