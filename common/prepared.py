"""Queries that a request runs every time, their SQL written once per process.

Django writes a query's SQL afresh each time it runs it: the lookups resolved, the joins set up, the
columns listed, the SQL written. For a short query that is most of its cost. A ``PreparedQuery``
compiles a queryset once per database connection, with stand-in values where each request's own go,
and then runs that SQL with the request's values, making model instances from the rows as the
queryset would (the database's converters, ``Model.from_db``). The queryset is Django's own, so the
SQL is the same as before, for any database. ``update_row`` writes one row's fields as
``QuerySet.update`` would, its SQL kept by the fields it sets; ``update_rows`` writes the rows of one
save, on PostgreSQL as one statement, and ``insert_and_update_rows`` new rows and then those.

``PreparedPair`` reads two prepared queries in one statement (the session and its user), and a
request's first prepared read on a kept connection is Django's health check of it too
(``read_checking``: no ``SELECT 1`` before it).

On PostgreSQL these statements bind their values on the server, and psycopg prepares each one once per
connection, so that the server parses and plans it once (``DATABASE_PREPARED_STATEMENTS``;
docs/decisions/site.md, "Prepared statements on PostgreSQL").

Used by the team builder's read (``teams.selectors.owned_team_with_characters``) and save
(``teams.services.team_update``), which run on every change a player makes, and by the session and
user reads of every signed-in request (``accounts.sessions``, ``accounts.backends``; docs/decisions.md,
"Builder speed").
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Any, TypeVar

from django.db import InterfaceError, OperationalError, connections, router, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)
Write = tuple[type[Model], Any, Mapping[str, Any]]  # one row's UPDATE: (model, primary key, values)
Value = int | str | date  # what goes in a stand-in's place


@dataclass(frozen=True)
class _Part:
    """Where one model's columns are in a row, and the attribute names they fill."""

    start: int
    end: int
    init_list: list[str]


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: list[Any]  # the compiled parameters, the stand-ins in place
    slots: dict[str, tuple[int, ...]]  # each value's places among the parameters
    converters: list[tuple[int, list[Any], Any]]  # (column, converters, expression)
    parts: dict[type[Model], _Part]
    width: int  # the columns of a row
    annotations: dict[str, int]  # each annotation's column


class PreparedQuery:
    """``build(**stand_ins)`` gives the queryset; ``rows(**values)`` runs its SQL with the values in the
    stand-ins' places, and ``instance(row, Model)`` makes the model instance of a row (the queryset's
    model, or one it reads with ``select_related``, a level down); ``annotation(row, name)`` is the value
    of one of the queryset's annotations.

    Each stand-in must be an int, a str or a date that the compiled query passes once as a parameter (a
    lookup's value), or, when named in ``repeated``, once or more (the same player in several
    subqueries); nothing else in the query may be that value, and the query is refused when that is not
    so. A value takes the type its stand-in's parameter has (the database's adapter's, as psycopg's
    ``Int2``; a date as the backend passes dates, a str on SQLite)."""

    def __init__(
        self,
        model: type[Model],
        build: Callable[..., QuerySet[Any]],
        repeated: Collection[str] = (),
        **stand_ins: Value,
    ) -> None:
        self.model = model
        self._build = build
        self._repeated = frozenset(repeated)
        self._stand_ins = stand_ins
        self._compiled: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Compiled] = weakref.WeakKeyDictionary()

    def _compile(self, connection: BaseDatabaseWrapper) -> _Compiled:
        compiler = self._build(**self._stand_ins).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        params = list(params)
        slots = {}
        for name, stand_in in self._stand_ins.items():
            found = tuple(index for index, param in enumerate(params) if _same_stand_in(param, stand_in))
            if not found or (len(found) > 1 and name not in self._repeated):
                raise ValueError(f"the stand-in for {name} ({stand_in}) is not one parameter of {sql!r}")
            slots[name] = found
        select, klass_info = compiler.select, compiler.klass_info
        if klass_info is None:
            raise ValueError("a prepared query reads model instances")
        fields = [column for column, _sql, _alias in select]
        converters = [
            (index, functions, expression) for index, (functions, expression) in compiler.get_converters(fields).items()
        ]
        parts = {}
        for info in (klass_info, *klass_info.get("related_klass_infos", [])):
            if info.get("from_parent"):
                raise ValueError("a prepared query does not read a model's parents")
            chosen = info["select_fields"]
            start, end = chosen[0], chosen[-1] + 1
            parts[info["model"]] = _Part(start, end, [column.target.attname for column, *_ in select[start:end]])
        return _Compiled(sql, params, slots, converters, parts, len(select), dict(compiler.annotation_col_map or {}))

    def _get(self, connection: BaseDatabaseWrapper) -> _Compiled:
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection)
        return compiled

    def rows(self, **values: Value) -> list[Sequence[Any]]:
        connection = connections[router.db_for_read(self.model)]
        compiled = self._get(connection)
        rows = read_checking(connection, compiled.sql, self._params(compiled, values))
        if compiled.converters and rows:
            rows = [_converted(list(row), compiled, 0, connection) for row in rows]
        return rows

    @staticmethod
    def _params(compiled: _Compiled, values: Mapping[str, Value]) -> list[Any]:
        params = list(compiled.params)
        for name, value in values.items():
            for slot in compiled.slots[name]:
                kind = type(params[slot])  # as the database adapts it (PostgreSQL: Int2 …; SQLite: a date's str)
                params[slot] = value if type(value) is kind else kind(value)
        return params

    def instance(self, row: Sequence[Any], model: type[M]) -> M:
        """The instance of ``model`` that ``row`` holds (as ``from_db`` makes it: not adding, its db)."""
        connection = connections[router.db_for_read(self.model)]
        part = self._get(connection).parts[model]
        return model.from_db(connection.alias, part.init_list, row[part.start : part.end])

    def annotation(self, row: Sequence[Any], name: str) -> Any:
        """The value of the queryset's annotation ``name`` in ``row``."""
        connection = connections[router.db_for_read(self.model)]
        return row[self._get(connection).annotations[name]]


def _same_stand_in(param: Any, stand_in: Value) -> bool:
    if isinstance(stand_in, date) and not isinstance(stand_in, datetime):
        if isinstance(param, str):  # a backend that passes dates as text (SQLite)
            return param == stand_in.isoformat()
        return isinstance(param, date) and not isinstance(param, datetime) and param == stand_in
    if isinstance(stand_in, str):
        return isinstance(param, str) and param == stand_in
    return isinstance(param, int) and not isinstance(param, bool) and param == stand_in


def read_checking(connection: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> list[Sequence[Any]]:
    """The rows of a read. When it is the request's first use of a kept connection that Django checks
    (``CONN_HEALTH_CHECKS``), the read is the check instead of Django's ``SELECT 1`` before it (one round
    trip less): on a connection that no longer works (the server restarted, say) it fails, and then,
    as Django's check would have, the connection is closed and a new one opened, and the read runs
    again on it. Only outside a transaction (the read alone is lost) and only when the connection
    proves unusable: any other error is the read's own."""
    checking = (
        connection.connection is not None
        and getattr(connection, "health_check_enabled", False)
        and not getattr(connection, "health_check_done", True)
        and not connection.in_atomic_block
    )
    if checking:
        connection.health_check_done = True  # type: ignore[attr-defined]  # (not in django-stubs)
    try:
        with _prepared_cursor(connection) as cursor:
            cursor.execute(sql, params)
            return list(cursor.fetchall())
    except (OperationalError, InterfaceError):
        if not checking or connection.is_usable():
            raise
    connection.close()
    with _prepared_cursor(connection) as cursor:  # a new connection (checked as new: Django does not check it)
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _prepared_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Django's cursor for a statement of this module (its connection checked, its statements logged as
    any). On PostgreSQL with prepared statements on (``DATABASE_PREPARED_STATEMENTS``: the connection has a
    ``prepare_threshold``), the psycopg cursor under it binds the values on the server, and psycopg then
    prepares each statement on its first run on the connection and runs it prepared after: the server
    parses and plans it once per connection. These statements suit that: a read's SQL is compiled once
    with stand-ins and an UPDATE's once per set of fields, so the same text and parameter types come
    again and again."""
    cursor = connection.cursor()
    raw = connection.connection
    if connection.vendor != "postgresql" or raw.prepare_threshold is None:
        return cursor
    cursor.cursor = _server_binding_cursor(connection, raw)
    if isinstance(cursor, CursorDebugWrapper):
        return _PreparedDebugWrapper(cursor.cursor, connection)
    return cursor


def _server_binding_cursor(connection: BaseDatabaseWrapper, raw: Any) -> Any:
    """A psycopg cursor of ``raw`` binding on the server, with the time zone's loader as Django gives
    its own cursors when the connection's differs."""
    import psycopg
    from django.db.backends.postgresql.psycopg_any import register_tzloader  # type: ignore[import-untyped]
    from psycopg.pq import Format

    cursor = psycopg.Cursor(raw)
    timezone = connection.timezone
    if raw.adapters.get_loader(psycopg.adapters.types["timestamptz"].oid, Format.TEXT).timezone != timezone:
        register_tzloader(timezone, cursor)
    return cursor


class _PreparedDebugWrapper(CursorDebugWrapper):
    """Logs a statement with its values in place, as Django logs one bound on the server: psycopg keeps
    no text of a prepared statement it ran, which Django's log would read."""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(self.db.ops.compose_sql(sql, params), params):
            return CursorWrapper.execute(self, sql, params)


def _converted(row: list[Any], compiled: _Compiled, offset: int, connection: BaseDatabaseWrapper) -> list[Any]:
    """``row`` with ``compiled``'s converters applied to its columns, which start at ``offset``."""
    for index, functions, expression in compiled.converters:
        value = row[offset + index]
        for function in functions:
            value = function(value, expression, connection)
        row[offset + index] = value
    return row


class PreparedPair:
    """Two prepared queries in one statement: each row of ``first`` beside the row ``second`` reads
    (``second`` reads at most one: a lookup by a unique key), or beside None when it reads none.
    ``SELECT a.*, b.* FROM (first) a LEFT JOIN (second) b ON 1 = 1``: one round trip to the database
    instead of two, and the two read in one snapshot. Both read the same database."""

    def __init__(self, first: PreparedQuery, second: PreparedQuery) -> None:
        self.first, self.second = first, second
        self._sql: weakref.WeakKeyDictionary[BaseDatabaseWrapper, str] = weakref.WeakKeyDictionary()

    def rows(
        self, first: Mapping[str, Value], second: Mapping[str, Value]
    ) -> list[tuple[Sequence[Any], Sequence[Any] | None]]:
        connection = connections[router.db_for_read(self.first.model)]
        one, other = self.first._get(connection), self.second._get(connection)
        sql = self._sql.get(connection)
        if sql is None:
            sql = self._sql[connection] = f"SELECT a.*, b.* FROM ({one.sql}) a LEFT JOIN ({other.sql}) b ON 1 = 1"
        fetched = read_checking(
            connection, sql, [*PreparedQuery._params(one, first), *PreparedQuery._params(other, second)]
        )
        pairs: list[tuple[Sequence[Any], Sequence[Any] | None]] = []
        last: tuple[list[Any], Sequence[Any]] | None = None  # ``second``'s row as read and as converted
        for row in fetched:
            head, tail = list(row[: one.width]), list(row[one.width :])
            if one.converters:
                head = _converted(head, one, 0, connection)
            if all(value is None for value in tail):  # the LEFT JOIN found no row
                pairs.append((head, None))
            elif last is not None and last[0] == tail:  # its one row again, beside the next of ``first``
                pairs.append((head, last[1]))
            else:
                converted = _converted(list(tail), other, 0, connection) if other.converters else tail
                last = (tail, converted)
                pairs.append((head, converted))
        return pairs


@lru_cache(maxsize=256)
def _update_parts(
    vendor: str, model: type[Model], names: tuple[str, ...]
) -> tuple[str, str, str, tuple[Any, ...]] | None:
    """The table, the ``column = %s, …`` assignments and the primary key's column of an UPDATE of these
    fields, with the fields; None when a field writes its value otherwise than as a plain parameter
    (``get_placeholder``)."""
    concrete = {field.name: field for field in model._meta.concrete_fields}
    if any(name not in concrete for name in names):
        return None
    fields = tuple(concrete[name] for name in names)
    if any(hasattr(field, "get_placeholder") or field.primary_key for field in fields):
        return None
    qn = connections[router.db_for_write(model)].ops.quote_name
    assignments = ", ".join(f"{qn(field.column)} = %s" for field in fields)
    pk = model._meta.pk
    assert pk is not None
    return qn(model._meta.db_table), assignments, qn(pk.column), fields


def _update_params(
    connection: BaseDatabaseWrapper, model: type[Model], values: Mapping[str, Any]
) -> tuple[str, str, str, list[Any]] | None:
    """The table, assignments and key column of ``values``' UPDATE, with the values as the database
    takes them (as ``QuerySet.update`` prepares them); None when it needs the queryset (an expression,
    a model instance, a field with its own placeholder)."""
    parts = _update_parts(connection.vendor, model, tuple(values))
    if parts is None or any(
        hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save") for value in values.values()
    ):
        return None
    table, assignments, pk_column, fields = parts
    params = [
        field.get_db_prep_save(value, connection=connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    return table, assignments, pk_column, params


def update_row(model: type[Model], pk: Any, values: Mapping[str, Any]) -> int:
    """``model.objects.filter(pk=pk).update(**values)`` for plain values (no expressions, no model
    instances), without building the query each time; the rows it updated (0 or 1)."""
    connection = connections[router.db_for_write(model)]
    prepared = _update_params(connection, model, values)
    if prepared is None:
        return model._default_manager.filter(pk=pk).update(**values)
    table, assignments, pk_column, params = prepared
    with transaction.mark_for_rollback_on_error(using=connection.alias), _prepared_cursor(connection) as cursor:
        cursor.execute(f"UPDATE {table} SET {assignments} WHERE {pk_column} = %s", [*params, pk])
        return cursor.rowcount


def update_rows(writes: Sequence[Write]) -> None:
    """The UPDATEs of one save (``(model, pk, values)`` each, as ``update_row``), all or none, each row
    written (and so locked) in the order given.

    On PostgreSQL they are one statement: every UPDATE but the last in a ``WITH``, each one's ``WHERE``
    waiting for the one before (a scalar subquery over it, evaluated before its own row is touched, as
    PostgreSQL runs a data-modifying ``WITH`` to completion when it is first read), so the rows are
    locked in the given order. One statement is one transaction by itself: no ``BEGIN`` and ``COMMIT``
    round trips, and the same durability (the commit waits for the log as any commit does). Elsewhere
    (SQLite has no UPDATE in a ``WITH``), or when a write needs the queryset, one UPDATE each in one
    transaction; a single UPDATE needs no transaction of its own anywhere."""
    if not writes:
        return
    connection = connections[router.db_for_write(writes[0][0])]
    if len(writes) == 1 or connection.vendor == "postgresql":
        prepared = [_update_params(connection, model, values) for model, _pk, values in writes]
        if all(part is not None for part in prepared):
            sql, params = _chained_updates(
                [(part, pk) for part, (_model, pk, _values) in zip(prepared, writes, strict=True) if part is not None]
            )
            with transaction.mark_for_rollback_on_error(using=connection.alias), _prepared_cursor(connection) as cursor:
                cursor.execute(sql, params)
            return
    with transaction.atomic(using=connection.alias):
        for model, pk, values in writes:
            update_row(model, pk, values)


def insert_and_update_rows(objs: Sequence[Model], writes: Sequence[Write]) -> None:
    """``bulk_create(objs)`` (new rows of one model), then ``update_rows(writes)``, all or none. On
    PostgreSQL one statement: the INSERT in a ``WITH`` (run once and to completion, as PostgreSQL runs
    every data-modifying ``WITH``), then the UPDATEs chained in their order as ``update_rows`` chains
    them. One round trip to the database instead of two or more. The objects get no primary key (the
    INSERT returns nothing to Django). Elsewhere (SQLite: no round trips to save), or when a write needs
    the queryset, ``bulk_create`` and one ``update_row`` each, in the caller's transaction (or one of
    their own)."""
    if not objs:
        update_rows(writes)
        return
    model = type(objs[0])
    connection = connections[router.db_for_write(model)]
    prepared = [_update_params(connection, write_model, values) for write_model, _pk, values in writes]
    if connection.vendor != "postgresql" or not writes or any(part is None for part in prepared):
        with transaction.atomic(using=connection.alias, savepoint=False):  # the caller's, if it has one
            model._default_manager.bulk_create(objs)
            for write_model, pk, values in writes:
                update_row(write_model, pk, values)
        return
    insert_sql, insert_params = _insert(connection, model, objs)
    sql, params = _chained_updates(
        [(part, pk) for part, (_model, pk, _values) in zip(prepared, writes, strict=True) if part is not None],
        first=(insert_sql, insert_params),
    )
    with transaction.mark_for_rollback_on_error(using=connection.alias), _prepared_cursor(connection) as cursor:
        cursor.execute(sql, params)


def _insert(connection: BaseDatabaseWrapper, model: type[Model], objs: Sequence[Model]) -> tuple[str, list[Any]]:
    """The INSERT that ``bulk_create`` would send for ``objs`` (none with a primary key yet): Django's
    own compiler writes it (the fields' values prepared as for a save, ``auto_now_add`` filled in)."""
    from django.db.models import AutoField
    from django.db.models.sql import InsertQuery

    if any(obj.pk is not None for obj in objs):
        raise ValueError("insert_and_update_rows inserts new rows only")
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="bulk_create")  # type: ignore[attr-defined]  # (as bulk_create)
    fields = [f for f in model._meta.concrete_fields if not f.generated and not isinstance(f, AutoField)]
    query = InsertQuery(model)
    query.insert_values(fields, list(objs), raw=False)
    statements = query.get_compiler(connection=connection).as_sql()
    if len(statements) != 1:
        raise ValueError("the rows do not fit one INSERT")
    sql, params = statements[0]
    return sql, list(params)


def _chained_updates(
    updates: Sequence[tuple[tuple[str, str, str, list[Any]], Any]], first: tuple[str, list[Any]] | None = None
) -> tuple[str, list[Any]]:
    """``WITH w0 AS (UPDATE … RETURNING 1), w1 AS (UPDATE … WHERE pk = %s AND (SELECT count(*) FROM w0)
    >= 0 RETURNING 1) UPDATE …``: one statement running the UPDATEs in order; ``first``, a statement
    (an INSERT) run before them, as ``i AS (…)``."""
    parts, params = [], []
    for index, ((table, assignments, pk_column, values), pk) in enumerate(updates):
        after = f" AND (SELECT count(*) FROM w{index - 1}) >= 0" if index else ""
        parts.append(f"UPDATE {table} SET {assignments} WHERE {pk_column} = %s{after}")
        params.extend([*values, pk])
    *rest, last = parts
    ctes = [f"w{index} AS ({sql} RETURNING 1)" for index, sql in enumerate(rest)]
    if first is not None:
        ctes.insert(0, f"i AS ({first[0]})")
        params = [*first[1], *params]
    if not ctes:
        return last, params
    return f"WITH {', '.join(ctes)} {last}", params
