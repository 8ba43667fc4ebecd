"""Permanent purchases with gold (HR-10.7).

=====================================================  =========================================
Purchase                                               Gold
=====================================================  =========================================
recruit a gladiator (Vértes, or another type at base)  100
recruit a witch-master / crossbowman                   60 / 50
recruit a dagger-thrower (the missing variant)         40
recruit a strategist                                   30
a weapon for the pile                                  10 per point of its pile cost (20 or 30)
repair an item broken by Fegyvertörés                  10
a 4th amulet                                           40
training: +1 Ép                                        20 (at most +2 per member this way)
=====================================================  =========================================

:func:`apply_purchase` checks the purchase, takes the gold and returns the new roster and
treasury; any broken rule or a short treasury raises
:class:`~arena.engine.campaign.rule_error.CampaignRuleError`. The rule is checked before the gold.

Readings: a recruit fills a place that is empty or held by a dead member (an absent member keeps
his place; a hireling stands in for him, HR-10.8). The recruit has his slot's base profile
(HR-2.1; a gladiator of another type has that type's base values) and base kit, and takes over
what stays with the team: the dead member's amulet, and for a gladiator the weapon pile and kit
(HR-10.5). Items broken by Fegyvertörés are kept apart from the pile in ``broken`` (the team
record's "broken items", put there by :func:`~arena.engine.campaign.broken.break_items`); a repair
puts one back. The pile limits of HR-9.5 (at most 5 items,
copies, type limits) count the broken items too, since a repair returns them.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.gold import pay
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import STATUS_NAMES, Pair, place_hu
from arena.engine.content.amulets import AMULETS
from arena.engine.content.common import Stat
from arena.engine.content.points import MAX_AMULETS, PILE_MAX_ITEMS, stat_rules
from arena.engine.content.profiles import (
    CROSSBOWMAN,
    DEASTA,
    GLADIATOR,
    LAEVA,
    MEMBER_SLOTS,
    PROFILES,
    STRATEGIST,
    WITCH_MASTER,
)
from arena.engine.content.weapons import (
    BASE_GLADIATOR_TYPE,
    GLADIATOR_TYPES,
    WEAPONS,
    Hands,
    is_legal_grip,
    item_allowed_for_type,
    pile_copies_allowed,
)
from arena.engine.roster import DEAD, HIRELING, Member, Roster, base_member

RECRUIT_PRICES: Final[Mapping[str, int]] = MappingProxyType(
    {GLADIATOR: 100, WITCH_MASTER: 60, CROSSBOWMAN: 50, DEASTA: 40, LAEVA: 40, STRATEGIST: 30}
)
GOLD_PER_PILE_POINT: Final = 10
REPAIR_PRICE: Final = 10
FOURTH_AMULET_PRICE: Final = 40
TRAINING_PRICE: Final = 20
MAX_TRAINING: Final = 2  # +1 Ép at a time, at most +2 per member


class PurchaseKind(enum.StrEnum):
    RECRUIT = "recruit"
    PILE_WEAPON = "pile_weapon"
    REPAIR = "repair"
    FOURTH_AMULET = "fourth_amulet"
    TRAINING = "training"


PURCHASE_NAMES: Final[Mapping[PurchaseKind, Pair]] = MappingProxyType(
    {
        PurchaseKind.RECRUIT: ("toborzás", "recruit"),
        PurchaseKind.PILE_WEAPON: ("fegyver a fegyverhalomba", "pile weapon"),
        PurchaseKind.REPAIR: ("javítás", "repair"),
        PurchaseKind.FOURTH_AMULET: ("negyedik amulett", "fourth amulet"),
        PurchaseKind.TRAINING: ("edzés", "training"),
    }
)


@dataclass(frozen=True)
class Purchase:
    """One permanent purchase; build it with a class method (``Purchase.recruit(...)`` …).

    ``slot``: the recruit's place, the trained member or the amulet's wearer (None: the first
    member in sheet order without one); ``item``: a weapon or an amulet id; ``name``: the
    recruit's; ``gladiator_type``: a recruited gladiator's type (None: the Vértes).
    """

    kind: PurchaseKind
    slot: str | None = None
    item: str | None = None
    name: str | None = None
    gladiator_type: str | None = None

    @classmethod
    def recruit(cls, slot: str, name: str, gladiator_type: str | None = None) -> Purchase:
        return cls(PurchaseKind.RECRUIT, slot=slot, name=name, gladiator_type=gladiator_type)

    @classmethod
    def pile_weapon(cls, item: str) -> Purchase:
        return cls(PurchaseKind.PILE_WEAPON, item=item)

    @classmethod
    def repair(cls, item: str) -> Purchase:
        return cls(PurchaseKind.REPAIR, item=item)

    @classmethod
    def fourth_amulet(cls, amulet: str, wearer: str | None = None) -> Purchase:
        return cls(PurchaseKind.FOURTH_AMULET, slot=wearer, item=amulet)

    @classmethod
    def training(cls, slot: str) -> Purchase:
        return cls(PurchaseKind.TRAINING, slot=slot)


@dataclass(frozen=True)
class PurchaseResult:
    """After a purchase: the roster, the treasury, the price paid, the broken items still
    waiting for repair, and the dead member a recruit replaced (for the record)."""

    roster: Roster
    treasury: int
    price: int
    broken: tuple[str, ...]
    replaced: Member | None = None


def purchase_price(purchase: Purchase) -> int:
    """The gold price of a purchase (HR-10.7)."""
    if purchase.kind is PurchaseKind.RECRUIT:
        price = RECRUIT_PRICES.get(purchase.slot or "")
        if price is None:
            raise _no_such_place(purchase.slot)
        return price
    if purchase.kind is PurchaseKind.PILE_WEAPON:
        weapon = WEAPONS.get(purchase.item or "")
        if weapon is None or weapon.pile_cost is None:
            raise CampaignRuleError(
                f"{purchase.item!r} is not a weapon for the pile",
                "HR-10.7",
                f"{purchase.item!r} nem a fegyverhalomba való fegyver",
            )
        return GOLD_PER_PILE_POINT * weapon.pile_cost
    if purchase.kind is PurchaseKind.REPAIR:
        return REPAIR_PRICE
    if purchase.kind is PurchaseKind.FOURTH_AMULET:
        return FOURTH_AMULET_PRICE
    return TRAINING_PRICE


def apply_purchase(
    roster: Roster,
    treasury: int,
    purchase: Purchase,
    *,
    broken: Sequence[str] = (),
    training_done: int = 0,
) -> PurchaseResult:
    """Make a permanent purchase (HR-10.7). ``broken``: the team's items broken by Fegyvertörés;
    ``training_done``: the +1 Ép the trained member has bought before (training only)."""
    price = purchase_price(purchase)
    broken_items = tuple(broken)
    replaced: Member | None = None
    if purchase.kind is PurchaseKind.RECRUIT:
        roster, replaced = _recruit(roster, purchase)
    elif purchase.kind is PurchaseKind.PILE_WEAPON:
        roster = _add_to_pile(roster, purchase.item or "", broken_items)
    elif purchase.kind is PurchaseKind.REPAIR:
        roster, broken_items = _repair(roster, purchase.item or "", broken_items)
    elif purchase.kind is PurchaseKind.FOURTH_AMULET:
        roster = _fourth_amulet(roster, purchase.item or "", purchase.slot)
    else:
        roster = _train(roster, purchase.slot or "", training_done)
    what_hu, what = PURCHASE_NAMES[purchase.kind]
    return PurchaseResult(roster, pay(treasury, price, what, what_hu), price, broken_items, replaced)


def _no_such_place(slot: str | None) -> CampaignRuleError:
    return CampaignRuleError(f"there is no {slot!r} to recruit", "HR-10.7", f"nincs ilyen toborozható tag: {slot!r}")


def _with_member(roster: Roster, member: Member) -> Roster:
    """The roster with ``member`` in his slot (replacing whoever held it, or added)."""
    members = [m for m in roster.members if m.slot != member.slot]
    members.append(member)
    order = {slot: i for i, slot in enumerate(MEMBER_SLOTS)}
    members.sort(key=lambda m: order.get(m.slot, len(order)))
    return replace(roster, members=tuple(members))


def recruit_member(slot: str, name: str, gladiator_type: str | None = None) -> Member:
    """A new member of ``slot`` at his base profile (HR-10.7); a gladiator of ``gladiator_type``
    has that type's base TÉ, VÉ, Mozgás, SFÉ and STP. He brings no amulet."""
    if slot not in PROFILES:
        raise _no_such_place(slot)
    member = replace(base_member(slot, name), amulet=None)
    if gladiator_type is None or gladiator_type == BASE_GLADIATOR_TYPE:
        return member
    if slot != GLADIATOR:
        raise CampaignRuleError(
            f"only a gladiator has a type, not a {slot}",
            "HR-10.7",
            f"típusa csak gladiátornak lehet, ennek nem: {place_hu(slot)}",
        )
    if gladiator_type not in GLADIATOR_TYPES:
        raise CampaignRuleError(
            f"unknown gladiator type {gladiator_type!r}",
            "HR-3.3",
            f"ismeretlen gladiátortípus: {gladiator_type!r}",
        )
    stats = {stat: rule.base for stat, rule in stat_rules(GLADIATOR, gladiator_type).items()}
    return replace(member, gladiator_type=gladiator_type, stats=MappingProxyType(stats))


def _recruit(roster: Roster, purchase: Purchase) -> tuple[Roster, Member | None]:
    slot, name = purchase.slot or "", (purchase.name or "").strip()
    if not name:
        raise CampaignRuleError("a recruit needs a name", "HR-10.7", "az újoncnak név kell")
    current = roster.member(slot)
    if current is not None and current.status not in (DEAD, HIRELING):
        status_hu = STATUS_NAMES.get(current.status, (current.status, ""))[0]
        raise CampaignRuleError(
            f"the team's {slot} place is held by {current.name} ({current.status}); a recruit "
            "fills an empty place or a dead member's",
            "HR-10.7",
            f"a csapat {place_hu(slot)} helyét {current.name} tölti be ({status_hu}); újonc "
            "csak üres vagy halott tag helyére jöhet",
        )
    recruit = recruit_member(slot, name, purchase.gladiator_type)
    if current is not None:
        recruit = replace(recruit, amulet=current.amulet)  # the amulet stays with the team
        if slot == GLADIATOR:
            recruit = _takes_over_pile(recruit, current)
    return _with_member(roster, recruit), (current if current and current.status == DEAD else None)


def _takes_over_pile(recruit: Member, previous: Member) -> Member:
    """A recruited gladiator fights with the team's pile (HR-10.5); his type must allow it."""
    gtype = recruit.gladiator_type or BASE_GLADIATOR_TYPE
    banned = [item for item in previous.pile if item in WEAPONS and not item_allowed_for_type(gtype, item)]
    if banned:
        banned_hu = ", ".join(WEAPONS[item].name_hu.lower() for item in banned)
        type_hu = GLADIATOR_TYPES[gtype].name_hu
        raise CampaignRuleError(
            f"the team's pile holds {', '.join(banned)}, which a {type_hu} gladiator may not use",
            "HR-3.3",
            f"a csapat fegyverhalmában ilyen is van: {banned_hu}, ezt {type_hu} gladiátor nem használhatja",
        )
    grip = previous.starting_grip
    if not is_legal_grip(grip, gtype):
        one_handed = [i for i in previous.pile if i in WEAPONS and WEAPONS[i].hands is Hands.ONE]
        grip = (one_handed[0],) if one_handed else ()
    return replace(recruit, pile=previous.pile, kit=previous.kit, starting_grip=grip)


def _gladiator(roster: Roster) -> Member:
    gladiator = roster.member(GLADIATOR)
    if gladiator is None:
        raise CampaignRuleError(
            "the team has no gladiator and so no weapon pile",
            "HR-10.7",
            "a csapatnak nincs gladiátora, így fegyverhalma sincs",
        )
    return gladiator


def _add_to_pile(roster: Roster, item: str, broken: tuple[str, ...]) -> Roster:
    gladiator = _gladiator(roster)
    gtype = gladiator.gladiator_type or BASE_GLADIATOR_TYPE
    weapon, type_hu = WEAPONS[item], GLADIATOR_TYPES[gtype].name_hu
    if not item_allowed_for_type(gtype, item):
        raise CampaignRuleError(
            f"{weapon.name_en} is not allowed for a {type_hu} gladiator",
            "HR-3.3",
            f"{weapon.name_hu} nem megengedett {type_hu} gladiátornak",
        )
    held = [*gladiator.pile, *broken]
    if len(held) >= PILE_MAX_ITEMS:
        raise CampaignRuleError(
            f"the weapon pile holds {len(held)} items (broken ones included); at most {PILE_MAX_ITEMS} besides the kit",
            "HR-9.5",
            f"a fegyverhalomban {len(held)} tárgy van (a törötteket is számítva); az "
            f"alapfelszerelésen kívül legfeljebb {PILE_MAX_ITEMS} lehet",
        )
    if Counter(held)[item] >= pile_copies_allowed(item):
        raise CampaignRuleError(
            f"the pile holds {weapon.name_en} already; only one-handed weapons may be doubled (for a pair)",
            "HR-9.5",
            f"a fegyverhalomban már van {weapon.name_hu.lower()}; csak egykezes fegyver lehet kétszer (párban)",
        )
    return _with_member(roster, replace(gladiator, pile=(*gladiator.pile, item)))


def _repair(roster: Roster, item: str, broken: tuple[str, ...]) -> tuple[Roster, tuple[str, ...]]:
    if item not in broken:
        name_hu = WEAPONS[item].name_hu.lower() if item in WEAPONS else repr(item)
        raise CampaignRuleError(
            f"no broken {item!r} is waiting for repair",
            "HR-10.7",
            f"nincs javításra váró törött {name_hu}",
        )
    gladiator = _gladiator(roster)
    left = list(broken)
    left.remove(item)
    return _with_member(roster, replace(gladiator, pile=(*gladiator.pile, item))), tuple(left)


def _fourth_amulet(roster: Roster, amulet: str, wearer: str | None) -> Roster:
    if amulet not in AMULETS:
        raise CampaignRuleError(f"unknown amulet {amulet!r}", "HR-10.7", f"ismeretlen amulett: {amulet!r}")
    if len(roster.amulets) >= MAX_AMULETS:
        raise CampaignRuleError(
            f"the team has {MAX_AMULETS} amulets already (at most 4)",
            "HR-9.5",
            f"a csapatnak már {MAX_AMULETS} amulettje van (legfeljebb 4 lehet)",
        )
    free = [m for m in roster.in_sheet_order() if m[1].amulet is None and m[1].status != DEAD]
    if wearer is not None:
        free = [m for m in free if m[1].slot == wearer]
    if not free:
        raise CampaignRuleError(
            "no member can wear another amulet; a member wears at most one (RB p.7)",
            "HR-9.5",
            "egyik tag sem viselhet több amulettet; egy tagon legfeljebb egy lehet (szabálykönyv, 7. o.)",
        )
    return _with_member(roster, replace(free[0][1], amulet=amulet))


def _train(roster: Roster, slot: str, training_done: int) -> Roster:
    member = roster.member(slot)
    if member is None or member.status in (DEAD, HIRELING):
        raise CampaignRuleError(
            f"the team has no {slot} to train",
            "HR-10.7",
            f"a csapatnak nincs edzhető tagja ezen a helyen: {place_hu(slot)}",
        )
    if training_done >= MAX_TRAINING:
        raise CampaignRuleError(
            f"{member.name} has bought +{training_done} Ép by training already (at most +{MAX_TRAINING})",
            "HR-10.7",
            f"{member.name} már +{training_done} Ép-t vett edzéssel (legfeljebb +{MAX_TRAINING} lehet)",
        )
    stats = dict(member.stats)
    stats[Stat.EP] += 1
    return _with_member(roster, replace(member, stats=MappingProxyType(stats)))
