"""The dice of a hosted match: the engine's seeded dice, or a test's fixed d10s.

In production every die comes from the match's secret seed (the engine's ``SeededDice``, which the
state replayed from the log carries). Tests may script the d10s of a match: ``Match.dice_script``
holds the results in order, and they are rolled only when the settings turn ``VIADAL_TEST_DICE``
on, which only ``viadal_site.settings.test`` does. No form, view or service writes the script; a
test sets it on the row. Deck shuffles (d11 and more) still come from the seed.

Which scripted result comes next is read from the match's log (the d10s already rolled), so the
script gives the same dice in every app-server process and after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings

from arena.engine import SeededDice, State, match_events
from arena.engine.match.events import DiceRolled

D10 = 10


class ScriptedD10s:
    """The script's d10 results from ``start`` on, then the seed's; every other die from the seed."""

    __slots__ = ("_script", "_next", "_seeded")

    def __init__(self, script: Sequence[int], start: int, seed: int | str) -> None:
        self._script = list(script)
        self._next = start
        self._seeded = SeededDice(seed)

    def roll(self, sides: int, n: int) -> int:
        if sides == D10 and self._next < len(self._script):
            result = int(self._script[self._next])
            self._next += 1
            if not 1 <= result <= sides:
                raise ValueError(f"scripted result {result} is not possible on a d{sides}")
            return result
        return self._seeded.roll(sides, n)


def d10s_rolled(state: State) -> int:
    """How many d10s the match has rolled so far (read from its log)."""
    return sum(1 for event in match_events(state) if isinstance(event, DiceRolled) and event.sides == D10)


def scripted_dice_allowed() -> bool:
    return bool(getattr(settings, "VIADAL_TEST_DICE", False))


def dice_for(script: Sequence[int] | None, seed: str, state: State | None) -> ScriptedD10s | None:
    """The dice to roll the next action with: None (the seed's, as the state carries them) unless a
    test scripted this match's d10s under the test settings."""
    if script is None or not scripted_dice_allowed():
        return None
    return ScriptedD10s(script, d10s_rolled(state) if state is not None else 0, seed)


MOST_MISSING = 100


class TableDice:
    """Table mode: the d10s the players rolled at the table, in order; every larger die (the decks'
    shuffles and draws) from the seed. A d10 beyond those entered is counted as ``missing`` and
    answered with a placeholder (1, 2, 3 …), so the caller learns from the events which die comes next
    and what for, and asks for it (the action is then applied again, never stored with a placeholder)."""

    __slots__ = ("_entered", "_next", "_seeded", "missing")

    def __init__(self, entered: Sequence[int], seed: int | str) -> None:
        self._entered = list(entered)
        self._next = 0
        self._seeded = SeededDice(seed)
        self.missing = 0

    @property
    def used(self) -> int:
        return self._next

    def roll(self, sides: int, n: int) -> int:
        if sides != D10:
            return self._seeded.roll(sides, n)
        if self._next < len(self._entered):
            result = int(self._entered[self._next])
            self._next += 1
            if not 1 <= result <= sides:
                raise ValueError(f"a d{sides} shows 1-{sides}, not {result}")
            return result
        self.missing += 1
        if self.missing > MOST_MISSING:
            raise ValueError("the action keeps rolling dice that were not entered")
        # placeholders never repeat one after another, so a roll-off cannot tie for ever
        return 1 + (self.missing - 1) % sides
