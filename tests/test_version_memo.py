"""Each server process's memo of the event versions it read from Redis, kept true by Redis's
keyspace notifications (matches/caching/version_memo.py): a version another server changes
is seen on the very next lookup; a lost subscription, PINGs Redis does not answer or a Redis
without keyspace notifications mean reading Redis as before; a cleared cache empties every
memo; and a 304 answered from the memo asks Redis nothing.

"Another server" is a connection of its own to the same Redis. It writes, then sends one
more command (its answer, then a request reaching this server, come after Redis wrote the
notification: ``written_elsewhere``)."""

import logging
import time
import uuid

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from matches.caching import resilient_cache, version_memo, versions
from tests.factories import make_scored_match
from tests.redis import NOTIFY, REDIS_URL, redis_caches

EVENT, OTHER = 41, 42


@pytest.fixture(autouse=True)
def memo_on(settings):
    """The memo is off by default (REVISIONS_MEMO): these tests are of it, so it is on."""
    settings.REVISIONS_MEMO = True


@pytest.fixture
def elsewhere(redis_settings):
    """Another server's connection to the Redis the caches use."""
    client = redis.Redis.from_url(REDIS_URL)
    yield client
    client.close()


@pytest.fixture
def commands(monkeypatch):
    """The commands the cache's Redis clients send, the name and key of each."""
    sent = []
    real = redis.Redis.execute_command

    def recorded(self, *args, **options):
        sent.append(tuple(args[:2]))
        return real(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", recorded)
    return sent


def made(event_id: int) -> str:
    return cache.make_key(versions.version_key(event_id))


def written_elsewhere(client, event_id: int, version: str | None) -> None:
    """Set an event's version (None: delete it) as another server does, and return once
    that server has had Redis's answer to one more command."""
    if version is None:
        client.delete(made(event_id))
    else:
        client.set(made(event_id), cache._cache._serializer.dumps(version), ex=3600)
    client.ping()


def memoised(event_id: int) -> str | None:
    return version_memo.lookup(event_id)[0]


def kept(event_id: int, version: str) -> None:
    """Have the version in Redis and in this process's memo."""
    cache.set(versions.version_key(event_id), version)
    assert versions.cached_version(event_id) == version
    assert memoised(event_id) == version


def test_a_version_read_from_redis_is_kept_and_read_again_without_asking_redis(elsewhere, commands):
    cache.set(versions.version_key(EVENT), "v1")
    assert memoised(EVENT) is None  # nothing read yet (this lookup subscribes)
    assert versions.cached_version(EVENT) == "v1"
    commands.clear()
    assert versions.cached_version(EVENT) == "v1"
    assert commands == []


def test_a_version_another_server_sets_or_deletes_is_seen_on_the_very_next_lookup(elsewhere):
    kept(EVENT, "v1")
    kept(OTHER, "w1")
    written_elsewhere(elsewhere, EVENT, "v2")
    assert versions.cached_version(EVENT) == "v2"
    assert memoised(OTHER) == "w1"  # another event's version is kept
    written_elsewhere(elsewhere, EVENT, None)
    assert versions.cached_version(EVENT) is None


def test_a_version_that_expires_in_redis_is_forgotten_too(elsewhere):
    kept(EVENT, "v1")
    elsewhere.pexpire(made(EVENT), 1)
    time.sleep(0.01)
    assert elsewhere.exists(made(EVENT)) == 0  # expired (and notified) as it is looked at
    elsewhere.ping()
    assert memoised(EVENT) is None
    assert versions.cached_version(EVENT) is None


def test_this_process_s_own_write_is_seen_at_once(redis_settings):
    kept(EVENT, "v1")
    cache.set(versions.version_key(EVENT), "v2")  # as versions.publish does, then forget()
    version_memo.forget(EVENT)
    assert versions.cached_version(EVENT) == "v2"


def test_after_its_connection_is_killed_the_memo_is_not_trusted_and_a_change_is_seen(
    elsewhere, caplog
):
    kept(EVENT, "v1")
    memo = version_memo.process_memo()
    host, port = memo.sock.getsockname()[:2]
    # CLIENT KILL TYPE pubsub, of this memo's connection only (other runs may share Redis)
    assert elsewhere.client_kill_filter(_type="pubsub", addr=f"{host}:{port}") == 1
    written_elsewhere(elsewhere, EVENT, "v2")  # nobody tells this process any more
    with caplog.at_level(logging.WARNING):
        assert versions.cached_version(EVENT) == "v2"
    assert "subscription lost" in caplog.text
    assert version_memo.lookup(EVENT) == (None, None)  # nothing kept until it subscribes again
    written_elsewhere(elsewhere, EVENT, "v3")
    assert versions.cached_version(EVENT) == "v3"

    memo.retry_at = 0.0  # RETRY_SECONDS are over
    assert versions.cached_version(EVENT) == "v3"  # subscribed again
    assert memoised(EVENT) == "v3"
    written_elsewhere(elsewhere, EVENT, "v4")
    assert versions.cached_version(EVENT) == "v4"


def test_the_memo_is_trusted_only_while_redis_answers_its_pings(elsewhere):
    kept(EVENT, "v1")
    memo = version_memo.process_memo()
    memo.confirmed -= version_memo.TRUST_SECONDS + 1  # Redis last answered too long ago
    assert memoised(EVENT) is None  # not trusted; a PING is sent
    deadline = time.monotonic() + 2
    while memoised(EVENT) is None and time.monotonic() < deadline:
        time.sleep(0.001)
    assert memoised(EVENT) == "v1"  # answered: trusted again

    memo.ping_sent = time.monotonic() - version_memo.DEAD_SECONDS - 1  # never answered
    assert version_memo.lookup(EVENT) == (None, None)
    assert memo.pubsub is None and memo.versions == {}


def test_a_version_read_while_a_change_to_it_is_notified_is_not_kept(elsewhere):
    kept(OTHER, "w1")
    _, ticket = version_memo.lookup(EVENT)
    assert ticket is not None
    read = cache.get(versions.version_key(EVENT))  # None, on its way back from Redis
    written_elsewhere(elsewhere, EVENT, "v2")
    assert memoised(OTHER) == "w1"  # another thread's lookup meanwhile takes the notification
    version_memo.keep(EVENT, read or "v1", ticket)
    assert memoised(EVENT) is None
    assert versions.cached_version(EVENT) == "v2"


def test_a_cache_cleared_by_any_server_empties_every_memo(elsewhere, monkeypatch):
    kept(EVENT, "v1")
    db = int(REDIS_URL.rsplit("/", 1)[1])
    elsewhere.publish(resilient_cache.dropped_channel(db), b"1")  # another server's clear()
    elsewhere.ping()
    assert memoised(EVENT) is None

    kept(EVENT, "v1")
    listener = elsewhere.pubsub()
    listener.subscribe(resilient_cache.dropped_channel(db))
    assert listener.get_message(timeout=1)["type"] == "subscribe"
    monkeypatch.setattr(redis.Redis, "flushdb", lambda self, **kwargs: True)  # shared: kept
    cache.clear()  # FLUSHDB notifies no key
    assert memoised(EVENT) is None  # this process's at once
    told = listener.get_message(timeout=1)
    assert told["type"] == "message" and told["data"] == b"1"  # and every other's
    listener.close()


@pytest.fixture
def no_notifications(elsewhere):
    """A Redis that sends no keyspace notifications; as it was afterwards."""
    before = elsewhere.config_get(NOTIFY)[NOTIFY]
    elsewhere.config_set(NOTIFY, "")
    yield
    elsewhere.execute_command("CONFIG", "SET", NOTIFY, before)


@pytest.mark.parametrize("refused", ["CONFIG", "CONFIG SET"])
def test_a_redis_without_notifications_means_reading_redis_every_time_with_one_warning(
    elsewhere, no_notifications, monkeypatch, caplog, refused
):
    def not_allowed(*args, **kwargs):
        raise redis.ResponseError("NOPERM this user has no permissions to run 'config'")

    monkeypatch.setattr(redis.Redis, "config_set", not_allowed)
    if refused == "CONFIG":
        monkeypatch.setattr(redis.Redis, "config_get", not_allowed)
    cache.set(versions.version_key(EVENT), "v1")
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert versions.cached_version(EVENT) == "v1"
            assert version_memo.lookup(EVENT) == (None, None)
    assert caplog.text.count("no keyspace notifications") == 1
    elsewhere.set(made(EVENT), cache._cache._serializer.dumps("v2"))  # no one is told
    assert versions.cached_version(EVENT) == "v2"


@pytest.mark.django_db
@pytest.mark.parametrize("memo", ["on", "off"])
def test_a_304_answered_from_the_memo_asks_redis_nothing(redis_settings, settings, commands, memo):
    settings.REVISIONS_MEMO = memo == "on"
    url = reverse("event", args=[make_scored_match().event.pk])
    visitor = Client()
    etag = visitor.get(url)["ETag"]  # drawn, kept in Redis with its version
    assert visitor.get(url).status_code == 200  # from Redis: the version kept in the memo
    commands.clear()
    assert visitor.get(url, headers={"If-None-Match": etag}).status_code == 304
    if memo == "on":
        assert commands == []
    else:
        assert [name for name, _ in commands] == ["GET"]


def test_with_the_memory_cache_there_is_no_memo():
    assert version_memo.lookup(EVENT) == (None, None)
    assert version_memo.process_memo() is None


def test_a_key_prefix_with_glob_characters_is_matched_as_it_is(settings, elsewhere):
    prefix = f"test-[memo]*?\\-{uuid.uuid4().hex[:8]}"
    settings.CACHES = redis_caches(prefix)
    try:
        kept(EVENT, "v1")
        assert "\\[memo\\]\\*\\?\\\\-" in version_memo.process_memo().pattern
        written_elsewhere(elsewhere, EVENT, "v2")
        assert versions.cached_version(EVENT) == "v2"
    finally:
        elsewhere.delete(made(EVENT))
