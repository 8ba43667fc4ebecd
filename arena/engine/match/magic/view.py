"""The public part of magic in a view (HR-12 ruling 35): lasting spells, areas, zombies with
their commands, the Orgyilkosság designee. Disc levels stay in each seat's own ``disc_levels``."""

from __future__ import annotations

from arena.engine.board.grid import grid
from arena.engine.match.state import State
from arena.engine.match.view_types import Hex, SpellView, ZombieView

_G = grid()


def _hex(h: int) -> Hex:
    x = _G.hexes[h]
    return (x.q, x.r)


def zombie_view(s: State, c: int) -> ZombieView | None:
    """Character ``c`` as a risen zombie: its creator, its side and its command; None otherwise."""
    m = s.magic
    assert m is not None
    if m.risen >> c & 1:
        z = next((z for z in m.zombies if z.char == c), None)
        if z is not None:
            # its creator's seat, whoever's dead it was (ruling 19)
            return ZombieView(creator=s.sheets[z.creator].id, side=s.side[c], command=z.command or None)
    return None


def spells_view(s: State) -> tuple[SpellView, ...]:
    m = s.magic
    if m is None:
        return ()
    return tuple(
        SpellView(
            spell=x.spell,
            caster=s.sheets[x.caster].id,
            target=s.sheets[x.target].id if x.target >= 0 else None,
            kind=x.kind,
            what=x.what,
            amount=x.amount,
            first_round=x.first,
            last_round=x.last,
            designee=s.sheets[x.other].id if x.other >= 0 else None,
            area=tuple(_hex(h) for h in x.hexes) if x.hexes else None,
            centre=_hex(x.amount) if x.hexes else None,
        )
        for x in m.lasting
    )
