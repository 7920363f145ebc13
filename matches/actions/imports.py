"""Restoring an event from a backup document (``manage.py import_event``).

The file's reader (``matches.interchange.backup``) reads and checks the whole document
into unsaved rows, writing nothing, and hands them here; ``import_event`` checks the
event's settings by the rules every event obeys (``events.settings_errors``), then writes
the rows in one transaction, in bulk. Whatever it refuses raises ``ImportRefused``, saying
where in the document (the rows' ``where``) and why.
"""

from __future__ import annotations

from typing import Any, Protocol, Self

from django.db import DataError, IntegrityError, connection, transaction

from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    Deal,
    DrawSwap,
    DrawTable,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
    Stage,
    StageEntry,
    Team,
    TieDecision,
    VpPenalty,
)

from .base import changing, refresh_event_totals
from .events import SETTINGS, settings_errors
from .stages import METHOD_SETTINGS, method_errors


class ImportRefused(ValueError):
    """Rows a document gave that cannot be written; the message says where, and why."""

    @classmethod
    def at(cls, where: str, key: str, message: str) -> Self:
        """Return the error for the value of ``key`` in the object at ``where``."""
        return cls(f"{where}, {key!r}: {message}")


class EventRows(Protocol):
    """An event read from a document into unsaved rows (``interchange.backup.Importer``)."""

    event: Event
    stages: dict
    rows: dict  # model: its unsaved rows, in the document's order
    where: dict  # id(row): where in the document it came from, for a message
    stamps: dict  # (model, field): [(row, the time the document gives)]
    history: list  # (history record, what it is the history of)
    matches: list  # (match, ..., when its results last changed)
    results: dict
    adjustments: dict

    def team_ids_later(self) -> None: ...


BATCH = 500
ORDER = (
    Team,
    Player,
    Stage,
    StageEntry,
    DrawTable,
    DrawSwap,
    TieDecision,
    Bye,
    VpPenalty,
    Match,
    ImpPenalty,
    Seating,
    Board,
    BoardAdjustment,
    Result,
    Deal,
)
# Models whose history the document does not carry: each imported row gets a "created"
# history row naming whoever imported it.
HISTORY_AT_IMPORT = (
    Team,
    Player,
    Stage,
    StageEntry,
    DrawSwap,
    TieDecision,
    Bye,
    VpPenalty,
    ImpPenalty,
    Seating,
    Deal,
)


def import_event(plan: EventRows, *, user=None) -> Event:
    """Return a new event built from a document's rows (read by ``matches/interchange/
    backup``, which checked every value), with new ids and every match's totals worked out
    afresh.

    It all happens in one transaction: on a rule the event form applies or a row a
    database constraint refuses, ImportRefused says where and why, and the database is as
    it was. Importing a document twice makes two events.
    """
    _check_settings(plan)
    with changing(user) as change:
        event = plan.event
        change.save(event)  # created now: the pages' caches are keyed on it (cache_version)
        change.lock_event(event)
        for model in ORDER:
            if model is Stage:
                plan.team_ids_later()  # teams are saved: orders and reasons take their ids
            _insert(plan, model)
        for model in HISTORY_AT_IMPORT:
            rows = plan.rows.get(model, [])
            model.history.bulk_history_create(rows, batch_size=BATCH, default_user=user)
        for (stamped_model, field), stamped in plan.stamps.items():
            _set_times(stamped_model, field, stamped)
        _write_history(plan)
        matches = [match for match, _, _ in plan.matches]
        refresh_event_totals(event, matches)
        # The totals were just stored; the results changed when the document says.
        _set_times(Match, "updated", [(m, moment) for m, _, moment in plan.matches if moment])
        return event


def _check_settings(plan: EventRows) -> None:
    """Refuse the document's event settings where any event's would be refused."""
    for error in settings_errors({name: getattr(plan.event, name) for name in SETTINGS}):
        raise ImportRefused.at(plan.where[id(plan.event)], error.field, str(error))
    for stage in plan.stages.values():  # a stage's scoring, as the stage form checks it
        values = {name: getattr(stage, name) for name in ("kind", *METHOD_SETTINGS)}
        for error in method_errors(values):
            raise ImportRefused.at(plan.where[id(stage)], error.field, str(error))


def _insert(plan: EventRows, model) -> None:
    """Insert the model's rows in bulk; if the database refuses, say which row."""
    rows = plan.rows.get(model, [])
    try:
        with transaction.atomic():
            model.objects.bulk_create(rows, batch_size=BATCH)
    except (IntegrityError, DataError) as error:
        for row in rows:
            row.pk = None
            try:
                with transaction.atomic():
                    model.objects.bulk_create([row])
            except (IntegrityError, DataError) as refused:
                raise ImportRefused(
                    f"{plan.where[id(row)]}: the database refused it: {refused}"
                ) from None
        raise ImportRefused(f"the database refused the {model.__name__} rows: {error}") from None


def _write_history(plan: EventRows) -> None:
    by_model: dict[Any, list] = {}  # model class: its history records
    for record, owner in plan.history:
        if isinstance(owner, Match):
            record.id = owner.pk
        elif isinstance(owner, tuple):
            result = plan.results.get(owner)
            record.id = result.pk if result else 0
        else:
            adjustment = plan.adjustments.get(owner)
            record.id = adjustment.pk if adjustment else 0
        by_model.setdefault(type(record), []).append(record)
    for model, records in by_model.items():
        model.objects.bulk_create(records, batch_size=BATCH)


def _set_times(model, name: str, stamped: list) -> None:
    """Store times the document gives for rows just inserted: the fields are ``auto_now``
    or ``auto_now_add``, which every save and bulk_create set to now, and bulk_update is
    slow for thousands of rows. One UPDATE statement, run once per row."""
    if not stamped:
        return
    field = model._meta.get_field(name)
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET {quote(field.column)} = %s "
        f"WHERE {quote(model._meta.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.executemany(
            sql,
            [(field.get_db_prep_value(moment, connection), row.pk) for row, moment in stamped],
        )
    for row, moment in stamped:
        setattr(row, name, moment)
