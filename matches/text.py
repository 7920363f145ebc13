"""Rules for text a director types or a file brings: names and reasons.

Text may not hold a NUL or a lone surrogate (no database stores them; PostgreSQL refuses
them with an error), nor other control characters than tab; it is trimmed. Nor may it be
other than it looks on a page: made only of invisible characters (a zero-width space, a
Hangul filler), holding a bidirectional override or isolate (which turns what follows it
around: "‮stneve" shows as "events"), or, unless it may have several lines, a line break.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

REQUIRED = _("This field is required.")
TOO_LONG = _("At most %(most)s characters.")
CONTROL = _("This text holds a character that cannot be stored (a NUL or a control code).")
SURROGATE = _("This text holds a broken character (a lone surrogate).")
INVISIBLE = _("This text shows nothing: it holds only invisible characters.")
DIRECTION = _(
    "This text holds a character that turns the direction of the text after it (a "
    "bidirectional override): type it without."
)
LINE_BREAK = _("This text holds a line break: keep it on one line.")

# Bidirectional embeddings, overrides and isolates (LRE…RLO, LRI…PDI).
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x85\u2028\u2029")
# Letters that show as nothing (fillers, the braille blank), beside the format characters.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")


def invisible(char: str) -> bool:
    """Return True for a character that shows nothing on a page."""
    return (
        char.isspace()
        or char in BLANK_LETTERS
        or unicodedata.category(char)
        in (
            "Cf",
            "Cc",
            "Zs",
            "Zl",
            "Zp",
            "Mn",
            "Me",
        )
    )


def without_zero_width(text: str) -> str:
    """Return the text with its zero-width characters taken out (typed codes)."""
    return "".join(char for char in text if char not in ZERO_WIDTH)


def text_errors(
    value, *, required: bool = False, most: int | None = None, lines: bool = False
) -> list:
    """Return the messages (translated lazily, some with %(most)s) for a text value (a
    name, a reason: on one line, unless ``lines``)."""
    if not isinstance(value, str):
        return [REQUIRED]
    errors = []
    if required and not value.strip():
        errors.append(REQUIRED)
    elif value.strip() and all(invisible(char) for char in value):
        errors.append(INVISIBLE)
    if any(char in DIRECTION_CONTROLS for char in value):
        errors.append(DIRECTION)
    if not lines and any(char in LINE_BREAKS for char in value):
        errors.append(LINE_BREAK)
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
