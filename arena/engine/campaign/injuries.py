"""Casualties after a campaign match: the injury table, lasting injuries and the healer (HR-10.5).

Every member who reached Ép ≤ 0 in the match (strategist included; hirelings never) rolls
:func:`injury_roll`: a d10 plus the modifiers, read on the table::

    ≤ 1  dead (halál)                removed for good; his amulet and pile stay with the team
    2    lasting injury              −1 to a stat for good (sub-table), and misses 2 matches
    3–4  grievous wound (súlyos seb) misses the next 2 matches
    5–6  wound (seb)                 misses the next match
    ≥ 7  recovers (felépül)          fit for the next match

Modifiers (:func:`injury_modifiers`): +1 if his team won; −1 if the last hit took him to −3 Ép or
below; −1 for a gladiator destroyed in the match (his own roll: only a destroyed gladiator rolls);
the thumbs (*hüvelykujj*) the winner shows over the fallen enemy gladiator: up +2, down −2 (and
+10 gold to the winner, :mod:`~arena.engine.campaign.gold`).

The lasting-injury sub-table is a d10, re-rolled on 7–10: 1 TÉ, 2 VÉ, 3 CÉ, 4 Mozgás, 5 Ép (−2),
6 Eg, each −1 unless noted. CÉ is TÉ for the gladiator and the witch-master (they have no CÉ);
any other result naming a stat the member lacks (the strategist has only Ép and Eg of these) is
re-rolled as well. A stat never drops below 1.

:func:`apply_injury` writes an outcome onto the member (status ``dead`` or ``absent``, the stat
loss); the app keeps the number of matches he still misses (``matches_missed``). The healer
(:func:`heal`) removes one match of absence for 10 gold; death and lasting stat loss cannot be
healed. :func:`absence_served` counts a missed match off.

The rows and the thumbs are named in both languages (:data:`INJURY_RESULT_NAMES`,
:data:`THUMBS_NAMES`); each modifier is a :class:`~arena.engine.campaign.texts.Line`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.league_dice import CampaignDice, DieRoll
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Line, Pair
from arena.engine.content.common import Stat
from arena.engine.content.profiles import GLADIATOR, WITCH_MASTER
from arena.engine.roster import ABSENT, ACTIVE, DEAD, HIRELING, Member

INJURY_DIE: Final = 10
LASTING_DIE: Final = 10
WORST_LAST_HIT_EP: Final = -3  # "took him to −3 Ép or below"
HEALER_GOLD_PER_MATCH: Final = 10
STAT_FLOOR: Final = 1


class InjuryResult(enum.StrEnum):
    DEAD = "dead"  # halál
    LASTING_INJURY = "lasting_injury"  # maradandó sérülés
    GRIEVOUS_WOUND = "grievous_wound"  # súlyos seb
    WOUND = "wound"  # seb
    RECOVERS = "recovers"  # felépül


# (hungarian, english): HR-10.5 prints the table's rows in Hungarian with the English beside
INJURY_RESULT_NAMES: Final[Mapping[InjuryResult, Pair]] = MappingProxyType(
    {
        InjuryResult.DEAD: ("Halál", "dead"),
        InjuryResult.LASTING_INJURY: ("Maradandó sérülés", "lasting injury"),
        InjuryResult.GRIEVOUS_WOUND: ("Súlyos seb", "grievous wound"),
        InjuryResult.WOUND: ("Seb", "wound"),
        InjuryResult.RECOVERS: ("Felépül", "recovers"),
    }
)

MATCHES_MISSED: Final[Mapping[InjuryResult, int]] = MappingProxyType(
    {
        InjuryResult.DEAD: 0,
        InjuryResult.LASTING_INJURY: 2,
        InjuryResult.GRIEVOUS_WOUND: 2,
        InjuryResult.WOUND: 1,
        InjuryResult.RECOVERS: 0,
    }
)


class Thumbs(enum.StrEnum):
    """The winner's verdict on the fallen enemy gladiator (HR-10.5)."""

    UP = "up"
    DOWN = "down"


THUMBS_MODIFIER: Final[Mapping[Thumbs, int]] = MappingProxyType({Thumbs.UP: 2, Thumbs.DOWN: -2})
THUMBS_NAMES: Final[Mapping[Thumbs, Pair]] = MappingProxyType(
    {Thumbs.UP: ("Hüvelykujj fel", "Thumbs up"), Thumbs.DOWN: ("Hüvelykujj le", "Thumbs down")}
)

# The sub-table: d10 result → (stat, loss); 7–10 are re-rolled.
LASTING_TABLE: Final[Mapping[int, tuple[Stat, int]]] = MappingProxyType(
    {
        1: (Stat.TE, 1),
        2: (Stat.VE, 1),
        3: (Stat.CE, 1),
        4: (Stat.MOV, 1),
        5: (Stat.EP, 2),
        6: (Stat.EG, 1),
    }
)
NO_AIM_SLOTS: Final = frozenset({GLADIATOR, WITCH_MASTER})  # "TÉ for the gladiator or witch-master"


def injury_result(total: int) -> InjuryResult:
    """The table row of a modified roll."""
    if total <= 1:
        return InjuryResult.DEAD
    if total == 2:
        return InjuryResult.LASTING_INJURY
    if total <= 4:
        return InjuryResult.GRIEVOUS_WOUND
    if total <= 6:
        return InjuryResult.WOUND
    return InjuryResult.RECOVERS


@dataclass(frozen=True)
class LastingInjury:
    """A permanent loss: ``amount`` (1, or 2 for Ép) off ``stat``."""

    stat: Stat
    amount: int


@dataclass(frozen=True)
class InjuryOutcome:
    """One injury roll: the d10, each modifier by name, the total, the row, how many matches he
    misses, and for a lasting injury the loss and every sub-table roll (re-rolls included)."""

    slot: str
    roll: DieRoll
    modifiers: tuple[Line, ...]
    total: int
    result: InjuryResult
    matches_missed: int
    lasting: LastingInjury | None = None
    lasting_rolls: tuple[DieRoll, ...] = ()

    @property
    def modifier(self) -> int:
        return sum(line.amount for line in self.modifiers)

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        return (self.roll, *self.lasting_rolls)


def injury_modifiers(
    member: Member, *, team_won: bool, final_ep: int, thumbs: Thumbs | None = None
) -> tuple[Line, ...]:
    """The modifiers of HR-10.5 that apply to ``member``, each a line naming its reason.

    >>> from arena.engine.roster import base_member
    >>> lines = injury_modifiers(base_member("gladiator"), team_won=False, final_ep=-1, thumbs="up")
    >>> [line.pair() for line in lines], [line.text("hu") for line in lines]
    ([('gladiator destroyed', -1), ('thumbs up', 2)], ['elpusztult gladiátor', 'hüvelykujj fel'])
    """
    modifiers: list[Line] = []
    if team_won:
        modifiers.append(Line("injury.team_won", 1))
    if final_ep <= WORST_LAST_HIT_EP:
        modifiers.append(Line("injury.last_hit", -1))
    if member.slot == GLADIATOR:
        modifiers.append(Line("injury.gladiator_destroyed", -1))
    if thumbs is not None:
        thumbs = Thumbs(thumbs)
        if member.slot != GLADIATOR or team_won:
            raise CampaignRuleError(
                "only the fallen gladiator of the losing side gets the thumbs",
                "HR-10.5",
                "hüvelykujjat csak a vesztes csapat elesett gladiátora kaphat",
            )
        modifiers.append(Line(f"injury.thumbs_{thumbs.value}", THUMBS_MODIFIER[thumbs]))
    return tuple(modifiers)


def injury_roll(
    member: Member,
    *,
    team_won: bool,
    final_ep: int,
    dice: CampaignDice,
    thumbs: Thumbs | None = None,
) -> InjuryOutcome:
    """Roll the injury table for a member who reached Ép ≤ 0 (``final_ep``, HR-10.5)."""
    if member.status == HIRELING:
        raise CampaignRuleError(
            f"{member.name} is a hireling and makes no injury roll",
            "HR-10.8",
            f"{member.name} zsoldos, nem dob sérülésre",
        )
    if final_ep > 0:
        raise CampaignRuleError(
            f"{member.name} ended with {final_ep} Ép; only members at Ép ≤ 0 roll for injury",
            "HR-10.5",
            f"{member.name} {final_ep} Ép-vel végzett; csak a 0 vagy kevesebb Ép-re jutott tagok dobnak sérülésre",
        )
    modifiers = injury_modifiers(member, team_won=team_won, final_ep=final_ep, thumbs=thumbs)
    roll = dice.roll(
        INJURY_DIE,
        f"injury roll: {member.name} (HR-10.5)",
        f"sérülésdobás: {member.name} (HR-10.5)",
    )
    total = roll.result + sum(line.amount for line in modifiers)
    result = injury_result(total)
    lasting: LastingInjury | None = None
    lasting_rolls: tuple[DieRoll, ...] = ()
    if result is InjuryResult.LASTING_INJURY:
        lasting, lasting_rolls = lasting_injury(member, dice)
    return InjuryOutcome(member.slot, roll, modifiers, total, result, MATCHES_MISSED[result], lasting, lasting_rolls)


def lasting_injury(member: Member, dice: CampaignDice) -> tuple[LastingInjury, tuple[DieRoll, ...]]:
    """Roll the sub-table until it names a stat he has (HR-10.5: re-roll 7–10)."""
    rolls: list[DieRoll] = []
    while True:
        roll = dice.roll(
            LASTING_DIE,
            f"lasting injury: {member.name} (HR-10.5)",
            f"maradandó sérülés: {member.name} (HR-10.5)",
        )
        rolls.append(roll)
        row = LASTING_TABLE.get(roll.result)
        if row is None:
            continue
        stat, amount = row
        if stat is Stat.CE and member.slot in NO_AIM_SLOTS:
            stat = Stat.TE
        if stat in member.stats:
            return LastingInjury(stat, amount), tuple(rolls)


def apply_injury(member: Member, outcome: InjuryOutcome) -> Member:
    """The member after his injury roll: dead, absent (with a lasting loss) or unchanged."""
    if outcome.slot != member.slot:
        raise ValueError(f"the outcome is the {outcome.slot}'s, not the {member.slot}'s")
    if outcome.result is InjuryResult.DEAD:
        return replace(member, status=DEAD)
    if outcome.lasting is not None:
        stats = dict(member.stats)
        stat = outcome.lasting.stat
        stats[stat] = max(STAT_FLOOR, stats[stat] - outcome.lasting.amount)
        member = replace(member, stats=MappingProxyType(stats))
    if outcome.matches_missed:
        return replace(member, status=ABSENT)
    return member


def absence_served(member: Member, matches_left: int) -> tuple[Member, int]:
    """After a match he missed: one match fewer to miss, and active again at 0."""
    if member.status != ABSENT or matches_left < 1:
        raise CampaignRuleError(f"{member.name} is not absent", "HR-10.5", f"{member.name} nem hiányzik")
    left = matches_left - 1
    return (replace(member, status=ACTIVE) if left == 0 else member), left


def healer_price(matches: int) -> int:
    """10 gold per match of absence removed (HR-10.5)."""
    if matches < 1:
        raise ValueError(f"the healer removes at least one match, not {matches}")
    return HEALER_GOLD_PER_MATCH * matches


@dataclass(frozen=True)
class Healing:
    """After the healer: the member, the matches he still misses, the treasury and the fee."""

    member: Member
    matches_left: int
    treasury: int
    price: int


def heal(member: Member, matches_left: int, matches: int, treasury: int) -> Healing:
    """Pay the healer (*gyógyító*) to remove ``matches`` of the member's absence (HR-10.5)."""
    if member.status == DEAD:
        raise CampaignRuleError(
            f"{member.name} is dead; death cannot be healed",
            "HR-10.5",
            f"{member.name} halott; a halál nem gyógyítható",
        )
    if member.status != ABSENT or matches_left < 1:
        raise CampaignRuleError(
            f"{member.name} is not absent; there is nothing to heal",
            "HR-10.5",
            f"{member.name} nem hiányzik; nincs mit gyógyítani",
        )
    if matches > matches_left:
        raise CampaignRuleError(
            f"{member.name} misses {matches_left} more match(es); the healer cannot remove {matches}",
            "HR-10.5",
            f"{member.name} még {matches_left} mérkőzést hagy ki; a gyógyító nem vehet le {matches} mérkőzést",
        )
    price = healer_price(matches)
    if price > treasury:
        raise CampaignRuleError(
            f"the healer asks {price} gold but the treasury holds {treasury}",
            "HR-10.5",
            f"a gyógyító {price} aranyat kér, de a kincstárban csak {treasury} arany van",
        )
    left = matches_left - matches
    healed = replace(member, status=ACTIVE) if left == 0 else member
    return Healing(healed, left, treasury - price, price)
