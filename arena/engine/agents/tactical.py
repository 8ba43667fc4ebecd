"""The tactical agent: the priorities a good player uses, written down (issue #33).

It starts from the greedy agent's scores and changes what a club player changes:

- **attacks are weighed by their preview** (:func:`arena.engine.match.previews.attack_preview`:
  both values before the dice, so the hit chance): the chance times the worth of the target, the
  enemy gladiator first (his fall ends the match, RB p.6), then the wounded (focus fire: a hit on
  a fighter with little Ép left takes him off the board);
- **the gladiator's grip** is the one with the best TÉ, VÉ and extra Sp (HR-3.1), not a random one;
- **the witch-master stays out of reach**: he does not walk into an enemy fighter's hex or next
  to one, and keeps two to four hexes off while he has discs to cast;
- **the strategist's MAN** goes to a character who can strike with it now (an enemy in his hex,
  or a shooter short of the 2 MAN a shot costs), otherwise it is kept for the traps (RB p.8);
- **traps are sprung when it matters**: a damaging card on the enemy gladiator or on a wounded
  enemy, not on the first passer-by (RB p.18, HR-5);
- **naming** (RB p.6) picks the two characters closest to an enemy, who can fight this step.

It decides from the seat's erased state (:func:`arena.engine.agents.seen.erase`): its own
secrets, the public facts, nothing of the other seats' secrets. The search agent uses
:func:`tactical_pick` as its rollout policy on sampled states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from arena.engine.agents.basic import _SCORES, _nearest_enemy
from arena.engine.agents.magic import corpse_move_score
from arena.engine.agents.seen import erase
from arena.engine.board.grid import grid
from arena.engine.board.hexgrid import distance
from arena.engine.content.common import Role
from arena.engine.content.traps import trap_by_number
from arena.engine.content.weapons import WEAPONS, grip_values
from arena.engine.match import actions as act
from arena.engine.match.actions import Action
from arena.engine.match.optional import actions as opt_act
from arena.engine.match.previews import attack_preview
from arena.engine.match.rules.base import man_of
from arena.engine.match.state import GLADIATOR, State
from arena.engine.match.traps.where import NUMBER_AT
from arena.engine.match.words import ArenaMode

_G = grid()

ATTACK_MAN = 2  # a melee attack or a shot (RB p.8)
GLADIATOR_WORTH = 1.6  # his fall ends the match (RB p.6)
WOUNDED_WORTH = 0.8  # added at no Ép left: focus fire on the wounded
SAFE_NEAR, SAFE_FAR = 2, 4  # the witch-master's distance from the nearest enemy fighter
DAMAGING_TRAP = 60.0


def _worth(s: State, t: int) -> float:
    """How much a hit on ``t`` is worth: the gladiator most, then by the Ép he has lost."""
    if s.sheets[t].is_gladiator:
        return GLADIATOR_WORTH
    full = s.sheets[t].ep or 1
    return 1.0 + WOUNDED_WORTH * (1.0 - s.ep[t] / full)


def _chance(s: State, a: Action) -> float:
    preview = attack_preview(s, a)
    return preview.chance if preview is not None else 0.5


def _attack(base: float, s: State, a: act.MeleeAttack | act.RangedAttack | act.Throw) -> float:
    t = s.index[a.target]
    return base + 40.0 * _chance(s, a) * _worth(s, t)


def _grip_score(s: State, a: act.RecordGrip) -> float:
    """The grip with the best values (HR-3.1): VÉ keeps him alive, TÉ and Sp win."""
    g = s.gladiator_of(a.seat)
    sh = s.sheets[g]
    try:
        v = grip_values(sh.te, sh.ve, a.hand, a.main, sh.gladiator_type)
    except ValueError:
        return -5.0
    reach = any(WEAPONS[i].reach for i in a.hand if i in WEAPONS)  # strikes from the next hex (RB p.20)
    return v.te + v.ve + 1.5 * v.extra_sp + (1.5 if reach else 0.0) + 0.25 * len(v.skills)


def _enemy_fighters_near(s: State, c: int, at: int) -> int:
    """The distance from hex ``at`` to the nearest living enemy on the board (any kind)."""
    here = _G.hexes[at]
    best = 99
    for o in s.board:
        if s.camp[o] != s.camp[c] and s.alive[o] and s.pos[o] >= 0:
            best = min(best, distance(here, _G.hexes[s.pos[o]]))
    return best


_QR: tuple[tuple[int, int], ...] = tuple((x.q, x.r) for x in _G.hexes)


class _Distances:
    """One decision's distances: each character's enemies' coordinates and his distance to the
    nearest now (a Move's score looks at the same few enemies for each of its dozens of paths)."""

    __slots__ = ("enemies", "before")

    def __init__(self) -> None:
        self.enemies: dict[int, tuple[tuple[int, int], ...]] = {}
        self.before: dict[int, int] = {}

    def coords(self, s: State, c: int) -> tuple[tuple[int, int], ...]:
        """Where the enemies ``c`` can fight stand (gladiator: the gladiator), as the greedy
        agent's ``_nearest_enemy`` counts them."""
        found = self.enemies.get(c)
        if found is None:
            camp, alive, sheets, pos = s.camp, s.alive, s.sheets, s.pos
            mine, glad = camp[c], GLADIATOR[c]
            found = tuple(
                _QR[pos[o]]
                for o in range(len(camp))
                if camp[o] != mine and alive[o] and sheets[o].on_board and GLADIATOR[o] == glad
            )
            self.enemies[c] = found
        return found

    def now(self, s: State, c: int, coords: tuple[tuple[int, int], ...]) -> int:
        found = self.before.get(c)
        if found is None:
            found = self.before[c] = _nearest(coords, s.pos[c])
        return found


def _nearest(coords: tuple[tuple[int, int], ...], h: int) -> int:
    q, r = _QR[h]
    best = 99
    for a, b in coords:
        dq, dr = q - a, r - b
        d = max(abs(dq), abs(dr), abs(dq + dr))
        if d < best:
            best = d
    return best


def _move(s: State, a: act.Move, d: _Distances) -> float:
    """The greedy agent's closing in (or a step towards a corpse to raise), but the witch-master
    keeps out of reach."""
    c = s.index[a.char]
    end = _G.index[a.path[-1]]
    sheet = s.sheets[c]
    if sheet.role is Role.WITCH_MASTER:
        raising = corpse_move_score(s, c, a)
        if raising is not None:
            return raising  # a dead fighter to raise (RB p.15)
        near = _enemy_fighters_near(s, c, end)
        if near <= 1:
            return -5.0  # never into an enemy's reach
        if s.discs[sheet.seat]:
            return 3.0 - abs(min(max(near, SAFE_NEAR), SAFE_FAR + 1) - 3) - 0.2 * (a.man or 0)
    coords = d.coords(s, c)
    after = _nearest(coords, end)
    if after == 0:
        return 40.0
    before = d.now(s, c, coords)
    card = NUMBER_AT[end]
    bonus = 6.0 if card and card in s.traps[sheet.seat] else 0.0  # a remote trap to trigger (RB p.18)
    return 3.0 * (before - after) - 0.2 * (a.man or 0) + bonus


def _grant(s: State, a: act.Grant) -> float:
    """Strategist MAN only to one who can strike with it now; else keep it for the traps."""
    c = s.index[a.char]
    have = man_of(s, c)
    if have >= ATTACK_MAN or have + a.amount < ATTACK_MAN:
        return -1.0
    if _nearest_enemy(s, c) == 0 or (s.sheets[c].range_blocks and s.ammo[c] > 0):
        return 15.0 - a.amount
    return -1.0


def _trap_worth(s: State, card: int, mover: int) -> float:
    if trap_by_number(card).damage_unit is None:
        return -1.0
    if s.sheets[mover].is_gladiator or s.ep[mover] * 2 <= s.sheets[mover].ep:
        return DAMAGING_TRAP * _worth(s, mover)
    return -1.0  # keep the card for the gladiator or a wounded enemy


def _play_traps(s: State, a: act.PlayTraps) -> float:
    p = s.pending
    mover = getattr(p, "mover", -1)
    if mover < 0:
        return -1.0
    return sum(_trap_worth(s, card, mover) for card, _ in a.strikes)


def _name(s: State, a: act.Name) -> float:
    """The characters closest to an enemy they can fight (RB p.6)."""
    total = 0
    for cid in a.chars:
        c = s.index[cid]
        total += min(_nearest_enemy(s, c), 12) if s.alive[c] and s.pos[c] >= 0 else 12
    return -0.1 * total


# --- free-for-all (HR-8: every seat for itself, the last gladiator standing wins) ---------------

FFA_REACH = 6  # hexes: beyond a gladiator's melee reach (4 for 6 MAN, 5 with the halberd; HR-1.7)
FFA_WORN = 0.3  # an enemy gladiator with this share of his Ép or less is prey: finish him
FFA_NEAREST = 4.0  # the penalty for being an enemy gladiator's nearest target
FFA_FRESH = 30.0  # an attack that opens a fight with a fresh gladiator: below keeping out
FFA_LEADER = 0.4  # added to a target's worth when his seat leads on arena score (HR-10.1)


def ffa(s: State) -> bool:
    """Whether ``s`` is a free-for-all (HR-8)."""
    return s.four is not None and s.four.mode is ArenaMode.FFA


class _Field:
    """A free-for-all decision's picture of the central circle: where each living gladiator stands,
    how worn each is, who leads, and for each enemy gladiator his nearest target."""

    __slots__ = ("glads", "worn", "leader")

    def __init__(self, s: State) -> None:
        self.glads = [
            g
            for g in (s.gladiator_of(x) for x in range(s.seats))
            if s.alive[g] and s.pos[g] >= 0 and s.sheets[g].on_board
        ]
        self.worn = {g: s.ep[g] / (s.sheets[g].ep or 1) for g in self.glads}
        four = s.four
        scores = four.score if four is not None else ()
        living = [s.sheets[g].seat for g in self.glads]
        top = max((scores[x] for x in living), default=0) if scores else 0
        self.leader = {x for x in living if scores and scores[x] == top and top > 0}

    def enemies(self, s: State, c: int) -> list[int]:
        return [g for g in self.glads if s.camp[g] != s.camp[c]]

    def prey(self, s: State, c: int) -> list[int]:
        """The enemy gladiators worn down enough to finish (by anyone: they are the match)."""
        return [g for g in self.enemies(s, c) if self.worn[g] <= FFA_WORN]

    def danger(self, s: State, c: int, at: int) -> float:
        """How exposed a gladiator standing on ``at`` is: short of ``FFA_REACH`` from each healthy
        enemy gladiator, more when he is that enemy's nearest target."""
        total = 0.0
        for e in self.enemies(s, c):
            d = _hex_distance(at, s.pos[e])
            if d < FFA_REACH:
                total += (FFA_REACH - d) * (0.5 + self.worn[e])
            others = [_hex_distance(s.pos[e], s.pos[o]) for o in self.glads if o != e and o != c]
            if others and d < min(others) and d <= FFA_REACH + 2:
                total += FFA_NEAREST
        return total


def _hex_distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = _QR[a], _QR[b]
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def _ffa_move(s: State, a: act.Move, d: _Distances, f: _Field) -> float:
    """The gladiator in a free-for-all: with two or more enemy gladiators standing he keeps out of
    their reach and is nobody's nearest target, unless one of them is worn down: then he closes
    in on him to finish him. The last enemy is a duel's."""
    c = s.index[a.char]
    enemies = f.enemies(s, c)
    if len(enemies) <= 1:
        return _move(s, a, d)
    end = _G.index[a.path[-1]]
    prey = f.prey(s, c)
    if prey:
        coords = tuple(_QR[s.pos[g]] for g in prey)
        after = _nearest(coords, end)
        if after == 0:
            return 40.0
        before = _nearest(coords, s.pos[c])
        return 3.0 * (before - after) - 0.2 * (a.man or 0) - 0.5 * f.danger(s, c, end)
    return 1.5 * (f.danger(s, c, s.pos[c]) - f.danger(s, c, end)) - 0.2 * (a.man or 0)


def _ffa_worth(s: State, t: int, f: _Field) -> float:
    """A hit's worth in a free-for-all: a worn gladiator most (his fall eliminates a seat), the
    leader's characters more than the others'."""
    worth = _worth(s, t)
    if s.sheets[t].is_gladiator:
        worth += 1.2 * (1.0 - f.worn.get(t, 1.0))
    if s.sheets[t].seat in f.leader:
        worth += FFA_LEADER
    return worth


def _ffa_attack(base: float, s: State, a: act.MeleeAttack | act.RangedAttack | act.Throw, f: _Field) -> float:
    """An attack in a free-for-all. The gladiator does not open a fight with a fresh enemy
    gladiator while a third stands (the one who stays out wins), but finishes a worn one and
    answers one he is already fighting."""
    c, t = s.index[a.char], s.index[a.target]
    value = base + 40.0 * _chance(s, a) * _ffa_worth(s, t, f)
    if s.sheets[c].is_gladiator and s.sheets[t].is_gladiator:
        fresh = f.worn.get(t, 1.0) > FFA_WORN and s.melee[c] == 0 and s.melee[t] == 0
        if fresh and len(f.enemies(s, c)) > 1:
            return FFA_FRESH * _chance(s, a)
    return value


def ffa_scores(s: State, actions: Sequence[Action]) -> list[float]:
    """The tactical agent's scores in a free-for-all: the duel's, but for the gladiator's moves and
    every attack (:func:`_ffa_move`, :func:`_ffa_attack`)."""
    d = _Distances()
    f = _Field(s)
    out = []
    for a in actions:
        kind = type(a)
        if isinstance(a, act.Move):
            glad = s.sheets[s.index[a.char]].is_gladiator
            out.append(_ffa_move(s, a, d, f) if glad else _move(s, a, d))
        elif kind is act.Concede:
            out.append(float("-inf"))
        elif kind in _FFA_ATTACK:
            out.append(_ffa_attack(_FFA_ATTACK[kind](a), s, a, f))  # type: ignore[arg-type]
        else:
            scorer = TACTICAL_SCORES.get(kind)
            out.append(scorer(s, a) if scorer is not None else -2.0)
    return out


_FFA_ATTACK: dict[type, Callable[[Any], float]] = {
    act.MeleeAttack: lambda a: 100.0,
    act.RangedAttack: lambda a: 90.0,
    act.Throw: lambda a: 80.0 if a.item == "javelin" else 75.0,
}


TACTICAL_SCORES = dict(_SCORES)
TACTICAL_SCORES.update(
    {
        act.MeleeAttack: lambda s, a: _attack(100.0, s, a),
        act.RangedAttack: lambda s, a: _attack(90.0, s, a),
        act.Throw: lambda s, a: _attack(80.0 if a.item == "javelin" else 75.0, s, a),
        act.RecordGrip: _grip_score,
        act.Grant: _grant,
        act.PlayTraps: _play_traps,
        act.Name: _name,
        opt_act.CoatWeapon: lambda s, a: 200.0,  # listed only when he can attack now: coat first
    }
)


def tactical_scores(s: State, actions: Sequence[Action]) -> list[float]:
    """The tactical agent's score of each of ``actions`` on ``s`` (Concede: minus infinity)."""
    if ffa(s):
        return ffa_scores(s, actions)
    d = _Distances()
    out = []
    for a in actions:
        kind = type(a)
        if kind is act.Move:
            out.append(_move(s, a, d))  # type: ignore[arg-type]
        elif kind is act.Concede:
            out.append(float("-inf"))
        else:
            scorer = TACTICAL_SCORES.get(kind)
            out.append(scorer(s, a) if scorer is not None else -2.0)
    return out


def tactical_pick(s: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The tactical choice among ``actions`` on ``s`` (an erased or a sampled state)."""
    scores = tactical_scores(s, actions)
    top = max(scores, default=float("-inf"))
    if top == float("-inf"):
        return actions[0]
    best = [a for a, v in zip(actions, scores, strict=True) if v == top]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class TacticalAgent:
    """A club player's priorities over the greedy agent's one look (see the module)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action:
        return tactical_pick(erase(state, seat), actions, self.rng)
