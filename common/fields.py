"""Model fields of the project's own."""

from __future__ import annotations

from typing import Any

from django.db import models

# What an empty list or object reads as: most of a member's JSON values (no fixed discs, no starting
# grip, no supplies), written by Django as exactly this text.
_EMPTY: dict[str, type[list[Any]] | type[dict[str, Any]]] = {"[]": list, "{}": dict}


class JSONField(models.JSONField):
    """Django's JSONField, except that an empty list or object is read without the JSON decoder.

    The builder reads a team's six members on every change, forty-odd JSON values, most of them
    empty; each went through ``json.loads`` (docs/decisions.md, "Builder speed"). The value read is
    the same: a new list or dict each time. A field with its own decoder reads everything through it.
    """

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if self.decoder is None and type(value) is str:
            empty = _EMPTY.get(value)
            if empty is not None:
                return empty()
        return super().from_db_value(value, expression, connection)

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        # The same column as Django's, so migrations see Django's field: switching needs no migration
        # (on SQLite, altering a field's class would rebuild the table for nothing).
        return name, "django.db.models.JSONField", args, kwargs
