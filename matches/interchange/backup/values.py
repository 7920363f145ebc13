"""The reader of values: one JSON object of a document that has passed the schema
(``schema.py``), its values read with their defaults and turned into Python values.

The schema has checked every value's type, range, length and choices; what is left here is
what only Python can judge of one value (a decimal's places, a time, a date). Every fault
names its place as ``place`` does: the schema's faults and the importer's alike.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import NoReturn

from django.db import models
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from .document import BackupError, show

TOP = "the document"
# What an object under a key is called, where not by the key itself.
CALLED = {"open": "open room", "closed": "closed room", "adjusted": "adjusted score"}
# What an item of a list is called, where named by its key or number.
ITEM = {"teams": "team", "matches": "match", "stages": "stage", "boards": "board"}
TIME = 'a time such as "2026-11-29T14:05:00+08:00"'
DATE = 'a date such as "2026-11-29"'


def place(where: str, key: str, index: int | None = None, value=None) -> str:
    """Return where a value is: the one at ``key`` of the object at ``where``, or (with
    ``index``) the item ``value`` of that list. Teams and matches are named by their keys,
    stages and boards by their numbers, deals by round and board: "match m1, board 3,
    open room", "deals[0] (round 1, board 3), par"; the rest by key and index."""
    within = "" if where == TOP else f"{where}, "
    if index is None:
        return within + CALLED.get(key, key)
    item = value if isinstance(value, dict) else {}
    name = item.get("key")
    number = item.get("number")
    if key in ("teams", "matches") and isinstance(name, str) and name.strip():
        return f"{within}{ITEM[key]} {name}"
    if key in ("stages", "boards") and whole(number):
        return f"{within}{ITEM[key]} {number}"
    if key == "deals" and whole(item.get("round")) and whole(item.get("board")):
        return f"{within}deals[{index}] (round {item['round']}, board {item['board']})"
    return f"{within}{key}[{index}]"


def whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    """One object of a checked document: ``get`` a value (its default when it is missing
    or null), or a Python value made of one; ``fail`` refuses, saying where."""

    def __init__(self, data: dict, where: str = TOP):
        self.data = data
        self.where = where

    def fail(self, key: str, message: str) -> NoReturn:
        raise BackupError.at(self.where, key, message)

    def get(self, key: str, default=None):
        value = self.data.get(key)
        return default if value is None else value

    def child(self, key: str) -> Reader | None:
        """Return the reader of the object at ``key``, None if there is none."""
        value = self.data.get(key)
        return None if value is None else Reader(value, place(self.where, key))

    def each(self, key: str) -> Iterator[tuple[int, Reader]]:
        """Yield the index and the reader of each object of the list at ``key``."""
        for index, value in enumerate(self.get(key, [])):
            yield index, Reader(value, place(self.where, key, index, value))

    def decimal(self, key: str, field: models.DecimalField, default=None) -> Decimal | None:
        value = self.data.get(key)
        if value is None:
            return default
        try:
            number = Decimal(str(value))
            step = Decimal(1).scaleb(-field.decimal_places)
            if not number.is_finite() or number.quantize(step) != number:
                raise InvalidOperation
        except InvalidOperation:
            self.fail(key, f"should be {decimal_kind(field)}, not {show(value)}")
        if abs(number) >= 10 ** (field.max_digits - field.decimal_places):
            self.fail(key, f"{number} is too big")
        return number

    def moment(self, key: str) -> datetime.datetime | None:
        """Return a time (ISO 8601), None when absent; a time with no zone is local time."""
        if self.data.get(key) is None:
            return None
        moment = self.parsed(key, parse_datetime, TIME)
        return moment if timezone.is_aware(moment) else timezone.make_aware(moment)

    def day(self, key: str) -> datetime.date:
        return self.parsed(key, parse_date, DATE)

    def parsed(self, key: str, parse, kind: str):
        """Return the text at ``key`` parsed; refuse it as not ``kind`` if it is not one."""
        value = self.data[key]
        try:
            parsed = parse(value)
        except ValueError:
            parsed = None
        if parsed is None:
            self.fail(key, f"should be {kind}, not {show(value)}")
        return parsed


def decimal_kind(field: models.DecimalField) -> str:
    """Return what a decimal of this field is, as a message names it."""
    return f'a number with {field.decimal_places} decimals at most, such as "12.50"'
