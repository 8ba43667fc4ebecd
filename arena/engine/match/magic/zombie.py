"""Zombies of Élőholt teremtése (RB p.15; digest A52; HR-11; HR-12 rulings 2, 17-19).

A zombie acts in its creator's step, when its creator is named, without a naming slot, before,
between or after the named characters (ruling 2): one :class:`ZombieAct` walks and attacks as
its command says, or else by default: attack a person on its hex, otherwise walk by a shortest
path through open gates toward the nearest person it can reach and attack on arrival if 2 MAN
remain (ruling 17). It has 3 MAN and 3 hexes a round (RB p.15); its creator may add 2 of his MAN
with a public command, giving up casting in that step (ruling 18). "Person" is any living
character on the board but its creator. It collapses at the end of the step its creator dies in
(HR-11). A corpse of either side may rise (digest A52); the zombie fights for its creator's side
(``State.side``, ruling 19). Its walk opens the enemy's direct-trap window like any move (ruling
29): it then pays its hexes as it enters them and strikes on arrival only if it got there. A
prone zombie stands up first (HR-4) and one held by the bear trap opens the jaws before it walks
(HR-5 card 10), each for 2 of its own MAN; a net costs it its next activation (HR-4).
"""

from __future__ import annotations

from arena.engine.board.hexgrid import Hex
from arena.engine.content.skills import PRONE_STAND_UP_MAN
from arena.engine.content.spells import SPELLS, RaiseUndead
from arena.engine.match.context import Context
from arena.engine.match.events import AttackDeclared, JawsOpened, Moved, StateEnded, StoodUp, TrapWindowOpened
from arena.engine.match.magic import spellcasting as magic
from arena.engine.match.magic.actions import CommandZombie, ZombieAct
from arena.engine.match.magic.events import ZombieActed, ZombieCollapsed, ZombieCommanded
from arena.engine.match.magic.evolve import fresh
from arena.engine.match.magic.state import Zombie, stamp, zombie_of
from arena.engine.match.rules import movement
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    CENTRAL,
    HEXES,
    STEPS_OUT,
    G,
    Scan,
    activate,
    actor,
    check_stated,
    fail,
    man_of,
    pay,
)
from arena.engine.match.rules.gladiators import melee_te
from arena.engine.match.rules.melee import offer_dodge_or_resolve
from arena.engine.match.rules.modifiers import attack_modifiers
from arena.engine.match.state import AttackSpec, Phase, State, Swing
from arena.engine.match.traps import marks
from arena.engine.match.traps.where import window_owner
from arena.engine.match.words import TrapWindowAction, ZombieCommand

RAISE = next(p for p in SPELLS["create_undead"].effect.parts if isinstance(p, RaiseUndead))
COMMANDS = (ZombieCommand.MOVE_TO, ZombieCommand.ATTACK, ZombieCommand.GUARD)
GATE_HEXES = sorted({h for pair in G.gate_hexes.values() for h in pair if not CENTRAL[h]})


def _persons(s: State, z: Zombie) -> list[int]:
    return [o for o in s.board if o != z.creator and o != z.char and s.alive[o] and s.pos[o] >= 0]


def _paths(s: State, start: int, goals: set[int], scan: Scan) -> list[tuple[Hex, ...]]:
    """Shortest paths (one per nearest goal hex) through open gates, never through a full hex
    or a hex holding someone (that may only end a path, HR-12 ruling 10)."""
    paths: dict[int, tuple[Hex, ...]] = {start: ()}
    frontier = [start]
    while frontier:
        reached = [h for h in frontier if h in goals and h != start]
        if reached:
            return [paths[h] for h in reached]
        nxt = []
        for h in frontier:
            if h != start and scan.occ.get(h, 0):
                continue  # someone stands here: a path may end here, not pass
            for n, gate in STEPS_OUT[h]:
                if n in paths or (gate and not s.gates & gate) or n in scan.full:
                    continue
                paths[n] = paths[h] + (HEXES[n],)
                nxt.append(n)
        frontier = nxt
    return []


def zombie_plans(s: State, z: Zombie) -> list[ZombieAct]:
    """What the zombie may do now: its command, or else its default behaviour (ruling 17). A
    prone zombie stands up first (HR-4), a zombie held by the jaws opens them before it walks
    (HR-5 card 10), each for 2 of its own MAN, counted in the plan's MAN (:func:`releases`)."""
    z = fresh(z, s.round)
    c = z.char
    seat = s.side[c]  # its creator's side (HR-12 ruling 19)
    zid = s.sheets[c].id
    here = s.pos[c]
    stand = PRONE_STAND_UP_MAN if s.prone[c] else 0
    if z.man < stand:
        return []  # prone, it may spend MAN on standing up only (HR-4)
    man, hexes = z.man - stand, z.hexes
    idle = [ZombieAct(seat, zid, (), None, stand)] if stand else []  # it only stands up
    can_attack = man >= ATTACK_MAN and not s.attacks[c]
    persons = _persons(s, z)
    if z.command is ZombieCommand.ATTACK and z.arg in persons:
        targets = [z.arg]
        goals = {s.pos[z.arg]}
    elif z.command is ZombieCommand.GUARD:
        targets = [o for o in persons if s.camp[o] != s.camp[c]]
        goals = {z.arg}
    elif z.command is ZombieCommand.MOVE_TO:
        targets = []
        goals = {z.arg}
    else:
        targets = persons
        goals = {s.pos[o] for o in persons}
    on_hex = [o for o in targets if s.pos[o] == here]
    if z.command is not ZombieCommand.MOVE_TO and on_hex and (z.command is not ZombieCommand.GUARD or here == z.arg):
        if not can_attack:
            return idle
        return [ZombieAct(seat, zid, (), s.sheets[o].id, stand + ATTACK_MAN) for o in on_hex]
    if here in goals or not goals:
        return idle
    jaws = _jaws_man(s, c)
    if jaws < 0 or man < jaws:
        return idle  # a trap ended its movement, or it cannot pay to open the jaws
    found = _walks(s, c, goals, targets, persons, (man - jaws, hexes, stand + jaws))
    if not found and jaws and _paths(s, here, goals, Scan(s)):
        found = [ZombieAct(seat, zid, (), None, stand + jaws)]  # it opens the jaws only
    return found or idle


def _jaws_man(s: State, c: int) -> int:
    """MAN it must pay before it walks: the jaws' 2 (HR-5 card 10), 0 when free, -1 when a trap
    ended its movement in this step (HR-5 cards 9, 10, 15, 16)."""
    if not s.trap_marks:
        return 0
    if marks.find(s, c, marks.STOPPED) is not None:
        return -1
    return marks.JAWS_MAN if marks.find(s, c, marks.JAWS) is not None else 0


def releases(s: State, c: int, a: ZombieAct) -> tuple[int, int]:
    """What the zombie pays first for the plan ``a``: standing up (HR-4) and opening the jaws
    (HR-5 card 10), as MAN; a blow on its own hex needs no opening, a walk does."""
    stand = PRONE_STAND_UP_MAN if s.prone[c] else 0
    jaws = _jaws_man(s, c)
    opens = jaws > 0 and (bool(a.path) or (a.target is None and (a.man or 0) > stand))
    return stand, jaws if opens else 0


def _walks(
    s: State,
    c: int,
    goals: set[int],
    targets: list[int],
    persons: list[int],
    budget: tuple[int, int, int],
) -> list[ZombieAct]:
    """Its walks by shortest paths toward ``goals``, each ending short of a person it could not
    strike, or on a target with a blow if 2 MAN remain. ``budget``: the MAN and hexes left for
    the walk, and the MAN it pays first (standing up, the jaws)."""
    man, hexes, extra = budget
    seat = s.side[c]
    zid = s.sheets[c].id
    found: list[ZombieAct] = []
    steps = 0  # hexes it can pay for: 1 MAN each, more in quicksand, a pit or Izomsorvadás
    while steps < hexes and movement.move_cost(s, c, steps + 1) <= man:
        steps += 1
    for path in _paths(s, s.pos[c], goals, Scan(s)):
        end = G.index[path[-1]]
        arrive = [o for o in targets if s.pos[o] == end]
        occupied = any(s.pos[o] == end for o in persons)
        if len(path) <= steps:
            cost = movement.move_cost(s, c, len(path))
            if arrive and man - cost >= ATTACK_MAN and not s.attacks[c]:
                found.extend(ZombieAct(seat, zid, path, s.sheets[o].id, extra + cost + ATTACK_MAN) for o in arrive)
                continue
            if occupied:
                path = path[:-1]
        else:
            path = path[:steps]
        if path:
            cost = movement.move_cost(s, c, len(path))
            found.append(ZombieAct(seat, zid, path, None, extra + cost))
    return list(dict.fromkeys(found))


def acting_zombies(s: State) -> list[Zombie]:
    """Zombies that may still act in this step: the creator is named and alive (RB p.15), and
    no net bans this activation (HR-4)."""
    m = s.magic
    if m is None or not m.zombies or s.phase is not Phase.ACTING or s.active >= 0 or s.pending is not None:
        return []
    now = stamp(s.round, s.step, s.four is not None)
    return [
        z
        for z in m.zombies
        if s.alive[z.char] and z.creator in s.named and s.alive[z.creator] and z.acted != now
        and s.side[z.char] == s.seat_to_act and not s.netted[z.char]
    ]  # fmt: skip


def zombie_options(s: State) -> list[ZombieAct]:
    found: list[ZombieAct] = []
    for z in acting_zombies(s):
        found.extend(zombie_plans(s, z))
    return found


def zombie_waiting(s: State) -> bool:
    """A zombie still owes its activation in this step (it acts automatically, RB p.15)."""
    return any(zombie_plans(s, z) for z in acting_zombies(s))


def decide_zombie(ctx: Context, a: ZombieAct) -> None:
    s = ctx.state
    z = next((z for z in acting_zombies(s) if s.sheets[z.char].id == a.zombie), None)
    if z is None or s.side[z.char] != a.seat:
        fail(
            f"{a.zombie} is no zombie that may act now (its creator's step)",
            "RB p.15, digest A52",
        )
    plans = zombie_plans(s, z)
    match = next((p for p in plans if p.path == a.path and p.target == a.target), None)
    if match is None:
        fail(
            "the zombie follows its command, or else attacks the nearest person",
            "RB p.15, HR-12 rulings 17-18",
        )
    check_stated(a.man, match.man or 0)
    c = z.char
    first = _release(ctx, c, match)
    owner = window_owner(s, c) if a.path else -1
    if owner >= 0:  # the enemy's direct traps may strike its walk (HR-12 rulings 26, 29)
        if not first:
            ctx.emit(ZombieActed(a.seat, a.zombie, 0, 0))  # its activation: it pays as it walks
        ctx.emit(
            TrapWindowOpened(
                owner,
                a.zombie,
                TrapWindowAction.MOVE,
                a.path,
                None,
                False,
                movement.move_cost(s, c, len(a.path)),
                a.target,
            )
        )
        return
    rest = (match.man or 0) - first
    if rest or not first:  # a zombie that only stood up or opened the jaws has acted already
        ctx.emit(ZombieActed(a.seat, a.zombie, rest, len(a.path)))
    if a.path:
        ctx.emit(Moved(a.seat, a.zombie, a.path, 0))
    if a.target is not None and s.alive[c]:
        _attack(ctx, c, s.index[a.target])


def _release(ctx: Context, c: int, plan: ZombieAct) -> int:
    """It stands up, then opens the jaws, as the plan needs, from its own MAN (HR-4, HR-5 card
    10); returns the MAN paid."""
    s = ctx.state
    stand, jaws = releases(s, c, plan)
    if not stand + jaws:
        return 0
    seat, zid = s.side[c], s.sheets[c].id
    ctx.emit(ZombieActed(seat, zid, stand + jaws, 0))  # the pool pays nothing (RB p.15)
    if stand:
        ctx.emit(StoodUp(seat, zid, 0))
    if jaws:
        ctx.emit(JawsOpened(seat, zid, 0))
    return stand + jaws


def _attack(ctx: Context, c: int, t: int) -> None:
    """The zombie's blow: its TÉ against the target's VÉ, Kitérés allowed (RB p.15)."""
    s = ctx.state
    mods = attack_modifiers(s, Swing(c, t, "melee", False, False, False, 0))
    value = melee_te(s, c) + sum(m for _, m in mods)
    ctx.emit(
        AttackDeclared(s.side[c], s.sheets[c].id, s.sheets[t].id, "melee", None, None, False, False, 0, value, mods)
    )
    offer_dodge_or_resolve(ctx, AttackSpec(c, t, "melee", None, None, False, value, -1))


def allowance(s: State, c: int) -> tuple[int, int]:
    """The zombie's own MAN and hexes left in this round (RB p.15)."""
    z = zombie_of(s.magic, c)
    assert z is not None
    z = fresh(z, s.round)
    return z.man, z.hexes


def someone_on(s: State, c: int, h: int) -> bool:
    """Someone living but ``c`` stands on ``h``: its walk may end there, not pass (ruling 17)."""
    return any(s.pos[o] == h and s.alive[o] for o in s.board if o != c)


def arrive(ctx: Context, c: int, t: int) -> None:
    """After a walk the direct-trap window let through: its blow at ``t``, named with the walk,
    if it got to ``t``'s hex standing, with 2 of its MAN left (HR-12 rulings 17, 28)."""
    s = ctx.state
    if s.over or s.pending is not None or not s.alive[c] or not s.alive[t] or s.prone[c]:
        return
    if s.pos[c] != s.pos[t] or s.attacks[c] or allowance(s, c)[0] < ATTACK_MAN:
        return
    ctx.emit(ZombieActed(s.side[c], s.sheets[c].id, ATTACK_MAN, 0))
    _attack(ctx, c, t)


# --- commands (HR-12 ruling 18) -----------------------------------------------------------------


def _own_zombies(s: State, c: int) -> list[Zombie]:
    m = s.magic
    return [z for z in m.zombies if z.creator == c and s.alive[z.char]] if m is not None else []


def command_options(s: State, c: int) -> list[CommandZombie]:
    zombies = _own_zombies(s, c)
    if not zombies or man_of(s, c) < RAISE.command_man or magic.cast_refusal(s, c) is not None:
        return []
    sheet = s.sheets[c]
    found = []
    gates = GATE_HEXES
    for z in zombies:
        zid = s.sheets[z.char].id
        for o in _persons(s, z):
            found.append(
                CommandZombie(
                    sheet.seat,
                    sheet.id,
                    zid,
                    ZombieCommand.ATTACK,
                    s.sheets[o].id,
                    None,
                    RAISE.command_man,
                )
            )
        for h in dict.fromkeys((s.pos[c], *gates)):
            found.append(
                CommandZombie(
                    sheet.seat,
                    sheet.id,
                    zid,
                    ZombieCommand.MOVE_TO,
                    None,
                    HEXES[h],
                    RAISE.command_man,
                )
            )
        for h in dict.fromkeys((s.pos[z.char], *gates)):
            found.append(
                CommandZombie(
                    sheet.seat,
                    sheet.id,
                    zid,
                    ZombieCommand.GUARD,
                    None,
                    HEXES[h],
                    RAISE.command_man,
                )
            )
    return found


def decide_command(ctx: Context, a: CommandZombie) -> None:
    cast_refusal = magic.cast_refusal
    s = ctx.state
    c = actor(s, a.seat, a.char)
    z = next((z for z in _own_zombies(s, c) if s.sheets[z.char].id == a.zombie), None)
    if z is None:
        fail(f"{a.zombie} is not his living zombie", "RB p.15")
    refusal = cast_refusal(s, c)
    if refusal is not None:
        fail(refusal[0], refusal[1])
    if a.command not in COMMANDS:
        fail(f"a command is one of {COMMANDS}", "HR-12 ruling 18")
    if a.command == ZombieCommand.ATTACK:
        t = s.index.get(a.target or "", -1)
        if t not in _persons(s, z):
            fail(
                "the zombie attacks a living person on the board, never its creator",
                "RB p.15",
            )
    else:
        h = G.index.get(a.hex) if a.hex is not None else None
        if h is None or CENTRAL[h] or G.tower[h]:
            fail(
                "name a hex outside the central circle and the towers",
                "HR-12 ruling 18, digest A52",
            )
    check_stated(a.man, RAISE.command_man)
    pay(s, c, RAISE.command_man, "a zombie command")
    activate(ctx, c)
    command = ZombieCommand(a.command)
    ctx.emit(ZombieCommanded(a.seat, a.char, a.zombie, command, a.target, a.hex, RAISE.command_man))


def nets_lapse(ctx: Context) -> None:
    """A net banned the zombie's activation in this step; it ends with the step (HR-4: "a
    zombie: its next activation", as a named character's net ends with his step)."""
    s = ctx.state
    m = s.magic
    if m is None:
        return
    for z in m.zombies:
        c = z.char
        if (
            s.netted[c] and s.alive[c] and s.side[c] == s.seat_to_act
            and z.creator in s.named and s.alive[z.creator]
        ):  # fmt: skip
            ctx.emit(StateEnded(s.sheets[c].id, "netted", "its banned activation is over (HR-4)"))


def collapse(ctx: Context) -> None:
    """HR-11: a zombie whose creator is dead collapses at the end of that step."""
    s = ctx.state
    m = s.magic
    if m is None:
        return
    for z in m.zombies:
        if s.alive[z.char] and not s.alive[z.creator]:
            ctx.emit(ZombieCollapsed(s.sheets[z.char].id, "its creator is dead (HR-11)"))
