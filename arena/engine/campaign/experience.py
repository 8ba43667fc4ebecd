"""Experience and advancement (HR-10.6).

XP per member per match (:func:`xp_award`, from his :class:`Deeds`)::

    took part (on the board at the start)                      1
    survived (Ép > 0 at the end)                               1
    killed an enemy non-gladiator (dealt the killing damage)   2 each
    killed the enemy strategist                                3
    dealt ≥ 1 Ép to the enemy gladiator (any source)           1
    destroyed the enemy gladiator                              4
    his team won (surviving members)                           1

The strategist counts once, as the strategist (3), not also as a non-gladiator. Hirelings earn
no XP. A member who did not take part earns nothing.

Advances fall due at 5, 12, 21, 32 and 45 XP in total (:func:`advances_earned`,
:func:`advances_due`). Each is one :class:`Advance`, chosen by the player and checked by
:func:`apply_advance`:

- +1 TÉ, VÉ or CÉ (the stat must be on his sheet); +2 Ép; +1 Eg; +1 ME;
- +1 Mozgás, only from his third advance on and only once;
- a skill swap: one of his skills for another of his role's list that he does not have.

Each stat rises by at most +2 through advances (so Ép once, the others twice); advances may pass
the HR-9.3 maxima. The team value goes up at the HR-9 unit costs
(:func:`~arena.engine.campaign.campaign.team_value`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from ..content.common import STAT_NAMES, Stat
from ..content.skills import CHOOSABLE_SKILLS, skills_for_role
from ..roster import DEAD, HIRELING, Member
from .errors import CampaignRuleError

XP_TOOK_PART: Final = 1
XP_SURVIVED: Final = 1
XP_PER_FIGHTER_KILLED: Final = 2
XP_STRATEGIST_KILLED: Final = 3
XP_DAMAGED_GLADIATOR: Final = 1
XP_DESTROYED_GLADIATOR: Final = 4
XP_TEAM_WON: Final = 1

ADVANCE_THRESHOLDS: Final = (5, 12, 21, 32, 45)
MAX_ADVANCES: Final = len(ADVANCE_THRESHOLDS)
MAX_RISE_PER_STAT: Final = 2
MOVEMENT_FROM_ADVANCE: Final = 3
ADVANCE_AMOUNTS: Final[Mapping[Stat, int]] = MappingProxyType(
    {Stat.TE: 1, Stat.VE: 1, Stat.CE: 1, Stat.EP: 2, Stat.EG: 1, Stat.ME: 1, Stat.MOV: 1}
)


@dataclass(frozen=True)
class Deeds:
    """What one member did in one match (HR-10.6). ``fighters_killed`` counts the enemy
    witch-master, crossbowman and dagger-throwers he dealt the killing damage to (not zombies,
    not the strategist, who is ``strategist_killed``)."""

    took_part: bool = True
    survived: bool = True
    fighters_killed: int = 0
    strategist_killed: bool = False
    damaged_gladiator: bool = False
    destroyed_gladiator: bool = False
    team_won: bool = False


@dataclass(frozen=True)
class XpAward:
    """XP for one match: the total and each line of the table that counted."""

    total: int
    lines: tuple[tuple[str, int], ...]


def xp_award(deeds: Deeds, *, hireling: bool = False) -> XpAward:
    """XP one member earns for one match (HR-10.6)."""
    if hireling or not deeds.took_part:
        return XpAward(0, ())
    if deeds.fighters_killed < 0:
        raise ValueError(f"kills cannot be negative: {deeds.fighters_killed}")
    lines: list[tuple[str, int]] = [("took part", XP_TOOK_PART)]
    if deeds.survived:
        lines.append(("survived", XP_SURVIVED))
    if deeds.fighters_killed:
        lines.append(
            (
                f"killed {deeds.fighters_killed} enemy non-gladiator(s)",
                XP_PER_FIGHTER_KILLED * deeds.fighters_killed,
            )
        )
    if deeds.strategist_killed:
        lines.append(("killed the enemy strategist", XP_STRATEGIST_KILLED))
    if deeds.damaged_gladiator or deeds.destroyed_gladiator:
        lines.append(("dealt Ép to the enemy gladiator", XP_DAMAGED_GLADIATOR))
    if deeds.destroyed_gladiator:
        lines.append(("destroyed the enemy gladiator", XP_DESTROYED_GLADIATOR))
    if deeds.team_won and deeds.survived:
        lines.append(("his team won", XP_TEAM_WON))
    return XpAward(sum(xp for _, xp in lines), tuple(lines))


def advances_earned(xp: int) -> int:
    """How many advances ``xp`` in total has earned (0–5)."""
    return sum(1 for threshold in ADVANCE_THRESHOLDS if xp >= threshold)


def advances_due(xp_before: int, xp_after: int) -> int:
    """How many advances a match's XP brings (HR-10.6): thresholds crossed from ``xp_before`` to
    ``xp_after``."""
    if xp_after < xp_before:
        raise ValueError(f"XP never goes down: {xp_before} → {xp_after}")
    return advances_earned(xp_after) - advances_earned(xp_before)


@dataclass(frozen=True)
class Advance:
    """One advance: a raised ``stat``, or a skill swap (``swap_out`` for ``swap_in``). Build one
    with :meth:`raise_stat` or :meth:`swap_skill`."""

    stat: Stat | None = None
    swap_out: str | None = None
    swap_in: str | None = None

    def __post_init__(self) -> None:
        swap = self.swap_out is not None or self.swap_in is not None
        if (self.stat is None) == (not swap) or (
            swap and (self.swap_out is None or self.swap_in is None)
        ):
            raise ValueError("an advance raises one stat or swaps one skill for another")

    @classmethod
    def raise_stat(cls, stat: Stat) -> Advance:
        return cls(stat=stat)

    @classmethod
    def swap_skill(cls, out: str, into: str) -> Advance:
        return cls(swap_out=out, swap_in=into)

    @property
    def amount(self) -> int:
        """How much the stat rises (2 for Ép, else 1; 0 for a skill swap)."""
        return 0 if self.stat is None else ADVANCE_AMOUNTS.get(self.stat, 0)


def _stat_label(stat: Stat) -> str:
    return STAT_NAMES[stat][0]


def apply_advance(member: Member, choice: Advance, *, taken: Sequence[Advance], xp: int) -> Member:
    """The member after one more advance (HR-10.6). ``taken``: his advances so far, in order;
    ``xp``: his XP in total. Raises :class:`CampaignRuleError` naming the rule it breaks."""
    if member.status == HIRELING:
        raise CampaignRuleError(f"{member.name} is a hireling; hirelings earn no XP", "HR-10.8")
    if member.status == DEAD:
        raise CampaignRuleError(f"{member.name} is dead", "HR-10.5")
    number = len(taken) + 1
    if number > advances_earned(xp):
        raise CampaignRuleError(
            f"{member.name} has {xp} XP, which earns {advances_earned(xp)} advance(s); "
            f"{len(taken)} taken already",
            "HR-10.6",
        )
    if choice.stat is not None:
        return _raise_stat(member, choice.stat, number, taken)
    assert choice.swap_out is not None and choice.swap_in is not None
    return _swap_skill(member, choice.swap_out, choice.swap_in)


def _raise_stat(member: Member, stat: Stat, number: int, taken: Sequence[Advance]) -> Member:
    label = _stat_label(stat)
    amount = ADVANCE_AMOUNTS.get(stat)
    if amount is None:
        raise CampaignRuleError(f"{label} cannot be raised by an advance", "HR-10.6")
    if stat not in member.stats:
        raise CampaignRuleError(f"{member.name} has no {label} on his sheet", "HR-10.6")
    if stat is Stat.MOV:
        if number < MOVEMENT_FROM_ADVANCE:
            raise CampaignRuleError(
                f"Mozgás can be raised only from the third advance on; this is advance {number}",
                "HR-10.6",
            )
        if any(a.stat is Stat.MOV for a in taken):
            raise CampaignRuleError(
                f"{member.name} has raised Mozgás already (at most once)", "HR-10.6"
            )
    risen = sum(a.amount for a in taken if a.stat is stat)
    if risen + amount > MAX_RISE_PER_STAT:
        raise CampaignRuleError(
            f"{member.name}'s {label} has risen by +{risen} through advances; "
            f"+{amount} more passes the +{MAX_RISE_PER_STAT} cap",
            "HR-10.6",
        )
    stats = dict(member.stats)
    stats[stat] += amount
    return replace(member, stats=MappingProxyType(stats))


def _swap_skill(member: Member, out: str, into: str) -> Member:
    role = member.role
    if role is None or not member.skills:
        raise CampaignRuleError(f"{member.name} has no skills to swap", "HR-10.6")
    if out not in member.skills:
        raise CampaignRuleError(f"{member.name} does not have {out}", "HR-10.6")
    allowed = {skill.id for skill in skills_for_role(role)}
    if into not in CHOOSABLE_SKILLS or into not in allowed:
        raise CampaignRuleError(
            f"{member.name} cannot take {into}; the {role.value} list is "
            f"{', '.join(sorted(allowed))}",
            "HR-10.6",
        )
    if into in member.skills:
        raise CampaignRuleError(f"{member.name} has {into} already (no skill twice)", "HR-10.6")
    return replace(member, skills=tuple(into if s == out else s for s in member.skills))
