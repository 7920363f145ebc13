"""gunicorn's settings for this app; gunicorn reads ./gunicorn.conf.py by itself when
started from the project's folder (or pass --config gunicorn.conf.py).

It does not advertise itself: no `Server: gunicorn` header, which would tell a scanner
what to try. Everything else is given on the command line (see README, "Production").
"""

from gunicorn.http import wsgi

_default_headers = wsgi.Response.default_headers


def _without_server(self):
    return [line for line in _default_headers(self) if not line.lower().startswith("server:")]


wsgi.Response.default_headers = _without_server
