"""Rolling an attack, its damage, armour, death and the end of the match.

RB p.9-11 and HR-12 rulings 21-24: the attack d10 is rolled, then the defence d10; the attack
succeeds only if its total is greater. One hit, in order: raw Sp = ⌊Δ/2⌋ + weapon Sp (halved
for Földrevitel) → the STP check on that raw Sp (≥3 for outer fighters, ≥4 for gladiators;
melee only, RB p.11) → SFÉ, which still absorbs the hit that costs the last STP → Ép → death.
A gladiator keeps his SFÉ at 0 STP (RB p.11); leather armour at 0 STP is useless.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from arena.engine.content.common import Role
from arena.engine.content.skills import GOLDEN_BELL, NET_MASTER, SKILLS, STEADFAST
from arena.engine.content.weapons import HALBERD
from arena.engine.match.context import Context
from arena.engine.match.events import (
    AttackResolved,
    Damaged,
    Died,
    Entangled,
    ItemBroken,
    KnockedDown,
    MatchEnded,
    Netted,
)
from arena.engine.match.hooks import HOOKS
from arena.engine.match.rules.base import G
from arena.engine.match.rules.gladiators import extra_sp, holds, melee_ve
from arena.engine.match.rules.modifiers import RANGED_WEAPONS, defence_modifiers
from arena.engine.match.rules.skill_use import end_states
from arena.engine.match.state import KILL_POINTS, STRATEGIST_POINTS, AttackSpec, Phase, State, Swing
from arena.engine.match.words import ArenaMode, MatchEnd

OUTER_STP_THRESHOLD = 3  # RB p.11: a fighter in the outer arcs loses 1 STP at 3 Sp or more
GLADIATOR_STP_THRESHOLD = 4  # RB p.11: a gladiator at 4 Sp or more
STP_WEAPONS = frozenset({"melee", "halberd"})  # only melee hits cost STP (RB p.11; digest A32)
WEAPON_BREAK_MARGIN = SKILLS["weapon_breaking"].param("break_margin")  # HR-4
TAKEDOWN_DIVISOR = SKILLS["takedown"].param("damage_divisor")  # HR-4
POINTS_MARGIN = 5  # HR-10.1: a points victory needs a lead of 5


def armour_sfe(s: State, c: int) -> int:
    """SFÉ that counts now (RB p.11, p.20): none at 0 STP except a gladiator's; +Aranyharang."""
    sheet = s.sheets[c]
    sfe = sheet.sfe if s.stp[c] > 0 or sheet.is_gladiator else 0
    if s.bell[c]:
        sfe += SKILLS[GOLDEN_BELL].param("sfe_bonus")
    return sfe


def defence_value(s: State, spec: AttackSpec, dodge: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The defence before the d10: melee VÉ, or 2 × obstacles for aimed weapons (RB p.9-10)."""
    a, t = spec.attacker, spec.target
    swing = Swing(a, t, spec.weapon, False, spec.quick, dodge, G.block_distance(s.pos[a], s.pos[t]))
    mods = defence_modifiers(s, swing)
    base = 2 * spec.obstacles if spec.weapon in RANGED_WEAPONS else melee_ve(s, t)
    return base + sum(m for _, m in mods), mods


def resolve(ctx: Context, spec: AttackSpec, dodge: bool) -> tuple[int, int]:
    """Roll and resolve a declared attack; returns (attack total, defence total)."""
    s = ctx.state
    a, t = spec.attacker, spec.target
    a_id, t_id = s.sheets[a].id, s.sheets[t].id
    attack_roll = ctx.roll(a_id, f"{spec.weapon} attack on {t_id}")
    defence_roll = ctx.roll(t_id, f"defence against {a_id}")
    value, mods = defence_value(s, spec, dodge)
    attack = spec.attack_value + attack_roll
    defence = value + defence_roll
    hit = attack > defence
    ep_before = s.ep[t]
    ctx.emit(AttackResolved(a_id, t_id, spec.weapon, attack, defence, hit, mods))
    if hit:
        if s.magic is None:
            HIT_EFFECTS[spec.weapon](ctx, spec, attack - defence)
        else:  # Tűzalak (RB p.16, A53); Villámvért (RB p.14, A46, HR-12 ruling 22)
            if not HOOKS.weapon_immune(ctx, spec):
                HIT_EFFECTS[spec.weapon](ctx, spec, attack - defence)
            HOOKS.after_hit(ctx, spec)
    if s.opt is not None:  # HR-7: a coated weapon's poison, a spent missile, the crowd's tally
        HOOKS.after_attack(ctx, spec, ep_before)
    return attack, defence


# --- what a hit does, by weapon -------------------------------------------------------------


def _net_hit(ctx: Context, spec: AttackSpec, margin: int) -> None:
    """No damage; no MAN in his next step (RB p.20). Hálómester also entangles (HR-3.3)."""
    s = ctx.state
    a, t = spec.attacker, spec.target
    if not s.netted[t]:
        ctx.emit(Netted(s.sheets[t].id, s.sheets[a].id))
    if NET_MASTER in s.sheets[a].skills and s.sheets[t].is_gladiator:
        ctx.emit(Entangled(s.sheets[t].id, s.sheets[a].id, s.round + 1))


class DeclaredSkill(NamedTuple):
    """A skill declared with a gladiator's melee attack (HR-4), as three small hooks."""

    names_item: bool  # the attacker names an item in the defender's hands
    replaces_hit: Callable[[Context, AttackSpec, int], bool]  # True: the hit does this instead
    raw: Callable[[int], int]  # what it does to the raw Sp
    after: Callable[[Context, AttackSpec], None]  # after the damage, if the defender lives


def _break_item(ctx: Context, spec: AttackSpec, margin: int) -> bool:
    """Fegyvertörés: a hit by 4 or more breaks the named item and does no damage (HR-4)."""
    if margin < WEAPON_BREAK_MARGIN:
        return False
    s = ctx.state
    if spec.break_item is not None and spec.break_item in s.hand[spec.target]:
        ctx.emit(ItemBroken(s.sheets[spec.target].id, spec.break_item))
    return True


def _knock_down(ctx: Context, spec: AttackSpec) -> None:
    """Földrevitel: prone, unless he holds a halberd (RB p.20) or is Rendíthetetlen (HR-3.3)."""
    s = ctx.state
    t = spec.target
    if not s.prone[t] and not holds(s, t, HALBERD) and STEADFAST not in s.sheets[t].skills:
        ctx.emit(KnockedDown(s.sheets[t].id))


DECLARED_SKILLS: dict[str, DeclaredSkill] = {
    "weapon_breaking": DeclaredSkill(True, _break_item, lambda raw: raw, lambda ctx, spec: None),
    "takedown": DeclaredSkill(False, lambda ctx, spec, margin: False, lambda raw: raw // TAKEDOWN_DIVISOR, _knock_down),
}


def _melee_hit(ctx: Context, spec: AttackSpec, margin: int) -> None:
    s = ctx.state
    skill = DECLARED_SKILLS.get(spec.skill) if spec.skill else None
    if skill is not None and skill.replaces_hit(ctx, spec, margin):
        return
    raw = margin // 2 + extra_sp(s, spec.attacker)
    if skill is not None:
        raw = skill.raw(raw)
    wound(ctx, spec.target, raw, stp_damage=True)
    if skill is not None and s.alive[spec.target]:
        skill.after(ctx, spec)


def _missile_hit(ctx: Context, spec: AttackSpec, margin: int) -> None:
    """Bolts, thrown daggers and javelins: ⌊Δ/2⌋ Sp, never STP (RB p.10-11; digest A32)."""
    wound(ctx, spec.target, margin // 2, stp_damage=False)


HIT_EFFECTS = {
    "melee": _melee_hit,
    "halberd": _melee_hit,
    "bolt": _missile_hit,
    "dagger": _missile_hit,
    "javelin": _missile_hit,
    "net": _net_hit,
}


def wound(ctx: Context, t: int, raw: int, stp_damage: bool) -> None:
    """Sp damage in the order of HR-12 ruling 22, then the death check."""
    s = ctx.state
    sheet = s.sheets[t]
    threshold = GLADIATOR_STP_THRESHOLD if sheet.is_gladiator else OUTER_STP_THRESHOLD
    stp_loss = 1 if stp_damage and raw >= threshold and s.stp[t] > 0 else 0
    sfe = armour_sfe(s, t)
    ep_loss = max(0, raw - sfe)
    ctx.emit(Damaged(sheet.id, "sp", raw, sfe, ep_loss, stp_loss))
    if ep_loss > 0:
        end_states(ctx, t, "took damage", ("sneaking",))
        if s.magic is not None and s.magic.bleed:  # Vérzékenység (RB p.17, HR-12 ruling 22)
            HOOKS.bleed(ctx, t)
    if s.ep[t] <= 0:
        die(ctx, t)


def die(ctx: Context, c: int) -> None:
    """Ép ≤ 0: dead (HR-11). A gladiator's death ends the match; his side loses (RB p.6)."""
    s = ctx.state
    sheet = s.sheets[c]
    ctx.emit(Died(sheet.id))
    if sheet.is_gladiator and s.phase is not Phase.OVER:
        if s.four is not None:
            gladiators_fell(ctx)
            return
        end_match(ctx, MatchEnd.VICTORY, 1 - sheet.seat, f"{sheet.id} was destroyed (RB p.6)")


def standing(s: State) -> list[int]:
    """The seats whose gladiator still stands (HR-8)."""
    return [x for x in range(s.seats) if s.alive[s.gladiator_of(x)]]


def gladiators_fell(ctx: Context) -> None:
    """Four seats, after gladiators' ``Died`` (HR-8). Pairs: a side whose two gladiators are both
    destroyed loses; free-for-all: the last gladiator standing wins. All the last ones falling in
    one damage event is a draw (HR-12 ruling 24)."""
    s = ctx.state
    four = s.four
    if four is None or s.phase is Phase.OVER:
        return
    up = standing(s)
    if four.mode is ArenaMode.PAIRS:
        down = [side for side in (0, 1) if not any(x // 2 == side for x in up)]
        if len(down) == 2:
            end_match(
                ctx, MatchEnd.DRAW, None, "the last gladiators of both sides fell at once (HR-8, HR-12 ruling 24)"
            )
        elif down:
            loser = down[0]
            end_match(
                ctx,
                MatchEnd.VICTORY,
                2 * (1 - loser),
                f"both gladiators of seats {2 * loser} and {2 * loser + 1} were destroyed (HR-8)",
            )
        return
    if len(up) == 1:
        end_match(ctx, MatchEnd.VICTORY, up[0], f"{s.sheets[s.gladiator_of(up[0])].id} is the last standing (HR-8)")
    elif not up:
        end_match(ctx, MatchEnd.DRAW, None, "the last gladiators fell at once (HR-8, HR-12 ruling 24)")


# --- the end of the match (HR-10.1) ---------------------------------------------------------


def arena_scores(s: State) -> tuple[int, ...]:
    """Each side's arena score (HR-10.1); four seats, each seat's for the losses it dealt (HR-8)."""
    if s.four is not None:
        return s.four.score[: s.seats]
    scores = []
    for seat in (0, 1):
        enemy = 1 - seat
        g = s.gladiator_of(enemy)
        top = s.sheets[g].ep
        score = min(top, max(0, top - s.ep[g]))
        for c in s.seat_chars(enemy):
            if s.alive[c] and (s.magic is None or not s.magic.risen >> c & 1):
                continue  # a zombie was killed before it rose (RB p.15)
            role = s.sheets[c].role
            if role is Role.STRATEGIST:
                score += STRATEGIST_POINTS
            elif role is not Role.GLADIATOR:
                score += KILL_POINTS
        scores.append(score)
    return (scores[0], scores[1])


def end_match(ctx: Context, kind: MatchEnd, winner: int | None, reason: str) -> None:
    s = ctx.state
    ctx.emit(MatchEnded(kind, winner, arena_scores(s), s.round, reason))


def end_on_points(ctx: Context) -> None:
    """The round limit (HR-10.1): a lead of 5 is a points victory, less is a draw."""
    s = ctx.state
    if s.four is not None:
        _four_on_points(ctx)
        return
    home, away = arena_scores(ctx.state)
    if abs(home - away) >= POINTS_MARGIN:
        winner = 0 if home > away else 1
        end_match(ctx, MatchEnd.POINTS_VICTORY, winner, "round limit, arena score (HR-10.1)")
    else:
        end_match(ctx, MatchEnd.DRAW, None, "round limit, arena scores within 5 (HR-10.1)")


def pair_scores(s: State) -> tuple[int, int]:
    """Pairs (HR-8): each side's arena score, the sum of its partners'."""
    score = arena_scores(s)
    return (score[0] + score[1], score[2] + score[3])


def ep_percent(s: State, seat: int) -> int:
    """His gladiator's remaining Ép as a whole per cent of his starting Ép (HR-8's tie-break)."""
    g = s.gladiator_of(seat)
    return max(0, s.ep[g]) * 100 // s.sheets[g].ep if s.alive[g] else 0


def ranking(s: State) -> list[list[int]]:
    """Free-for-all at the round limit (HR-8): the survivors by arena score, then by remaining
    gladiator Ép %, best first; seats equal on both share a place."""
    key = {x: (arena_scores(s)[x], ep_percent(s, x)) for x in standing(s)}
    groups: list[list[int]] = []
    for value in sorted(set(key.values()), reverse=True):
        groups.append([x for x in sorted(key) if key[x] == value])
    return groups


def _four_on_points(ctx: Context) -> None:
    s = ctx.state
    assert s.four is not None
    if s.four.mode is ArenaMode.PAIRS:  # HR-8: the sums of the partners' arena scores (HR-10.1)
        a, b = pair_scores(s)
        if abs(a - b) >= POINTS_MARGIN:
            end_match(ctx, MatchEnd.POINTS_VICTORY, 0 if a > b else 2, "round limit, the sides' arena scores (HR-8)")
        else:
            end_match(ctx, MatchEnd.DRAW, None, "round limit, the sides' arena scores within 5 (HR-8)")
        return
    top = ranking(s)[0]
    if len(top) == 1:
        end_match(ctx, MatchEnd.POINTS_VICTORY, top[0], "round limit, arena score then gladiator Ép % (HR-8)")
    else:
        end_match(ctx, MatchEnd.DRAW, None, "round limit, the best survivors tie (HR-8)")
