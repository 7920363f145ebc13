"""Cached public pages answered early, before sessions, CSRF, messages and the view."""

from django.conf import settings

from .pagecache import answer_from_cache


class CachedPageMiddleware:
    """Answer a visitor's request for a cached, unchanged public page straight from the
    shared cache, before sessions, CSRF, messages or the view (see matches/caching/pagecache.py).
    Only where the cache holds the events' revisions (REVISIONS_IN_CACHE)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET" and settings.REVISIONS_IN_CACHE:
            response = answer_from_cache(request)
            if response is not None:
                return response
        return self.get_response(request)
