"""Settings, read from environment variables.

SECRET_KEY  required unless DEBUG is on (then a fixed, public development key is used)
DEBUG       "1"/"true" for development; off by default
ALLOWED_HOSTS  comma-separated host names (default: localhost names only)
DATABASE_URL   e.g. postgres://user@host:5432/name (default: SQLite file db.sqlite3)
REDIS_URL      e.g. redis://127.0.0.1:6379/1: page cache, sessions, rate limits and login
               lock-outs shared by every app server (default: none, one machine)
TRUSTED_PROXIES  how many proxies in front add to X-Forwarded-For (default 0: none)
See docs/operations.md ("Settings") for the others.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from matches.public_address import checked_public_url, served_host
from scoresheet.env import (
    SettingError,
    env_bool,
    env_int,
    env_list,
    env_log_level,
    env_origins,
    env_rate,
    env_time_zone,
    env_word,
)

BASE_DIR = Path(__file__).resolve().parent.parent


DEBUG = env_bool("DEBUG")
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise SettingError(
            "SECRET_KEY is not set. Set it in the environment (or DEBUG=1 for development)."
        )
    SECRET_KEY = "django-insecure-development-only-never-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]", needed=True)
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "bootstrap",
    "simple_history",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "matches",
]

MIDDLEWARE = [
    "matches.middleware.UnknownHostMiddleware",  # first: before anything reads the host
    "matches.middleware.ClientAddressMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "matches.caching.middleware.CachedPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "matches.middleware.FairPlayMiddleware",  # who asks: what of a board in play they see
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before anything reads a body (CSRF's check reads the form after every __call__).
    "matches.middleware.RequestBodyLimitMiddleware",
    "matches.middleware.RequestCharsetMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "axes.middleware.AxesMiddleware",
    "matches.middleware.DatabaseUnavailableMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "matches.auth.accounts.UsernameBackend",  # user names compared case-insensitively after NFKC
]

ROOT_URLCONF = "scoresheet.urls"
WSGI_APPLICATION = "scoresheet.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

try:
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ.get("DATABASE_URL", "").strip() or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
            conn_max_age=env_int("CONN_MAX_AGE", 0, least=0, unit="seconds"),
        )
    }
except ValueError as error:  # dj_database_url's UnknownSchemeError, a port that is no number
    raise SettingError(
        f"DATABASE_URL must look like postgres://user@host:5432/name or sqlite:///path: {error}"
    ) from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction begins, and wait for it, instead of
    # failing at once with "database is locked" when two directors save together.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DATABASE_PREPARED = env_bool("DATABASE_PREPARED", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_PREPARED:
    # psycopg sends each query's values apart from its text (server-side binding) and,
    # once a connection has run the same query 5 times, has PostgreSQL prepare it: it is
    # then neither parsed nor planned again. With connections kept (CONN_MAX_AGE) that
    # halves PostgreSQL's CPU for a post at a table (docs/tables.md).
    # Off (0) for a pooler that cannot keep prepared statements (PgBouncer before 1.21 in
    # transaction mode).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The caches. Without REDIS_URL (one machine): the public pages in each server process's
# memory, their revisions read from the database on every request; rate limits in a
# database table every process shares (created by migrate); login lock-outs in axes'
# tables. With REDIS_URL (several app servers): pages, sessions, rate limits and lock-out
# counts in Redis (django-redis's backend), shared by every server (the revisions the pages
# are keyed on are read from the database either way, one small query). When Redis
# does not answer, the app goes on without it (fails open, matches/caching/resilient_cache.py):
# pages are rendered afresh, sessions come from the database, rate limits are not counted
# until Redis is back (failed logins are, in the database); /healthz says "not ok".
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
CACHE_KEY_PREFIX = env_word("CACHE_KEY_PREFIX", "scoresheet")
if REDIS_URL:
    if not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
        raise SettingError(f"REDIS_URL must be redis://host:port/db, not {REDIS_URL!r}.")
    CACHES = {
        "default": {
            "BACKEND": "matches.caching.resilient_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "TIMEOUT": 3600,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": {
                "SOCKET_TIMEOUT": 2,
                "SOCKET_CONNECT_TIMEOUT": 2,
                # one connection for each thread, not one taken from the pool for each call
                "REDIS_CLIENT_KWARGS": {"single_connection_client": True},
            },
        }
    }
    CACHES["shared"] = CACHES["default"]
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "public-pages",
            "TIMEOUT": 3600,
            "OPTIONS": {"MAX_ENTRIES": 2000},
        },
        "shared": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "shared_cache",
        },
    }
# For how many seconds a public page rendered for visitors who are not logged in may still be
# sent to them after the event has changed, before it is rendered again. At a congress every
# result accepted at a table changes the event; with a few seconds here the standings are
# rendered once in that time, not for every visitor after every result (0: rendered again at
# the first request after a change; logged-in users always see the event as it is).
PUBLIC_PAGE_GRACE = env_int("PUBLIC_PAGE_GRACE", 0, least=0, most=60, unit="seconds")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", _("Chinese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_time_zone("TIME_ZONE", "Asia/Shanghai")
USE_I18N = True
USE_TZ = True
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Home games (matches/games): the most deals one sheet holds and the most games a player
# keeps saved (a long evening of Chicago is under 60 deals; a 400-deal sheet is a 480 KB page).
HOME_GAME_MAX_DEALS = env_int("HOME_GAME_MAX_DEALS", 120, least=1, unit="deals")
HOME_GAMES_MAX_SAVED = env_int("HOME_GAMES_MAX_SAVED", 100, least=1, unit="games")
# The largest deals or results file a director may upload (the upload form and the
# commands refuse a larger one with its message, matches/interchange/deal_files.py): table
# devices' and online play's results files reach several MB (a 128-board match exported
# by the app is 125 KB).
DEAL_FILE_MAX_BYTES = env_int("DEAL_FILE_MAX_BYTES", 10 * 1024 * 1024, least=1024, unit="bytes")
# The largest request body the app reads, a little over the largest file with the form
# around it: a bigger one is answered 413 with a page saying so before any of it is read
# (matches.middleware.RequestBodyLimitMiddleware), so a laptop with no proxy in front is
# safe too. Form fields (files not counted) stay within Django's 2.5 MB; an upload over
# 2.5 MB goes to a temporary file as it arrives, not into memory.
REQUEST_MAX_BYTES = DEAL_FILE_MAX_BYTES + 512 * 1024
# The largest backup a director may restore through the site (a 64-team, 15-round event
# with its history is 11 MB); the restore page alone takes a body this large.
BACKUP_FILE_MAX_BYTES = env_int("BACKUP_FILE_MAX_BYTES", 64 * 1024**2, least=1024, unit="bytes")
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# Long work runs as background tasks (django-tasks, with django-tasks-db's database backend:
# no broker; `manage.py db_worker` runs them, several at once on PostgreSQL): every deals
# file's analysis, and a results file, a restore or a generated event over these sizes.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
RESULTS_IN_REQUEST_BYTES = env_int("RESULTS_IN_REQUEST_BYTES", 256 * 1024, least=0, unit="bytes")
RESTORE_IN_REQUEST_BYTES = env_int("RESTORE_IN_REQUEST_BYTES", 1024 * 1024, least=0, unit="bytes")
GENERATE_IN_REQUEST_RESULTS = env_int("GENERATE_IN_REQUEST_RESULTS", 2000, least=0, unit="results")
# A running job with no sign of life for this long is shown as stopped, with Run again
# (while it saves, in one transaction that reports nothing, the second figure).
JOB_STALE_SECONDS = env_int("JOB_STALE_SECONDS", 120, least=1, unit="seconds")
JOB_STALE_SAVING_SECONDS = env_int("JOB_STALE_SAVING_SECONDS", 600, least=1, unit="seconds")

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Login lock-outs (django-axes): five wrong passwords for one user name from one address
# lock that combination for an hour; nobody else is stopped, and attempts during the
# lock-out do not extend it. Only superusers see and lift lock-outs.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, least=1, unit="failed logins")
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "matches.auth.accounts.lockout_username"
AXES_LOCKOUT_CALLABLE = "matches.views.accounts.locked_out"
AXES_HANDLER = (
    "matches.auth.accounts.CachedLockouts"
    if REDIS_URL
    else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_CACHE = "default"

# Who may sign up, and how often: per client address, in the shared cache, as sliding
# windows (matches/auth/ratelimit.py: one cache key per attempt a window allows, taken with
# an atomic cache.add before the work, so neither a burst at once nor one at a window's
# edge gets past the limit).
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)
SIGNUP_RATE = env_rate("SIGNUP_RATE", "5/h")  # accounts made per address
LOGIN_RATE = env_rate("LOGIN_RATE", "20/m")  # login attempts per address
# Table codes typed by hand at /t/ (matches/auth/code_lockouts.py): a right code costs
# nothing; an address may type this many wrong codes in any such period with no wait (a
# club's phones share its router's address: many more than its players' slips); past it,
# it types one code at a time, and each wrong one makes it wait TABLE_CODE_WAIT seconds,
# doubling with each further wrong code, at most TABLE_CODE_MAX_WAIT (docs/tables.md, "Results
# from the tables", works out what that leaves a guesser).
TABLE_CODE_WRONG_RATE = env_rate("TABLE_CODE_WRONG_RATE", "30/h")
TABLE_CODE_WAIT = env_int("TABLE_CODE_WAIT", 15)
TABLE_CODE_MAX_WAIT = env_int("TABLE_CODE_MAX_WAIT", 600)
if not 1 <= TABLE_CODE_WAIT <= TABLE_CODE_MAX_WAIT <= 86400:
    raise SettingError(
        "TABLE_CODE_WAIT and TABLE_CODE_MAX_WAIT are seconds, at least 1, the first no more "
        f"than the second, the second at most 86400 (a day); not {TABLE_CODE_WAIT} and "
        f"{TABLE_CODE_MAX_WAIT}."
    )
RATELIMIT_USE_CACHE = "shared"  # Redis, or without it the database table every process shares
RATELIMIT_FAIL_OPEN = True  # a cache that does not answer limits nobody (see CACHES)

# Behind a proxy (nginx): how many proxies add the client's address to X-Forwarded-For.
# 0 (the default): the app is reached directly, and X-Forwarded-For and X-Forwarded-Proto
# are ignored, since any client could send them.
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0, least=0, most=10, unit="proxies")

SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT")
if TRUSTED_PROXIES:  # the proxy sets X-Forwarded-Proto, overwriting what a client sent
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, least=0, unit="seconds")
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): every script and style comes from this site's own
# static files; no inline script anywhere (htmx's inline indicator style is turned off in
# base.html; Bootstrap's icons are data: images).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_log_level("LOG_LEVEL", "WARNING")},
}

# Serve static files straight from the apps in development; `collectstatic` in production.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# The address phones reach the site at (scheme, host, port): http://192.168.1.23:8000, as
# make run gives it, or https://scores.example.org. Every table card, QR code, poster and
# wall link is built on it (matches/public_address.py), and its host is served. Unset:
# the address each page was asked on, unless that is a loopback address.
try:
    PUBLIC_URL = checked_public_url(os.environ.get("PUBLIC_URL", ""))
except ImproperlyConfigured as error:
    raise SettingError(str(error)) from None
if PUBLIC_URL and "*" not in ALLOWED_HOSTS and served_host(PUBLIC_URL) not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(served_host(PUBLIC_URL))
