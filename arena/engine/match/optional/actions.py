"""The actions of the optional rules (HR-7): vials, ammunition recovery, crowd favour.

Registered in :mod:`arena.engine.match.actions` with the core actions; only a match that uses the
rule lists them (:func:`arena.engine.legal_actions`).
"""

from __future__ import annotations

from typing import NamedTuple


class CoatWeapon(NamedTuple):
    """Méregfiola (``OPT_POISON_VIAL``): for 1 MAN, before his attack, the carrier coats his weapon
    for that attack (a melee weapon or a thrown dagger, never a bolt). The vial is used up."""

    seat: int
    char: str
    man: int | None = None


class DrinkPotion(NamedTuple):
    """Varázsital (``OPT_POTION``): 2 MAN in his own step, neither netted nor prone: 5 Ép back,
    never above his maximum. The vial is used up."""

    seat: int
    char: str
    man: int | None = None


class CollectAmmo(NamedTuple):
    """Lőszergyűjtés (``OPT_AMMO_RECOVERY``): for 1 MAN, pick up every spent bolt and throwing
    dagger of his team lying on his hex; each goes back to its owner."""

    seat: int
    char: str
    man: int | None = None


class Reroll(NamedTuple):
    """Közönség kegye (``OPT_CROWD_FAVOUR``): the answer to a paused d10 of his own: ``use`` spends
    2 favour tokens and rolls it again (the second result stands), otherwise the roll stands."""

    seat: int
    use: bool


OPTIONAL_ACTIONS = (CoatWeapon, DrinkPotion, CollectAmmo, Reroll)
OptionalAction = CoatWeapon | DrinkPotion | CollectAmmo | Reroll
