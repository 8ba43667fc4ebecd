"""The evolvers of the magic events (issue #4); :mod:`arena.engine.match.evolve` registers them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.engine.board.grid import grid
from arena.engine.match.magic import events as em
from arena.engine.match.magic.state import Lasting, Magic, Zombie, derive, stamp
from arena.engine.match.state import State, camps, own
from arena.engine.match.traps import marks as traps_marks
from arena.engine.match.words import ZombieCommand

_G = grid()
RAISED_MAN = 3  # RB p.15: the zombie's MAN a round
RAISED_HEXES = 3  # RB p.15: hexes a round


def _magic(s: State) -> Magic:
    m = s.magic
    return Magic() if m is None else m


def spend_own(s: State, amount: int) -> int:
    """Take ``amount`` from the active character's own MAN first; returns what is left to pay."""
    m = s.magic
    assert m is not None
    c = s.active
    for i, (who, man) in enumerate(m.own):
        if who == c:
            taken = min(man, amount)
            s.magic = m._replace(own=(*m.own[:i], (who, man - taken), *m.own[i + 1 :]))
            return amount - taken
    return amount


def _pay(s: State, amount: int) -> None:
    """As evolve's ``_spend``: own MAN, handed strategist MAN, then the pool."""
    s.spent += amount
    if s.magic is not None and s.magic.own:
        amount = spend_own(s, amount)
    from_granted = min(s.granted, amount)
    s.granted -= from_granted
    s.pool -= amount - from_granted


def _spell_cast(s: State, e: em.SpellCast) -> None:
    c = s.index[e.char]
    m = _magic(s)
    here = stamp(s.round, s.step, s.four is not None)
    used_by = m.used_by if m.used == here else 0
    s.magic = m._replace(used=here, used_by=used_by | 1 << c)
    discs = s.discs[e.seat]
    i = discs.index(e.level)
    own(s, "discs")[e.seat] = discs[:i] + discs[i + 1 :]
    _pay(s, e.man)
    if e.attack:
        own(s, "attacks")[c] += 1


def _nothing(s: State, e: Any) -> None:
    return None


def _token_shown(s: State, e: em.MeTokenShown) -> None:
    m = _magic(s)
    s.magic = m._replace(tokens_shown=m.tokens_shown | 1 << s.index[e.char])


def _spell_lasting(s: State, e: em.SpellLasting) -> None:
    m = _magic(s)
    target = -1 if e.target is None else s.index[e.target]
    other = -1 if e.other is None else s.index[e.other]
    hexes = tuple(sorted(_G.index[h] for h in e.area))
    x = Lasting(e.spell, s.index[e.caster], target, e.kind, e.what, e.amount, e.first_round,
                e.last_round, other, hexes)  # fmt: skip
    s.magic = derive(m, (*m.lasting, x))


def _same(x: Lasting, s: State, e: em.SpellEnded) -> bool:
    target = -1 if e.target is None else s.index[e.target]
    return (
        x.spell == e.spell
        and x.caster == s.index[e.caster]
        and x.target == target
        and x.kind == e.kind
        and x.what == e.what
    )


def _spell_ended(s: State, e: em.SpellEnded) -> None:
    m = _magic(s)
    s.magic = derive(m, tuple(x for x in m.lasting if not _same(x, s, e)))


def _healed(s: State, e: em.Healed) -> None:
    own(s, "ep")[s.index[e.char]] += e.amount


def _cloud_moved(s: State, e: em.CloudMoved) -> None:
    _pay(s, e.man)
    m = _magic(s)
    c = s.index[e.char]
    hexes = tuple(sorted(_G.index[h] for h in e.area))
    centre = _G.index[e.hex]
    lasting = tuple(
        x._replace(hexes=hexes, amount=centre) if x.kind == "area" and x.spell == e.spell and x.caster == c else x
        for x in m.lasting
    )
    s.magic = derive(m, lasting)


def _own_man(s: State, e: em.OwnMan) -> None:
    m = _magic(s)
    c = s.index[e.char]
    s.magic = m._replace(own=(*(x for x in m.own if x[0] != c), (c, e.man)))


def _strategist_mark(s: State, e: em.StrategistMark) -> None:
    s.magic = _magic(s)._replace(strat_mark=e.man)


def fresh(z: Zombie, round_: int) -> Zombie:
    """The zombie with its MAN and hexes of ``round_`` (RB p.15: 3 and 3 a round)."""
    if z.round == round_:
        return z
    return z._replace(round=round_, man=RAISED_MAN, hexes=RAISED_HEXES)


def _zombie_raised(s: State, e: em.ZombieRaised) -> None:
    c = s.index[e.char]
    m = _magic(s)
    own(s, "alive")[c] = True
    own(s, "ep")[c] = e.ep
    own(s, "prone")[c] = own(s, "netted")[c] = own(s, "sneaking")[c] = own(s, "hiding")[c] = False
    own(s, "bell")[c] = False
    own(s, "debt")[c] = 0
    own(s, "entangled_by")[c] = -1
    if s.effects:  # what lay on the dead fighter lapsed with his death (HR-12 ruling 23)
        s.effects = tuple(x for x in s.effects if x.char != c)
    creator = s.index[e.creator]
    zombie = Zombie(c, creator, s.round, RAISED_MAN, RAISED_HEXES, ZombieCommand.NONE, -1, -1)
    # a character of its creator's side for every rule, whoever's dead it was (HR-12 ruling 19)
    s.side = (*s.side[:c], s.side[creator], *s.side[c + 1 :])
    s.camp = camps(s)
    lasting = tuple(x for x in m.lasting if x.target != c)
    s.magic = derive(m._replace(zombies=(*m.zombies, zombie), risen=m.risen | 1 << c), lasting)


def _replace_zombie(s: State, z: Zombie) -> None:
    m = _magic(s)
    s.magic = m._replace(zombies=tuple(z if x.char == z.char else x for x in m.zombies))


def _zombie_commanded(s: State, e: em.ZombieCommanded) -> None:
    _pay(s, e.man)
    m = _magic(s)
    here = stamp(s.round, s.step, s.four is not None)
    used_by = m.used_by if m.used == here else 0
    s.magic = m._replace(used=here, used_by=used_by | 1 << s.index[e.char])
    z = next(x for x in _magic(s).zombies if x.char == s.index[e.zombie])
    z = fresh(z, s.round)
    command = ZombieCommand(e.command)  # the word, whether the event was made or read back
    if command is ZombieCommand.ATTACK:
        arg = -1 if e.target is None else s.index[e.target]
    else:
        arg = -1 if e.hex is None else _G.index[e.hex]
    _replace_zombie(s, z._replace(man=z.man + e.man, command=command, arg=arg))


def _zombie_acted(s: State, e: em.ZombieActed) -> None:
    z = next(x for x in _magic(s).zombies if x.char == s.index[e.zombie])
    z = fresh(z, s.round)
    done = z.command is ZombieCommand.MOVE_TO and z.arg == s.pos[z.char]
    _replace_zombie(
        s,
        z._replace(
            man=z.man - e.man,
            hexes=z.hexes - e.hexes,
            acted=stamp(s.round, s.step, s.four is not None),
            command=ZombieCommand.NONE if done else z.command,
            arg=-1 if done else z.arg,
        ),
    )


def _zombie_collapsed(s: State, e: em.ZombieCollapsed) -> None:
    c = s.index[e.char]
    own(s, "alive")[c] = False
    if s.trap_marks:  # the effects on it lapse with it (HR-11, HR-12 ruling 23)
        s.trap_marks = traps_marks.without(s.trap_marks, c)
    bits = s.melee[c]
    melee = own(s, "melee")
    for o in range(len(s.pos)):
        if bits >> o & 1:
            melee[o] &= ~(1 << c)
    melee[c] = 0


MAGIC_EVOLVERS: dict[type[Any], Callable[[State, Any], None]] = {
    em.SpellCast: _spell_cast,
    em.SpellResisted: _nothing,
    em.MeTokenShown: _token_shown,
    em.SpellBlocked: _nothing,
    em.SpellLasting: _spell_lasting,
    em.SpellEnded: _spell_ended,
    em.Healed: _healed,
    em.CloudMoved: _cloud_moved,
    em.OwnMan: _own_man,
    em.StrategistMark: _strategist_mark,
    em.ZombieRaised: _zombie_raised,
    em.ZombieCommanded: _zombie_commanded,
    em.ZombieActed: _zombie_acted,
    em.ZombieCollapsed: _zombie_collapsed,
}
