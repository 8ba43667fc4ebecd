"""Dice sources (RB p.6: every roll is a d10; shuffles and draws use larger dice).

A match rolls through one :class:`Dice`. :class:`SeededDice` derives roll ``n`` from
``(seed, n)`` with :mod:`hashlib`, so a match replays identically on any Python version (only
``Random.random`` is promised to stay stable). The number of rolls made so far is part of the
match state, so the dice themselves hold no state. :class:`FixedDice` hands out given results in
order: for tests, and for a table mode with physical dice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Protocol

from arena.engine.match.match_errors import DiceExhaustedError


class Dice(Protocol):
    """A source of die results."""

    def roll(self, sides: int, n: int) -> int:
        """The result (1…``sides``) of the match's roll number ``n`` (counted from 0)."""
        ...


class SeededDice:
    """Deterministic dice: roll ``n`` of a match is derived from ``(seed, n)`` with BLAKE2b.

    >>> d = SeededDice(7)
    >>> d.roll(10, 0) == SeededDice(7).roll(10, 0)
    True
    """

    __slots__ = ("seed", "_prefix")

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._prefix = f"viadal:{seed}:".encode()

    def roll(self, sides: int, n: int) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        digest = hashlib.blake2b(self._prefix + str(n).encode(), digest_size=16).digest()
        return 1 + int.from_bytes(digest, "big") % sides

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"


class FixedDice:
    """Dice that return the given results in order, whatever the roll number.

    Each instance keeps its own position (never a class-wide list). A result larger than the
    die asked for is refused, so a test cannot silently roll an impossible number.

    >>> d = FixedDice([6, 1])
    >>> d.roll(10, 0), d.roll(10, 1), d.remaining
    (6, 1, 0)
    """

    __slots__ = ("_results", "_next")

    def __init__(self, results: Iterable[int]) -> None:
        self._results = list(results)
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._results) - self._next

    def roll(self, sides: int, n: int) -> int:
        if self._next >= len(self._results):
            raise DiceExhaustedError(f"FixedDice ran out after {self._next} rolls (asked for a d{sides})")
        result = self._results[self._next]
        if not 1 <= result <= sides:
            raise ValueError(f"FixedDice result {result} is not possible on a d{sides}")
        self._next += 1
        return result

    def __repr__(self) -> str:
        return f"FixedDice({self._results[self._next :]!r})"


class ScriptedDice:
    """The given results first, then ``then``'s: resolving an action again with the dice it has
    already rolled (crowd favour's re-roll, HR-7)."""

    __slots__ = ("_script", "_next", "_then")

    def __init__(self, script: Iterable[int], then: Dice) -> None:
        self._script = list(script)
        self._next = 0
        self._then = then

    def roll(self, sides: int, n: int) -> int:
        if self._next < len(self._script):
            result = self._script[self._next]
            self._next += 1
            if not 1 <= result <= sides:
                raise ValueError(f"scripted result {result} is not possible on a d{sides}")
            return result
        return self._then.roll(sides, n)

    def __repr__(self) -> str:
        return f"ScriptedDice({self._script[self._next :]!r}, then={self._then!r})"
