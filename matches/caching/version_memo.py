"""Each server process's memo of the event versions it read from Redis, kept true by Redis's
keyspace notifications: a cached page's 304 then needs no round trip to Redis.

A version read from Redis is kept only while the process holds a live subscription to the
notifications of every event's version key (``PSUBSCRIBE __keyspace@<db>__:<made key of
event-version:[0-9]*>``). Every write to one, by any server (``publish``'s set,
``_remember``'s add, ``event_changed``'s delete, the keys deleted after an outage; an
expiry or eviction), sends its name there, and the memo drops that event (it never takes a
value from a notification). What waits on the socket is read, without blocking, before
each lookup; Redis writes a notification in the same pass as its answer to the writer, so
a request reaching this server after that answer finds it waiting. FLUSHDB notifies no
key: the cache's ``clear`` and the forgetting after an outage tell every memo on a channel
of their own (``resilient_cache.dropped_channel``); after a FLUSHDB by hand a memo holds
what the database does until the next change, whose set is notified.

Live: Redis answered a PING on it sent at most TRUST_SECONDS ago, less than the cache's
socket timeout (2 s), so a server that loses Redis without a word saves nothing without it
while a memo still trusts itself. On any error, a lost connection or a PING unanswered the
memo is emptied and Redis read as before, and subscribing tried again RETRY_SECONDS later
at the soonest. Subscribing adds what is missing to ``notify-keyspace-events`` (CONFIG
permitting), then a probe key's set and delete must come back within PROBE_SECONDS, or the
memo is not used (one warning). With ``ResilientRedisCache`` and REVISIONS_IN_CACHE only,
unless REVISIONS_MEMO is off; made lazily in each process (gunicorn forks); thread-safe.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import re
import select
import threading
import time

from django.conf import settings
from django.core.cache import caches
from django.core.signals import setting_changed

from . import resilient_cache

logger = logging.getLogger(__name__)

PING_SECONDS, TRUST_SECONDS, DEAD_SECONDS = 0.5, 1.0, 3.0  # DEAD: a PING unanswered
PROBE_SECONDS = 0.5
READ_SECONDS = 0.1  # for the rest of a message begun on the socket
NO_NOTIFICATIONS_RETRY = 300.0
MAX_ENTRIES = 10_000
NEEDED, WANTED = "K$g", "K$gxe"  # keyspace; set; del, expire, rename; expired; evicted
NOTIFY, ALL_EVENTS = "notify-keyspace-events", "g$lshzxetd"  # ALL_EVENTS: what "A" means
_tickets = itertools.count()  # one count for every memo: a ticket is good for one only


def version_key(event_id) -> str:
    """Return the cache's key of an event's version (``versions``; made with the cache's
    prefix by the cache): the keys this memo is told of."""
    return f"event-version:{event_id}"


class _Memo:
    """One process's memo of one Redis cache's event versions (see the module)."""

    def __init__(self, pool, location: str, before: str, after: str, probe: str):
        db = int(pool.connection_kwargs.get("db") or 0)
        escaped = [re.sub(r"([*?[\]\\])", r"\\\1", part) for part in (before, after)]
        self.pool, self.location, self.probe = pool, location, probe
        self.pattern = f"__keyspace@{db}__:{escaped[0]}[0-9]*{escaped[1]}"
        self.start, self.end = len(f"__keyspace@{db}__:{before}".encode()), len(after.encode())
        self.probe_channel = f"__keyspace@{db}__:{probe}".encode()
        self.dropped_channel = resilient_cache.dropped_channel(db).encode()
        self.lock = threading.Lock()
        self.versions: dict[int, str] = {}
        self.drops = next(_tickets)  # new at each drop, clear, subscription: see keep()
        self.pubsub = self.sock = self.poller = None
        self.confirmed = 0.0  # when the last PING Redis answered was sent (monotonic)
        self.ping_sent = None  # when the PING not answered yet was sent
        self.retry_at, self.subscribing, self.warned, self.drained = 0.0, False, False, False

    def lookup(self, event_id: int) -> tuple[str | None, int | None]:
        """Return the version memoised (None: not known or not to be trusted now) and the
        ticket with which a version read from Redis now may be kept (None: it may not)."""
        with self.lock:
            now = time.monotonic()
            if self.pubsub is not None:
                try:
                    self._drain()
                    if self.ping_sent is None and now - self.confirmed >= PING_SECONDS:
                        self.pubsub.ping()
                        self.ping_sent = now
                    elif self.ping_sent is not None and now - self.ping_sent > DEAD_SECONDS:
                        raise ConnectionError("PING not answered")
                except Exception as error:  # noqa: BLE001 - whatever it is, the memo is lost
                    logger.warning("version memo: subscription lost, reading Redis: %s", error)
                    self._close(resilient_cache.RETRY_SECONDS)
                    return None, None
                trusted = now - self.confirmed <= TRUST_SECONDS
                return (self.versions.get(event_id) if trusted else None), self.drops
            answering = resilient_cache.answering(self.location)
            if self.subscribing or now < self.retry_at or not answering:
                return None, None
            self.subscribing = True
        self._subscribe()
        return self.lookup(event_id)  # subscribed, or not to be tried again for a while

    def keep(self, event_id: int, version, ticket: int | None) -> None:
        """Keep ``version``, read from Redis after ``lookup`` gave ``ticket``, unless
        anything was dropped since (or the subscription lost)."""
        with self.lock:
            if version is not None and self.pubsub is not None and self.drops == ticket:
                if len(self.versions) >= MAX_ENTRIES:
                    self.versions.clear()
                self.versions[event_id] = version

    def drop(self, event_id: int | None = None) -> None:
        """Forget one event's version (None: every one)."""
        with self.lock:
            self._drop(event_id)

    def _drop(self, event_id: int | None) -> None:
        self.drops = next(_tickets)  # a read begun before this is not kept
        if event_id is None:
            self.versions.clear()
        else:
            self.versions.pop(event_id, None)

    def _handle(self, message) -> None:
        kind, channel = message["type"], message["channel"]
        if kind == "pmessage":
            name = channel[self.start : len(channel) - self.end]
            self._drop(int(name) if name.isdigit() else None)
        elif kind == "message" and channel == self.dropped_channel:
            self._drop(None)  # a cache cleared, or keys written during an outage deleted
        elif kind == "pong" and self.ping_sent is not None:
            self.confirmed, self.ping_sent = self.ping_sent, None

    def _drain(self) -> None:
        """Handle every message waiting on the subscription, without blocking (after the
        first, only when the socket has some: a drain leaves none in redis-py's buffer)."""
        connection = self.pubsub.connection
        if connection is None or connection._sock is not self.sock:
            raise ConnectionError("the subscription's connection was opened again")
        if self.drained and not self.poller.poll(0):
            return
        while connection.can_read(timeout=0):
            message = self.pubsub.get_message(timeout=READ_SECONDS)
            if message is not None:
                self._handle(message)
        self.drained = True

    def _close(self, retry: float = 0.0) -> None:
        pubsub, self.pubsub, self.sock, self.poller = self.pubsub, None, None, None
        self._drop(None)
        self.retry_at = time.monotonic() + retry
        if pubsub is not None:
            with contextlib.suppress(Exception):  # a connection that failed
                pubsub.reset()

    def _subscribe(self) -> None:
        """Subscribe, see that notifications come, and put the subscription in place."""
        import redis

        client = redis.Redis(connection_pool=self.pool)
        pubsub, retry = client.pubsub(), NO_NOTIFICATIONS_RETRY
        try:
            sent = self._notifications_on(client) and self._probe(client, pubsub)
        except Exception as error:  # noqa: BLE001 - whatever it is: try again later
            logger.warning("version memo: cannot subscribe, reading Redis: %s", error)
            sent, retry = None, resilient_cache.RETRY_SECONDS
        else:
            if not sent and not self.warned:
                self.warned = True
                logger.warning(
                    "version memo: Redis sends no keyspace notifications (notify-keyspace-"
                    "events needs %s; CONFIG not allowed?): reading Redis",
                    NEEDED,
                )
        with self.lock:
            self.subscribing = False
            self._close(0.0 if sent else retry)
            if sent:
                self.pubsub, self.sock = pubsub, pubsub.connection._sock
                self.poller = select.poll()
                self.poller.register(self.sock, select.POLLIN)
                self.confirmed, self.ping_sent, self.drained = sent, None, False
                return
        with contextlib.suppress(Exception):
            pubsub.reset()

    def _notifications_on(self, client) -> bool:
        """Add what is wanted to notify-keyspace-events (CONFIG permitting); return False
        if what is needed is known to be missing there."""
        import redis

        try:
            flags = client.config_get(NOTIFY)[NOTIFY].replace("A", ALL_EVENTS)
        except (redis.ResponseError, KeyError):
            return True  # CONFIG not allowed: the probe tells
        missing = "".join(flag for flag in WANTED if flag not in flags)
        try:
            return not missing or client.config_set(NOTIFY, flags + missing)
        except redis.ResponseError:
            return all(flag in flags for flag in NEEDED)

    def _probe(self, client, pubsub) -> float | None:
        """Subscribe, then set and delete the probe key (event 0's version, read as 0: no
        event has id 0); return when, if both come back (and the subscriptions) within
        PROBE_SECONDS, else None."""
        pubsub.psubscribe(self.pattern)
        pubsub.subscribe(self.dropped_channel, self.probe_channel)
        sent = time.monotonic()
        deadline, events, subscriptions = sent + PROBE_SECONDS, set(), 0
        client.set(self.probe, b"0", px=10_000)
        client.delete(self.probe)

        def done():
            return {b"set", b"del"} <= events and subscriptions == 3

        while not done() and (left := deadline - time.monotonic()) > 0:
            message = pubsub.get_message(timeout=left) or {"type": None}
            if message["type"] in ("subscribe", "psubscribe"):
                subscriptions += 1
            elif message["type"] == "message" and message["channel"] == self.probe_channel:
                events.add(message["data"])
        pubsub.unsubscribe(self.probe_channel)
        return sent if done() else None


_current: tuple[int, _Memo | None] = (0, None)  # (pid, this process's memo or None)
_create_lock = threading.Lock()


def process_memo(create: bool = True) -> _Memo | None:
    """Return this process's memo (made now if ``create``), None if it has none."""
    global _current
    pid, memo = _current
    if pid == os.getpid() or not create:
        return memo if pid == os.getpid() else None
    with _create_lock:
        pid, memo = _current
        if pid == os.getpid():
            return memo
        memo, backend = None, caches["default"]
        if (
            settings.REVISIONS_MEMO
            and settings.REVISIONS_IN_CACHE
            and isinstance(backend, resilient_cache.ResilientRedisCache)
        ):
            made = backend.make_key(version_key("\0"))
            if made.count("\0") == 1:  # else a KEY_FUNCTION that hides the key: no memo
                pool, probe = backend.connection_pool(), made.replace("\0", "0")
                memo = _Memo(pool, backend.location, *made.split("\0"), probe)
        _current = (os.getpid(), memo)
        return memo


def lookup(event_id: int) -> tuple[str | None, int | None]:
    """Return the event's version from this process's memo (None: not known, or the memo
    not to be trusted now) and the ticket for ``keep`` (None: nothing to keep)."""
    memo = process_memo()
    return (None, None) if memo is None else memo.lookup(event_id)


def keep(event_id: int, version, ticket: int | None) -> None:
    """Keep the version just read from Redis, with the ticket ``lookup`` gave before."""
    if ticket is not None and (memo := process_memo(create=False)) is not None:
        memo.keep(event_id, version, ticket)


def forget(event_id: int | None = None) -> None:
    """Forget an event's version (None: all) that this process has just written: its own
    notification may come a moment after its next lookup."""
    if (memo := process_memo(create=False)) is not None:
        memo.drop(event_id)


def _cache_dropped(location: str) -> None:
    if (memo := process_memo(create=False)) is not None and memo.location == location:
        memo.drop()


def _settings_changed(setting, **kwargs) -> None:
    global _current
    if setting in ("CACHES", "REVISIONS_MEMO", "REVISIONS_IN_CACHE"):
        with _create_lock:
            if (memo := process_memo(create=False)) is not None:
                with memo.lock:
                    memo._close()
            _current = (0, None)


resilient_cache.on_dropped(_cache_dropped)
setting_changed.connect(_settings_changed, dispatch_uid="version-memo")
