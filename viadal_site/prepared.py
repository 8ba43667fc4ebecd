"""A query that a request runs every time, its SQL compiled once per process.

Django writes a query's SQL afresh each time it runs it: the lookups resolved, the joins set up, the
columns listed, the SQL written. For a short query that is most of its cost. A ``PreparedQuery``
compiles a queryset once per database connection, with stand-in values where each request's own go,
and then runs that SQL with the request's values, making model instances from the rows as the
queryset would (the database's converters, ``Model.from_db``). The queryset is Django's own, so the
SQL is the same as before, for any database.

Used by the team builder's read (``teams.selectors.owned_team_with_characters``), which runs on every
change a player makes (docs/decisions.md, "Builder speed").
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)


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
    slots: dict[str, int]  # each value's place among the parameters
    converters: list[tuple[int, list[Any], Any]]  # (column, converters, expression)
    parts: dict[type[Model], _Part]


class PreparedQuery:
    """``build(**stand_ins)`` gives the queryset; ``rows(**values)`` runs its SQL with the values in the
    stand-ins' places, and ``instance(row, Model)`` makes the model instance of a row (the queryset's
    model, or one it reads with ``select_related``, a level down).

    Each stand-in must be an int that the compiled query passes once as a parameter (a lookup's value),
    and nothing else in the query may be that int; the query is refused when that is not so."""

    def __init__(self, model: type[Model], build: Callable[..., QuerySet[Any]], **stand_ins: int) -> None:
        self.model = model
        self._build = build
        self._stand_ins = stand_ins
        self._compiled: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Compiled] = weakref.WeakKeyDictionary()

    def _compile(self, connection: BaseDatabaseWrapper) -> _Compiled:
        compiler = self._build(**self._stand_ins).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        params = list(params)
        slots = {}
        for name, stand_in in self._stand_ins.items():
            found = [index for index, param in enumerate(params) if type(param) is int and param == stand_in]
            if len(found) != 1:
                raise ValueError(f"the stand-in for {name} ({stand_in}) is not one parameter of {sql!r}")
            slots[name] = found[0]
        select, klass_info = compiler.select, compiler.klass_info
        if compiler.annotation_col_map or klass_info is None:
            raise ValueError("a prepared query reads model instances only")
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
        return _Compiled(sql, params, slots, converters, parts)

    def _get(self, connection: BaseDatabaseWrapper) -> _Compiled:
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection)
        return compiled

    def rows(self, **values: int) -> list[Sequence[Any]]:
        connection = connections[router.db_for_read(self.model)]
        compiled = self._get(connection)
        params = list(compiled.params)
        for name, value in values.items():
            params[compiled.slots[name]] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows: list[Sequence[Any]] = cursor.fetchall()
        if compiled.converters and rows:
            converted: list[Sequence[Any]] = []
            for row in rows:
                row = list(row)
                for index, functions, expression in compiled.converters:
                    value = row[index]
                    for function in functions:
                        value = function(value, expression, connection)
                    row[index] = value
                converted.append(row)
            rows = converted
        return rows

    def instance(self, row: Sequence[Any], model: type[M]) -> M:
        """The instance of ``model`` that ``row`` holds (as ``from_db`` makes it: not adding, its db)."""
        connection = connections[router.db_for_read(self.model)]
        part = self._get(connection).parts[model]
        return model.from_db(connection.alias, part.init_list, row[part.start : part.end])
