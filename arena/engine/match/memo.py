"""A match's memo tables: what the resolvers compute once and look up again, kept per match.

Each table is declared once, at import, by the module that uses it (``BALLS = Table("movement
balls")``), and lives in the :class:`Memo` of the match being played (``State.memo``, shared by
every state of that match and dropped with it). Two matches, in one thread or two, never share a
table, and a process that plays thousands of matches keeps only the tables of the matches it
still holds. A table that could grow without end in one long match has a ``limit``: past it the
table is emptied and filled again (every entry can be recomputed from the state).

What does not depend on a match (the board's geometry, the game's data) is not here: it is
computed at import, once, and never changes (docs/engine.md, "Caches").
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo:
    """The memo tables of one match (made empty at its start)."""

    __slots__ = ("tables",)

    def __init__(self) -> None:
        self.tables: dict[Table[Any, Any], dict[Any, Any]] = {}

    def sizes(self) -> dict[str, int]:
        """Entries per table, by name (for tests and the benchmark)."""
        return {table.name: len(found) for table, found in self.tables.items()}


class Table(Generic[K, V]):
    """One memo table's name, key and value types and size limit; its entries are per match."""

    __slots__ = ("limit", "name")

    def __init__(self, name: str, limit: int = 0) -> None:
        self.name = name
        self.limit = limit  # 0: bounded by the match itself (its characters, hexes, spells)

    def of(self, memo: Memo) -> dict[K, V]:
        """This table in ``memo`` (made empty on first use; emptied when past its limit)."""
        found = memo.tables.get(self)
        if found is None or (self.limit and len(found) > self.limit):
            found = memo.tables[self] = {}
        return found

    def __repr__(self) -> str:
        return f"Table({self.name!r})"
