"""Tests against the machine's Redis (127.0.0.1:6379): settings that point the caches there.

Each test run uses keys under its own prefix and deletes them afterwards (never FLUSHDB:
other runs may share the database). Without Redis these tests are skipped, unless
REQUIRE_REDIS=1 (as in CI), when they fail instead.
"""

import os
import uuid

import pytest

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/2")


def redis_caches(prefix: str) -> dict:
    """Return CACHES as the settings make them with REDIS_URL set, under ``prefix``."""
    default = {
        "BACKEND": "matches.caching.resilient_cache.ResilientRedisCache",
        "LOCATION": REDIS_URL,
        "TIMEOUT": 3600,
        "KEY_PREFIX": prefix,
        "OPTIONS": {"REDIS_CLIENT_KWARGS": {"single_connection_client": True}},
    }
    return {"default": default, "shared": default}


def require_redis():
    """Return a client of the test Redis, or skip (fail under REQUIRE_REDIS=1)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as error:
        reason = f"Redis at {REDIS_URL} did not answer: {error}"
        if os.environ.get("REQUIRE_REDIS") == "1":
            pytest.fail(f"{reason} (REQUIRE_REDIS=1 is set, so this is a failure)")
        pytest.skip(reason)
    return client


@pytest.fixture
def redis_settings(settings):
    """Point the caches at Redis for one test (as REDIS_URL does); delete its keys after."""
    client = require_redis()
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = redis_caches(prefix)
    yield settings
    for key in client.scan_iter(match=f"{prefix}:*", count=1000):
        client.delete(key)
