"""Orgyilkosság's victim (RB p.17; digest A56; HR-12 rulings 2, 4, 15-16).

For the duration the victim has 4 MAN a step of his own (a gladiator 4 instead of 6), receives
no pool or strategist MAN, acts first when named, and may only attack or harm the designee or
move toward him by a shortest legal path (opening gates, disengaging, running); he may not stop
while such an action is affordable. If the designee can never be reached, he does nothing
(ruling 16). The effect ends early when the designee dies.
"""

from __future__ import annotations

from typing import Any

from arena.engine.match import actions as act
from arena.engine.match.actions import Action, action_cost
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic.actions import Cast
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import CENTRAL, STEPS_IN, STEPS_OUT, G, enemies_on
from arena.engine.match.state import State

_DIST: Table[tuple[int, bool], dict[int, int]] = Table("magic: frenzy distances")


def designee_of(s: State, c: int) -> int:
    m = s.magic
    if m is None or not m.frenzied >> c & 1:
        return -1
    for x in m.lasting:
        if x.kind == "frenzy" and x.target == c:
            return x.other
    return -1


def distances(s: State, goal: int, central: bool) -> dict[int, int]:
    """Hexes to ``goal`` within one region, every gate open (he may open them, ruling 15)."""
    key = (goal, central)
    found = _DIST.of(s.memo).get(key)
    if found is None:
        steps = STEPS_IN if central else STEPS_OUT
        found = {goal: 0}
        frontier = [goal]
        while frontier:
            nxt = []
            for h in frontier:
                for n, _ in steps[h]:
                    if n not in found:
                        found[n] = found[h] + 1
                        nxt.append(n)
            frontier = nxt
        _DIST.of(s.memo)[key] = found
    return found


def refusal(s: State, c: int, a: Any) -> str | None:
    """Why the victim ``c`` may not take ``a`` (None: he may)."""
    t = designee_of(s, c)
    if t < 0:
        return None
    tid = s.sheets[t].id
    kind = type(a)
    if not s.alive[t]:
        return None if kind in (act.EndActivation, act.EndStep) else "his designee is dead: he does nothing"
    if kind in (act.StandUp, act.StopState, act.DropItem, act.EndActivation, act.EndStep, act.Dodge, act.Shift,
                act.DeclineShift, act.Concede):  # fmt: skip
        return None
    if kind in (act.MeleeAttack, act.RangedAttack, act.Throw):
        return None if a.target == tid else f"he may attack only {tid}"
    if kind is Cast:
        return None if a.target == tid or tid in a.chain else f"he may cast only at {tid}"
    here = s.pos[c]
    if CENTRAL[here] != CENTRAL[s.pos[t]]:
        return f"{tid} cannot be reached from his region"
    dist = distances(s, s.pos[t], CENTRAL[here])
    if kind is act.Move:
        end = G.index.get(a.path[-1], -1) if a.path else -1
        if not (end in dist and here in dist and dist[here] - dist[end] == len(a.path)):
            return f"he moves only by a shortest path toward {tid}"
        if _obliged_elsewhere(s, c, t, end):
            return f"he may not enter a hex where he would have to attack someone but {tid} (HR-12 ruling 10)"
        return None
    if kind is act.Disengage:
        to = G.index.get(a.to, -1)
        return None if to in dist and here in dist and dist[to] < dist[here] else f"he disengages only toward {tid}"
    if kind is act.ToggleGate:
        return None if not s.gates & G.gate_bit.get(a.gate, 0) else "he only opens gates on his way"
    if kind is act.UseSkill:
        return None if a.skill == "running" else "he uses no skill but Futás on his way"
    return "he does nothing else"


def _obliged_elsewhere(s: State, c: int, t: int, end: int) -> bool:
    """Whether ending a move on ``end`` would oblige ``c`` to attack an enemy there (HR-12 ruling
    10) while his designee ``t``, the only one he may attack, is not there."""
    return s.pos[t] != end and bool(enemies_on(s, s.side[c], end))


def filter_options(s: State, c: int, options: list[Action]) -> list[Action]:
    """The victim's options; no ending while a costed action toward the designee is left."""
    kept = [a for a in options if refusal(s, c, a) is None]
    if any(action_cost(a) > 0 for a in kept):
        kept = [a for a in kept if type(a) is not act.EndActivation]
    return kept


def first(s: State) -> int:
    """A named victim who has not finished acting: he acts first (RB p.17, ruling 2)."""
    m = s.magic
    if m is None or not m.frenzied:
        return -1
    for c in s.named:
        if m.frenzied >> c & 1 and s.alive[c] and not s.finished >> c & 1 and not s.netted[c] and not m.banned >> c & 1:
            return c
    return -1


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.frenzy_first = first
