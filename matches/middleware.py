"""When the database does not answer, say so plainly instead of showing a server error.

A request in flight when PostgreSQL restarts fails with this message; its transaction
is rolled back, so nothing is half-saved, and the same request succeeds once the
database is back (Django opens a new connection for the next request).
"""

import logging

from django.db import InterfaceError, OperationalError
from django.shortcuts import render

logger = logging.getLogger(__name__)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("database unavailable: %s %s", request.method, request.path, exc_info=True)
        if getattr(request, "htmx", False):
            response = render(request, "_database_unavailable.html", status=503)
            response["HX-Retarget"] = "#server-message"
            response["HX-Reswap"] = "innerHTML"
            return response
        return render(request, "503.html", status=503)
