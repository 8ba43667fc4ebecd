"""One-match purchases and patronage (HR-10.7, HR-10.8).

One-match items, for gold or for patronage points (:class:`MatchItem`):

==========================  ==================  =====================================
Item                        gold (HR-10.7)      patronage points (HR-9.5 cost)
==========================  ==================  =====================================
a fixed disc of level L     10 × L              2 × L
trap insight (draw 4 / 5)   20 / 40             4 / 8
poison vial / potion        15 / 20             3 / 4 (only with its option on)
temporary 4th amulet        –                   4
==========================  ==================  =====================================

**Patronage** (*kegy*, :func:`patronage_points`): before a campaign match the team with the lower
team value receives points equal to the difference, at most 20, to spend on these items for that
match only; the rest is lost. :func:`patronage_left` checks a choice against the points.

:func:`equip_for_match` puts the items on the fielded roster for the match and checks their
limits: at most 2 fixed discs and one fixed level-5 (TB-18), trap insight once (a strategist
draws 3 before it), one vial per fighter and 3 per team, never the strategist's, and only under
the team's option (TB-21), a 4th amulet only on a team of 3 and on a member without one (TB-19).

The kinds' names are ``(hungarian, english)`` pairs in :data:`MATCH_ITEM_NAMES`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Pair, place_hu
from arena.engine.content.amulets import AMULETS, VIALS, VIALS_PER_TEAM
from arena.engine.content.discs import DISC_POOL, DISCS_DRAWN
from arena.engine.content.points import (
    EXTRA_AMULET_COST,
    MAX_AMULETS,
    MAX_FIXED_DISCS,
    MAX_FIXED_LEVEL_5_DISCS,
    TRAP_CARDS_KEPT,
    TRAP_INSIGHT_COSTS,
    fixed_discs_cost,
    vial_cost,
)
from arena.engine.content.profiles import MEMBER_SLOTS, STRATEGIST, WITCH_MASTER
from arena.engine.roster import Member, Roster

PATRONAGE_CAP: Final = 20
GOLD_PER_DISC_LEVEL: Final = 10
TRAP_INSIGHT_GOLD: Final = {4: 20, 5: 40}
VIAL_GOLD: Final = {"poison_vial": 15, "potion": 20}
TOP_DISC_LEVEL: Final = max(DISC_POOL)


class MatchItemKind(enum.StrEnum):
    FIXED_DISC = "fixed_disc"
    TRAP_INSIGHT = "trap_insight"
    VIAL = "vial"
    AMULET = "amulet"  # a temporary 4th amulet, for patronage only


MATCH_ITEM_NAMES: Final[Mapping[MatchItemKind, Pair]] = MappingProxyType(
    {
        MatchItemKind.FIXED_DISC: ("rögzített korong", "fixed disc"),
        MatchItemKind.TRAP_INSIGHT: ("csapdabetekintés", "trap insight"),
        MatchItemKind.VIAL: ("fiola", "vial"),
        MatchItemKind.AMULET: ("ideiglenes negyedik amulett", "temporary 4th amulet"),
    }
)


@dataclass(frozen=True)
class MatchItem:
    """One item for one match. ``value``: the disc level, or the trap cards drawn (4 or 5);
    ``item``: the vial or amulet id; ``slot``: who carries the vial or wears the amulet (an
    amulet's wearer may be None: the first member in sheet order without one)."""

    kind: MatchItemKind
    value: int | None = None
    item: str | None = None
    slot: str | None = None

    @classmethod
    def fixed_disc(cls, level: int) -> MatchItem:
        return cls(MatchItemKind.FIXED_DISC, value=level)

    @classmethod
    def trap_insight(cls, drawn: int) -> MatchItem:
        return cls(MatchItemKind.TRAP_INSIGHT, value=drawn)

    @classmethod
    def vial(cls, vial: str, slot: str) -> MatchItem:
        return cls(MatchItemKind.VIAL, item=vial, slot=slot)

    @classmethod
    def amulet(cls, amulet: str, slot: str | None = None) -> MatchItem:
        return cls(MatchItemKind.AMULET, item=amulet, slot=slot)


def _check(item: MatchItem) -> None:
    if item.kind is MatchItemKind.FIXED_DISC and item.value not in DISC_POOL:
        raise CampaignRuleError(
            f"there is no spell disc of level {item.value}",
            "HR-9.5",
            f"nincs {item.value}. szintű varázslatszint-jelző korong",
        )
    if item.kind is MatchItemKind.TRAP_INSIGHT and item.value not in TRAP_INSIGHT_GOLD:
        raise CampaignRuleError(
            f"trap insight draws 4 or 5 cards, not {item.value}",
            "HR-9.5",
            f"csapdabetekintéssel 4 vagy 5 lapot kell húzni (nem ennyit: {item.value})",
        )
    if item.kind is MatchItemKind.VIAL and item.item not in VIALS:
        raise CampaignRuleError(f"unknown vial {item.item!r}", "HR-9.5", f"ismeretlen fiola: {item.item!r}")
    if item.kind is MatchItemKind.AMULET and item.item not in AMULETS:
        raise CampaignRuleError(f"unknown amulet {item.item!r}", "HR-9.5", f"ismeretlen amulett: {item.item!r}")


def gold_price(item: MatchItem) -> int:
    """The gold price of a one-match item (HR-10.7); a temporary amulet is patronage only."""
    _check(item)
    if item.kind is MatchItemKind.FIXED_DISC:
        return GOLD_PER_DISC_LEVEL * (item.value or 0)
    if item.kind is MatchItemKind.TRAP_INSIGHT:
        return TRAP_INSIGHT_GOLD[item.value or 0]
    if item.kind is MatchItemKind.VIAL:
        return VIAL_GOLD[item.item or ""]
    raise CampaignRuleError(
        "a temporary 4th amulet comes only with patronage; a lasting one costs 40 gold",
        "HR-10.8",
        "ideiglenes negyedik amulett csak pártfogásból jár; az állandó 40 aranyba kerül",
    )


def patronage_cost(item: MatchItem) -> int:
    """The patronage points an item costs: its HR-9.5 point cost (HR-10.8)."""
    _check(item)
    if item.kind is MatchItemKind.FIXED_DISC:
        return fixed_discs_cost([item.value or 0])
    if item.kind is MatchItemKind.TRAP_INSIGHT:
        return TRAP_INSIGHT_COSTS[item.value or 0]
    if item.kind is MatchItemKind.VIAL:
        return vial_cost(item.item or "")
    return EXTRA_AMULET_COST


def patronage_points(own_value: int, opponent_value: int) -> int:
    """Points for the team with the lower team value: the difference, at most 20 (HR-10.8).

    >>> patronage_points(200, 212), patronage_points(212, 200), patronage_points(180, 230)
    (12, 0, 20)
    """
    return min(PATRONAGE_CAP, max(0, opponent_value - own_value))


def patronage_left(points: int, items: Iterable[MatchItem]) -> int:
    """The points left after buying ``items`` with ``points`` of patronage (the rest is lost
    after the match); refused when they cost more."""
    cost = sum(patronage_cost(item) for item in items)
    if cost > points:
        raise CampaignRuleError(
            f"the items cost {cost} patronage points but the team has {points}",
            "HR-10.8",
            f"a tárgyak {cost} pártfogási pontba kerülnek, de a csapatnak csak {points} van",
        )
    return points - cost


def equip_for_match(roster: Roster, items: Sequence[MatchItem]) -> Roster:
    """The fielded roster with the one-match items on it, every limit checked (see above)."""
    for item in items:
        _check(item)
        roster = _equip(roster, item)
    return roster


def _member(roster: Roster, slot: str, what: str, what_hu: str) -> Member:
    member = roster.member(slot)
    if member is None:
        raise CampaignRuleError(
            f"the team fields no {slot} for {what}",
            "HR-9.5",
            f"a csapat nem állít ki ilyen tagot ({what_hu}): {place_hu(slot)}",
        )
    return member


def _put(roster: Roster, member: Member) -> Roster:
    return replace(roster, members=tuple(member if m.slot == member.slot else m for m in roster.members))


def _equip(roster: Roster, item: MatchItem) -> Roster:
    if item.kind is MatchItemKind.FIXED_DISC:
        wizard = _member(roster, WITCH_MASTER, "a fixed disc", "rögzített korong")
        fixed = (*wizard.fixed_discs, item.value or 0)
        drawn = DISCS_DRAWN if wizard.disc_count is None else wizard.disc_count
        if len(fixed) > min(MAX_FIXED_DISCS, drawn):
            raise CampaignRuleError(
                f"at most {MAX_FIXED_DISCS} of the discs may be fixed",
                "HR-9.5",
                f"legfeljebb {MAX_FIXED_DISCS} korong lehet rögzített",
            )
        if fixed.count(TOP_DISC_LEVEL) > MAX_FIXED_LEVEL_5_DISCS:
            raise CampaignRuleError(
                "at most one disc may be a fixed level-5",
                "HR-9.5",
                "legfeljebb egy rögzített korong lehet 5. szintű",
            )
        return _put(roster, replace(wizard, fixed_discs=fixed))
    if item.kind is MatchItemKind.TRAP_INSIGHT:
        strategist = _member(roster, STRATEGIST, "trap insight", "csapdabetekintés")
        if (strategist.trap_cards_drawn or TRAP_CARDS_KEPT) != TRAP_CARDS_KEPT:
            raise CampaignRuleError(
                "trap insight is bought once",
                "HR-9.5",
                "csapdabetekintést csak egyszer lehet venni",
            )
        return _put(roster, replace(strategist, trap_cards_drawn=item.value))
    if item.kind is MatchItemKind.VIAL:
        return _equip_vial(roster, item)
    return _equip_amulet(roster, item)


def _equip_vial(roster: Roster, item: MatchItem) -> Roster:
    vial = VIALS[item.item or ""]
    if vial.option not in roster.options:
        raise CampaignRuleError(
            f"{vial.name_en} needs its optional rule {vial.option}",
            "HR-7",
            f"a {vial.name_hu} csak a saját opcionális szabályával ({vial.option}) használható",
        )
    carrier = _member(roster, item.slot or "", "a vial", "fiola")
    if carrier.slot == STRATEGIST:
        raise CampaignRuleError("the strategist carries no vial", "HR-7", "a stratéga nem visz fiolát")
    if carrier.vial is not None:
        raise CampaignRuleError(
            f"{carrier.name} carries a vial already (one per fighter)",
            "HR-7",
            f"{carrier.name} már visz fiolát (harcosonként egy lehet)",
        )
    if sum(1 for m in roster.members if m.vial is not None) >= VIALS_PER_TEAM:
        raise CampaignRuleError(
            f"a team carries at most {VIALS_PER_TEAM} vials",
            "HR-7",
            f"egy csapat legfeljebb {VIALS_PER_TEAM} fiolát vihet",
        )
    return _put(roster, replace(carrier, vial=vial.id))


def _equip_amulet(roster: Roster, item: MatchItem) -> Roster:
    if len(roster.amulets) >= MAX_AMULETS:
        raise CampaignRuleError(
            f"the team has {MAX_AMULETS} amulets already",
            "HR-9.5",
            f"a csapatnak már {MAX_AMULETS} amulettje van",
        )
    order = {slot: i for i, slot in enumerate(MEMBER_SLOTS)}
    free = sorted((m for m in roster.members if m.amulet is None), key=lambda m: order.get(m.slot, 9))
    if item.slot is not None:
        free = [m for m in free if m.slot == item.slot]
    if not free:
        raise CampaignRuleError(
            "no member can wear another amulet (one each, RB p.7)",
            "HR-9.5",
            "egyik tag sem viselhet több amulettet (tagonként egy, szabálykönyv, 7. o.)",
        )
    return _put(roster, replace(free[0], amulet=item.item))
