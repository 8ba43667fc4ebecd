"""Experience and advancement (HR-10.6).

XP per member per match (:func:`xp_award`, from his :class:`Deeds`)::

    took part (on the board at the start)                      1
    survived (Ép > 0 at the end)                               1
    killed an enemy non-gladiator (dealt the killing damage)   2 each
    killed the enemy strategist                                3 each
    dealt ≥ 1 Ép to the enemy gladiator (any source)           1 each
    destroyed the enemy gladiator                              4 each
    his team won (surviving members)                           1

The strategist counts once, as the strategist (3), not also as a non-gladiator. A line that names
"the enemy" counts once per enemy it happened to: a duel has one enemy strategist and one enemy
gladiator, a four-seat match two (pairs) or three (free-for-all), and a member may kill or hurt
more than one of them (docs/decisions.md, "Deeds against several enemies"). Hirelings earn no XP.
A member who did not take part earns nothing.

Advances fall due at 5, 12, 21, 32 and 45 XP in total (:func:`advances_earned`,
:func:`advances_due`). Each is one :class:`Advance`, chosen by the player and checked by
:func:`apply_advance`:

- +1 TÉ, VÉ or CÉ (the stat must be on his sheet); +2 Ép; +1 Eg; +1 ME;
- +1 Mozgás, only from his third advance on and only once;
- a skill swap: one of his skills for another of his role's list that he does not have.

Each stat rises by at most +2 through advances (so Ép once, the others twice); advances may pass
the HR-9.3 maxima. The team value goes up at the HR-9 unit costs
(:func:`~arena.engine.campaign.between_matches.team_value`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Line, counted_line
from arena.engine.content.common import ROLE_NAMES, STAT_NAMES, Stat
from arena.engine.content.skills import CHOOSABLE_SKILLS, SKILLS, skills_for_role
from arena.engine.roster import DEAD, HIRELING, Member

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
    not the strategist, who is ``strategists_killed``); ``gladiators_damaged`` the enemy
    gladiators he dealt at least 1 Ép to, and ``gladiators_destroyed`` those he destroyed (a
    destroyed gladiator was hurt too: he counts on both lines)."""

    took_part: bool = True
    survived: bool = True
    fighters_killed: int = 0
    strategists_killed: int = 0
    gladiators_damaged: int = 0
    gladiators_destroyed: int = 0
    team_won: bool = False


@dataclass(frozen=True)
class XpAward:
    """XP for one match: the total and each line of the table that counted
    (:class:`~arena.engine.campaign.texts.Line` s, keyed ``xp.*``)."""

    total: int
    lines: tuple[Line, ...]


def xp_award(deeds: Deeds, *, hireling: bool = False) -> XpAward:
    """XP one member earns for one match (HR-10.6).

    >>> award = xp_award(Deeds(fighters_killed=1, team_won=True))
    >>> award.total, [line.text("hu") for line in award.lines]
    (5, ['részt vett', 'túlélte', '1 ellenséges nem gladiátort ölt meg', 'csapata nyert'])
    """
    if hireling or not deeds.took_part:
        return XpAward(0, ())
    counts = (deeds.fighters_killed, deeds.strategists_killed, deeds.gladiators_damaged, deeds.gladiators_destroyed)
    if min(counts) < 0:
        raise ValueError(f"kills cannot be negative: {counts}")
    lines: list[Line] = [Line("xp.took_part", XP_TOOK_PART)]
    if deeds.survived:
        lines.append(Line("xp.survived", XP_SURVIVED))
    if deeds.fighters_killed:
        kills = deeds.fighters_killed
        lines.append(Line("xp.fighters_killed", XP_PER_FIGHTER_KILLED * kills, kills))
    if deeds.strategists_killed:
        lines.append(counted_line("xp.strategist_killed", XP_STRATEGIST_KILLED, deeds.strategists_killed))
    hurt = max(deeds.gladiators_damaged, deeds.gladiators_destroyed)
    if hurt:
        lines.append(counted_line("xp.damaged_gladiator", XP_DAMAGED_GLADIATOR, hurt))
    if deeds.gladiators_destroyed:
        lines.append(counted_line("xp.destroyed_gladiator", XP_DESTROYED_GLADIATOR, deeds.gladiators_destroyed))
    if deeds.team_won and deeds.survived:
        lines.append(Line("xp.team_won", XP_TEAM_WON))
    return XpAward(sum(line.amount for line in lines), tuple(lines))


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
        if (self.stat is None) == (not swap) or (swap and (self.swap_out is None or self.swap_in is None)):
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
    return STAT_NAMES[stat][0]  # TÉ, Ép, Mozgás …: the sheet's abbreviations, in both languages


def _skill_hu(skill_id: str) -> str:
    skill = SKILLS.get(skill_id)
    return skill.name_hu if skill else skill_id


def apply_advance(member: Member, choice: Advance, *, taken: Sequence[Advance], xp: int) -> Member:
    """The member after one more advance (HR-10.6). ``taken``: his advances so far, in order;
    ``xp``: his XP in total. Raises :class:`CampaignRuleError` naming the rule it breaks."""
    name = member.name
    if member.status == HIRELING:
        raise CampaignRuleError(
            f"{name} is a hireling; hirelings earn no XP",
            "HR-10.8",
            f"{name} zsoldos; a zsoldos nem kap TP-t",
        )
    if member.status == DEAD:
        raise CampaignRuleError(f"{name} is dead", "HR-10.5", f"{name} halott")
    number = len(taken) + 1
    if number > advances_earned(xp):
        earned = advances_earned(xp)
        raise CampaignRuleError(
            f"{name} has {xp} XP, which earns {earned} advance(s); {len(taken)} taken already",
            "HR-10.6",
            f"{name} {xp} TP-vel {earned} fejlődésre jogosult, és már {len(taken)} fejlődést felvett",
        )
    if choice.stat is not None:
        return _raise_stat(member, choice.stat, number, taken)
    assert choice.swap_out is not None and choice.swap_in is not None
    return _swap_skill(member, choice.swap_out, choice.swap_in)


def _raise_stat(member: Member, stat: Stat, number: int, taken: Sequence[Advance]) -> Member:
    label, name = _stat_label(stat), member.name
    amount = ADVANCE_AMOUNTS.get(stat)
    if amount is None:
        raise CampaignRuleError(
            f"{label} cannot be raised by an advance",
            "HR-10.6",
            f"{label} fejlődéssel nem növelhető",
        )
    if stat not in member.stats:
        raise CampaignRuleError(f"{name} has no {label} on his sheet", "HR-10.6", f"{name} lapján nincs {label}")
    if stat is Stat.MOV:
        if number < MOVEMENT_FROM_ADVANCE:
            raise CampaignRuleError(
                f"Mozgás can be raised only from the third advance on; this is advance {number}",
                "HR-10.6",
                "a Mozgás csak a harmadik fejlődéstől növelhető; "
                f"ez {'az' if number in (1, 5) else 'a'} {number}. fejlődés",
            )
        if any(a.stat is Stat.MOV for a in taken):
            raise CampaignRuleError(
                f"{name} has raised Mozgás already (at most once)",
                "HR-10.6",
                f"{name} már növelte a Mozgását (legfeljebb egyszer lehet)",
            )
    risen = sum(a.amount for a in taken if a.stat is stat)
    if risen + amount > MAX_RISE_PER_STAT:
        raise CampaignRuleError(
            f"{name}'s {label} has risen by +{risen} through advances; "
            f"+{amount} more passes the +{MAX_RISE_PER_STAT} cap",
            "HR-10.6",
            f"{name} {label} értéke fejlődésekkel eddig +{risen} lett; "
            f"további +{amount} túllépné a +{MAX_RISE_PER_STAT} korlátot",
        )
    stats = dict(member.stats)
    stats[stat] += amount
    return replace(member, stats=MappingProxyType(stats))


def _swap_skill(member: Member, out: str, into: str) -> Member:
    role, name = member.role, member.name
    if role is None or not member.skills:
        raise CampaignRuleError(
            f"{name} has no skills to swap",
            "HR-10.6",
            f"{name} nem rendelkezik cserélhető képzettséggel",
        )
    if out not in member.skills:
        raise CampaignRuleError(
            f"{name} does not have {out}",
            "HR-10.6",
            f"{name} nem rendelkezik ezzel a képzettséggel: {_skill_hu(out)}",
        )
    allowed = {skill.id for skill in skills_for_role(role)}
    if into not in CHOOSABLE_SKILLS or into not in allowed:
        allowed_hu = ", ".join(sorted(_skill_hu(skill) for skill in allowed))
        raise CampaignRuleError(
            f"{name} cannot take {into}; the {role.value} list is {', '.join(sorted(allowed))}",
            "HR-10.6",
            f"{name} nem választhatja ezt: {_skill_hu(into)}; a {ROLE_NAMES[role][0]} képzettségei: {allowed_hu}",
        )
    if into in member.skills:
        raise CampaignRuleError(
            f"{name} has {into} already (no skill twice)",
            "HR-10.6",
            f"{name} már rendelkezik ezzel: {_skill_hu(into)} (egy képzettség nem lehet kétszer)",
        )
    return replace(member, skills=tuple(into if s == out else s for s in member.skills))
