"""Environment variables read as settings, each checked as it is read: a value the app
cannot use stops it at start with a message naming the variable and what it expects
(``SettingError``; manage.py and wsgi.py print the message alone, with no traceback).

An unset variable (or, for numbers and words, one set to nothing but spaces) takes its
default; a list set to nothing where a list is needed (``ALLOWED_HOSTS=``) is an error,
not "no host".
"""

from __future__ import annotations

import logging
import os
import re
import zoneinfo

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
RATE = re.compile(r"([0-9]+)/([0-9]*)([smhd])")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingError(ImproperlyConfigured):
    """An environment variable whose value the app cannot use."""


def env_bool(name: str, default: bool = False) -> bool:
    """Return the boolean value of an environment variable, failing loudly on anything but
    1/true/yes/on or 0/false/no/off (any case): a typo such as "ture", or the variable set
    but empty, stops the app instead of being read as off."""
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise SettingError(
        f"{name} must be one of {', '.join(TRUE_WORDS)} (on) or {', '.join(FALSE_WORDS)} "
        f"(off), not {value!r}; unset it for the default."
    )


def env_int(
    name: str, default: int, *, least: int | None = None, most: int | None = None, unit: str = ""
) -> int:
    """Return an environment variable as a whole number from ``least`` to ``most``,
    failing loudly on anything else (``unit`` names what it counts, for the message)."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise SettingError(f"{name} must be a whole number, not {value!r}.") from None
    if (least is not None and number < least) or (most is not None and number > most):
        bounds = (
            f"from {least} to {most}"
            if least is not None and most is not None
            else f"at least {least}"
            if least is not None
            else f"at most {most}"
        )
        counted = f" ({unit})" if unit else ""
        raise SettingError(f"{name} must be {bounds}{counted}, not {number}.")
    return number


def env_list(name: str, default: str = "", *, needed: bool = False) -> list[str]:
    """Return a comma-separated environment variable as a list, blanks dropped; with
    ``needed``, a variable set to nothing stops the app instead of meaning an empty list."""
    items = [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]
    if needed and not items:
        raise SettingError(
            f"{name} is set but names nothing: give comma-separated values, or unset it for "
            f"the default ({default})."
        )
    return items


def env_rate(name: str, default: str) -> str:
    """Return a rate such as ``5/h`` or ``20/m`` (at least one attempt, in at least one
    second), failing loudly on anything else."""
    value = os.environ.get(name, "").strip() or default
    match = RATE.fullmatch(value)
    if match is None or int(match[1]) < 1 or (match[2] and int(match[2]) < 1):
        raise SettingError(
            f"{name} must look like 5/h or 20/m (at least 1 attempt, per s, m, h or d, "
            f"optionally a number of them: 60/2h), not {value!r}."
        )
    return value


def env_time_zone(name: str, default: str) -> str:
    """Return a time zone's name from the IANA database (``Asia/Shanghai``, ``UTC``)."""
    value = os.environ.get(name, "").strip() or default
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise SettingError(
            f"{name} must be a time zone's name such as Asia/Shanghai or UTC, not {value!r}."
        ) from None
    return value


def env_log_level(name: str, default: str) -> str:
    """Return a logging level's name, in capitals."""
    value = os.environ.get(name, "").strip().upper() or default
    if value not in LOG_LEVELS or not isinstance(logging.getLevelName(value), int):
        raise SettingError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {value!r}.")
    return value


def env_word(name: str, default: str) -> str:
    """Return a word with no spaces or control characters (a cache key prefix)."""
    value = os.environ.get(name)
    if value is None:
        return default
    if not re.fullmatch(r"[A-Za-z0-9._:-]{1,50}", value):
        raise SettingError(
            f"{name} must be 1 to 50 letters, digits or . _ : - (no spaces), not {value!r}."
        )
    return value


def env_origins(name: str) -> list[str]:
    """Return comma-separated origins, each http:// or https:// and a host."""
    origins = env_list(name)
    for origin in origins:
        if not re.fullmatch(r"https?://[^/\s]+", origin):
            raise SettingError(
                f"{name} must be comma-separated origins such as https://scores.example.org "
                f"(a scheme and a host, no path), not {origin!r}."
            )
    return origins
