"""The first agents: random, uniform and a one-look greedy one (issue #3), and the ``Agent``
protocol every agent keeps.

Each takes a seeded :class:`random.Random` of its own (never the module-level one). None ever
concedes. The greedy agent reads only the seat's own secrets (its trap cards and discs) of the
state it is handed; it plays exactly as it did before the ladder (the golden fingerprints).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from arena.engine.agents.magic import MAGIC_SCORES, corpse_move_score
from arena.engine.agents.seen import erase
from arena.engine.board.grid import grid
from arena.engine.board.hexgrid import distance
from arena.engine.content.traps import TrapKind, trap_by_number
from arena.engine.match import actions as act
from arena.engine.match.actions import Action
from arena.engine.match.optional import actions as opt_act
from arena.engine.match.optional.rules import POTION_EP as POTION_HEAL
from arena.engine.match.optional.state import PendingReroll
from arena.engine.match.rules.base import man_of
from arena.engine.match.state import GLADIATOR, SEAT_OF, State
from arena.engine.match.traps.where import NUMBER_AT

_G = grid()


class Agent(Protocol):
    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action: ...


PASS_TRAPS = 0.75  # how often the random agent passes a direct-trap window


class RandomAgent:
    """Picks an action kind at random, then an action of that kind (as botbowl's random bot
    picks an action type, then a position): ending the step is as likely as moving."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action:
        if type(actions[0]) is act.PassTraps and self.rng.random() < PASS_TRAPS:
            return actions[0]  # the direct-trap window: pass mostly, strike now and then
        kinds = list(dict.fromkeys(map(type, actions)))
        if act.Concede in kinds:  # four seats: not offered while a decision is owed (HR-8)
            kinds.remove(act.Concede)
        kind = kinds[int(self.rng.random() * len(kinds))]
        group = [a for a in actions if type(a) is kind]
        return group[int(self.rng.random() * len(group))]


class UniformAgent:
    """Picks uniformly among all actions (but never concedes)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action:
        options = [a for a in actions if type(a) is not act.Concede]
        return options[self.rng.randrange(len(options))]


Scorer = Callable[[State, Any], float]


def _nearest_enemy(s: State, c: int, at: int | None = None) -> int:
    """Hex distance from ``at`` (his hex by default) to the nearest enemy this character can
    fight (gladiator: the gladiator)."""
    here = _G.hexes[s.pos[c] if at is None else at]
    best = 99
    camp = s.camp  # partners are no enemies (HR-8)
    for o in range(len(camp)):
        if camp[o] != camp[c] and s.alive[o] and s.sheets[o].on_board and GLADIATOR[o] == GLADIATOR[c]:
            best = min(best, distance(here, _G.hexes[s.pos[o]]))
    return best


def _move_score(s: State, a: act.Move) -> float:
    c = s.index[a.char]
    raising = corpse_move_score(s, c, a)
    if raising is not None:
        return raising  # a dead fighter to raise (RB p.15)
    before = _nearest_enemy(s, c)
    after = _nearest_enemy(s, c, _G.index[a.path[-1]])
    if after == 0:
        return 40.0
    card = NUMBER_AT[_G.index[a.path[-1]]]
    bonus = 6.0 if card and card in s.traps[SEAT_OF[c]] else 0.0  # a remote trap to trigger (RB p.18)
    return 3.0 * (before - after) - 0.2 * (a.man or 0) + bonus


def _grant_score(s: State, a: act.Grant) -> float:
    c = s.index[a.char]
    return 15.0 - a.amount if man_of(s, c) < 2 else -1.0


_SCORES: dict[type, Scorer] = {
    act.MeleeAttack: lambda s, a: 100.0 + (3.0 if a.skill else 0.0) + (2.0 if a.quick else 0.0),
    act.RangedAttack: lambda s, a: 90.0 + (2.0 if a.aim else 0.0),
    act.Throw: lambda s, a: 80.0 if a.item == "javelin" else 70.0,
    act.Move: lambda s, a: _move_score(s, a),
    act.Grant: lambda s, a: _grant_score(s, a),
    act.ToggleGate: lambda s, a: 4.0 if not s.gates & _G.gate_bit[a.gate] else -2.0,
    act.UseSkill: lambda s, a: 12.0 if a.skill == "golden_bell" else -1.0,
    act.Dodge: lambda s, a: 10.0 if a.use else 0.0,
    act.Shift: lambda s, a: -0.5,
    act.DeclineShift: lambda s, a: 0.0,
    act.StandUp: lambda s, a: 50.0,
    act.Disengage: lambda s, a: -3.0,
    act.EndActivation: lambda s, a: 0.0,
    act.EndStep: lambda s, a: -0.1,
    act.ChooseRole: lambda s, a: 1.0 if a.role == "side" else 0.0,
    act.TriggerTrap: lambda s, a: _trap_score(a.card, 85.0),
    act.PlayTraps: lambda s, a: sum(_trap_score(card, 60.0) for card, _ in a.strikes),
    act.PassTraps: lambda s, a: 0.0,
    act.OpenJaws: lambda s, a: 20.0,
    act.KeepTraps: lambda s, a: sum(_card_worth(card) for card in a.cards),
}
_SCORES.update({act.ACTION_TYPES[name]: fn for name, fn in MAGIC_SCORES.items()})  # issue #4: magic
_SCORES.update(
    {  # HR-7: the optional rules
        opt_act.CoatWeapon: lambda s, a: 101.0,  # listed only when he can attack now: coat, then strike
        opt_act.DrinkPotion: lambda s, a: _potion_score(s, a),
        opt_act.CollectAmmo: lambda s, a: 30.0,
        opt_act.Reroll: lambda s, a: _reroll_score(s, a),
    }
)


def _potion_score(s: State, a: opt_act.DrinkPotion) -> float:
    """Drink once the whole 5 Ép would be healed (HR-7)."""
    c = s.index[a.char]
    return 60.0 if s.sheets[c].ep - s.ep[c] >= POTION_HEAL else -5.0


def _reroll_score(s: State, a: opt_act.Reroll) -> float:
    """Crowd favour (HR-7): a higher d10 is better for its roller in every contest; re-roll a
    3 or less."""
    p = s.pending
    low = isinstance(p, PendingReroll) and p.result <= 3
    return (1.0 if low else -1.0) if a.use else 0.0


def _trap_score(card: int, damaging: float) -> float:
    """Greedy plays a damaging trap when one applies, others when nothing better is on."""
    return damaging if trap_by_number(card).damage_unit is not None else 5.0


def _card_worth(card: int) -> float:
    """Trap insight's keep (HR-9.5): damaging cards first, direct ones (played whenever an enemy
    moves) before remote ones (he must reach the numbered hex)."""
    trap = trap_by_number(card)
    return (2.0 if trap.damage_unit is not None else 1.0) + (1.0 if trap.kind is TrapKind.DIRECT else 0.0)


class GreedyAgent:
    """Scores each action with a one-look heuristic: attack when possible (melee, then shots,
    then throws), otherwise close in on the nearest enemy it can fight; break ties at random."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action:
        return self.pick(erase(state, seat), actions)

    def pick(self, state: State, actions: Sequence[Action]) -> Action:
        """The choice on ``state``, which the caller has already erased or sampled."""
        best: list[Action] = []
        top = float("-inf")
        for a in actions:
            if type(a) is act.Concede:
                continue
            scorer = _SCORES.get(type(a))
            score = scorer(state, a) if scorer is not None else -2.0
            if score > top:
                top, best = score, [a]
            elif score == top:
                best.append(a)
        return best[self.rng.randrange(len(best))]
