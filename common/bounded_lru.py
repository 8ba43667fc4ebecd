"""A small per-process map that keeps its most recently used entries: ``BoundedLRU``.

Several of the project's process caches keep "the last N" of something (engine states, sheet keys,
form blueprints, log sentences). ``functools.lru_cache`` wraps a function, and these caches are filled
and read at different places, so each kept its own ``OrderedDict`` and its own eviction loop. This is
that loop once, typed and behind a lock: ``get`` counts as a use, ``put`` adds or replaces an entry as
the newest and drops the least recently used ones beyond the bound.

The bound is a number or a function giving it, read on each ``put`` (a setting a test may change); a
bound of 0 or less keeps nothing.

``RecentMemo`` is for the hot memos of pure functions (the play screen's rows, pieces and choices, looked
up a hundred times a build): a hit is one dictionary lookup, where ``BoundedLRU`` takes a lock and hashes
the key twice (its lookup and ``move_to_end``), which for a key holding an engine view was most of what
the hit saved. It keeps the entries used since its last turnover and those of the generation before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")


class BoundedLRU(Generic[K, V]):
    """At most ``maxsize`` entries, the least recently used dropped first; safe to share between threads."""

    def __init__(self, maxsize: int | Callable[[], int]) -> None:
        self._maxsize = maxsize
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def maxsize(self) -> int:
        return self._maxsize() if callable(self._maxsize) else self._maxsize

    @overload
    def get(self, key: K) -> V | None: ...

    @overload
    def get(self, key: K, default: D) -> V | D: ...

    def get(self, key: K, default: object = None) -> object:
        """The value kept under ``key`` (now the most recently used), else ``default``."""
        with self._lock:
            try:
                self._entries.move_to_end(key)
            except KeyError:
                return default
            return self._entries[key]

    def put(self, key: K, value: V) -> list[tuple[K, V]]:
        """Keep ``value`` under ``key`` as the newest entry; the entries dropped to stay within the bound
        (oldest first) are returned."""
        limit = self.maxsize
        dropped: list[tuple[K, V]] = []
        with self._lock:
            if limit <= 0:
                dropped.extend(self._entries.items())
                self._entries.clear()
                return dropped
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > limit:
                dropped.append(self._entries.popitem(last=False))
        return dropped

    def pop(self, key: K) -> V | None:
        with self._lock:
            return self._entries.pop(key, None)

    def keys(self) -> list[K]:
        """The keys kept, the least recently used first (a copy)."""
        with self._lock:
            return list(self._entries)

    def items(self) -> list[tuple[K, V]]:
        """The entries kept, the least recently used first (a copy; not counted as uses)."""
        with self._lock:
            return list(self._entries.items())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is kept (not counted as a use)."""
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


class RecentMemo(Generic[K, V]):
    """A memo of a pure function's results that keeps what was used lately: the entries put or found since
    the last turnover, and the generation before them. Once ``per_generation`` entries are new, the older
    generation is dropped and the new one becomes it; an entry found there is carried into the new one.

    Unlocked: under the interpreter's lock each dictionary operation is whole, and two threads racing
    over a turnover can at worst lose an entry, which is worked out again. Its values must therefore be
    what any caller would compute for the key (a pure function's results), never state."""

    def __init__(self, per_generation: int) -> None:
        self._per_generation = per_generation
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        found = self._new.get(key)
        if found is None:
            found = self._old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: K, value: V) -> None:
        new = self._new
        new[key] = value
        if len(new) >= self._per_generation:
            self._old, self._new = new, {}

    def clear(self) -> None:
        self._new, self._old = {}, {}

    def __len__(self) -> int:
        return len(self._new) + len(self._old)
