"""Dice the app rolls (WQ-6): a seeded six-sided source whose every die is returned to the caller.

``SeededDice(seed)`` derives each die from SHA-256 of the seed and a counter, rejecting the bytes that
would bias a six (so the sequence depends on nothing but the seed, whatever Python's ``random`` does in
another version): the same seed gives the same dice, which is how a recorded roll is replayed.
``FixedDice`` gives the dice it is handed, for worked examples.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Protocol

SIDES = 6
_UNBIASED = 252  # the largest multiple of 6 below 256


class DiceSource(Protocol):
    def d6(self) -> int: ...


class SeededDice:
    __slots__ = ("_seed", "_block", "_buffer")

    def __init__(self, seed: str) -> None:
        if not seed:
            raise ValueError("a seeded dice source needs a non-empty seed")
        self._seed = seed.encode("utf-8")
        self._block = 0
        self._buffer: list[int] = []

    def d6(self) -> int:
        while not self._buffer:
            digest = hashlib.sha256(self._seed + b"\0" + str(self._block).encode("ascii")).digest()
            self._block += 1
            self._buffer = [byte % SIDES + 1 for byte in digest if byte < _UNBIASED]
        return self._buffer.pop(0)


class FixedDice:
    """The given dice in order; running out is an error, not a silent fallback."""

    __slots__ = ("_dice",)

    def __init__(self, dice: Iterable[int]) -> None:
        self._dice = list(dice)
        for die in self._dice:
            if not 1 <= die <= SIDES:
                raise ValueError(f"{die} is not a six-sided die")

    def d6(self) -> int:
        if not self._dice:
            raise ValueError("the fixed dice ran out")
        return self._dice.pop(0)

    @property
    def left(self) -> int:
        return len(self._dice)
