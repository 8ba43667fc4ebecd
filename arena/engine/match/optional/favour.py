"""Közönség kegye's re-roll (HR-7, ``OPT_CROWD_FAVOUR``): "at any time, spend 2 tokens to re-roll
one of your own d10s; the second result stands".

A roll comes in the middle of resolving an action, and the deciders are not built to stop there.
But a decider is a deterministic function of (state, action, dice), so the engine pauses instead:

1. While a seat holds 2 tokens, every d10 of its own (``DiceRolled.who`` one of its characters, a
   zombie of its side, or ``"seat N"``) is watched (:class:`Watch`). When one is rolled, the
   resolution stops (:class:`Paused`); its events are thrown away and the state before the action
   gets ``RerollOffered`` (public: the roll, and the public results rolled before it) and
   ``RerollStashed`` (seen by nobody: the action, and every result rolled before it), which make
   a :class:`~arena.engine.match.optional.state.PendingReroll` for that seat.
2. The seat answers with :class:`~arena.engine.match.actions.Reroll`: ``RerollDecided`` (2 tokens spent
   if ``use``; the pending decision the action answered, if any, is restored), then the action is
   resolved again from that state with :class:`~arena.engine.match.dice_sources.ScriptedDice`: the earlier
   results as they were, the paused one kept or rolled afresh, then the match's dice. A re-rolled
   die is never offered again; later dice of either seat may pause again.

``RerollStashed`` moves the roll count past the paused resolution's dice, so a fresh re-roll is a
new roll of the seeded dice. The rolls of a trap (``"trap N"``) and of the shuffles are nobody's
own: they are not re-rolled.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from arena.engine.match.actions import Action, Concede, action_to_json
from arena.engine.match.context import Context
from arena.engine.match.dice_sources import Dice, ScriptedDice
from arena.engine.match.events import Event
from arena.engine.match.optional.actions import Reroll
from arena.engine.match.optional.events import RerollDecided, RerollOffered, RerollStashed
from arena.engine.match.optional.state import PendingReroll
from arena.engine.match.rules.base import fail
from arena.engine.match.state import State

TOKENS_PER_REROLL = 2  # HR-7
RULE = "HR-7"

Run = Callable[[State, Action, Dice, "Watch | None", tuple[Event, ...]], tuple[State, list[Event]]]


class Paused(Exception):
    """A watched d10 was rolled: the resolution stops for the seat's answer."""

    def __init__(self, seat: int, who: str, purpose: str, result: int, rolled: list[tuple[int, bool]]) -> None:
        super().__init__(f"{who}'s d10 ({purpose}) paused for crowd favour")
        self.seat = seat
        self.who = who
        self.purpose = purpose
        self.result = result
        self.rolled = rolled  # (result, public) of every roll before it


class Watch:
    """Counts the rolls of one resolution; from roll ``start`` on, a d10 of a seat holding 2
    tokens pauses it."""

    __slots__ = ("start", "rolled")

    def __init__(self, start: int) -> None:
        self.start = start
        self.rolled: list[tuple[int, bool]] = []

    def __call__(self, ctx: Context, who: str, purpose: str, sides: int, result: int, to: int | None) -> None:
        index = len(self.rolled)
        self.rolled.append((result, to is None))
        if index < self.start or sides != 10:
            return
        s = ctx.state
        o = s.opt
        if o is None:
            return
        seat = owner(s, who)
        if seat is not None and o.tokens[seat] >= TOKENS_PER_REROLL:
            raise Paused(seat, who, purpose, result, self.rolled[:-1])


def owner(s: State, who: str) -> int | None:
    """The seat whose own die ``who`` rolls: a character's side (a zombie's is its creator's), or
    ``"seat N"``; None for the deck and the traps."""
    c = s.index.get(who)
    if c is not None:
        return s.side[c]
    if who.startswith("seat "):
        return int(who[5:])
    return None


def apply_favoured(state: State, action: Action, dice: Dice, run: Run) -> tuple[State, list[Event]]:
    """:func:`arena.engine.apply` in a match with crowd favour: ``run`` resolves an action with
    the given dice, watch and first events; a pause becomes a :class:`PendingReroll`."""
    prefix: tuple[Event, ...] = ()
    script: tuple[int, ...] = ()
    start = 0
    real = action
    if type(action) is Reroll:
        p = state.pending
        if not isinstance(p, PendingReroll) or p.seat != action.seat or p.action is None:
            fail("there is no paused roll of his to re-roll now", RULE)
        o = state.opt
        assert o is not None
        if action.use and o.tokens[action.seat] < TOKENS_PER_REROLL:
            fail(f"a re-roll costs {TOKENS_PER_REROLL} favour tokens", RULE)
        prefix = (RerollDecided(action.seat, action.use),)
        script = p.settled if action.use else (*p.settled, p.result)
        start = len(p.settled) + 1  # the re-rolled die is not offered again
        real = p.action
    elif isinstance(state.pending, PendingReroll) and type(action) is not Concede:
        fail("answer the crowd-favour re-roll first", RULE)
    watch = Watch(start)
    try:
        return run(state, real, ScriptedDice(script, dice), watch, prefix)
    except Paused as pause:
        new = state.fork()
        ctx = Context(new, dice)
        for event in prefix:
            ctx.emit(event)
        earlier = tuple(r for r, public in pause.rolled if public)
        ctx.emit(RerollOffered(pause.seat, pause.who, pause.purpose, pause.result, earlier))
        settled = tuple(r for r, _ in pause.rolled)
        ctx.emit(RerollStashed(json.dumps(action_to_json(real)), settled))
        new.log = (state.log, tuple(ctx.events))
        return new, ctx.events


def reroll_options(s: State, p: PendingReroll) -> list[Reroll]:
    return [Reroll(p.seat, True), Reroll(p.seat, False)]


def decide_reroll(ctx: Context, a: Reroll) -> None:
    """Only :func:`apply_favoured` answers a re-roll; reaching here means there is none."""
    fail("there is no paused roll to re-roll now", RULE)
