"""The greedy agent's scores for magic (issue #4): cast damaging spells on enemies when it can."""

from __future__ import annotations

from typing import Any

from .actions_magic import Cast
from .content.spells import SPELLS, Damage, LightningAttack
from .grid import grid
from .rules.magic_areas import area_hexes
from .state import State

_G = grid()


def _damage(spell_id: str) -> int:
    """The fixed damage a spell can deal (Sp or Ép), its first link for a bolt."""
    sp = SPELLS[spell_id]
    effect = sp.effect
    parts = [*effect.parts, *effect.on_fail]
    total = sum(p.amount for p in parts if isinstance(p, Damage) and p.ticks is None)
    if isinstance(effect.attack, LightningAttack):
        total += sum(link.damage.amount for link in effect.attack.links)
    return total


DAMAGE = {sid: _damage(sid) for sid in SPELLS}


def cast_score(s: State, a: Any) -> float:
    """Damaging spells on enemies first (more damage scores higher), areas only where they hit
    more enemies than friends; anything else only now and then."""
    assert isinstance(a, Cast)
    damage = DAMAGE[a.spell]
    if not damage:
        return -1.5
    bonus = 0.5 if a.concentrate else 0.0
    if a.hex is not None:
        seat = a.seat
        hexes = area_hexes(_G.index[a.hex])
        net = 0
        for c in range(len(s.pos)):
            if (
                s.alive[c]
                and s.sheets[c].on_board
                and s.pos[c] in hexes
                and s.sheets[c].id != a.char
            ):
                net += 1 if s.side[c] != seat else -2
        return 92.0 + net + bonus if net > 0 else -3.0
    return 93.0 + damage / 2 + bonus


MAGIC_SCORES: dict[str, Any] = {
    "Cast": cast_score,
    "ZombieAct": lambda s, a: 60.0,
    "CommandZombie": lambda s, a: -3.0,
    "MoveCloud": lambda s, a: -3.0,
}
