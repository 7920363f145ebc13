"""Rules for text a director types or a file brings: names and reasons.

Text may not hold a NUL or a lone surrogate (no database stores them; PostgreSQL refuses
them with an error), nor other control characters than tab; it is trimmed.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

REQUIRED = _("This field is required.")
TOO_LONG = _("At most %(most)s characters.")
CONTROL = _("This text holds a character that cannot be stored (a NUL or a control code).")
SURROGATE = _("This text holds a broken character (a lone surrogate).")


def text_errors(value, *, required: bool = False, most: int | None = None) -> list:
    """Return the messages (translated lazily, some with %(most)s) for a text value."""
    if not isinstance(value, str):
        return [REQUIRED]
    errors = []
    if required and not value.strip():
        errors.append(REQUIRED)
    if most is not None and len(value) > most:
        errors.append(TOO_LONG % {"most": most})
    if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
        errors.append(SURROGATE)
    elif any(unicodedata.category(c) == "Cc" and c not in "\t\n\r" for c in value):
        errors.append(CONTROL)
    return errors


def join(items) -> str:
    """Return list items joined as the active language writes them ("1, 2" / "1、2")."""
    return pgettext("list separator", ", ").join(str(item) for item in items)


def join_groups(items) -> str:
    """Return groups joined as the active language writes them ("a; b" / "a；b")."""
    return pgettext("separator between groups", "; ").join(str(item) for item in items)


def sentence_gap() -> str:
    """Return what goes between two sentences: a space in English, nothing in Chinese, whose
    full stop (。) ends a sentence without one."""
    return "" if get_language().startswith("zh") else " "


def wait_words(seconds: int) -> str:
    """Return a wait as a person says it: seconds up to two minutes, then whole minutes
    (rounded up), or whole hours when it is some."""
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = seconds // 3600
        return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
    if seconds < 120:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = -(-seconds // 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}
