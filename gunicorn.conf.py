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


# --- table links stay out of the logs -----------------------------------------------------
# A table's link (/t/<token>/, issue 19) is its players' key to their table: anyone who
# reads it can enter results there. The access log writes /t/… in its place, in the
# request line, the path, the query and every header (the Referer of a table page's own
# requests among them); each worker does the same to the app's own log records (Django
# logs a refused request's path).

import logging  # noqa: E402
import re  # noqa: E402

from gunicorn.glogging import Logger  # noqa: E402

TABLE_TOKEN = re.compile(r"(/t/)[A-Za-z0-9_-]{16,}")


def mask_table_tokens(text):
    """Return ``text`` with every table token in it replaced by …; anything else as it is."""
    return TABLE_TOKEN.sub(r"\1…", text) if isinstance(text, str) else text


class MaskedTokensLogger(Logger):
    """gunicorn's logger, with table tokens masked in every access-log field."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {name: mask_table_tokens(value) for name, value in atoms.items()}


class MaskedTokensFilter(logging.Filter):
    """A log filter that masks table tokens in a record's message and traceback."""

    def filter(self, record):
        message = record.getMessage()
        masked = mask_table_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_table_tokens(record.exc_text)
        return True


def mask_app_logs():
    """Put the masking filter on every log handler the app configured."""
    masking = MaskedTokensFilter()
    loggers = [logging.getLogger()] + [
        logger for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger)
    ]  # fmt: skip
    for logger in loggers:
        for handler in logger.handlers:
            if not any(isinstance(f, MaskedTokensFilter) for f in handler.filters):
                handler.addFilter(masking)


def post_worker_init(worker):
    """Once a worker has loaded the app (and Django its logging settings), mask its logs."""
    mask_app_logs()


logger_class = MaskedTokensLogger
