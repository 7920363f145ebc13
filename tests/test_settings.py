import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from scoresheet.env import SettingError

ROOT = Path(__file__).resolve().parents[1]


def run_check(*options, **env):
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "manage.py", "check", *options],
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
    backend, shared, sessions, axes, axes_cache, limits = read_settings(
        "CACHES['default']['BACKEND']",
        "CACHES['shared']['BACKEND']",
        "SESSION_ENGINE",
        "AXES_HANDLER",
        "AXES_CACHE",
        "RATELIMIT_USE_CACHE",
        REDIS_URL="redis://127.0.0.1:6379/1",
    )
    assert backend == shared == "'matches.caching.resilient_cache.ResilientRedisCache'"
    assert sessions == "'django.contrib.sessions.backends.cached_db'"
    assert axes == "'matches.auth.accounts.CachedLockouts'" and axes_cache == "'default'"
    assert limits == "'shared'"


def test_without_redis_one_machine_shares_rate_limits_through_the_database():
    backend, shared, axes = read_settings(
        "CACHES['default']['BACKEND']",
        "CACHES['shared']['BACKEND']",
        "AXES_HANDLER",
    )
    assert backend == "'django.core.cache.backends.locmem.LocMemCache'"
    assert shared == "'django.core.cache.backends.db.DatabaseCache'"
    assert axes == "'axes.handlers.database.AxesDatabaseHandler'"


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
    set_here = {
        "TABLE_CODE_WRONG_RATE": "60/2h",
        "TABLE_CODE_WAIT": "5",
        "TABLE_CODE_MAX_WAIT": "300",
    }
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
        ({"DATABASE_PREPARED": "yes!"}, "DATABASE_PREPARED must be one of"),
        ({"CONN_MAX_AGE": "60s"}, "CONN_MAX_AGE must be a whole number"),
        ({"PUBLIC_PAGE_GRACE": "2s"}, "PUBLIC_PAGE_GRACE must be a whole number"),
        ({"PUBLIC_PAGE_GRACE": "-1"}, "PUBLIC_PAGE_GRACE must be from 0 to 60 (seconds)"),
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


# A value the app cannot use for each variable of the settings table (docs/operations.md):
# each stops the app at start with a message naming the variable.
NONSENSE = {
    "SECRET_KEY": {"DEBUG": "0", "SECRET_KEY": ""},
    "DEBUG": {"DEBUG": "yes please"},
    "ALLOWED_HOSTS": {"ALLOWED_HOSTS": " , "},
    "DATABASE_URL": {"DATABASE_URL": "db.example.org/scores"},
    "PUBLIC_URL": {"PUBLIC_URL": "ftp://scores.example.org"},
    "CONN_MAX_AGE": {"CONN_MAX_AGE": "-1"},
    "DATABASE_PREPARED": {"DATABASE_PREPARED": "yes!"},
    "CSRF_TRUSTED_ORIGINS": {"CSRF_TRUSTED_ORIGINS": "scores.example.org"},
    "SECURE_SSL_REDIRECT": {"SECURE_SSL_REDIRECT": "sure"},
    "SECURE_HSTS_SECONDS": {"SECURE_HSTS_SECONDS": "-1"},
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": {"SECURE_HSTS_INCLUDE_SUBDOMAINS": "2"},
    "SECURE_HSTS_PRELOAD": {"SECURE_HSTS_PRELOAD": "2"},
    "SECURE_COOKIES": {"SECURE_COOKIES": "ture"},
    "AXES_FAILURE_LIMIT": {"AXES_FAILURE_LIMIT": "0"},
    "TRUSTED_PROXIES": {"TRUSTED_PROXIES": "-1"},
    "REDIS_URL": {"REDIS_URL": "127.0.0.1:6379"},
    "CACHE_KEY_PREFIX": {"CACHE_KEY_PREFIX": "my site"},
    "PUBLIC_PAGE_GRACE": {"PUBLIC_PAGE_GRACE": "61"},
    "SIGNUP_OPEN": {"SIGNUP_OPEN": "maybe"},
    "SIGNUP_RATE": {"SIGNUP_RATE": "0/h"},
    "LOGIN_RATE": {"LOGIN_RATE": "20/0m"},
    "TABLE_CODE_WRONG_RATE": {"TABLE_CODE_WRONG_RATE": "30 an hour"},
    "TABLE_CODE_WAIT": {"TABLE_CODE_WAIT": "0"},
    "TABLE_CODE_MAX_WAIT": {"TABLE_CODE_MAX_WAIT": "100000"},
    "TIME_ZONE": {"TIME_ZONE": "Mars/Olympus_Mons"},
    "LOG_LEVEL": {"LOG_LEVEL": "LOUD"},
    "DEAL_FILE_MAX_BYTES": {"DEAL_FILE_MAX_BYTES": "-5"},
    "BACKUP_FILE_MAX_BYTES": {"BACKUP_FILE_MAX_BYTES": "0"},
    "HOME_GAME_MAX_DEALS": {"HOME_GAME_MAX_DEALS": "0"},
    "HOME_GAMES_MAX_SAVED": {"HOME_GAMES_MAX_SAVED": "-3"},
    "RESULTS_IN_REQUEST_BYTES": {"RESULTS_IN_REQUEST_BYTES": "-1"},
    "RESTORE_IN_REQUEST_BYTES": {"RESTORE_IN_REQUEST_BYTES": "1 MB"},
    "GENERATE_IN_REQUEST_RESULTS": {"GENERATE_IN_REQUEST_RESULTS": "-1"},
    "JOB_STALE_SECONDS": {"JOB_STALE_SECONDS": "0"},
    "JOB_STALE_SAVING_SECONDS": {"JOB_STALE_SAVING_SECONDS": "-600"},
}
SETTINGS_FILE = ROOT / "scoresheet" / "settings.py"


def readme_settings() -> set[str]:
    """Return the variables of the settings table of docs/operations.md."""
    readme = (ROOT / "docs" / "operations.md").read_text()
    table = readme.split("## Settings", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z_]+)` \|", table, re.M))


def test_every_variable_the_settings_read_is_in_the_readme_and_has_a_nonsense_test():
    source = SETTINGS_FILE.read_text()
    read = set(re.findall(r"(?:env_\w+|os\.environ\.get)\(\s*\"([A-Z_]+)\"", source))
    assert read == readme_settings() == set(NONSENSE)


def load_settings(monkeypatch, env: dict):
    """Run the settings module with the environment ``env`` on top of a plain one."""
    for name in NONSENSE:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEBUG", "1")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


@pytest.mark.parametrize("name", sorted(NONSENSE))
def test_a_value_the_app_cannot_use_stops_it_naming_the_variable(monkeypatch, name):
    with pytest.raises(SettingError) as refusal:
        load_settings(monkeypatch, NONSENSE[name])
    assert name in str(refusal.value)


def test_the_settings_start_with_every_variable_unset(monkeypatch):
    made = load_settings(monkeypatch, {})
    assert made["AXES_FAILURE_LIMIT"] == 5 and made["SECURE_HSTS_SECONDS"] == 0
    assert made["LOGGING"]["root"]["level"] == "WARNING"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SECURE_HSTS_SECONDS": "abc"}, "SECURE_HSTS_SECONDS must be a whole number"),
        ({"AXES_FAILURE_LIMIT": "0"}, "AXES_FAILURE_LIMIT must be at least 1"),
        ({"ALLOWED_HOSTS": ""}, "ALLOWED_HOSTS is set but names nothing"),
        ({"TIME_ZONE": "Shanghai"}, "TIME_ZONE must be a time zone's name"),
    ],
)
def test_the_app_stops_with_the_message_alone_not_a_traceback(env, message):
    result = run_check("--deploy", **{"DEBUG": "1", **env})
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr
