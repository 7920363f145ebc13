"""The health check a load balancer or monitor polls: the app, its database and its cache
answer. The public answer is only ok or not ok, for the whole and for each part (no host,
port or error text); what failed goes to the log. The status code says whether this server
can serve: 503 when the database fails. Without its cache (Redis down) the server still
serves every page, more slowly (matches/caching/resilient_cache.py), so the answer stays 200, with
"not ok" for the cache and the whole: a load balancer keeps the server (every server shares
the one Redis), a monitor reading the body raises the alarm."""

import logging

from django.core.cache import caches
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _caches() -> None:
    for alias in ("default", "shared"):
        cache = caches[alias]
        cache.set("healthz", "ok", 30)
        if cache.get("healthz") != "ok":
            raise RuntimeError(f"cache {alias!r} did not keep a value")


@require_GET
@never_cache
def health(request):
    parts = {}
    for name, check in (("database", _database), ("cache", _caches)):
        try:
            check()
        except Exception:  # any failure: log what it was, tell the public only "not ok"
            logger.exception("health check: the %s did not answer", name)
            parts[name] = "not ok"
        else:
            parts[name] = "ok"
    ok = all(value == "ok" for value in parts.values())
    status = 200 if parts["database"] == "ok" else 503
    return JsonResponse({"status": "ok" if ok else "not ok", **parts}, status=status)
