"""The greedy agent's scores for magic (issue #4): cast damaging spells on enemies when it can,
and raise a dead fighter lying within reach as a zombie (RB p.15)."""

from __future__ import annotations

from typing import Any

from arena.engine.board.grid import grid
from arena.engine.board.hexgrid import distance
from arena.engine.content.common import Role
from arena.engine.content.spells import SPELLS, Damage, LightningAttack
from arena.engine.match.actions import Move
from arena.engine.match.magic.actions import Cast
from arena.engine.match.magic.areas import area_hexes
from arena.engine.match.rules.base import man_of
from arena.engine.match.state import State

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


RAISE = "create_undead"
RAISE_LEVEL = SPELLS[RAISE].level
RAISE_SCORE = 99.0  # a fighter gained outlasts any one spell's damage; melee still comes first
ONTO_CORPSE = 98.0  # a step onto a corpse he can raise beats spending his cast on damage
CLOSE_IN = 30.0  # heading for a corpse beats closing in on an enemy (40 is entering his hex)


def _corpse_hexes(s: State) -> set[int]:
    """Hexes of dead fighters never raised (RB p.15: a destroyed zombie never rises again)."""
    risen = s.magic.risen if s.magic is not None else 0
    return {
        s.pos[t]
        for t in range(len(s.pos))
        if not s.alive[t] and s.pos[t] >= 0 and s.sheets[t].on_board
        and not s.sheets[t].is_gladiator and not risen >> t & 1
    }  # fmt: skip


def corpse_move_score(s: State, c: int, a: Move) -> float | None:
    """A witch-master holding a disc of Élőholt teremtése's level heads for the nearest corpse,
    and onto its hex when he can raise it there in this step (RB p.15, digest A52); None when
    the move is no such step."""
    sheet = s.sheets[c]
    if sheet.role is not Role.WITCH_MASTER or RAISE_LEVEL not in s.discs[sheet.seat]:
        return None
    corpses = _corpse_hexes(s)
    if not corpses:
        return None
    end = _G.index[a.path[-1]]
    man = a.man or 0
    if end in corpses and not s.attacks[c] and man_of(s, c) - man >= RAISE_LEVEL:
        return ONTO_CORPSE  # raising is his attack of the step (HR-12 ruling 31)
    before, after = _nearest(s.pos[c], corpses), _nearest(end, corpses)
    return CLOSE_IN + 3.0 * (before - after) - 0.2 * man if after < before else None


def _nearest(h: int, hexes: set[int]) -> int:
    here = _G.hexes[h]
    return min(distance(here, _G.hexes[o]) for o in hexes)


def cast_score(s: State, a: Any) -> float:
    """Raising the dead first, then damaging spells on enemies (more damage scores higher),
    areas only where they hit more enemies than friends; anything else only now and then."""
    assert isinstance(a, Cast)
    if a.spell == RAISE:
        return RAISE_SCORE
    if SPELLS[a.spell].level == RAISE_LEVEL and s.discs[a.seat].count(RAISE_LEVEL) == 1:
        return -1.0  # he keeps his last disc of that level for the dead
    damage = DAMAGE[a.spell]
    if not damage:
        return -1.5
    bonus = 0.5 if a.concentrate else 0.0
    if a.hex is not None:
        seat = a.seat
        hexes = area_hexes(_G.index[a.hex])
        net = 0
        for c in range(len(s.pos)):
            if s.alive[c] and s.sheets[c].on_board and s.pos[c] in hexes and s.sheets[c].id != a.char:
                net += 1 if s.camp[c] != s.seat_camp[seat] else -2  # partners are friends (HR-8)
        return 92.0 + net + bonus if net > 0 else -3.0
    return 93.0 + damage / 2 + bonus


MAGIC_SCORES: dict[str, Any] = {
    "Cast": cast_score,
    "ZombieAct": lambda s, a: 60.0,
    "CommandZombie": lambda s, a: -3.0,
    "MoveCloud": lambda s, a: -3.0,
}
