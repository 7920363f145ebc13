import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_check(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scoresheet.settings", **env},
        capture_output=True,
        text=True,
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_check(DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize("env", [{"DEBUG": "1"}, {"DEBUG": "0", "SECRET_KEY": "x" * 50}])
def test_it_starts_with_a_secret_key_or_in_debug(env):
    assert run_check(**env).returncode == 0


def read_settings(*names, **env):
    """Return the repr of each named setting as the settings module makes them from ``env``."""
    code = "from django.conf import settings; " + "; ".join(
        f"print(repr(settings.{name}))" for name in names
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "TRUSTED_PROXIES")}
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scoresheet.settings", "DEBUG": "1", **env},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_x_forwarded_proto_is_trusted_only_behind_a_trusted_proxy():
    assert read_settings("SECURE_PROXY_SSL_HEADER") == ["None"]
    assert read_settings("SECURE_PROXY_SSL_HEADER", TRUSTED_PROXIES="1") == [
        "('HTTP_X_FORWARDED_PROTO', 'https')"
    ]


def test_with_redis_the_pages_sessions_rate_limits_and_lock_outs_share_it():
    backend, shared, sessions, axes, axes_cache, limits, trusted = read_settings(
        "CACHES['default']['BACKEND']", "CACHES['shared']['BACKEND']", "SESSION_ENGINE",
        "AXES_HANDLER", "AXES_CACHE", "RATELIMIT_USE_CACHE", "REVISIONS_IN_CACHE",
        REDIS_URL="redis://127.0.0.1:6379/1",
    )  # fmt: skip
    assert backend == shared == "'matches.caching.resilient_cache.ResilientRedisCache'"
    assert sessions == "'django.contrib.sessions.backends.cached_db'"
    assert axes == "'matches.auth.accounts.CachedLockouts'" and axes_cache == "'default'"
    assert limits == "'shared'" and trusted == "True"


def test_without_redis_one_machine_shares_rate_limits_through_the_database():
    backend, shared, axes, trusted = read_settings(
        "CACHES['default']['BACKEND']", "CACHES['shared']['BACKEND']", "AXES_HANDLER",
        "REVISIONS_IN_CACHE",
    )  # fmt: skip
    assert backend == "'django.core.cache.backends.locmem.LocMemCache'"
    assert shared == "'django.core.cache.backends.db.DatabaseCache'"
    assert axes == "'axes.handlers.database.AxesDatabaseHandler'"
    assert trusted == "False"


def test_on_postgresql_queries_are_sent_apart_from_their_values_unless_turned_off():
    url = "postgres://postgres@127.0.0.1:5432/test"
    options = "DATABASES['default'].get('OPTIONS', {})"
    assert read_settings(options, DATABASE_URL=url) == [
        "{'server_side_binding': True, 'prepare_threshold': 5}"
    ]
    assert read_settings(options, DATABASE_URL=url, DATABASE_PREPARED="0") == ["{}"]


def test_the_limits_on_wrong_table_codes_are_read_from_the_environment():
    names = ("TABLE_CODE_WRONG_RATE", "TABLE_CODE_WAIT", "TABLE_CODE_MAX_WAIT")
    assert read_settings(*names) == ["'30/h'", "15", "600"]
    set_here = {"TABLE_CODE_WRONG_RATE": "60/2h", "TABLE_CODE_WAIT": "5",
                "TABLE_CODE_MAX_WAIT": "300"}  # fmt: skip
    assert read_settings(*names, **set_here) == ["'60/2h'", "5", "300"]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"TRUSTED_PROXIES": "one"}, "TRUSTED_PROXIES must be a whole number"),
        ({"REDIS_URL": "127.0.0.1:6379"}, "REDIS_URL must be redis://"),
        ({"LOGIN_RATE": "twenty"}, "LOGIN_RATE must look like"),
        ({"SECURE_COOKIES": "ture"}, "SECURE_COOKIES must be one of 1, true, yes, on"),
        ({"SECURE_COOKIES": ""}, "SECURE_COOKIES must be one of 1, true, yes, on"),
        ({"DEBUG": "yes please"}, "DEBUG must be one of 1, true, yes, on"),
        ({"SIGNUP_OPEN": "maybe"}, "SIGNUP_OPEN must be one of"),
        ({"REVISIONS_MEMO": "of"}, "REVISIONS_MEMO must be one of"),
        ({"DATABASE_PREPARED": "yes!"}, "DATABASE_PREPARED must be one of"),
        ({"CONN_MAX_AGE": "60s"}, "CONN_MAX_AGE must be a whole number"),
        ({"PUBLIC_PAGE_GRACE": "2s"}, "PUBLIC_PAGE_GRACE must be a whole number"),
        ({"PUBLIC_PAGE_GRACE": "-1"}, "PUBLIC_PAGE_GRACE is in seconds, 0 to 60"),
        ({"TABLE_CODE_WRONG_RATE": "30 an hour"}, "TABLE_CODE_WRONG_RATE must look like"),
        ({"TABLE_CODE_WAIT": "15s"}, "TABLE_CODE_WAIT must be a whole number"),
        ({"TABLE_CODE_MAX_WAIT": "ten minutes"}, "TABLE_CODE_MAX_WAIT must be a whole number"),
        ({"TABLE_CODE_WAIT": "0"}, "TABLE_CODE_WAIT and TABLE_CODE_MAX_WAIT are seconds"),
        ({"TABLE_CODE_WAIT": "60", "TABLE_CODE_MAX_WAIT": "30"}, "not 60 and 30"),
    ],
)
def test_a_setting_with_a_wrong_value_stops_the_app_with_a_clear_message(env, message):
    result = run_check(**{"DEBUG": "1", **env})
    assert result.returncode != 0
    assert message in result.stderr


@pytest.mark.parametrize("word", ["1", "TRUE", "yes", " on ", "0", "False", "no", "OFF"])
def test_a_yes_or_no_setting_reads_every_usual_spelling(word):
    result = run_check(DEBUG="1", SECURE_COOKIES=word)
    assert result.returncode == 0, result.stderr
