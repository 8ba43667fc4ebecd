"""The working context of one decision: the copied state, the events so far, the dice."""

from __future__ import annotations

from collections.abc import Callable

from arena.engine.match.dice_sources import Dice
from arena.engine.match.events import DiceRolled, Event
from arena.engine.match.evolve import EVOLVERS, credit
from arena.engine.match.state import State


class Context:
    """Deciders emit events here; each is evolved onto ``state`` at once, so a decider always
    reads the state as its own events have left it."""

    __slots__ = ("state", "events", "dice", "open", "watch")

    def __init__(self, state: State, dice: Dice) -> None:
        self.state = state
        self.events: list[Event] = []
        self.dice = dice
        # Nyílt lapok (HR-7, OPT_OPEN_INFORMATION): every event is public
        self.open = state.opt is not None and state.opt.open
        # Közönség kegye (HR-7): sees every roll and may pause the resolution at one
        self.watch: Callable[[Context, str, str, int, int, int | None], None] | None = None

    def emit(self, event: Event) -> None:
        if self.open and event.visible_to is not None:
            event = event._replace(visible_to=None)
        self.events.append(event)
        if self.state.four is not None:
            credit(self.state, event)  # HR-8: who dealt which loss
        EVOLVERS[type(event)](self.state, event)

    def roll(self, who: str, purpose: str, sides: int = 10, visible_to: int | None = None) -> int:
        """Roll one die and record it (style: every roll is a DiceRolled event)."""
        result = self.dice.roll(sides, self.state.rolls)
        if self.watch is not None:
            self.watch(self, who, purpose, sides, result, visible_to)
        self.emit(DiceRolled(who, purpose, sides, result, visible_to))
        return result
