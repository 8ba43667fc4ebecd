"""What a spell does to a character (RB p.11-18; digest §15, A36-A57; HR-12 rulings 19-24).

Parts come from the spell data (:mod:`arena.engine.content.spells`): damage, healing, the
non-stacking modifiers (``EffectAdded``), and the other lasting effects (``SpellLasting``).
The amulet of a spell's type cancels every harmful effect of it and is shown (RB p.7, p.12,
A36-A37); the caster is immune to his own harmful magic (A42); spells never cost STP (RB p.11).
"""

from __future__ import annotations

from collections.abc import Iterable

from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import Armour, DamageUnit
from arena.engine.content.skills import GOLDEN_BELL, SKILLS
from arena.engine.content.spells import (
    SPELLS,
    Absorption,
    Adjust,
    Bearer,
    Cage,
    Damage,
    Forbid,
    Frenzy,
    Heal,
    Immunity,
    LightningAttack,
    Modifier,
    Part,
    Quantity,
    Resistance,
    Retaliation,
    Spell,
    SpellType,
    Window,
)
from arena.engine.match.context import Context
from arena.engine.match.events import AmuletRevealed, Damaged, Died, EffectAdded
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic.events import (
    Healed,
    MeTokenShown,
    SpellBlocked,
    SpellLasting,
    SpellResisted,
    StrategistMark,
)
from arena.engine.match.magic.queries import eg_of, is_zombie
from arena.engine.match.rules.damage import armour_sfe, die, end_match, gladiators_fell
from arena.engine.match.rules.skill_use import end_states
from arena.engine.match.state import AttackSpec, State
from arena.engine.match.words import MatchEnd


def _harmful(spell: Spell) -> bool:
    effect = spell.effect
    if effect.area is not None or isinstance(effect.attack, LightningAttack) or spell.is_resisted:
        return True
    return any(isinstance(p, Damage) for p in effect.parts)


HARMFUL: dict[str, bool] = {sid: _harmful(sp) for sid, sp in SPELLS.items()}
AMULET_OF: dict[SpellType, str] = {
    SpellType.CURSE: "curse",
    SpellType.POISON: "poison",
    SpellType.LIGHTNING: "lightning",
}


def last_round(window: Window, cast_round: int) -> int | None:
    """The round after whose step 6 an effect cast in ``cast_round`` ends (RB p.12)."""
    return window.last_round(cast_round)


# --- protection ---------------------------------------------------------------------------------


def amulet_cancels(ctx: Context, t: int, spell: Spell) -> bool:
    """The matching amulet cancels the spell and becomes public (RB p.7, p.12; A36-A37)."""
    s = ctx.state
    amulet = AMULET_OF.get(spell.spell_type)
    if amulet is None or s.amulet[t] != amulet or is_zombie(s, t):
        return False
    ctx.emit(AmuletRevealed(s.sheets[t].id, amulet, f"cancels {spell.name_hu} (RB p.7, p.12)"))
    return True


def lightning_warded(ctx: Context, t: int, spell: Spell) -> bool:
    """Villámtagadás: no damage from lightning spells of level 1-3 (RB p.14)."""
    s = ctx.state
    m = s.magic
    if m is None or not m.ward >> t & 1 or spell.spell_type is not SpellType.LIGHTNING:
        return False
    top = max(x.amount for x in m.lasting if x.target == t and x.kind == "immunity" and x.what != "weapon_damage")
    if spell.level > top:
        return False
    ctx.emit(
        SpellBlocked(
            spell.id,
            s.sheets[t].id,
            f"Villámtagadás stops lightning of level 1-{top} (RB p.14)",
        )
    )
    return True


# --- damage -------------------------------------------------------------------------------------


def spell_sfe(s: State, t: int, absorption: Absorption) -> int:
    """SFÉ against a spell's Sp: armour as usual; lightning only leather (and Aranyharang),
    RB p.12; none for Tűzvihar's first blast (RB p.15)."""
    if absorption is Absorption.ARMOUR:
        return armour_sfe(s, t)
    if absorption is Absorption.NONE:
        return 0
    sheet = s.sheets[t]
    sfe = sheet.sfe if sheet.armour is Armour.LEATHER and s.stp[t] > 0 else 0
    if s.bell[t]:
        sfe += SKILLS[GOLDEN_BELL].param("sfe_bonus")
    return sfe


def bleed(ctx: Context, t: int) -> None:
    """Vérzékenység: +1 Ép after every injury that cost Ép (RB p.17, A54, HR-12 ruling 22)."""
    s = ctx.state
    m = s.magic
    if m is None or len(m.bleed) <= t or not m.bleed[t] or not s.alive[t]:
        return
    extra = m.bleed[t]
    ctx.emit(Damaged(s.sheets[t].id, "ep", extra, 0, extra, 0))


def spell_damage(ctx: Context, t: int, damage: Damage, check_death: bool = True) -> int:
    """A spell's fixed damage (never STP, RB p.11); returns the Ép lost."""
    s = ctx.state
    sheet = s.sheets[t]
    if damage.unit is DamageUnit.EP:
        ctx.emit(Damaged(sheet.id, "ep", damage.amount, 0, damage.amount, 0))
        lost = damage.amount
    else:
        sfe = spell_sfe(s, t, damage.absorption)
        lost = max(0, damage.amount - sfe)
        ctx.emit(Damaged(sheet.id, "sp", damage.amount, sfe, lost, 0))
    if lost > 0:
        end_states(ctx, t, "took damage", ("sneaking",))
        bleed(ctx, t)
    if check_death and s.alive[t] and s.ep[t] <= 0:
        die(ctx, t)
    return lost


def deaths_together(ctx: Context, chars: Iterable[int]) -> None:
    """Death checks after area or end-of-round damage, all at once (HR-12 ruling 24): both
    gladiators destroyed together is a draw (HR-10.1)."""
    s = ctx.state
    dying = [t for t in dict.fromkeys(chars) if s.alive[t] and s.ep[t] <= 0]
    gladiators = [t for t in dying if s.sheets[t].is_gladiator]
    for t in dying:
        if t not in gladiators:
            die(ctx, t)
    if s.four is not None and gladiators:  # HR-8: every gladiator falls, then the sides are counted
        for g in gladiators:
            ctx.emit(Died(s.sheets[g].id))
        gladiators_fell(ctx)
        return
    if len(gladiators) == 2:
        for g in gladiators:
            ctx.emit(Died(s.sheets[g].id))
        if s.result is None:
            end_match(
                ctx,
                MatchEnd.DRAW,
                None,
                "both gladiators were destroyed at once (HR-12 ruling 24)",
            )
    else:
        for g in gladiators:
            die(ctx, g)


def heal(ctx: Context, c: int, amount: int) -> None:
    """Never above his original maximum (RB p.14-15, A47)."""
    s = ctx.state
    gained = min(amount, s.sheets[c].ep - s.ep[c])
    if gained > 0 and s.alive[c]:
        ctx.emit(Healed(s.sheets[c].id, gained))


# --- the resistance contest (RB p.11) -----------------------------------------------------------

CONCENTRATION = SKILLS["concentration"]
CONCENTRATION_E = CONCENTRATION.param("e_bonus")  # HR-4
CONCENTRATION_CE = CONCENTRATION.param("lightning_ce_bonus")  # HR-4


def me_of(s: State, t: int) -> int:
    """ME: the witch-master's own, or an ME token's value; 0 otherwise (RB p.7, p.11)."""
    return s.sheets[t].me or s.token[t]


def contest(ctx: Context, c: int, t: int, spell: Spell, concentrate: bool) -> bool:
    """E + d10 against Eg + d10 or ME + d10; the spell takes hold only on a greater total (ties
    to the defender); a target without ME rolls the bare d10 (RB p.11). A token holder who rolls
    against a mental spell shows his token (RB p.7)."""
    s = ctx.state
    cid, tid = s.sheets[c].id, s.sheets[t].id
    strength = (spell.strength or 0) + (CONCENTRATION_E if concentrate else 0)
    if spell.resistance is Resistance.ME:
        value = me_of(s, t)
        m = s.magic
        if s.token[t] and not (m is not None and m.tokens_shown >> t & 1):
            ctx.emit(MeTokenShown(tid, s.token[t]))
    else:
        value = eg_of(s, t)
    attack = strength + ctx.roll(cid, f"{spell.id} on {tid}")
    defence = value + ctx.roll(tid, f"resistance against {spell.id}")
    took = attack > defence
    ctx.emit(SpellResisted(spell.id, cid, tid, spell.resistance.value, attack, defence, took))
    return took


# --- parts ----------------------------------------------------------------------------------------


def lasting(
    ctx: Context, c: int, t: int | None, spell: Spell, kind: str, what: str, amount: int, window: Window,
    other: int = -1, area: tuple[Hex, ...] = (), first: int | None = None,
) -> None:  # fmt: skip
    s = ctx.state
    r = s.round if first is None else first
    ctx.emit(
        SpellLasting(
            spell.id, s.sheets[c].id, None if t is None else s.sheets[t].id, kind, what, amount,
            r + window.first if first is None else r, last_round(window, s.round),
            None if other < 0 else s.sheets[other].id, area,
        )
    )  # fmt: skip


def apply_parts(
    ctx: Context,
    c: int,
    t: int,
    spell: Spell,
    parts: tuple[Part, ...],
    designee: int = -1,
) -> None:
    """Apply ``parts`` of ``spell`` cast by ``c`` to ``t`` (area-bound parts are the areas')."""
    s = ctx.state
    tid = s.sheets[t].id
    for part in parts:
        if not s.alive[t] or s.result is not None:
            return
        if isinstance(part, Damage):
            if part.ticks is None:
                spell_damage(ctx, t, part)
        elif isinstance(part, Heal):
            heal(ctx, c, part.amount)
        elif isinstance(part, Modifier):
            if part.bearer is Bearer.TARGET:
                ctx.emit(
                    EffectAdded(
                        tid,
                        part.value.value,
                        part.amount,
                        spell.id,
                        last_round(part.window, s.round),
                    )
                )
        elif isinstance(part, Adjust):
            lasting(
                ctx,
                c,
                t,
                spell,
                "adjust",
                part.quantity.value,
                part.amount,
                part.window,
            )
            if part.quantity is Quantity.MAN_PER_STEP and s.sheets[t].is_strategist:
                # Izzó idegek binds his MAN from now on: count what he spends from here in this
                # step (HR-12 rulings 7, 32); the other strategist's mark stays as it was
                m = s.magic
                assert m is not None
                seat = s.sheets[t].seat
                mark = [*m.strat_mark, *[0] * (s.seats - len(m.strat_mark))]  # four seats (HR-8)
                mark[seat] = s.strat_man[seat]
                ctx.emit(StrategistMark(tuple(mark)))
        elif isinstance(part, Forbid):
            lasting(ctx, c, t, spell, "forbid", part.action.value, 1, part.window)
        elif isinstance(part, Immunity):
            lasting(
                ctx,
                c,
                t,
                spell,
                "immunity",
                part.kind.value,
                part.max_spell_level or 0,
                part.window,
            )
        elif isinstance(part, Retaliation):
            lasting(
                ctx,
                c,
                t,
                spell,
                "retaliation",
                "lightning_armour",
                part.damage.amount,
                part.window,
            )
        elif isinstance(part, Frenzy):
            lasting(
                ctx,
                c,
                t,
                spell,
                "frenzy",
                "assassination",
                part.man_per_step,
                part.window,
                other=designee,
            )
        elif isinstance(part, Cage):
            continue


def affect(
    ctx: Context,
    c: int,
    t: int,
    spell: Spell,
    choice: str | None,
    designee: int,
    concentrate: bool,
) -> None:
    """A targeted spell without an attack roll: amulet, immunity, contest, then its parts (the
    milder poison effect whatever the roll, RB p.12)."""
    s = ctx.state
    if t != c and HARMFUL[spell.id]:
        if amulet_cancels(ctx, t, spell):
            return
        if spell.resistance is Resistance.ME and is_zombie(s, t):
            ctx.emit(
                SpellBlocked(
                    spell.id,
                    s.sheets[t].id,
                    "a zombie has no ME: mental spells do not affect it (HR-12 ruling 19)",
                )
            )
            return
    took = contest(ctx, c, t, spell, concentrate) if spell.is_resisted else True
    effect = spell.effect
    if spell.onset.value == "next_round":
        # Quintarha: the shock, and on a failed check the ban, come in the next full round (A48).
        lasting(
            ctx,
            c,
            t,
            spell,
            "onset",
            spell.id,
            1 if took else 0,
            Window(1, 1),
            first=s.round + 1,
        )
        return
    apply_parts(ctx, c, t, spell, effect.parts, designee)
    if took:
        apply_parts(ctx, c, t, spell, effect.on_fail, designee)
        for option in effect.choices:
            if option.id == choice:
                apply_parts(ctx, c, t, spell, option.parts, designee)


# --- weapons against magic (RB p.14, p.16; A46, A53) ---------------------------------------------

WEAPON_DAMAGE = frozenset({"melee", "halberd", "bolt", "dagger", "javelin"})
CONTACT = frozenset({"melee", "halberd", "touch"})  # Villámvért answers melee only (A46)
ARMOUR = next(p for p in SPELLS["lightning_armour"].effect.parts if isinstance(p, Retaliation))


def weapon_immune(ctx: Context, spec: AttackSpec) -> bool:
    """Tűzalak: no weapon damages him, zombies' blows included (RB p.16, A53)."""
    s = ctx.state
    m = s.magic
    t = spec.target
    weapon = spec.weapon
    if m is None or not m.fire >> t & 1 or weapon not in WEAPON_DAMAGE:
        return False
    ctx.emit(
        SpellBlocked(
            "fire_form",
            s.sheets[t].id,
            "Tűzalak: weapons do not damage him (RB p.16, A53)",
        )
    )
    return True


def after_hit(ctx: Context, spec: AttackSpec) -> None:
    """Villámvért: whoever hits the protected person in melee takes 4 Sp of lightning (only
    leather SFÉ; the lightning amulet and Villámtagadás protect him; its caster is immune)."""
    s = ctx.state
    m = s.magic
    t = spec.target
    a = spec.attacker
    if m is None or not m.armour >> t & 1 or spec.weapon not in CONTACT or not s.alive[a]:
        return
    casters = {x.caster for x in m.lasting if x.kind == "retaliation" and x.target == t}
    spell = SPELLS["lightning_armour"]
    if a in casters:
        ctx.emit(
            SpellBlocked(
                spell.id,
                s.sheets[a].id,
                "the caster is immune to his own magic (digest A42)",
            )
        )
        return
    if amulet_cancels(ctx, a, spell) or lightning_warded(ctx, a, spell):
        return
    spell_damage(ctx, a, ARMOUR.damage)


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.weapon_immune = weapon_immune
HOOKS.after_hit = after_hit
HOOKS.bleed = bleed
