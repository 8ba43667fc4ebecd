"""Recorded dice for the league and campaign rules (HR-10).

Every random decision of a league (a Swiss first round, drawing lots, an injury roll) goes through
a :class:`CampaignDice`, and every roll comes back as a :class:`DieRoll` record, so that the app can
store what was rolled, why, and replay it.

:class:`RecordedDice` wraps the match engine's dice (:mod:`arena.engine.match.dice_sources`): roll ``n`` of a
:class:`~arena.engine.match.dice_sources.SeededDice` is derived from ``(seed, n)`` with hashlib, so the same seed
gives the same rolls on every machine and Python version. A ``RecordedDice`` counts its rolls from
``start`` and keeps the records in order::

    dice = RecordedDice.seeded(derive_seed("league", 7, "injuries", 3))
    outcome = injury_roll(member, team_won=False, final_ep=-1, dice=dice)
    store(dice.records)      # every DieRoll, the sub-table re-rolls included
    store(dice.rolls_made)   # pass it back as ``start`` to go on with the same seed

Tests use ``RecordedDice.fixed([7, 2])``, which hands out the given results in order.
There is no module-level randomness anywhere in the package.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from arena.engine.match.dice_sources import Dice, FixedDice, SeededDice

T = TypeVar("T")


@dataclass(frozen=True)
class DieRoll:
    """One roll: what it was for, the die (``sides``), the ``result`` (1…sides) and its number
    ``index`` in the dice's sequence (0 for the first roll of a seed).

    ``purpose`` is English, ``purpose_hu`` the same in Hungarian (empty when whoever rolled gave
    none; :meth:`text` then falls back to English). Two rolls are equal when purpose, die, result
    and index are: the Hungarian is a rendering of the same purpose."""

    purpose: str
    sides: int
    result: int
    index: int
    purpose_hu: str = field(default="", compare=False)

    def text(self, language: str) -> str:
        """The purpose in ``language``: Hungarian for ``"hu"``, else English."""
        return self.purpose_hu if language == "hu" and self.purpose_hu else self.purpose


class CampaignDice(Protocol):
    """A source of recorded rolls."""

    def roll(self, sides: int, purpose: str, purpose_hu: str = "") -> DieRoll:
        """Roll one die of ``sides`` sides for ``purpose`` (in English, and in Hungarian as
        ``purpose_hu``) and return its record."""
        ...


class RecordedDice:
    """Dice over an engine :class:`~arena.engine.match.dice_sources.Dice` that count and record every roll.

    >>> dice = RecordedDice.fixed([4])
    >>> roll = dice.roll(10, "injury roll", "sérülésdobás")
    >>> roll.result, roll.index, roll.text("hu"), dice.rolls_made
    (4, 0, 'sérülésdobás', 1)
    """

    __slots__ = ("_source", "_next", "_records")

    def __init__(self, source: Dice, start: int = 0) -> None:
        if start < 0:
            raise ValueError(f"the first roll number cannot be negative: {start}")
        self._source = source
        self._next = start
        self._records: list[DieRoll] = []

    @classmethod
    def seeded(cls, seed: int | str, start: int = 0) -> RecordedDice:
        """Deterministic dice for ``seed``; ``start`` skips the rolls already made with it."""
        return cls(SeededDice(seed), start)

    @classmethod
    def fixed(cls, results: Iterable[int]) -> RecordedDice:
        """Dice that return ``results`` in order (tests, or physical dice at the table)."""
        return cls(FixedDice(results))

    @property
    def records(self) -> tuple[DieRoll, ...]:
        """Every roll made through these dice, in order."""
        return tuple(self._records)

    @property
    def rolls_made(self) -> int:
        """The number of the next roll: ``start`` plus the rolls made so far."""
        return self._next

    def roll(self, sides: int, purpose: str, purpose_hu: str = "") -> DieRoll:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        result = self._source.roll(sides, self._next)
        record = DieRoll(purpose, sides, result, self._next, purpose_hu)
        self._next += 1
        self._records.append(record)
        return record

    def __repr__(self) -> str:
        return f"RecordedDice({self._source!r}, rolls_made={self._next})"


def derive_seed(*parts: object) -> str:
    """A seed string made of ``parts``, one per decision, so that unrelated draws never share
    rolls: ``derive_seed("league", 7, "round", 2)`` is ``"league:7:round:2"``."""
    if not parts:
        raise ValueError("a derived seed needs at least one part")
    return ":".join(str(part) for part in parts)


def draw_order(
    items: Iterable[T], dice: CampaignDice, purpose: str, purpose_hu: str = ""
) -> tuple[list[T], tuple[DieRoll, ...]]:
    """``items`` in the order drawn by lots, and the rolls: one die per draw (a d``k`` picks among
    the ``k`` still in the hat, counting in the given order), so ``n`` items take ``n − 1`` rolls.

    >>> order, rolls = draw_order("abc", RecordedDice.fixed([3, 1]), "lots")
    >>> order, [r.result for r in rolls]
    (['c', 'a', 'b'], [3, 1])
    """
    hat = list(items)
    drawn: list[T] = []
    rolls: list[DieRoll] = []
    while len(hat) > 1:
        roll = dice.roll(len(hat), purpose, purpose_hu)
        rolls.append(roll)
        drawn.append(hat.pop(roll.result - 1))
    drawn.extend(hat)
    return drawn, tuple(rolls)
