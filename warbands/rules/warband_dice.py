"""Recorded dice for the campaign steps (WB-8): every roll comes back as a :class:`Roll`.

:class:`SeededDice` derives roll ``n`` of a seed from ``(seed, n)`` with :mod:`hashlib` (BLAKE2b),
so the same seed gives the same rolls on every machine and Python version; ``start`` skips the
rolls already made with that seed, so the app can go on where it stopped (``rolls_made``).
:class:`FixedDice` hands out given results in order (tests, or physical dice at the table). Both keep
``records``: every roll made, in order, with its purpose in both languages. There is no module-level
randomness.

    >>> dice = FixedDice([4])
    >>> roll = dice.roll(Text("injury severity", "sérülés súlyossága"))
    >>> roll.result, roll.index, roll.sides, dice.rolls_made
    (4, 0, 6, 1)
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol

from warbands.rules.bilingual import Text

D6: Final = 6


@dataclass(frozen=True)
class Roll:
    """One roll: its purpose, the die (``sides``), the ``result`` (1 … sides) and its number
    ``index`` in the dice's sequence (0 for a seed's first)."""

    purpose: Text
    sides: int
    result: int
    index: int

    def to_dict(self) -> dict[str, object]:
        return {
            "purpose": self.purpose.en,
            "purpose_hu": self.purpose.hu,
            "sides": self.sides,
            "result": self.result,
            "index": self.index,
        }


class Dice(Protocol):
    """A source of recorded rolls."""

    def roll(self, purpose: Text, sides: int = D6) -> Roll: ...


class _Recording(ABC):
    """Counts and records rolls; a subclass says what roll ``n`` of a ``sides``-sided die shows."""

    def __init__(self, start: int) -> None:
        if start < 0:
            raise ValueError(f"the first roll number cannot be negative: {start}")
        self._next = start
        self._records: list[Roll] = []

    @property
    def records(self) -> tuple[Roll, ...]:
        """Every roll made through these dice, in order."""
        return tuple(self._records)

    @property
    def rolls_made(self) -> int:
        """The number of the next roll: ``start`` plus the rolls made so far."""
        return self._next

    @abstractmethod
    def _result(self, sides: int, n: int) -> int: ...

    def roll(self, purpose: Text, sides: int = D6) -> Roll:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        record = Roll(purpose, sides, self._result(sides, self._next), self._next)
        self._next += 1
        self._records.append(record)
        return record


class SeededDice(_Recording):
    """Deterministic dice for ``seed``; ``start`` skips the rolls already made with it."""

    def __init__(self, seed: int | str, start: int = 0) -> None:
        super().__init__(start)
        self.seed = seed
        self._prefix = f"warband:{seed}:".encode()

    def _result(self, sides: int, n: int) -> int:
        digest = hashlib.blake2b(self._prefix + str(n).encode(), digest_size=16).digest()
        return 1 + int.from_bytes(digest, "big") % sides

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r}, rolls_made={self._next})"


class FixedDice(_Recording):
    """Dice that return ``results`` in order; ``ValueError`` when they run out or a result does not
    fit the die."""

    def __init__(self, results: Iterable[int]) -> None:
        super().__init__(0)
        self._results = tuple(results)

    def _result(self, sides: int, n: int) -> int:
        if n >= len(self._results):
            raise ValueError(f"the fixed dice ran out after {len(self._results)} rolls")
        result = self._results[n]
        if not 1 <= result <= sides:
            raise ValueError(f"a d{sides} cannot show {result}")
        return result

    def __repr__(self) -> str:
        return f"FixedDice({self._results[self._next :]!r})"
