"""Helpers for the trap-play tests: a match with chosen cards, a remote trigger, a direct window."""

from __future__ import annotations

from arena.engine import apply
from arena.engine.match.actions import Move
from arena.engine.match.state import State

from .match_helpers import G, hexes, name, place, started, to_step

TRAP_HEXES = {t.number: (t.hex.q, t.hex.r) for t in G.board.traps}  # HR-1.6


def on_trap_hex(
    card: int,
    where: dict | None = None,
    cards: tuple[int, ...] | None = None,
    enemy_cards: tuple[int, ...] = (),
) -> State:
    """Seat 0, step 1: 0.deasta has just entered the numbered hex of remote ``card`` (RB p.18)."""
    q, r = TRAP_HEXES[card]
    start = next(G.hexes[n] for n, gate in G.steps[G.index[hexes((q, r))[0]]] if not gate)
    s = started(traps=(cards or (card,), enemy_cards))
    s = place(s, {"0.deasta": (start.q, start.r), **(where or {})})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = apply(s, Move(0, "0.deasta", hexes((q, r))))
    return s


def mover_step(cards: tuple[int, ...], where: dict | None = None, strategist_man: int | None = None) -> State:
    """Seat 1's step 2 with 1.deasta and 1.laeva named; seat 0 holds ``cards``. 1.deasta stands on
    (3,3) in M-SE unless ``where`` says otherwise."""
    s = started(traps=(cards, ()))
    s = to_step(s, 2)
    s = place(s, {"1.deasta": (3, 3), **(where or {})})
    s = name(s, 1, "1.deasta", "1.laeva")
    if strategist_man is not None:
        s = s.clone()
        s.strat_man[0] = strategist_man
    return s


EAST = hexes((4, 3), (5, 3), (6, 3))  # three plain M-SE hexes from (3,3)
