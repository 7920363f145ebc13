"""The health check a load balancer or monitor polls: the app, its database and its cache
answer. The public answer is only ok or not ok; what failed goes to the log."""

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
    for name, check in (("database", _database), ("cache", _caches)):
        try:
            check()
        except Exception:  # any failure: log what it was, tell the public only "not ok"
            logger.exception("health check: the %s did not answer", name)
            return JsonResponse({"status": "not ok"}, status=503)
    return JsonResponse({"status": "ok"})
