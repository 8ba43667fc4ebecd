"""What a trap card does to its target, read from the card's data (HR-5; RB p.18; HR-12 rulings
6, 13, 14, 22-23).

In the order the card is written: the trap attack (value + d10 against the target's melee VÉ +
d10, Kitérés allowed; the rest needs a hit, and a margin card deals ⌊Δ/2⌋ Sp), fixed damage
(Sp: SFÉ and the STP thresholds, RB p.11; Ép: taken in full), the running damage, poison (E + d10
against Eg + d10; the poison-neutraliser amulet cancels it and is shown), combat-value
modifiers (non-stacking, digest §13), quicksand, bans, prone, the end of movement, the pit, the
jaws, the jammed gate and the spring's push. A gladiator killed by a trap ends the match (RB p.6).
"""

from __future__ import annotations

from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import CombatValue, DamageUnit
from arena.engine.content.skills import DODGING, PRONE_MELEE_VE_MODIFIER, SKILLS
from arena.engine.content.spells import Forbidden, Quantity
from arena.engine.content.traps import StepSpan, Trap
from arena.engine.match.context import Context
from arena.engine.match.events import (
    AmuletRevealed,
    Damaged,
    EffectAdded,
    GateJammed,
    KnockedDown,
    Netted,
    Pushed,
    StateEnded,
    TrapAttackResolved,
    TrapDodgeOffered,
    TrapMarked,
    TrapPoisonResolved,
)
from arena.engine.match.evolve import TRAP_PRONE
from arena.engine.match.magic.queries import eg_of, is_zombie
from arena.engine.match.magic.spell_effects import bleed
from arena.engine.match.rules.base import HEXES, man_of
from arena.engine.match.rules.damage import die, wound
from arena.engine.match.rules.gladiators import melee_ve, skill_allowed
from arena.engine.match.rules.modifiers import non_stacking
from arena.engine.match.rules.skill_use import end_states
from arena.engine.match.state import State
from arena.engine.match.traps import marks

DODGE_MAN = SKILLS[DODGING].man_cost
DODGE_BONUS = SKILLS[DODGING].param("ve_bonus")


def source(trap: Trap) -> str:
    """The effect tracker's label of a card's modifiers (RB p.19 "Trap" row)."""
    return f"trap {trap.number}: {trap.id}"


def can_dodge(s: State, trap: Trap, t: int) -> bool:
    """Kitérés against a trap's attack roll (HR-4): not prone, not netted, the skill allowed."""
    attack = trap.effect.attack
    return (
        attack is not None
        and attack.dodge_allowed
        and not s.prone[t]
        and not s.netted[t]
        and skill_allowed(s, t, DODGING)
    )


def strike(
    ctx: Context,
    trap: Trap,
    owner: int,
    t: int,
    push: int | None,
    gate: str | None,
    rest: tuple[Hex, ...],
) -> bool:
    """Resolve ``trap`` on ``t``; True when it waits for his Kitérés decision (HR-12 ruling 38).

    ``rest`` is what is left of his move (direct traps), ``gate`` the gate it concerns.
    """
    s = ctx.state
    if trap.effect.attack is not None:
        if can_dodge(s, trap, t) and (s.active != t or man_of(s, t) >= DODGE_MAN):
            ctx.emit(TrapDodgeOffered(s.side[t], s.sheets[t].id, trap.number, owner, rest))
            return True
        attack_roll(ctx, trap, owner, t, False)
        return False
    after_hit(ctx, trap, owner, t, push, gate, None)
    return False


def defence(s: State, t: int, dodge: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The target's melee VÉ against a trap attack, with Kitérés, prone and spell/trap modifiers."""
    mods: list[tuple[str, int]] = []
    if dodge:
        mods.append(("Kitérés", DODGE_BONUS))
    if s.prone[t] and not trap_prone(s, t):
        mods.append(("prone", PRONE_MELEE_VE_MODIFIER))
    spell = non_stacking(s, t, CombatValue.VE)
    if spell:
        mods.append(("spells and traps", spell))
    return melee_ve(s, t) + sum(m for _, m in mods), tuple(mods)


def trap_prone(s: State, t: int) -> bool:
    """Prone caused by a trap is a trap modifier (non-stacking group, HR-12 ruling 14)."""
    return any(e.char == t and e.source == TRAP_PRONE for e in s.effects)


def attack_roll(ctx: Context, trap: Trap, owner: int, t: int, dodge: bool) -> None:
    """The trap attack: value + d10 against VÉ + d10, attack die first (HR-12 ruling 21)."""
    s = ctx.state
    attack = trap.effect.attack
    assert attack is not None
    tid = s.sheets[t].id
    a_roll = ctx.roll(f"trap {trap.number}", f"{trap.id} attack on {tid}")
    d_roll = ctx.roll(tid, f"defence against trap {trap.number}")
    value, mods = defence(s, t, dodge)
    total = attack.value + a_roll
    against = value + d_roll
    hit = total > against
    ctx.emit(TrapAttackResolved(trap.number, tid, total, against, hit, mods))
    if hit:
        after_hit(ctx, trap, owner, t, None, None, total - against)


def deal(ctx: Context, t: int, amount: int, unit: DamageUnit) -> None:
    """Sp: SFÉ and the STP thresholds (RB p.11, p.18); Ép: in full, no armour, no STP."""
    if unit is DamageUnit.SP:
        wound(ctx, t, amount, stp_damage=True)
        return
    s = ctx.state
    ctx.emit(Damaged(s.sheets[t].id, "ep", amount, 0, amount, 0))
    if amount > 0:
        end_states(ctx, t, "took damage", ("sneaking",))
        if s.magic is not None and s.magic.bleed:  # Vérzékenység: +1 Ép (RB p.17, A54, ruling 22)
            bleed(ctx, t)
    if s.ep[t] <= 0:
        die(ctx, t)


def after_hit(
    ctx: Context,
    trap: Trap,
    owner: int,
    t: int,
    push: int | None,
    gate: str | None,
    margin: int | None,
) -> None:
    """Everything of the card after its attack roll (or all of it, without one), in order."""
    s = ctx.state
    e = trap.effect
    tid = s.sheets[t].id
    if e.attack is not None and e.attack.margin_damage is not None and margin is not None:
        deal(ctx, t, margin // 2, e.attack.margin_damage)
    if e.damage is not None and s.alive[t]:
        deal(ctx, t, e.damage.amount, e.damage.unit)
    if e.damage_if_running is not None and s.alive[t] and s.ran[t]:
        deal(ctx, t, e.damage_if_running.amount, e.damage_if_running.unit)
    if e.poison is not None and s.alive[t]:
        poison(ctx, trap, t)
    if s.over:
        return
    if e.gate_jam is not None and gate is not None:  # the gate shuts whatever befalls him
        end = e.gate_jam.last_round(s.round)
        ctx.emit(GateJammed(gate, s.round + 1 if end is None else end))
    if not s.alive[t]:
        return
    here = HEXES[s.pos[t]]
    last = s.round + 1  # "until the end of the next round" (HR-5)
    for m in e.modifiers:
        ctx.emit(EffectAdded(tid, m.value.value, m.amount, source(trap), m.window.last_round(s.round)))
    for adj in e.adjustments:
        if adj.quantity is Quantity.MOVE_COST:
            end = adj.window.last_round(s.round)
            ctx.emit(TrapMarked(tid, marks.QUICKSAND, here, adj.amount, last if end is None else end))
    dusted = False
    for ban in e.bans:
        if ban.action is Forbidden.SPENDING_MAN and ban.span is StepSpan.NEXT_STEP:
            if not s.netted[t]:  # a MAN ban like the net's (HR-12 ruling 13)
                ctx.emit(Netted(tid, source(trap)))
        elif ban.action is Forbidden.RUNNING:
            ctx.emit(TrapMarked(tid, marks.NO_RUNNING, here, 0, last))
        elif ban.action in (Forbidden.RANGED_ATTACKS, Forbidden.LIGHTNING_SPELLS) and not dusted:
            dusted = True
            ctx.emit(TrapMarked(tid, marks.DUST, here, 0, marks.stamp(s)))
    if e.prone and not s.prone[t]:
        ctx.emit(KnockedDown(tid))
        ctx.emit(EffectAdded(tid, CombatValue.VE.value, PRONE_MELEE_VE_MODIFIER, TRAP_PRONE, None))
    if e.ends_movement:
        ctx.emit(TrapMarked(tid, marks.STOPPED, here, 0, marks.stamp(s)))
    if e.exit_extra_man:
        ctx.emit(TrapMarked(tid, marks.PIT, here, s.pos[t], -1))
    if e.release_man:
        ctx.emit(TrapMarked(tid, marks.JAWS, here, e.release_man, -1))
    if e.push_hexes and push is not None:
        if s.hiding[t]:
            ctx.emit(StateEnded(tid, "hiding", "pushed off his hex"))
        ctx.emit(Pushed(tid, owner, HEXES[push]))


def resist_poison(
    ctx: Context, t: int, amulet: str, strength: int, roller: str, what: tuple[str, str]
) -> tuple[int, int] | None:
    """A poison's strength + d10 against the target's Eg + d10 (RB p.7, p.18; HR-7's vial too);
    None when his poison-neutraliser amulet cancels it, which shows it (RB p.7). ``what``: the
    poisoner's roll's purpose and what the target's roll resists."""
    s = ctx.state
    tid = s.sheets[t].id
    if s.amulet[t] == amulet and not is_zombie(s, t):  # a zombie wears none (HR-11)
        ctx.emit(AmuletRevealed(tid, amulet, f"cancelled {what[1]}"))
        return None
    a_roll = ctx.roll(roller, what[0])
    d_roll = ctx.roll(tid, f"Eg against {what[1]}")
    return strength + a_roll, eg_of(s, t) + d_roll  # Eg 0 after Marcangoló méregvarázs (RB p.15-16)


def poison(ctx: Context, trap: Trap, t: int) -> None:
    """E + d10 against Eg + d10; the poison-neutraliser amulet cancels it and is shown (RB p.7)."""
    s = ctx.state
    p = trap.effect.poison
    assert p is not None
    tid = s.sheets[t].id
    rolled = resist_poison(
        ctx, t, p.amulet_type.value, p.strength, f"trap {trap.number}",
        (f"{trap.id} poison on {tid}", f"the poison of trap {trap.number}"),
    )  # fmt: skip
    if rolled is None:
        return
    total, against = rolled
    poisoned = total > against
    ctx.emit(TrapPoisonResolved(trap.number, tid, total, against, poisoned))
    if not poisoned:
        return
    if p.damage is not None:
        deal(ctx, t, p.damage.amount, p.damage.unit)
    if s.alive[t] and not s.over:
        for m in p.modifiers:
            ctx.emit(
                EffectAdded(
                    tid,
                    m.value.value,
                    m.amount,
                    source(trap),
                    m.window.last_round(s.round),
                )
            )
