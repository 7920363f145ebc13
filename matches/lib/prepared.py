"""Reads whose SQL the ORM puts together once, then runs again with other values.

Django builds a query's SQL afresh each time it runs it. For the few reads every phone's
post and poll makes at a congress (a table by its token, a match's boards and results...)
that costs several times running the query itself: about 0.5 to 1.3 ms of CPU a query on
the project's machine, against 0.1 to 0.3 ms to run it. ``PreparedRead`` asks the ORM for
a queryset's SQL once (for the database its router reads), with sample values standing
for the ones it will be run with, notes where each sample went among the query's
parameters, and then runs that SQL with the values given, building the rows into model
instances as the ORM builds them (``select_related`` and annotations included, with the
same converters; not ``prefetch_related``, which is a query of its own), or, for a
``values_list()`` queryset, into tuples::

    TABLE_BY_TOKEN = PreparedRead(
        lambda token: Room.objects.select_related("match").filter(token=token), "sample"
    )
    table = TABLE_BY_TOKEN.first("the token")

Only for querysets whose SQL does not depend on the values: plain comparisons with values
that are never None (``filter(x=None)`` becomes ``IS NULL``, a list's length changes
``IN (...)``). Each sample must be a value no other parameter of the query has, and of the
type the column holds once prepared (a model's id, not the model), so that it is found
exactly once among the parameters, and within the column's range (a negative number for a
positive one makes the ORM give up the query); a queryset that breaks that is refused
when first run.
A read that locks (``select_for_update``, where the database locks rows) must run inside a
transaction, as the ORM requires. ``key_share=True`` locks the rows read ``FOR KEY SHARE``
on PostgreSQL, which the ORM has no words for (a plain read elsewhere): the queryset must
then be one ``FOR KEY SHARE`` may follow (no ``select_for_update``, no ``LIMIT``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError


@dataclass(frozen=True)
class _Plan:
    """A queryset's SQL and what the ORM needs to build its rows, for one database."""

    sql: str
    params: tuple
    positions: tuple[int, ...]  # where each value goes among the parameters
    wrappers: tuple  # the type each value is sent as, where the backend gives it one
    col_count: int | None  # the columns to keep (None: all)
    converters: tuple  # ((column, converters, expression), ...)
    model: type | None  # None: values_list(), rows as tuples
    init_list: list[str]
    fields: slice
    populators: list
    annotations: dict[str, int]
    locks: bool


def _plan(queryset: QuerySet, alias: str, samples: tuple, key_share: bool) -> _Plan:
    compiler = queryset.query.get_compiler(using=alias)
    try:
        sql, params = compiler.as_sql()
    except EmptyResultSet:
        raise ValueError(
            "the query finds nothing whatever the values: is a sample outside its column's "
            "range (a negative number for a positive one)?"
        ) from None
    positions, wrappers = [], []
    for sample in samples:
        found = [i for i, p in enumerate(params) if isinstance(p, type(sample)) and p == sample]
        if len(found) != 1:
            raise ValueError(
                f"the sample {sample!r} is {len(found)} of the query's parameters, not one: "
                "give each value a sample no other parameter has, as the column holds it"
            )
        positions.append(found[0])
        # the type the backend sends such a value as (psycopg's Int2 for a small integer)
        kind = type(params[found[0]])
        wrappers.append(None if kind is type(sample) else kind)
    select, klass_info = compiler.select, compiler.klass_info
    columns = [s[0] for s in select[: compiler.col_count]]
    converters = tuple(
        (column, tuple(convs), expression)
        for column, (convs, expression) in compiler.get_converters(columns).items()
    )
    key_share = key_share and compiler.connection.vendor == "postgresql"
    if key_share:
        sql += " FOR KEY SHARE"
    if queryset.query.values_select:  # values_list(): rows as tuples
        model, init_list, fields, populators = None, [], slice(0), []
    else:
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        model, fields = klass_info["model"], slice(start, end)
        init_list = [f[0].target.attname for f in select[start:end]]
        populators = get_related_populators(klass_info, select, alias)
    return _Plan(
        sql=sql,
        params=tuple(params),
        positions=tuple(positions),
        wrappers=tuple(wrappers),
        col_count=compiler.col_count if compiler.has_extra_select else None,
        converters=converters,
        model=model,
        init_list=init_list,
        fields=fields,
        populators=populators,
        annotations=dict(compiler.annotation_col_map or {}),
        locks=key_share
        or (
            bool(queryset.query.select_for_update)
            and compiler.connection.features.has_select_for_update
        ),
    )


class PreparedRead:
    """A read put together once: ``build(*samples)`` is the queryset, with a sample for each
    value it is then run with (see the module)."""

    def __init__(self, build: Callable[..., QuerySet], *samples, key_share: bool = False):
        self.build = build
        self.samples = samples
        self.key_share = key_share
        # the database and the plan, made the first time it runs: one attribute, set at
        # once, so that a thread of a threaded server never finds the one without the other
        self._made: tuple[str, _Plan] | None = None

    def _plan(self) -> tuple[str, _Plan]:
        """Return the database the queryset reads (its router's) and the plan for it,
        made the first time."""
        made = self._made
        if made is None:
            queryset = self.build(*self.samples)
            made = self._made = (
                queryset.db,
                _plan(queryset, queryset.db, self.samples, self.key_share),
            )
        return made

    def all(self, *values) -> list:
        """Return the rows for these values, as the queryset built with them would."""
        if len(values) != len(self.samples):
            raise TypeError(f"{len(self.samples)} values expected, {len(values)} given")
        alias, plan = self._plan()
        connection = connections[alias]
        if plan.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(plan.params)
        for position, wrap, value in zip(plan.positions, plan.wrappers, values, strict=True):
            if isinstance(value, int) and not _in_range(value, wrap):
                return []  # no row holds it (the ORM gives up such a query as well)
            params[position] = value if wrap is None else wrap(value)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        return [_built(plan, row, alias, connection) for row in rows]

    def first(self, *values):
        """Return the first row for these values (in the queryset's order), or None."""
        rows = self.all(*values)
        return rows[0] if rows else None


# The integers a column of each type the backend sends (psycopg's) holds; else a big one's
_INTEGER_BITS = {"Int2": 16, "Int4": 32, "Int8": 64}


def _in_range(value: int, wrap) -> bool:
    """Whether an integer fits the column it is compared with (a number typed into a URL or
    a form may not: the database would refuse it with an error)."""
    bits = _INTEGER_BITS.get(getattr(wrap, "__name__", ""), 64)
    return -(2 ** (bits - 1)) <= value < 2 ** (bits - 1)


def _built(plan: _Plan, row, alias: str, connection):
    """Return a row built as the ORM's ModelIterable builds it."""
    if plan.col_count is not None:
        row = row[: plan.col_count]
    if plan.converters:
        row = list(row)
        for column, converters, expression in plan.converters:
            value = row[column]
            for converter in converters:
                value = converter(value, expression, connection)
            row[column] = value
    if plan.model is None:
        return tuple(row)
    obj = plan.model.from_db(alias, plan.init_list, row[plan.fields])
    for populator in plan.populators:
        populator.populate(row, obj)
    for name, column in plan.annotations.items():
        setattr(obj, name, row[column])
    return obj
