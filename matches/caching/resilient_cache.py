"""django-redis's cache that fails open: when Redis does not answer, the app goes on without it.

Everything the app keeps in Redis can be done without for a while (settings.py, REDIS_URL):
public pages are rendered afresh instead of read from the cache, sessions are read from and
written to the database (``cached_db``), and rate limits are not counted (a read finds
nothing, an increment counts 0; failed logins are counted in the database meanwhile,
``matches.auth.accounts.CachedLockouts``). So a Redis outage costs speed and, while it
lasts, the rate limits: never a server error, never a lost result.

Only django-redis's public methods are wrapped (its client keeps one connection for each
thread: ``REDIS_CLIENT_KWARGS`` in settings.py). After a failure the cache
is not asked again for ``RETRY_SECONDS`` (one log line per outage, and no connection
timeout on every request when Redis is unreachable rather than refused). A key this process
could not write or delete may still hold an older value in Redis (when Redis was alive but
out of reach): such keys are deleted first thing when Redis answers again, so no session
written during the outage comes back stale (a page kept is stale only if its version is,
and the version is always read from the database).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django_redis.cache import RedisCache

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
MAX_KEYS_TO_FORGET = 50_000
SCAN_COUNT = 1000  # keys Redis looks at in each SCAN (django-redis's default is 10)


@dataclass
class Health:
    """What this process knows of one Redis: when to ask it again, what to delete then."""

    down_until: float = 0.0
    forget: set[tuple[str, int | None]] = field(default_factory=set)  # (key, version)
    overflowed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


_HEALTH: dict[str, Health] = {}


class ResilientRedisCache(RedisCache):
    """``django_redis.cache.RedisCache`` that answers as an empty cache that keeps nothing
    while Redis is down (see the module's docstring)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self.location = server if isinstance(server, str) else ",".join(server)
        self.health = _HEALTH.setdefault(self.location, Health())

    def validate_key(self, key):
        """Accept every key, as Redis does: Django's check, a loop over each character of
        every key for what memcached would refuse, only warns, and costs a few µs a call."""

    @property
    def available(self) -> bool:
        """Whether Redis answered the last time it was asked (or may be asked again)."""
        return self.health.down_until <= time.monotonic()

    def _call(self, method: str, default, written_keys, version, *args):
        """Call RedisCache's ``method``; on a Redis error, log it, remember the keys it was
        to write (``written_keys``, None for a read) and return ``default``."""
        health = self.health
        if health.down_until > time.monotonic():
            self._remember(written_keys, version)
            return default
        try:
            if health.down_until:  # the first call since an outage
                self._forget_stale()
            return getattr(super(), method)(*args)
        except (redis.RedisError, TimeoutError) as error:
            with health.lock:
                first = not health.down_until
                health.down_until = time.monotonic() + RETRY_SECONDS
            log = logger.error if first else logger.warning
            log("cache unavailable, going on without it for %.0f s: %s", RETRY_SECONDS, error)
            self._remember(written_keys, version)
            return default

    def _remember(self, keys, version) -> None:
        if keys:
            with self.health.lock:
                if len(self.health.forget) + len(keys) > MAX_KEYS_TO_FORGET:
                    self.health.overflowed = True
                else:
                    self.health.forget.update((key, version) for key in keys)

    def _forget_stale(self) -> None:
        """Delete the keys written during the outage (raises if Redis is still down)."""
        health = self.health
        with health.lock:
            keys, overflowed = list(health.forget), health.overflowed
        if overflowed:
            logger.error("cache: too many keys written while it was down; clearing it")
            super().clear()
        for version in {version for _, version in keys} if not overflowed else ():
            super().delete_many([key for key, v in keys if v == version], version)
        with health.lock:
            health.forget.difference_update(keys)
            health.overflowed, health.down_until = False, 0.0
        logger.warning("cache answers again; %d keys written while it was down deleted", len(keys))

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

    def delete_matching(self, pattern: str, version=None) -> int:
        """Delete every key of this cache matching ``pattern`` (Redis's glob, ``axes-*``)
        and return how many there were; 0 while Redis is down."""
        if not self.available:
            return 0
        try:
            return super().delete_pattern(pattern, version=version, itersize=SCAN_COUNT)
        except (redis.RedisError, TimeoutError) as error:
            logger.warning("cache unavailable, no key deleted: %s", error)
            return 0
