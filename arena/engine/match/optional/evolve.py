"""The evolvers of the optional rules' events (HR-7); :mod:`arena.engine.match.evolve` registers them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from arena.engine.board.grid import grid
from arena.engine.match.actions import action_from_json
from arena.engine.match.magic.evolve import _pay
from arena.engine.match.optional import events as eo
from arena.engine.match.optional.state import OptState, PendingReroll
from arena.engine.match.state import GLADIATOR, SEAT_OF, State, own

_G = grid()
POISON_VIAL = "poison_vial"


def _opt(s: State) -> OptState:
    o = s.opt
    assert o is not None, "an optional rule's event in a match without optional rules"
    return o


def note_damage(s: State, c: int, ep: int) -> None:
    """``Damaged``'s hook: the Ép a gladiator loses this round, for the crowd (HR-7)."""
    if GLADIATOR[c]:
        o = _opt(s)
        taken = list(o.taken)
        taken[SEAT_OF[c]] += ep
        s.opt = o._replace(taken=tuple(taken))


def _vial_used(s: State, e: eo.VialUsed) -> None:
    c = s.index[e.char]
    o = _opt(s)
    _pay(s, e.man)
    vials = list(o.vials)
    vials[c] = None
    s.opt = o._replace(vials=tuple(vials), coated=c if e.vial == POISON_VIAL else o.coated)


def _coating_ended(s: State, e: eo.CoatingEnded) -> None:
    s.opt = _opt(s)._replace(coated=-1)


def _nothing(s: State, e: Any) -> None:
    return None


def _ammo_landed(s: State, e: eo.AmmoLanded) -> None:
    o = _opt(s)
    owner, h = s.index[e.owner], _G.index[e.hex]
    lying = list(o.lying)
    for i, (who, where, count) in enumerate(lying):
        if who == owner and where == h:
            lying[i] = (who, where, count + e.number)
            break
    else:
        lying.append((owner, h, e.number))
    s.opt = o._replace(lying=tuple(sorted(lying)))


def _ammo_collected(s: State, e: eo.AmmoCollected) -> None:
    o = _opt(s)
    _pay(s, e.man)
    h = _G.index[e.hex]
    owners = {s.index[x] for x in e.owners}
    ammo = own(s, "ammo")
    for owner, count in zip(e.owners, e.counts, strict=False):
        ammo[s.index[owner]] += count
    s.opt = o._replace(lying=tuple(x for x in o.lying if not (x[1] == h and x[0] in owners)))


def _blood_drawn(s: State, e: eo.BloodDrawn) -> None:
    o = _opt(s)
    s.opt = o._replace(dealt=o.dealt | 1 << SEAT_OF[s.index[e.char]])


def _crowd_verdict(s: State, e: eo.CrowdVerdict) -> None:
    o = _opt(s)
    tokens = list(o.tokens)
    if e.favour is not None:
        tokens[e.favour] += 1
    s.opt = o._replace(tokens=tuple(tokens), taken=(0,) * len(o.taken), dealt=0)


def _reroll_offered(s: State, e: eo.RerollOffered) -> None:
    # the action and the settled rolls follow in RerollStashed; ``previous`` is what was pending
    s.pending = PendingReroll(e.seat, e.who, e.purpose, e.result, None, (), s.pending)


def _reroll_stashed(s: State, e: eo.RerollStashed) -> None:
    p = s.pending
    assert isinstance(p, PendingReroll)
    s.pending = p._replace(action=action_from_json(json.loads(e.action)), settled=e.settled)
    s.rolls += len(e.settled) + 1  # the paused resolution's dice are used: the answer rolls on


def _reroll_decided(s: State, e: eo.RerollDecided) -> None:
    p = s.pending
    assert isinstance(p, PendingReroll)
    if e.use:
        o = _opt(s)
        tokens = list(o.tokens)
        tokens[e.seat] -= 2
        s.opt = o._replace(tokens=tuple(tokens))
    s.pending = p.previous  # type: ignore[assignment]


OPTIONAL_EVOLVERS: dict[type[Any], Callable[[State, Any], None]] = {
    eo.VialUsed: _vial_used,
    eo.CoatingEnded: _coating_ended,
    eo.VialPoisonResolved: _nothing,
    eo.AmmoLanded: _ammo_landed,
    eo.AmmoCollected: _ammo_collected,
    eo.BloodDrawn: _blood_drawn,
    eo.StonesThrown: _nothing,
    eo.CrowdVerdict: _crowd_verdict,
    eo.RerollOffered: _reroll_offered,
    eo.RerollStashed: _reroll_stashed,
    eo.RerollDecided: _reroll_decided,
}
