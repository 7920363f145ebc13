"""Django's Redis cache that fails open: when Redis does not answer, the app goes on without it.

Everything the app keeps in Redis can be done without for a while (settings.py, REDIS_URL):
public pages are rendered afresh instead of read from the cache, sessions are read from and
written to the database (``cached_db``), and rate limits are not counted (a read finds
nothing, an increment counts 0; failed logins are counted in the database meanwhile,
``matches.auth.accounts.CachedLockouts``). So a Redis outage costs speed and, while it
lasts, the rate limits: never a server error, never a lost result.

After a failure the cache is not asked again for ``RETRY_SECONDS`` (one log line per outage,
and no connection timeout on every request when Redis is unreachable rather than refused).
A key this process could not write or delete may still hold an older value in Redis (when
Redis was alive but out of reach): such keys are deleted first thing when Redis answers
again, so no page, session or event version written during the outage comes back stale.
Then whoever asked is told (``on_answering_again``: matches/caching/versions.py).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass, field

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
MAX_KEYS_TO_FORGET = 50_000


@dataclass
class _Health:
    """What this process knows of one Redis: when to ask it again, what to delete then."""

    down_until: float = 0.0
    forget: set[str] = field(default_factory=set)
    overflowed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


_HEALTH: dict[str, _Health] = {}
_ON_DROPPED: list = []  # called with a cache's location when this process dropped keys
_ON_ANSWERING: list = []  # called with a cache's location when it answers after an outage


def dropped_channel(db: int) -> str:
    """Return the channel told when keys of Redis's database ``db`` went without a keyspace
    notification for each (FLUSHDB), or may have (the keys written during an outage)."""
    return f"__scoresheet-dropped@{db}__"


def on_dropped(callback) -> None:
    """Have ``callback(location)`` called when this process has cleared a cache or deleted
    the keys it wrote while the cache was down."""
    if callback not in _ON_DROPPED:
        _ON_DROPPED.append(callback)


def on_answering_again(callback) -> None:
    """Have ``callback(location)`` called when the cache at ``location`` answers this
    process again after an outage it saw (keys another process wrote may be stale then:
    that process may have ended before it could delete them)."""
    if callback not in _ON_ANSWERING:
        _ON_ANSWERING.append(callback)


def answering(location: str) -> bool:
    """Whether the Redis at ``location`` answered this process the last time it was asked
    (or may be asked again): not within ``RETRY_SECONDS`` of a failure."""
    return _health(location).down_until <= time.monotonic()


def _health(location: str) -> _Health:
    state = _HEALTH.get(location)  # on every call: no new _Health (and lock) to throw away
    return _HEALTH.setdefault(location, _Health()) if state is None else state


class _OneClientPerPool(RedisCacheClient):
    """Django's Redis cache client, keeping one ``redis.Redis`` on one connection for each
    connection pool (and process).

    Django's own makes a new ``redis.Redis`` for every call, which builds its table of reply
    handlers afresh (about 60 µs, more than the round trip to a local Redis), and each call
    then takes a connection from the pool and gives it back, checking it for stray data
    (about 25 µs more). Django keeps a cache object for each thread, so each thread has its
    own client and connection here (a ``redis.Redis`` on one connection also takes a lock
    around each command). A connection that fails is closed, and opened again by the next
    command; a process forked with the client gets a client of its own.
    """

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_clients", {})
        where = (os.getpid(), id(pool))  # the pools are kept for the process's life
        client = clients.get(where)
        if client is None:
            client = self._client(connection_pool=pool, single_connection_client=True)
            clients[where] = client
        return client

    def clear(self):
        try:
            return bool(self.get_client(None, write=True).flushdb())
        finally:
            self.tell_dropped()

    def tell_dropped(self) -> None:
        """Tell this process's memo of event versions, and every other's, that keys went
        without a keyspace notification for each (FLUSHDB), or may have (the keys written
        during an outage); raises if Redis does not answer."""
        for callback in _ON_DROPPED:
            callback(",".join(self._servers))
        pool = self._get_connection_pool(True)
        db = int(pool.connection_kwargs.get("db") or 0)
        self.get_client(None, write=True).publish(dropped_channel(db), b"1")


class ResilientRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` that answers as an empty cache that
    keeps nothing while Redis is down (see the module's docstring)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _OneClientPerPool
        self._location = ",".join(self._servers)

    def validate_key(self, key):
        """Accept every key, as Redis does: Django's check, a loop over each character of
        every key for what memcached would refuse, only warns, and costs a few µs a call."""

    @property
    def _state(self) -> _Health:
        return _health(self._location)

    @property
    def available(self) -> bool:
        """Whether Redis answered the last time it was asked (or may be asked again)."""
        return answering(self._location)

    @property
    def location(self) -> str:
        """Where the cache's Redis is (its servers, as settings.CACHES names them)."""
        return self._location

    def connection_pool(self):
        """Return this process's pool of connections to the cache's Redis (for writing)."""
        return self._cache._get_connection_pool(True)

    def _made(self, keys, version) -> list[str]:
        return [self.make_and_validate_key(key, version=version) for key in keys]

    def _call(self, method: str, default, written_keys, version, *args, **kwargs):
        """Call RedisCache's ``method``; on a Redis error, log it, remember the keys it was
        to write (``written_keys``, None for a read) and return ``default``."""
        import redis

        state = self._state
        if state.down_until > time.monotonic():
            self._remember(state, written_keys, version)
            return default
        try:
            if state.down_until:  # the first call since an outage
                self._forget_stale(state)
            return getattr(super(), method)(*args, **kwargs)
        except redis.RedisError as error:
            with state.lock:
                first = not state.down_until
                state.down_until = time.monotonic() + RETRY_SECONDS
            log = logger.error if first else logger.warning
            log("cache unavailable, going on without it for %.0f s: %s", RETRY_SECONDS, error)
            self._remember(state, written_keys, version)
            return default

    def _remember(self, state: _Health, keys, version) -> None:
        if not keys:
            return
        with state.lock:
            if len(state.forget) + len(keys) > MAX_KEYS_TO_FORGET:
                state.overflowed = True
            else:
                state.forget.update(self._made(keys, version))

    def _forget_stale(self, state: _Health) -> None:
        """Delete the keys written during the outage (raises if Redis is still down)."""
        with state.lock:
            keys, overflowed = list(state.forget), state.overflowed
        if overflowed:
            logger.error("cache: too many keys written while it was down; clearing it")
            self._cache.clear()
        elif keys:
            self._cache.delete_many(keys)
            self._cache.tell_dropped()  # a key deleted that was not there is not notified
        with state.lock:
            state.forget.difference_update(keys)
            state.overflowed = False
            state.down_until = 0.0
        logger.warning("cache answers again; %d keys written while it was down deleted", len(keys))
        for callback in _ON_ANSWERING:
            callback(self._location)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", False, [key], version, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._call("get", default, None, version, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, [key], version, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, [key], version, key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", False, [key], version, key, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, None, version, keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, None, version, key, version)

    def incr(self, key, delta=1, version=None):
        """Add ``delta`` to a count; while Redis is down, nothing is counted: 0."""
        return self._call("incr", 0, [key], version, key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        keys = list(data)
        return self._call("set_many", keys, keys, version, data, timeout, version)

    def delete_many(self, keys, version=None):
        keys = list(keys)
        return self._call("delete_many", None, keys, version, keys, version)

    def clear(self):
        return self._call("clear", False, None, None)

    def keys_matching(self, pattern: str, version=None) -> list[str] | None:
        """Return the keys of this cache matching ``pattern`` (Redis's glob), as the app
        names them (without the prefix and version); None when Redis does not answer."""
        import redis

        if not self.available:
            return None
        made = self.make_key(pattern, version)
        start = len(self.make_key("", version))
        try:
            client = self._cache.get_client(None)
            return [key.decode()[start:] for key in client.scan_iter(match=made, count=1000)]
        except redis.RedisError as error:
            logger.warning("cache unavailable, its keys not listed: %s", error)
            return None

    def delete_matching(self, pattern: str, version=None) -> int:
        """Delete every key of this cache matching ``pattern`` (Redis's glob, ``axes-*``)
        and return how many there were; 0 while Redis is down."""

        import redis

        if not self.available:
            return 0
        try:
            client = self._cache.get_client(None, write=True)
            found = list(client.scan_iter(match=self.make_key(pattern, version), count=1000))
            return client.delete(*found) if found else 0
        except redis.RedisError as error:
            logger.warning("cache unavailable, no key deleted: %s", error)
            return 0
