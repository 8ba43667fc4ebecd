"""Turn the engine's typed data into plain JSON values (dicts, lists, strings, numbers).

Dataclasses become objects with their fields in declaration order, enums their value, sets sorted lists,
mappings objects with string keys. Callables (rule hooks) are left out: JSON carries numbers, not code.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

JSON = Any


def to_json(value: object) -> JSON:
    """Convert ``value`` recursively into JSON-compatible Python values."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: to_json(getattr(value, field.name))
            for field in dataclasses.fields(value)
            if not callable(getattr(value, field.name)) or isinstance(getattr(value, field.name), enum.Enum)
        }
    if isinstance(value, Mapping):
        return {_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        items = [to_json(v) for v in value]
        return sorted(items, key=repr)
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    raise TypeError(f"cannot express {type(value).__name__} as JSON")


def _key(key: object) -> str:
    converted = to_json(key)
    if isinstance(converted, str):
        return converted
    if isinstance(converted, (list, tuple)):
        return ",".join(str(part) for part in converted)
    return str(converted)
