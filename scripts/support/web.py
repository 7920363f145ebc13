"""HTTP as a browser: ``Browser``, one ``requests.Session`` per browser (or per tab)."""

from __future__ import annotations

import re

import requests

HTTP_TIMEOUT = 15  # seconds for one request
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


class Browser(requests.Session):
    """One browser talking to one app server: its cookies (English pages), the CSRF header
    on every form post, a timeout on every request.

    Paths are relative to ``base_url``. Redirects are never followed, so a check sees each
    answer as it comes (a login or a save answers 302). A connection that fails raises
    ``requests.RequestException`` (an OSError); nothing is retried.
    """

    def __init__(self, base_url: str, *, timeout: float = HTTP_TIMEOUT):
        super().__init__()
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.cookies.set("django_language", "en")

    def request(self, method, url, *args, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", self.timeout)
        kwargs["allow_redirects"] = False
        if method.upper() not in SAFE_METHODS:
            headers = dict(kwargs.get("headers") or {})
            headers.setdefault("X-CSRFToken", self.cookies.get("csrftoken", ""))
            kwargs["headers"] = headers
        if url.startswith("/"):
            url = self.base_url + url
        response = super().request(method, url, *args, **kwargs)
        response.encoding = response.encoding or "utf-8"
        return response

    def log_in(self, username: str, password: str) -> Browser:
        """Log in through the login page, as a person would; return this browser."""
        page = self.get("/accounts/login/")
        found = CSRF_INPUT.search(page.text)
        if page.status_code != 200 or not found:
            raise RuntimeError(f"login page: {page.status_code}, no CSRF token")
        data = {"username": username, "password": password, "csrfmiddlewaretoken": found[1]}
        answer = self.post("/accounts/login/", data)
        if answer.status_code != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login refused ({answer.status_code})")
        return self

    def tab(self) -> Browser:
        """Return another tab of this browser: the same cookies (a login included), its
        own connection, for another thread."""
        other = Browser(self.base_url, timeout=self.timeout)
        other.cookies.update(self.cookies)
        return other

    def visitor(self) -> Browser:
        """Return a new browser on the same server, not logged in."""
        return Browser(self.base_url, timeout=self.timeout)
