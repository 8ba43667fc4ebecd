"""Combat-value modifiers (RB p.10, p.12; digest §13, A33; HR-12 ruling 14).

Two kinds add up differently:

- **Spell and trap modifiers never stack.** Per combat value (TÉ, melee VÉ, ranged VÉ, CÉ) only
  one applies: the largest penalty when there is one, otherwise the largest bonus
  (:func:`non_stacking`). They come from :class:`arena.engine.match.state.Effect` records; nothing in
  the core game creates one yet (spells and traps come later), but the mechanism is here.
- **Everything else always adds** (ruling 14): skills, weapons, type specials, running, prone,
  entanglement, obstacles. Each such modifier is a small named hook in :data:`ATTACK_HOOKS` or
  :data:`DEFENCE_HOOKS`, defined next to its rule (``skills``, ``gladiators``), so the resolvers
  never branch on skill names.
"""

from __future__ import annotations

from collections.abc import Callable

from arena.engine.content.common import CombatValue
from arena.engine.match.hooks import HOOKS
from arena.engine.match.state import State, Swing

RANGED_WEAPONS = frozenset({"bolt", "dagger"})  # aimed weapon attacks (RB p.9-10)
MELEE_VALUE_WEAPONS = frozenset({"melee", "halberd", "javelin", "net", "touch"})  # use melee VÉ (RB p.9, p.20)


AttackHook = Callable[[State, Swing], int]
DefenceHook = Callable[[State, Swing], int]

ATTACK_HOOKS: list[tuple[str, AttackHook]] = []
DEFENCE_HOOKS: list[tuple[str, DefenceHook]] = []


def attack_hook(name: str) -> Callable[[AttackHook], AttackHook]:
    """Register an always-adding attack modifier (HR-12 ruling 14)."""

    def register(fn: AttackHook) -> AttackHook:
        ATTACK_HOOKS.append((name, fn))
        return fn

    return register


def defence_hook(name: str) -> Callable[[DefenceHook], DefenceHook]:
    """Register an always-adding defence modifier (HR-12 ruling 14)."""

    def register(fn: DefenceHook) -> DefenceHook:
        DEFENCE_HOOKS.append((name, fn))
        return fn

    return register


def non_stacking(state: State, char: int, value: CombatValue) -> int:
    """The one spell/trap modifier of ``value`` that applies to ``char`` (digest §13, A33).

    >>> from types import SimpleNamespace
    >>> from arena.engine.match.state import Effect
    >>> s = SimpleNamespace(effects=(Effect(0, CombatValue.TE, -4, "a", 3), Effect(0, CombatValue.TE, -2, "b", 3),
    ...                              Effect(0, CombatValue.TE, 5, "c", 3)))
    >>> non_stacking(s, 0, CombatValue.TE)  # type: ignore[arg-type]
    -4
    """
    if not state.effects:
        return 0
    worst = 0
    best = 0
    for e in state.effects:
        if e.char == char and e.value is value:
            if e.amount < worst:
                worst = e.amount
            elif e.amount > best:
                best = e.amount
    return worst if worst < 0 else best


def attack_modifiers(state: State, swing: Swing) -> tuple[tuple[str, int], ...]:
    """Every modifier of the attack value, named, in a fixed order."""
    value = CombatValue.CE if swing.weapon in RANGED_WEAPONS else CombatValue.TE
    found = [(name, amount) for name, fn in ATTACK_HOOKS if (amount := fn(state, swing))]
    spell = non_stacking(state, swing.attacker, value)
    if state.magic is not None and state.magic.areas:  # Savfelhő (RB p.13-14), non-stacking
        spell = HOOKS.area_modifier(state, swing, value, spell)
    if spell:
        found.append(("spells and traps", spell))
    return tuple(found)


def defence_modifiers(state: State, swing: Swing) -> tuple[tuple[str, int], ...]:
    """Every modifier of the defence value, named, in a fixed order."""
    value = CombatValue.RANGED_VE if swing.weapon in RANGED_WEAPONS else CombatValue.VE
    found = [(name, amount) for name, fn in DEFENCE_HOOKS if (amount := fn(state, swing))]
    spell = non_stacking(state, swing.target, value)
    if state.magic is not None and state.magic.areas:  # Tűzvihar, Bebörtönzés (RB p.15, p.17)
        spell = HOOKS.area_modifier(state, swing, value, spell)
    if spell:
        found.append(("spells and traps", spell))
    return tuple(found)
