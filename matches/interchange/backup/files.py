"""The backup file's text: the document written as UTF-8 JSON, and read back.

Before its JSON is parsed, a file is refused if it is bigger than ``MAX_BYTES`` or nests
values deeper than ``MAX_DEPTH`` (an event export nests 8 deep): a parser would otherwise
hold an absurd file in memory, or recurse until it fails with a traceback. While it is
parsed, a whole number longer than ``MAX_DIGITS`` digits, or a number that is not finite
(``NaN``, ``Infinity``, ``1e999``), refuses the file: no value of an export is near.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from .document import BackupError

MAX_BYTES = 2**30  # far above the export of the largest event the app holds
MAX_DEPTH = 20
MAX_DIGITS = 18  # a signed 64-bit integer, the largest the database stores
STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
BRACKETS = re.compile(r"[\[\]{}]")


def dumps(document: dict) -> str:
    """Return the document as the text of a backup file: UTF-8 JSON, indented by one."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def read_file(path) -> dict:
    """Return the document in the file at ``path``; raise BackupError if it is not one
    (OSError if it cannot be read). No more than ``MAX_BYTES`` and a byte are read."""
    with open(path, "rb") as file:
        return loads(file.read(MAX_BYTES + 1))


def loads(text: str | bytes) -> dict:
    """Return the document in a backup file's text; raise BackupError if it is not one."""
    if len(text) > MAX_BYTES:
        raise BackupError(
            f"the file is bigger than {MAX_BYTES:,} bytes, the most an event export may be"
        )
    try:
        if isinstance(text, bytes):  # as json.loads decodes bytes
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        if nesting(text) > MAX_DEPTH:
            raise BackupError(
                f"the file nests JSON more than {MAX_DEPTH} levels deep (an event export "
                "is far shallower): it is not an event export"
            )
        document = json.loads(
            text, parse_int=whole_number, parse_float=finite_number, parse_constant=no_constant
        )
    except json.JSONDecodeError as error:
        raise BackupError(f"the file is not valid JSON (is it complete?): {error}") from None
    except UnicodeDecodeError as error:
        raise BackupError(f"the file is not UTF-8 text: {error}") from None
    if not isinstance(document, dict):
        raise BackupError("the file is JSON but not an event export (not a JSON object)")
    return document


def whole_number(digits: str) -> int:
    """Return the JSON whole number ``digits``; BackupError if it is longer than any an
    event export holds (Python refuses past 4,300 digits with a ValueError of its own)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BackupError(
            f"the file holds a number of {len(digits.lstrip('-')):,} digits (an event export "
            f"has none over {MAX_DIGITS}): it is not an event export"
        )
    return int(digits)


def finite_number(text: str) -> float:
    """Return the JSON number ``text``; BackupError if it is too large to be finite."""
    number = float(text)
    if not math.isfinite(number):
        raise BackupError(f"the file holds a number too large to read ({text[:20]}…)")
    return number


def no_constant(name: str):
    """Refuse NaN and Infinity: JSON has no such numbers, and an event export none."""
    raise BackupError(f"the file holds {name}, which is no JSON number")


def nesting(text: str) -> int:
    """Return how deep the JSON text nests its arrays and objects, without parsing it:
    the brackets outside its strings, counted (text that is no JSON gets some number)."""
    steps = (1 if bracket in "[{" else -1 for bracket in BRACKETS.findall(STRINGS.sub("", text)))
    return max(accumulate(steps, initial=0))
