"""Rate limits per client address (logins, sign-ups, wrong table codes), as a sliding window
over the Django cache.

A rate of N per W seconds (``"20/m"``, ``"5/h"``) gives each address N slots, cache keys
that expire W seconds after they were taken. An attempt goes through only if it takes a
free slot, and it takes it with ``cache.add``, which only one caller can win: Redis'
``SET NX``, the database cache's primary key, the memory cache's lock. So there is no
fixed window whose edge lets twice the limit through in a moment (each slot frees itself
W seconds after its own attempt: at most N attempts in any W seconds), and no read-then-
count race (the slot is the count, taken before the work is done).

The database cache's ``add`` may give one expired row to two callers at once on
PostgreSQL; there, the slots of an address are taken under a transaction-level advisory
lock (on SQLite every write transaction already waits for the database's lock).

A turn (``hold``) is one key an address takes for some seconds: one caller at a time
gets past it. A list (``note``) keeps what is over a limit, for a page to show: its
entries are slots taken with ``cache.add`` too, so two addresses noted at once both stay.

The limits use the shared cache (``RATELIMIT_USE_CACHE``). A cache that does not answer
(Redis down: ``ResilientRedisCache.available`` is False) limits nobody while
``RATELIMIT_FAIL_OPEN`` is on, as the rest of the app goes on without Redis.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import math
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"([0-9]+)/([0-9]*)([smhd])")
IPV6_PREFIX = 64  # one household or phone gets a whole /64: count it as one address


def parse_rate(rate: str) -> tuple[int, int]:
    """Return (attempts, seconds) of a rate such as ``"20/m"`` or ``"5/2h"``."""
    match = RATE.fullmatch(rate)
    if match is None:
        raise ValueError(f"a rate looks like 5/h or 20/m, not {rate!r}")
    count, amount, unit = match.groups()
    return int(count), int(amount or 1) * UNITS[unit]


def client_address(request) -> str:
    """Return the address a request is counted under (an IPv6 address's /64 network)."""
    address = request.META.get("REMOTE_ADDR", "")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return str(parsed)


@dataclass(frozen=True)
class Attempt:
    """An attempt's answer: ``allowed``, and the slot it took (None when it took none)."""

    allowed: bool
    slot: str | None = None

    def __bool__(self) -> bool:
        return self.allowed

    def give_back(self) -> None:
        """Free the slot: the work it was taken for did not happen (a refused sign-up)."""
        if self.slot is not None:
            _cache().delete(self.slot)


def _cache():
    return caches[settings.RATELIMIT_USE_CACHE]


def _slots(group: str, request, limit: int, key: str | None = None) -> list[str]:
    """Return the slots of an address (or of ``key``, such as a table's code) in a group."""
    counted = client_address(request) if key is None else key
    digest = hashlib.sha256(counted.encode()).hexdigest()[:32]
    return [f"ratelimit:{group}:{digest}:{number}" for number in range(limit)]


def _down(cache) -> bool:
    return getattr(cache, "available", True) is False


@contextlib.contextmanager
def _one_at_a_time(cache, name: str):
    """Take an address's slots one caller at a time where ``cache.add`` alone is not
    enough: the database cache on PostgreSQL (see the module's docstring)."""
    if not isinstance(cache, DatabaseCache):
        yield
        return
    database = router.db_for_write(cache.cache_model_class)
    with transaction.atomic(using=database):
        connection = connections[database]
        if connection.vendor == "postgresql":
            key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])
        yield


def attempt(group: str, request, rate: str, *, key: str | None = None) -> Attempt:
    """Return whether the request's address (or ``key``) may make one more attempt of
    ``group`` now, taking one of its slots if so."""
    limit, seconds = parse_rate(rate)
    cache = _cache()
    slots = _slots(group, request, limit, key)
    if not slots:  # a limit of none at all ("0/h")
        return Attempt(_down(cache) and settings.RATELIMIT_FAIL_OPEN)
    with _one_at_a_time(cache, slots[0]):
        taken = cache.get_many(slots)
        for slot in [] if _down(cache) else slots:
            if slot not in taken and cache.add(slot, time.time(), timeout=seconds):
                return Attempt(True, slot)
    return Attempt(_down(cache) and settings.RATELIMIT_FAIL_OPEN)


def exhausted(group: str, request, rate: str, *, key: str | None = None) -> bool:
    """Return True when every slot of the address is taken (a read: nothing is taken)."""
    return usage(group, request, rate, key=key).left == 0


@dataclass(frozen=True)
class Usage:
    """How much of a limit is used: the attempts ``left``, and the seconds until a slot
    frees itself (0 when one is free)."""

    left: int
    wait: int


def usage(group: str, request, rate: str, *, key: str | None = None) -> Usage:
    """Return how much of the limit the address (or ``key``) has used (a read)."""
    limit, seconds = parse_rate(rate)
    cache = _cache()
    if _down(cache):
        return Usage(limit, 0)
    taken = cache.get_many(_slots(group, request, limit, key))
    left = limit - len(taken)
    if left > 0:
        return Usage(left, 0)
    oldest = min((float(moment) for moment in taken.values()), default=time.time())
    return Usage(0, max(1, int(oldest + seconds - time.time() + 0.999)))


def forget(group: str, request, rate: str, *, key: str | None = None) -> None:
    """Free every slot of the address (or of ``key``): its count starts afresh."""
    limit, _seconds = parse_rate(rate)
    _cache().delete_many(_slots(group, request, limit, key))


# --- a turn: one caller at a time, for some seconds ----------------------------------------


def _turn(group: str, request, key: str | None) -> str:
    return _slots(group, request, 1, key)[0]


def hold(group: str, request, seconds: int, *, key: str | None = None) -> Attempt:
    """Return whether the address (or ``key``) may have its turn of ``group`` now, taking it
    for ``seconds`` if so: until then (or until it is given back) nobody else has it."""
    cache = _cache()
    if _down(cache):
        return Attempt(settings.RATELIMIT_FAIL_OPEN)
    slot = _turn(group, request, key)
    with _one_at_a_time(cache, slot):
        if cache.add(slot, time.time() + seconds, timeout=seconds):
            return Attempt(True, slot)
    return Attempt(False)


def held(group: str, request, *, key: str | None = None) -> int:
    """Return the seconds until the turn is free (0 when it is)."""
    cache = _cache()
    until = None if _down(cache) else cache.get(_turn(group, request, key))
    if until is None:
        return 0
    return max(0, math.ceil(float(until) - time.time()))


def let_go(group: str, request, *, key: str | None = None) -> None:
    """Free the turn, whoever holds it."""
    _cache().delete(_turn(group, request, key))


# --- a list of what is over a limit, for a page to show -------------------------------------


def _entries(name: str, size: int) -> list[str]:
    return [f"ratelimit-list:{name}:{number}" for number in range(size)]


def note(name: str, value: str, seconds: int, size: int) -> None:
    """Keep ``value`` in the list ``name`` (at most ``size`` values) for ``seconds`` more."""
    cache = _cache()
    if _down(cache):
        return
    entries = _entries(name, size)
    with _one_at_a_time(cache, entries[0]):
        kept = cache.get_many(entries)
        for entry, there in kept.items():
            if there == value:
                cache.touch(entry, seconds)
                return
        for entry in entries:
            if entry not in kept and cache.add(entry, value, timeout=seconds):
                return


def noted(name: str, size: int) -> list[str]:
    """Return the values in the list ``name``, each once."""
    cache = _cache()
    if _down(cache):
        return []
    kept = cache.get_many(_entries(name, size))
    return list(dict.fromkeys(kept[entry] for entry in _entries(name, size) if entry in kept))


def unnote(name: str, value: str, size: int) -> bool:
    """Take ``value`` out of the list ``name``; return whether it was there."""
    cache = _cache()
    kept = cache.get_many(_entries(name, size))
    there = [entry for entry, kept_value in kept.items() if kept_value == value]
    cache.delete_many(there)
    return bool(there)
