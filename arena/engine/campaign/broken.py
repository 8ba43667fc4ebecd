"""Weapons broken by Fegyvertörés (HR-10.7): out of the pile until repaired.

A pile item broken in a match leaves the gladiator's pile for the team's broken items
(:func:`break_items`); a repair for 10 gold puts it back
(:meth:`~arena.engine.campaign.purchases.Purchase.repair` with ``apply_purchase(…, broken=…)``).
An item never repaired stays broken: it is not in the pile, so the gladiator never fields it again,
and it still counts against the pile limits of HR-9.5, since a repair would return it.

The starting grip keeps what is left in hand: a broken item leaves the grip when the pile no longer
holds it (a sword and shield become a lone shield, that is dagger and shield; a broken two-handed
weapon leaves the belt dagger). A repair returns the item to the pile, not to the hand.

    >>> from arena.engine.roster import base_roster
    >>> after = break_items(base_roster(), ["short_sword"])
    >>> after.broken, after.roster.member("gladiator").pile, after.roster.member("gladiator").starting_grip
    (('short_sword',), ('shield', 'halberd', 'greatsword'), ('shield',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.profiles import GLADIATOR
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, WEAPONS, Hands, is_legal_grip
from arena.engine.roster import Member, Roster


@dataclass(frozen=True)
class Breakage:
    """After a match's breakages: the roster (pile and grip without the broken items) and every
    broken item of the team, waiting for repair (the earlier ones first)."""

    roster: Roster
    broken: tuple[str, ...]


def break_items(roster: Roster, items: Iterable[str], *, broken: Sequence[str] = ()) -> Breakage:
    """Move ``items`` (one copy each, a pair's two copies named twice) from the gladiator's pile
    to the team's ``broken`` items; refused when the pile does not hold them."""
    items = tuple(items)
    if not items:
        return Breakage(roster, tuple(broken))
    gladiator = roster.member(GLADIATOR)
    pile = list(gladiator.pile) if gladiator else []
    for item in items:
        if item not in pile:
            name_en, name_hu = _names(item)
            raise CampaignRuleError(
                f"the weapon pile holds no {name_en} that could have been broken",
                "HR-10.7",
                f"a fegyverhalomban nincs {name_hu}, így az nem is törhetett el",
            )
        pile.remove(item)
    assert gladiator is not None  # the loop found the items in his pile
    grip = _grip_left(gladiator, tuple(pile))
    member = replace(gladiator, pile=tuple(pile), starting_grip=grip)
    members = tuple(member if m.slot == GLADIATOR else m for m in roster.members)
    return Breakage(replace(roster, members=members), (*broken, *items))


def _grip_left(gladiator: Member, pile: tuple[str, ...]) -> tuple[str, ...]:
    """The starting grip without the items the pile no longer holds; if that is no legal grip for
    his type, a one-handed weapon from the pile, else the belt dagger (an empty grip)."""
    held = Counter(pile)
    grip: list[str] = []
    for item in gladiator.starting_grip:
        if held[item] > 0:
            held[item] -= 1
            grip.append(item)
    gtype = gladiator.gladiator_type or BASE_GLADIATOR_TYPE
    if is_legal_grip(grip, gtype):
        return tuple(grip)
    one_handed = [i for i in pile if i in WEAPONS and WEAPONS[i].hands is Hands.ONE]
    return (one_handed[0],) if one_handed and is_legal_grip(one_handed[:1], gtype) else ()


def _names(item: str) -> tuple[str, str]:
    weapon = WEAPONS.get(item)
    if weapon is None:
        return repr(item), repr(item)
    return weapon.name_en.lower(), weapon.name_hu.lower()
