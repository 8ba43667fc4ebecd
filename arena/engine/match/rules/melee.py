"""Melee (RB p.9, p.20; HR-4; HR-12 rulings 10-12, 20-22): attacks, Kitérés, shifts.

Attack = TÉ + d10 against VÉ + d10 on the same hex; a gladiator with a halberd also reaches an
adjacent hex (no melee situation then). One attack per step; none after disengaging, except with
the halberd (RB p.9). The defender declares Kitérés before the dice (a pending decision of his
seat). After the roll's damage and death checks the winner may shift (RB p.9: gladiators one hex
free; Akrobatika for others or two hexes, HR-4).
"""

from __future__ import annotations

from arena.engine.board.hexgrid import Hex
from arena.engine.content.skills import ACROBATICS, DODGING, QUICK_BLADE, SKILLS, STEADFAST
from arena.engine.content.weapons import HALBERD, WEAPONS
from arena.engine.match.actions import DeclineShift, Dodge, MeleeAttack, Shift
from arena.engine.match.context import Context
from arena.engine.match.events import AttackDeclared, DodgeDecided, DodgeOffered, ShiftDeclined, Shifted, ShiftOffered
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    CENTRAL,
    HEXES,
    STEP_GATE,
    STEPS,
    G,
    activate,
    actor,
    check_stated,
    fail,
    man_of,
    no_character,
    occupancy,
    pay,
)
from arena.engine.match.rules.damage import DECLARED_SKILLS, resolve
from arena.engine.match.rules.gladiators import holds, melee_te, skill_allowed
from arena.engine.match.rules.modifiers import attack_modifiers
from arena.engine.match.rules.skill_use import can_dodge, end_states
from arena.engine.match.state import AttackSpec, PendingDodge, PendingShift, State, Swing


def target_of(s: State, seat: int, target: str, by: int = -1) -> int:
    """A living enemy character (HR-12 ruling 20: harmful attacks target only enemies), or the
    designee of ``by``, an Orgyilkosság victim (RB p.17)."""
    t = s.index.get(target, -1)
    if t < 0:
        no_character(target, "RB p.4-5")
    if s.camp[t] == s.seat_camp[seat] and not (s.magic is not None and magic_hooks.designee(s, by) == t):
        fail(f"{target} is on his own side; attacks target only enemies", "HR-12 ruling 20")
    if not s.alive[t]:
        fail(f"{target} is dead", "HR-11")
    return t


def _reach_targets(s: State, c: int) -> list[int]:
    """Enemies on adjacent hexes without a wall between, for a halberd (RB p.9, p.20)."""
    here = s.pos[c]
    mine = s.camp[c]
    near = {n for n, gate in STEPS[here] if gate == 0}
    return [
        o
        for o in range(len(s.pos))
        if s.alive[o] and s.camp[o] != mine and s.sheets[o].on_board and s.pos[o] in near and CENTRAL[s.pos[o]]
    ]


def melee_targets(s: State, c: int) -> list[tuple[int, str]]:
    """(target, weapon) pairs: ``melee`` on his hex, ``halberd`` on an adjacent one."""
    pos = s.pos
    alive = s.alive
    here = pos[c]
    camp = s.camp  # partners are no enemies (HR-8)
    mine = camp[c]
    found = [(o, "melee") for o in s.board if pos[o] == here and alive[o] and camp[o] != mine]
    if s.magic is not None and s.magic.frenzied:  # an Orgyilkosság victim's own team-mate (RB p.17)
        d = magic_hooks.designee(s, c)
        if d >= 0 and camp[d] == mine and s.pos[d] == here and s.alive[d]:
            found.append((d, "melee"))
    if s.sheets[c].is_gladiator and holds(s, c, HALBERD):
        found.extend((o, "halberd") for o in _reach_targets(s, c))
    return found


def may_attack(s: State, c: int) -> tuple[str, str] | None:
    """Why ``c`` cannot make his attack of the step now and the rule, or None (RB p.6, p.9; HR-4)."""
    if s.prone[c]:
        return ("a prone character spends MAN only on standing up", "HR-4")
    if s.attacks[c]:
        return ("a character attacks once per step", "RB p.6")
    if s.disengaged[c] and not holds(s, c, HALBERD):
        return ("a character who disengaged cannot attack in that step", "RB p.6")
    return None


def melee_options(s: State, c: int) -> list[MeleeAttack]:
    man = man_of(s, c)
    if man < ATTACK_MAN:
        return []
    found = []
    if may_attack(s, c) is None:
        for t, weapon in melee_targets(s, c):
            found.append(_attack(s, c, t, None, None, False, ATTACK_MAN))
            if weapon != "melee" or not s.sheets[t].is_gladiator:
                continue
            for skill, hooks in DECLARED_SKILLS.items():
                cost = SKILLS[skill].total_man
                if cost > man or not skill_allowed(s, c, skill):
                    continue
                for item in _breakable(s, t) if hooks.names_item else (None,):
                    found.append(_attack(s, c, t, skill, item, False, cost))
    quick = _quick_target(s, c)
    if quick >= 0:
        found.append(_attack(s, c, quick, None, None, True, ATTACK_MAN))
    return found


_AttackKey = tuple[int, int, str | None, str | None, bool, int]
_ATTACKS: Table[_AttackKey, MeleeAttack] = Table("melee: attacks")  # actions are immutable: each made once


def _attack(s: State, c: int, t: int, skill: str | None, item: str | None, quick: bool, cost: int) -> MeleeAttack:
    """The MeleeAttack of ``c`` on ``t`` (a character's number fixes his seat and id)."""
    key = (c, t, skill, item, quick, cost)
    found = _ATTACKS.of(s.memo).get(key)
    if found is None:
        sheet = s.sheets[c]
        found = _ATTACKS.of(s.memo)[key] = MeleeAttack(sheet.seat, sheet.id, s.sheets[t].id, skill, item, quick, cost)
    return found


def _breakable(s: State, t: int) -> list[str]:
    """Items Fegyvertörés can destroy: anything in hand but the dagger (RB p.20, HR-4)."""
    return [i for i in dict.fromkeys(s.hand[t]) if not WEAPONS[i].unbreakable]


def _quick_target(s: State, c: int) -> int:
    """The target of a Gyors penge second attack, or -1 (HR-3.3)."""
    t = s.quick_target[c]
    if t < 0 or s.attacks[c] != 1 or not skill_allowed(s, c, QUICK_BLADE) or s.prone[c]:
        return -1
    if not s.alive[t] or s.pos[t] != s.pos[c]:
        return -1
    return t


def decide_melee(ctx: Context, a: MeleeAttack) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    t = target_of(s, a.seat, a.target, c)
    cost = ATTACK_MAN
    if a.quick:
        if _quick_target(s, c) != t:
            fail("Gyors penge is one second melee attack on the same target after a melee attack", "HR-3.3")
        if a.skill is not None:
            fail("no skill is declared with the Gyors penge attack", "HR-3.3")
        weapon = "melee"
    else:
        reason = may_attack(s, c)
        if reason is not None:
            fail(*reason)
        weapon = next((w for o, w in melee_targets(s, c) if o == t), "")
        if not weapon:
            fail(f"{a.target} is not on his hex (or next to his halberd)", "RB p.9, p.20")
        cost += _skill_cost(s, c, t, a, weapon)
    check_stated(a.man, cost)
    pay(s, c, cost, "this attack")
    swing = Swing(c, t, weapon, False, a.quick, False, 0)
    mods = attack_modifiers(s, swing)
    value = melee_te(s, c) + sum(m for _, m in mods)
    activate(ctx, c)
    ctx.emit(AttackDeclared(a.seat, a.char, a.target, weapon, a.skill, a.break_item, False, a.quick, cost, value, mods))
    end_states(ctx, c, "attacked")
    spec = AttackSpec(c, t, weapon, a.skill, a.break_item, a.quick, value, -1)
    offer_dodge_or_resolve(ctx, spec)


def _skill_cost(s: State, c: int, t: int, a: MeleeAttack, weapon: str) -> int:
    if a.skill is None:
        if a.break_item is not None:
            fail("an item is named only with Fegyvertörés", "HR-4")
        return 0
    hooks = DECLARED_SKILLS.get(a.skill)
    if hooks is None:
        fail(f"{a.skill} is not declared with a melee attack", "HR-4")
    if not (s.sheets[c].is_gladiator and s.sheets[t].is_gladiator) or weapon != "melee":
        fail(f"{a.skill} is declared with a gladiator's melee attack on a gladiator", "HR-4")
    if not skill_allowed(s, c, a.skill):
        fail(f"{a.char} cannot use {a.skill} with the items in his hands", "RB p.20, HR-3.1")
    if hooks.names_item and a.break_item not in _breakable(s, t):
        fail(f"{a.break_item} is not an item in {a.target}'s hands that can break", "RB p.20, HR-4")
    if not hooks.names_item and a.break_item is not None:
        fail("an item is named only with Fegyvertörés", "HR-4")
    return SKILLS[a.skill].man_cost


def offer_dodge_or_resolve(ctx: Context, spec: AttackSpec) -> None:
    """The defender declares Kitérés before the dice, if he can (HR-12 ruling 21)."""
    s = ctx.state
    t = spec.target
    if can_dodge(s, t, spec.attacker, spec.weapon):
        ctx.emit(DodgeOffered(s.side[t], s.sheets[t].id, s.sheets[spec.attacker].id))
        return
    roll_and_follow_up(ctx, spec, False)


def roll_and_follow_up(ctx: Context, spec: AttackSpec, dodge: bool) -> None:
    attack, defence = resolve(ctx, spec, dodge)
    if spec.weapon in ("melee", "halberd"):
        offer_shift(ctx, spec, attack, defence)


def decide_dodge(ctx: Context, a: Dodge) -> None:
    s = ctx.state
    p = s.pending
    if not isinstance(p, PendingDodge) or p.seat != a.seat or s.sheets[p.defender].id != a.char:
        fail("there is no Kitérés decision for that character now", "HR-12 ruling 38")
    cost = SKILLS[DODGING].man_cost
    owed = s.active != p.defender
    if a.use and not owed and man_of(s, p.defender) < cost:
        fail("in his own step Kitérés is paid at once, and he has no MAN left", "HR-12 ruling 6")
    ctx.emit(DodgeDecided(a.seat, a.char, a.use, cost if a.use else 0, owed))
    roll_and_follow_up(ctx, p.spec, a.use)


def dodge_options(s: State, p: PendingDodge) -> list[Dodge]:
    char = s.sheets[p.defender].id
    return [Dodge(p.seat, char, True), Dodge(p.seat, char, False)]


# --- shifts (RB p.9, HR-4 Akrobatika, HR-12 ruling 12) -----------------------------------------


def offer_shift(ctx: Context, spec: AttackSpec, attack: int, defence: int) -> None:
    s = ctx.state
    if attack == defence or not (s.alive[spec.attacker] and s.alive[spec.target]):
        return
    winner, other = (spec.attacker, spec.target) if attack > defence else (spec.target, spec.attacker)
    reach = spec.weapon == "halberd"
    free = s.sheets[winner].is_gladiator and s.sheets[other].is_gladiator
    if free and s.magic is not None and magic_hooks.forbids(s, winner, "pushing"):
        free = False  # Zsibbasztó: he cannot direct his opponent (RB p.14, digest A26)
    acro = not reach and skill_allowed(s, winner, ACROBATICS)
    if acro and s.active == winner and man_of(s, winner) < SKILLS[ACROBATICS].man_cost:
        acro = False
    if not (free or acro):
        return
    seat = s.side[winner]
    pending = PendingShift(seat, winner, other, free, acro, reach)
    if len(shift_options(s, pending)) > 1:
        ctx.emit(ShiftOffered(seat, s.sheets[winner].id, s.sheets[other].id, free, acro, reach))


def _room(occ: dict[int, int], h: int, movers: tuple[int, ...], need: int) -> bool:
    """Whether ``h`` can take ``need`` more characters: never more than three (RB p.8, HR-4)."""
    here = occ.get(h, 0) - sum(1 for m in movers if m == h)
    return here + need <= 3


def _passable(s: State, a: int, b: int, region: bool) -> bool:
    gate = STEP_GATE[a].get(b)
    return gate is not None and (not gate or bool(s.gates & gate)) and CENTRAL[b] is region


def shift_options(s: State, p: PendingShift) -> list[Shift | DeclineShift]:
    w, o = p.winner, p.other
    seat, wid = p.seat, s.sheets[w].id
    region = s.sheets[w].is_gladiator
    occ = occupancy(s)
    movers = (s.pos[w], s.pos[o])
    found: list[Shift | DeclineShift] = []
    acro_cost = SKILLS[ACROBATICS].man_cost
    if p.reach:
        wpos, opos = s.pos[w], s.pos[o]
        for n, _ in STEPS[wpos]:
            d = HEXES[n] - HEXES[wpos]
            od = G.index.get(HEXES[opos] + d, -1)
            if od < 0 or not _passable(s, wpos, n, region) or not _passable(s, opos, od, region):
                continue
            if _room(occ, n, movers, 1) and _room(occ, od, movers, 1):
                found.append(Shift(seat, wid, (HEXES[n],), False, 0))
    else:
        h = s.pos[w]
        ones = [n for n, _ in STEPS[h] if _passable(s, h, n, region)]
        for n in ones:
            if _room(occ, n, movers, 2):
                found.append(Shift(seat, wid, (HEXES[n],), not p.free, 0 if p.free else acro_cost))
        two = p.acrobatics and s.sheets[w].is_gladiator and STEADFAST not in s.sheets[o].skills
        if two:
            seen = {h, *ones}
            for n in ones:
                for m, _ in STEPS[n]:
                    if m not in seen and _passable(s, n, m, region) and _room(occ, m, movers, 2):
                        seen.add(m)
                        found.append(Shift(seat, wid, (HEXES[n], HEXES[m]), True, acro_cost))
    found.append(DeclineShift(seat, wid))
    return found


def decide_shift(ctx: Context, a: Shift) -> None:
    s = ctx.state
    p = s.pending
    if not isinstance(p, PendingShift) or p.seat != a.seat or s.sheets[p.winner].id != a.char:
        fail("there is no shift for that character to make now", "HR-12 ruling 38")
    options = [o for o in shift_options(s, p) if isinstance(o, Shift)]
    match = next((o for o in options if o.path == a.path and o.acrobatics == a.acrobatics), None)
    if match is None:
        fail(
            "not a legal shift: one hex together (two with a gladiator's Akrobatika), no walls, "
            "the same region, never onto a hex that cannot take both",
            "RB p.9, HR-4, HR-12 ruling 12",
        )
    cost = match.man or 0
    check_stated(a.man, cost)
    owed = s.active != p.winner
    if cost and not owed:
        pay(s, p.winner, cost, "Akrobatika")
    other_path: tuple[Hex, ...] = a.path
    if p.reach:
        d = a.path[0] - HEXES[s.pos[p.winner]]
        other_path = (HEXES[s.pos[p.other]] + d,)
    for mover in (p.winner, p.other):  # Rejtőzés ends when he leaves the hex (HR-4)
        end_states(ctx, mover, "left his hex", ("hiding",))
    ctx.emit(Shifted(a.seat, a.char, s.sheets[p.other].id, a.path, other_path, cost, owed))


def decide_decline(ctx: Context, a: DeclineShift) -> None:
    s = ctx.state
    p = s.pending
    if not isinstance(p, PendingShift) or p.seat != a.seat or s.sheets[p.winner].id != a.char:
        fail("there is no shift for that character to decline now", "HR-12 ruling 38")
    ctx.emit(ShiftDeclined(a.seat, a.char))
