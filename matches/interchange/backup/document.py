"""What export and import share: the document's name and version, its fixed vocabularies,
the error that refuses a document, and the small helpers both sides use."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.db import models

from matches.actions import ImportRefused
from matches.choices import RoomChoice

FORMAT = "scoresheet-event"
FORMAT_VERSION = 1
ROOMS = tuple(RoomChoice.values)
HISTORY_TYPES = ("+", "~", "-")
STAGE_SETTINGS = (
    "name",
    "kind",
    "vp_scale",
    "boards_per_match",
    "boards_per_segment",
    "bye_average",
    "tie_breaks",
    "entrants",
    "carry_vp",
    "rounds",
    "delayed",
    "repeats_after",
    "seed",
    "carry_over",
    "carry_fraction",
    "carry_fraction_lower",
    "method",
    "board_scale",
    "tie_margin",
    "patton_aggregate",
    "placing",
    "losers_by",
    "level_rule",
    "double_final",
    "decided_by",
    "segment_tie_break",
    "vp_table",
)
STAGE_DECIMALS = ("bye_vp", "carry_amount", "carry_cap", "win_points", "patton_stake")


class BackupError(ImportRefused):
    """A document that cannot be imported; the message says where in it, and why
    (``BackupError.at(where, key, message)``, as the action's refusals say it)."""


def show(value) -> str:
    """Return a value as a message quotes it: as JSON, cut short past 60 characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "…"


def iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def decimal_text(value) -> str | None:
    return None if value is None else str(value)


def username_of(field: str) -> str:
    """Return the lookup of a user foreign key's username, for ``values()``."""
    return f"{field}__{get_user_model().USERNAME_FIELD}"


def field_of(model, name: str) -> models.Field:
    return model._meta.get_field(name)
