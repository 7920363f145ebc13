"""Cached public pages answered early, before sessions, CSRF, messages and the view."""

from .pagecache import answer_from_cache


class CachedPageMiddleware:
    """Answer a visitor's request for a cached, unchanged public page straight from the
    cache, before sessions, CSRF, messages or the view (see matches/caching/pagecache.py),
    after one small query for the event's version."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET":
            response = answer_from_cache(request)
            if response is not None:
                return response
        return self.get_response(request)
