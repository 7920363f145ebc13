"""The health check a load balancer or monitor polls: the app answers and its database too."""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def health(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any database failure: report it, never a 500 page
        return JsonResponse({"status": "error", "database": str(error)[:200]}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})
