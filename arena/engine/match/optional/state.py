"""The state of the optional rules (HR-7): ``State.opt``, None in a match without them.

A match's optional rules are a per-match setting (:class:`arena.engine.match.state.MatchOptions`
``optional``, a frozenset of rule ids such as ``"opt_poison_vial"``; a league sets them for all
its matches). The flags are worked out once, at set-up, so the rules ask a boolean, never the set.
Everything that changes lives in one immutable :class:`OptState`, replaced by the evolvers.
A match without optional rules keeps ``opt`` None: nothing is added to its state hash, its log or
its views, so such matches play and replay exactly as before.
"""

from __future__ import annotations

from typing import NamedTuple

from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.actions import Action

POISON_VIAL = "opt_poison_vial"
POTION = "opt_potion"
AMMO_RECOVERY = "opt_ammo_recovery"
CROWD_FAVOUR = "opt_crowd_favour"
BLOODTHIRSTY_CROWD = "opt_bloodthirsty_crowd"
OPEN_INFORMATION = "opt_open_information"
OPTIONAL_RULE_IDS = tuple(OPTIONAL_RULES)  # the data's; the names above are those the rules ask for


class PendingReroll(NamedTuple):
    """Crowd favour (HR-7): ``seat`` may spend 2 tokens to re-roll its d10 that resolving
    ``action`` just rolled. ``settled`` are the results rolled before it in that resolution (they
    stand), ``result`` the paused roll's. The answer re-runs ``action`` from the state before it
    (this state, ``previous`` pending restored) with those dice scripted."""

    seat: int
    who: str
    purpose: str
    result: int
    action: Action | None  # the action being resolved (set by RerollStashed)
    settled: tuple[int, ...]
    previous: object  # the pending decision the action answered (a Pending), or None


class OptState(NamedTuple):
    """The optional rules of one match: the flags (fixed) and what they track."""

    poison: bool
    potion: bool
    ammo: bool
    favour: bool
    bloodthirsty: bool
    open: bool
    vials: tuple[str | None, ...]  # each character's unused vial: secret until used (HR-7)
    coated: int = -1  # the character whose weapon is coated for his next attack
    lying: tuple[tuple[int, int, int], ...] = ()  # spent missiles: (owner, hex, count)
    tokens: tuple[int, ...] = (0, 0)  # crowd favour tokens per seat
    taken: tuple[int, ...] = (0, 0)  # Ép each seat's gladiator lost this round
    dealt: int = 0  # bit per seat: its gladiator drew Ép from the enemy gladiator this round


def initial(optional: frozenset[str], vials: tuple[str | None, ...]) -> OptState | None:
    """The optional rules' state at set-up, or None when the match uses none."""
    if not optional:
        return None
    return OptState(
        poison=POISON_VIAL in optional,
        potion=POTION in optional,
        ammo=AMMO_RECOVERY in optional,
        favour=CROWD_FAVOUR in optional,
        bloodthirsty=BLOODTHIRSTY_CROWD in optional,
        open=OPEN_INFORMATION in optional,
        vials=vials,
    )
