"""CSV downloads that open correctly in a spreadsheet: UTF-8 with a byte-order mark, CRLF.

Excel reads a UTF-8 file as the system's code page unless it starts with a byte-order mark,
which turns Chinese team names into mojibake; so every download starts with one. Text that
a spreadsheet would run as a formula (=, +, -, @ first, and not a number) is written with a
leading apostrophe, so a team called "=HYPERLINK(…)" stays text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

BOM = "\ufeff"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def cell(value) -> str:
    """Return a value as a CSV cell: None as empty, formula-like text made plain."""
    if value is None:
        return ""
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA_START) and not _is_number(text):
        return "'" + text
    return text


def csv_text(header: Sequence, rows: Iterable[Sequence]) -> str:
    """Return a CSV document (with its byte-order mark) of a header row and rows."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([cell(v) for v in header])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return out.getvalue()


def csv_bytes(header: Sequence, rows: Iterable[Sequence]) -> bytes:
    """Return csv_text() encoded as UTF-8, ready to download."""
    return csv_text(header, rows).encode("utf-8")
