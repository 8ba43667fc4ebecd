"""Ranged attacks: bolts and thrown daggers (RB p.9-11), javelins and nets (RB p.20).

Bolts and daggers: CÉ + d10 against 2 × obstacles of the line of fire + d10 (HR-1.8), within
own block + 4 (crossbow) or + 2 (daggers). A gladiator may be shot only once his armour has lost
the STP of HR-2.3. The strategist is a target in his tower (HR-2.4). Javelins and nets: the
gladiator's base TÉ + the item's modifier against melee VÉ, at the enemy gladiator only (RB p.6,
digest A9), within 2 blocks (javelin) or 1 (net), with a free hand (RB p.20). Inside the central
circle there are no walls and nobody else, so a throw needs no line of fire (reading, see
docs/engine.md).
"""

from __future__ import annotations

from arena.engine.board.grid import ILLEGAL
from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import Role
from arena.engine.content.skills import AIMING, SKILLS
from arena.engine.content.weapons import WEAPONS
from arena.engine.match.actions import RangedAttack, Throw
from arena.engine.match.context import Context
from arena.engine.match.events import AttackDeclared
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import ATTACK_MAN, TRACES, G, Scan, activate, actor, check_stated, fail, man_of, pay
from arena.engine.match.rules.damage import resolve
from arena.engine.match.rules.gladiators import free_hand
from arena.engine.match.rules.melee import may_attack, offer_dodge_or_resolve, target_of
from arena.engine.match.rules.modifiers import attack_modifiers
from arena.engine.match.rules.skill_use import can_aim, end_states
from arena.engine.match.state import GLADIATOR, ON_BOARD, AttackSpec, State, Swing
from arena.engine.match.traps import marks as traps_marks

AIM_MAN = SKILLS[AIMING].man_cost
HIDDEN_TARGET_BLOCKS = SKILLS["hiding"].param("max_target_blocks")  # HR-4


def _weapon(s: State, c: int) -> str:
    return "bolt" if s.sheets[c].role is Role.CROSSBOWMAN else "dagger"


def shot_refusal(s: State, c: int, t: int, scan: Scan, explain: bool = True) -> tuple[str, str] | int:
    """The obstacles of a legal shot of ``c`` at ``t``, or (reason, rule); without ``explain``
    a refused line of fire is not worded (listing legal actions needs no wording)."""
    sheet, target = s.sheets[c], s.sheets[t]
    a, b = s.pos[c], s.pos[t]
    if a == b:
        return ("sharing a hex with an enemy is melee, not a shot", "HR-12 ruling 20")
    blocks = G.block_distance(a, b)
    if blocks > sheet.range_blocks:
        return (
            f"{target.id} is {blocks} blocks away; the range is own block + {sheet.range_blocks}",
            "RB p.9-10",
        )
    if s.hiding[t] and blocks > HIDDEN_TARGET_BLOCKS:
        return (f"{target.id} is hiding more than 1 block away", "HR-4 Rejtőzés")
    if GLADIATOR[t]:
        lost = target.stp - s.stp[t]
        need = target.crossbow_after if sheet.role is Role.CROSSBOWMAN else target.daggers_after
        if lost < need:
            return (f"{target.id}'s armour has lost {lost} STP; this shooter needs {need}", "RB p.11, HR-2.3")
    present = scan.occ.get(b, 0) if ON_BOARD[t] else 1
    obstacles = G.sight(a, b, s.gates, scan.visible, present, TRACES.of(s.memo))
    if obstacles == ILLEGAL:
        return (_line_reason(s, a, b, t) if explain else "no line of fire", "RB p.10, HR-1.8")
    return obstacles


def _line_reason(s: State, a: int, b: int, t: int) -> str:
    """The board's wording for a refused line of fire."""
    occupants: dict[Hex, list[bool]] = {}
    for o in range(len(s.pos)):
        if s.alive[o] and (ON_BOARD[o] or o == t):
            occupants.setdefault(G.hexes[s.pos[o]], []).append(s.sneaking[o] or s.hiding[o])
    reason = G.line_of_fire(a, b, s.gates, occupants).reason or "no line of fire"
    # the board's wording ends with its own citation; the refusal cites the rule once
    return reason.rsplit(" (", 1)[0] if reason.endswith(")") else reason


def _shooter_refusal(s: State, c: int) -> tuple[str, str] | None:
    sheet = s.sheets[c]
    if sheet.range_blocks == 0:
        return (f"{sheet.id} has no ranged weapon", "RB p.9-10")
    if s.ammo[c] <= 0:
        return ("his quiver is empty; he fights in melee only", "HR-12 ruling 41")
    if traps_marks.ranged_banned(s, c):
        return ("dust: no ranged attack for the rest of this step", "HR-5 card 15")
    if s.magic is not None and magic_hooks.forbids(s, c, "ranged_attacks"):
        return ("Zsibbasztó méregvarázs: no aimed attacks", "RB p.14")
    reason = may_attack(s, c)
    if reason is not None:
        return reason
    return None


def _targets(s: State, c: int) -> list[int]:
    """Living enemies, a zombie of the other side included (HR-12 ruling 19)."""
    camp = s.camp  # partners are no enemies (HR-8)
    mine = camp[c]
    alive = s.alive
    found = [t for t in range(len(camp)) if camp[t] != mine and alive[t]]
    if s.magic is not None and s.magic.frenzied:  # an Orgyilkosság victim's team-mate (RB p.17)
        d = magic_hooks.designee(s, c)
        if d >= 0 and camp[d] == mine and s.alive[d]:
            found.append(d)
    return found


def ranged_options(s: State, c: int, scan: Scan) -> list[RangedAttack]:
    man = man_of(s, c)
    if man < ATTACK_MAN or _shooter_refusal(s, c) is not None:
        return []
    sheet = s.sheets[c]
    aim = can_aim(s, c) and man >= ATTACK_MAN + AIM_MAN
    found = []
    row = G.distances(s.pos[c])
    reach = sheet.range_blocks
    pos = s.pos
    for t in _targets(s, c):
        if row[pos[t]] > reach:
            continue  # out of range: the cheap test first
        if isinstance(shot_refusal(s, c, t, scan, False), tuple):
            continue
        shots = _SHOTS.of(s.memo).get((c, t))
        if shots is None:
            tid = s.sheets[t].id
            shots = _SHOTS.of(s.memo)[(c, t)] = (
                RangedAttack(sheet.seat, sheet.id, tid, False, ATTACK_MAN),
                RangedAttack(sheet.seat, sheet.id, tid, True, ATTACK_MAN + AIM_MAN),
            )
        found.append(shots[0])
        if aim:
            found.append(shots[1])
    return found


_SHOTS: Table[tuple[int, int], tuple[RangedAttack, RangedAttack]] = Table(
    "ranged: shots per pair"
)  # made once per pair


def decide_ranged(ctx: Context, a: RangedAttack) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    refusal = _shooter_refusal(s, c)
    if refusal is not None:
        fail(*refusal)
    if s.opt is not None:  # a bolt cannot be coated (HR-7)
        HOOKS.check_coated_shot(s, c, _weapon(s, c))
    t = target_of(s, a.seat, a.target, c)
    found = shot_refusal(s, c, t, Scan(s))
    if isinstance(found, tuple):
        fail(*found)
    if a.aim and not can_aim(s, c):
        fail("Célzás needs the skill and no running in this step", "HR-4 Célzás")
    cost = ATTACK_MAN + (AIM_MAN if a.aim else 0)
    check_stated(a.man, cost)
    pay(s, c, cost, "this shot")
    weapon = _weapon(s, c)
    swing = Swing(c, t, weapon, a.aim, False, False, G.block_distance(s.pos[c], s.pos[t]))
    mods = attack_modifiers(s, swing)
    value = s.sheets[c].ce + sum(m for _, m in mods)
    activate(ctx, c)
    ctx.emit(AttackDeclared(a.seat, a.char, a.target, weapon, None, None, a.aim, False, cost, value, mods))
    end_states(ctx, c, "attacked")
    resolve(ctx, AttackSpec(c, t, weapon, None, None, False, value, found), False)


# --- javelins and nets ---------------------------------------------------------------------------


def _thrower_refusal(s: State, c: int, item: str) -> tuple[str, str] | None:
    if not s.sheets[c].is_gladiator:
        return ("only the gladiator has javelins and nets", "RB p.20")
    if (s.javelins if item == "javelin" else s.nets)[c] <= 0:
        return (f"he has no {item} left", "RB p.20")
    reason = may_attack(s, c)
    if reason is not None:
        return reason
    if not free_hand(s, c):
        return ("he needs a free hand: drop a weapon first", "RB p.20, HR-3.1")
    return None


def _throw_refusal(s: State, c: int, t: int, item: str) -> tuple[str, str] | None:
    if not s.sheets[t].on_board or not G.central[s.pos[t]]:
        return ("a gladiator's attacks reach only the central circle", "RB p.6, digest A9")
    if s.pos[t] == s.pos[c]:
        return ("a throw does not target his own hex", "HR-12 ruling 20")
    blocks = G.block_distance(s.pos[c], s.pos[t])
    reach = WEAPONS[item].range_blocks or 0
    if blocks > reach:
        return (f"the target is {blocks} blocks away; a {item} reaches {reach}", "RB p.20")
    return None


def throw_options(s: State, c: int) -> list[Throw]:
    """:func:`_throw_refusal` for every target, with the item-free checks done once."""
    if man_of(s, c) < ATTACK_MAN or not s.sheets[c].is_gladiator:
        return []
    found: list[Throw] = []
    targets: list[tuple[int, int]] | None = None
    for item in ("javelin", "net"):
        if _thrower_refusal(s, c, item) is not None:
            continue
        if targets is None:
            here = s.pos[c]
            row = G.distances(here)
            targets = [
                (t, row[s.pos[t]]) for t in _targets(s, c) if ON_BOARD[t] and G.central[s.pos[t]] and s.pos[t] != here
            ]
        reach = _REACH[item]
        for t, blocks in targets:
            if blocks <= reach:
                found.append(_throw(s, c, t, item))
    return found


_REACH = {item: WEAPONS[item].range_blocks or 0 for item in ("javelin", "net")}
_THROWS: Table[tuple[int, int, str], Throw] = Table("ranged: throws")  # actions are immutable: made once


def _throw(s: State, c: int, t: int, item: str) -> Throw:
    found = _THROWS.of(s.memo).get((c, t, item))
    if found is None:
        sheet = s.sheets[c]
        found = _THROWS.of(s.memo)[(c, t, item)] = Throw(sheet.seat, sheet.id, s.sheets[t].id, item, ATTACK_MAN)
    return found


def decide_throw(ctx: Context, a: Throw) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if a.item not in ("javelin", "net"):
        fail(f"{a.item} is not thrown", "RB p.20")
    refusal = _thrower_refusal(s, c, a.item)
    if refusal is not None:
        fail(*refusal)
    if s.opt is not None:  # no javelin or net is coated (HR-7)
        HOOKS.check_coated_shot(s, c, a.item)
    t = target_of(s, a.seat, a.target, c)
    refusal = _throw_refusal(s, c, t, a.item)
    if refusal is not None:
        fail(*refusal)
    check_stated(a.man, ATTACK_MAN)
    pay(s, c, ATTACK_MAN, f"throwing a {a.item}")
    swing = Swing(c, t, a.item, False, False, False, G.block_distance(s.pos[c], s.pos[t]))
    mods = attack_modifiers(s, swing)
    value = s.sheets[c].te + WEAPONS[a.item].te + sum(m for _, m in mods)
    activate(ctx, c)
    ctx.emit(AttackDeclared(a.seat, a.char, a.target, a.item, None, None, False, False, ATTACK_MAN, value, mods))
    offer_dodge_or_resolve(ctx, AttackSpec(c, t, a.item, None, None, False, value, -1))
