"""Helpers for the magic tests (issue #4): a witch-master ready to cast with chosen discs."""

from __future__ import annotations

from arena.engine.board.hexgrid import Hex
from arena.engine.match.magic.actions import Cast

from .match_helpers import name, place, started, tweak

WM = "0.witch_master"
HOME = (
    4,
    -8,
)  # a middle-ring hex of the north half: (5,-8) is 1 block away, (8,-8) 2, (8,-6) 3


def ready(where=None, discs=(1, 2, 3, 4, 5), named=(WM, "0.laeva"), other_discs=None, **tweaks):
    """Round 1, step 1: seat 0 has named ``named``; the witch-master on HOME holds ``discs``."""
    s = place(started(), {WM: HOME, **(where or {})})
    s = tweak(
        s,
        discs=[
            tuple(sorted(discs)),
            tuple(sorted(other_discs)) if other_discs else s.discs[1],
        ],
    )
    s = name(s, 0, *named)
    return tweak(s, **tweaks) if tweaks else s


def cast(spell, target=None, man=None, **fields):
    """A Cast by seat 0's witch-master."""
    if "hex" in fields and isinstance(fields["hex"], tuple):
        fields["hex"] = Hex(*fields["hex"])
    return Cast(0, WM, spell, target, man=man, **fields)


def char(s, cid):
    return s.index[cid]


def magic_at_stake(before, events, seat=0):
    """Whether a secret of ``seat`` (an amulet, an ME token) is put to the test by magic in
    ``events``: a spell of a type an amulet blocks or a mental spell cast by the other seat, or
    a Villámvért discharge or a cage crossing that could strike one of ``seat``'s characters.
    The outcome shows the secret, or shows that there was none (RB p.7): a secrecy comparison
    stops there."""
    from arena.engine.content.spells import SPELLS
    from arena.engine.match.events import AttackResolved, Disengaged, Moved, Pushed, Shifted
    from arena.engine.match.magic.events import MeTokenShown, SpellCast

    prefix = f"{seat}."
    for e in events:
        if isinstance(e, SpellCast) and e.seat != seat:
            sp = SPELLS[e.spell]
            if sp.spell_type.value in ("curse", "poison", "lightning") or sp.resistance.value == "me":
                return True
        if isinstance(e, MeTokenShown) and e.char.startswith(prefix):
            return True
    m = before.magic
    if m is not None and (m.armour or any(x.what == "imprisonment" for x in m.areas)):
        for e in events:
            if isinstance(e, AttackResolved) and e.attacker.startswith(prefix):
                return True
            if isinstance(e, (Moved, Disengaged, Pushed)) and e.char.startswith(prefix):
                return True
            if isinstance(e, Shifted) and (e.char.startswith(prefix) or e.other.startswith(prefix)):
                return True
    return False
