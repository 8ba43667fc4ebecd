"""The public part of magic in a view (HR-12 ruling 35): lasting spells, areas, zombies with
their commands, the Orgyilkosság designee. Disc levels stay in each seat's own ``disc_levels``."""

from __future__ import annotations

from typing import Any

from arena.engine.board.grid import grid
from arena.engine.match.state import State

_G = grid()


def _hex(h: int) -> list[int]:
    x = _G.hexes[h]
    return [x.q, x.r]


def magic_view(s: State, c: int) -> dict[str, Any]:
    m = s.magic
    assert m is not None
    out: dict[str, Any] = {}
    if m.risen >> c & 1:
        z = next((z for z in m.zombies if z.char == c), None)
        if z is not None:
            out["zombie_of"] = s.sheets[z.creator].id
            out["zombie_side"] = s.side[c]  # its creator's seat, whoever's dead it was (ruling 19)
            out["zombie_command"] = z.command or None
    return out


def spells_view(s: State) -> list[dict[str, Any]]:
    m = s.magic
    if m is None:
        return []
    found = []
    for x in m.lasting:
        entry: dict[str, Any] = {
            "spell": x.spell,
            "caster": s.sheets[x.caster].id,
            "target": s.sheets[x.target].id if x.target >= 0 else None,
            "kind": x.kind,
            "what": x.what,
            "amount": x.amount,
            "first_round": x.first,
            "last_round": x.last,
        }
        if x.other >= 0:
            entry["designee"] = s.sheets[x.other].id
        if x.hexes:
            entry["area"] = [_hex(h) for h in x.hexes]
            entry["centre"] = _hex(x.amount)
        found.append(entry)
    return found
