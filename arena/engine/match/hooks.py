"""The hook table: where the core resolvers call the add-ons (magic, traps, optional rules).

The core resolvers (``match.rules``: movement, melee, ranged, damage, turns) know nothing of
spells, trap cards or the optional rules; at the few points where those rules step in, a
resolver calls a slot of :data:`HOOKS`. Each add-on module fills in its slots when it is
imported (``HOOKS.bleed = bleed`` at its foot), and ``arena.engine`` imports every add-on
(:mod:`arena.engine.match.addons`), so the table is complete before any match is played and
never changes afterwards. The imports therefore point one way only: add-ons → core
resolvers → this table → the match's data.

A slot still empty when it is called raises :class:`HookMissingError` naming the slot and the
module that fills it in. docs/engine.md ("The hook table") lists the slots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import CombatValue
from arena.engine.match.actions import Action
from arena.engine.match.context import Context
from arena.engine.match.state import AttackSpec, State, Swing


class HookMissingError(RuntimeError):
    """A core resolver called a hook no add-on filled in (the add-on was not imported)."""


# slot -> the module whose import fills it in
PROVIDERS: dict[str, str] = {
    # magic (match.magic)
    "actor_refusal": "arena.engine.match.magic.round_hooks",
    "step_pool": "arena.engine.match.magic.round_hooks",
    "after_naming": "arena.engine.match.magic.round_hooks",
    "keeps_step": "arena.engine.match.magic.round_hooks",
    "magic_round_starting": "arena.engine.match.magic.round_hooks",
    "magic_step_ending": "arena.engine.match.magic.round_hooks",
    "magic_round_ending": "arena.engine.match.magic.round_hooks",
    "frenzy_first": "arena.engine.match.magic.frenzy",
    "area_modifier": "arena.engine.match.magic.areas",
    "weapon_immune": "arena.engine.match.magic.spell_effects",
    "after_hit": "arena.engine.match.magic.spell_effects",
    "bleed": "arena.engine.match.magic.spell_effects",
    # trap cards (match.traps)
    "trap_run_move": "arena.engine.match.traps.cards",
    "trap_run_disengage": "arena.engine.match.traps.cards",
    "trap_run_toggle": "arena.engine.match.traps.cards",
    # the listing of a character's actions, for spells that ask what a victim could do
    "char_actions": "arena.engine.match.play",
    # optional rules (match.optional)
    "check_coated_shot": "arena.engine.match.optional.rules",
    "after_attack": "arena.engine.match.optional.rules",
    "optional_step_ending": "arena.engine.match.optional.rules",
    "optional_round_ending": "arena.engine.match.optional.rules",
}


def _missing(slot: str) -> Callable[..., Any]:
    def call(*args: object, **kwargs: object) -> NoReturn:
        raise HookMissingError(
            f"the hook {slot!r} is empty: import {PROVIDERS[slot]} (importing arena.engine does) before playing"
        )

    call.__qualname__ = f"missing hook {slot}"
    return call


class Hooks:
    """The slots, typed; each starts as a stub that raises :class:`HookMissingError`."""

    __slots__ = tuple(PROVIDERS)

    # magic: who may act, the step's MAN, the step and round boundaries (RB p.12-17, HR-11, HR-12)
    actor_refusal: Callable[[State, int], tuple[str, str] | None]
    step_pool: Callable[[State, Sequence[int], int, Sequence[int], int], int]
    after_naming: Callable[[Context, Sequence[int], Sequence[int]], None]
    keeps_step: Callable[[State], bool]
    magic_round_starting: Callable[[Context], None]
    magic_step_ending: Callable[[Context], None]
    magic_round_ending: Callable[[Context], None]
    frenzy_first: Callable[[State], int]
    # magic: areas and spells on a swing or a hit
    area_modifier: Callable[[State, Swing, CombatValue, int], int]
    weapon_immune: Callable[[Context, AttackSpec], bool]
    after_hit: Callable[[Context, AttackSpec], None]
    bleed: Callable[[Context, int], None]
    # trap cards: the windows a move, a disengagement or a gate opens (HR-12 rulings 26-29)
    trap_run_move: Callable[[Context, int, tuple[Hex, ...], int], None]
    trap_run_disengage: Callable[[Context, int, Hex, int, bool], None]
    trap_run_toggle: Callable[[Context, int, str, int], None]
    # the listing (match.play): what one named character may do now (RB p.17, HR-12 ruling 15)
    char_actions: Callable[[State, int], list[Action]]
    # optional rules (HR-7)
    check_coated_shot: Callable[[State, int, str], None]
    after_attack: Callable[[Context, AttackSpec, int], None]
    optional_step_ending: Callable[[Context], None]
    optional_round_ending: Callable[[Context], None]

    def __init__(self) -> None:
        for slot in PROVIDERS:
            setattr(self, slot, _missing(slot))

    def missing(self) -> list[str]:
        """The slots no add-on has filled in yet."""
        return [slot for slot in PROVIDERS if getattr(getattr(self, slot), "__qualname__", "").startswith("missing")]


HOOKS = Hooks()


def check_complete() -> None:
    """Raise :class:`HookMissingError` unless every slot is filled in."""
    missing = HOOKS.missing()
    if missing:
        raise HookMissingError(
            "empty hooks: " + ", ".join(f"{slot} (filled in by {PROVIDERS[slot]})" for slot in missing)
        )
