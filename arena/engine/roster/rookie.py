"""What of a member differs from the base team (HR-2.1), for the Rookie tier's rule TB-25.

The Rookie tier plays the base team: profiles, gladiator type, pile, ammunition, discs and amulets
exactly as HR-2.1 prints them; names, the starting grip and skill swaps of equal cost may differ
(and ME tokens, handed out at setup). ``differences_from_base`` lists every other difference of a
member as ``(path, field, value, base value)``; the field and values are
:mod:`arena.engine.roster.labels` values, so that the TB-25 message reads in either language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final

from arena.engine.content.common import Stat
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import GLADIATOR, STRATEGIST, WITCH_MASTER
from arena.engine.content.skills import CHOOSABLE_SKILLS
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE
from arena.engine.roster import Member, base_member, buyable_ammo
from arena.engine.roster.labels import (
    NONE,
    AmmoRef,
    AmuletRef,
    Listing,
    Phrase,
    SlotRef,
    StatRef,
    Text,
    TypeRef,
    VialRef,
    items_ref,
    listing,
    phrase,
)
from arena.engine.roster.rule_context import Entry

AMULETS_FIELD: Final = Text("amulets", "a csapat amulettkészlete")


# path, field, value, base value. A field names what differs: English "crossbowman CÉ",
# Hungarian "a számszeríjász CÉ értéke" (the six slot names all begin with a consonant: "a").
Difference = tuple[str, Phrase, object, object]


def _field(who: SlotRef, en: str, hu: str, **values: object) -> Phrase:
    return phrase(f"{{who}} {en}", f"a {{who}} {hu}", who=who, **values)


def differences_from_base(entry: Entry) -> Iterator[Difference]:
    """Every difference of the member in a known slot from the base team's, in sheet order: stats,
    type and pile, supplies, discs, trap insight, the skills' costs, a vial."""
    member, base = entry.member, base_member(entry.slot)
    who = SlotRef(entry.slot)
    for stat in Stat:
        value, base_value = member.stats.get(stat), base.stats.get(stat)
        if value is not None and value != base_value:
            label = _field(who, "{stat}", "{stat} értéke", stat=StatRef(stat))
            yield entry.path("stats", stat.value), label, value, _or_none(base_value)
    yield from _equipment_differences(entry, base)
    costs, base_costs = _skill_costs(member.skills), _skill_costs(base.skills)
    if costs is not None and costs != base_costs:
        label = _field(who, "skill cost", "képzettségeinek ára")
        yield entry.path("skills"), label, _sum(costs), _sum(base_costs or ())
    if member.vial is not None:
        yield entry.path("vial"), _field(who, "vial", "fiolája"), VialRef(member.vial), NONE


def _equipment_differences(entry: Entry, base: Member) -> Iterator[Difference]:
    member, who = entry.member, SlotRef(entry.slot)
    if entry.slot == GLADIATOR:
        gladiator_type = member.gladiator_type or BASE_GLADIATOR_TYPE
        if gladiator_type != base.gladiator_type:
            label, base_type = _field(who, "type", "típusa"), TypeRef(base.gladiator_type)
            yield entry.path("gladiator_type"), label, TypeRef(gladiator_type), base_type
        if Counter(member.pile) != Counter(base.pile):
            label = _field(who, "pile", "fegyverhalma")
            yield entry.path("pile"), label, items_ref(member.pile), items_ref(base.pile)
    for ammo in buyable_ammo(entry.slot):
        count = member.ammunition.get(ammo)
        if count is not None and count != base.ammunition.get(ammo):
            label = _field(who, "{ammo}", "lőszere ({ammo})", ammo=AmmoRef(ammo))
            yield entry.path("ammunition", ammo.value), label, count, base.ammunition.get(ammo)
    if member.disc_count is not None and member.disc_count != base.disc_count:
        label = _field(who, "spell discs", "korongjainak száma")
        yield entry.path("disc_count"), label, member.disc_count, base.disc_count
    if entry.slot == WITCH_MASTER and member.fixed_discs:
        label = _field(who, "fixed discs", "rögzített korongjainak szintje")
        yield entry.path("fixed_discs"), label, _sum(member.fixed_discs), NONE
    drawn = member.trap_cards_drawn
    if drawn is not None and entry.slot == STRATEGIST and drawn != TRAP_CARDS_KEPT:
        label = _field(who, "trap cards drawn", "húzott csapdakártyáinak száma")
        yield entry.path("trap_cards_drawn"), label, drawn, TRAP_CARDS_KEPT


def _skill_costs(skills: Iterable[str]) -> tuple[int, ...] | None:
    """The sorted point costs of the skills; None when one is unknown or a type special
    (TB-25: those are TB-08's and TB-10's, and equal cost cannot be judged)."""
    costs = []
    for skill in skills:
        known = CHOOSABLE_SKILLS.get(skill)
        if known is None or known.point_cost is None:
            return None
        costs.append(known.point_cost)
    return tuple(sorted(costs))


def _sum(values: Iterable[object]) -> Listing:
    """``3 + 3 + 4``; none when there are none."""
    return listing(values, " + ")


def amulets_listing(amulets: Iterable[str]) -> Listing:
    """``poison + lightning + curse`` / ``méregsemlegesítő + villámtagadó + rontáselhárító``."""
    return listing((AmuletRef(a) for a in amulets), " + ")


def _or_none(value: object) -> object:
    return NONE if value is None else value
