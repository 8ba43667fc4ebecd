"""Campaigns of WB-8: the record, fielding and hirelings, and the steps after each match, as pure
functions over recorded dice (:mod:`warbands.rules.warband_dice`) that return every roll.

A :class:`Campaign` is the league's copy of a warband (``warband``: every figure's current profile,
the dead ones kept so a Necromancer can raise them), the league's ``points`` (L), the ``treasury``
and a :class:`FigureRecord` per figure and minion (XP, advances, kills, injuries, matches still to
miss, dead, raised). :func:`register` makes one (WB-01 … 15 at L; treasury L − T).

After each match, in this order (WB-8.2), each step a function returning a :class:`Step`
(the new campaign, the rolls, a line per thing that happened, in both languages) or refusing with
``violations`` (the campaign unchanged, nothing rolled):

1. the report (:mod:`warbands.rules.league`);
2. :func:`illusion_victims` — each figure taken out by an illusion rolls a d6: ≥ Q fit, else it
   misses the next match (S4 l.125);
3. :func:`injuries` (or :func:`roll_injury` then :func:`resolve_injury`, to let the player choose
   the healer after seeing the severity) — the injury table after seed 002 (S2 l.120–136), as
   Viadal's HR-10.5 does; a dead master's minion leaves; a dead minion stays dead (S4 l.11);
4. :func:`raise_dead` — a Necromancer who played and lives raises one figure that died in this
   match: Q worse by 1, C −1, Undead (S4 l.75–79); WB-20 names what 8.3 excludes;
5. :func:`experience`, then :func:`apply_advance` (WB-19) at 4, 10, 18 and 28 XP;
6. :func:`collect_income`, and the purchases :func:`buy_figure`, :func:`buy_minion`,
   :func:`buy_spell`, :func:`buy_pool_points` (WB-18: the treasury and the caps of 8.1), and
   :func:`dismiss`;
7. :func:`warband_value` — WV, T recomputed from the living figures.

Before a match: :func:`check_fielding` (WB-17: no dead or absent figure, hirelings within 8.6),
:func:`hireling_allowance`.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from warbands.rules import warband_content as c
from warbands.rules.army_list import ARMY_LIST
from warbands.rules.bilingual import Text, same
from warbands.rules.figure_prices import figure_price, warband_totals
from warbands.rules.league import EndState, Fielded, Outcome, SideReport
from warbands.rules.messages import who
from warbands.rules.model import Figure, Minion, Pool, Warband
from warbands.rules.warband_checks import Violation, check_warband, profile_problems
from warbands.rules.warband_dice import Dice, Roll
from warbands.rules.warband_file import warband_from_dict, warband_to_dict

ADVANCE_THRESHOLDS: Final = (4, 10, 18, 28)  # WB-8.4
QUALITY_ADVANCES_MAX: Final = 1
COMBAT_ADVANCES_MAX: Final = 2
HEALER_GOLD_PER_SEVERITY: Final = 5  # S2 l.136
INCOME: Final[Mapping[Outcome, int]] = MappingProxyType(
    {Outcome.WIN: 20, Outcome.DRAW: 15, Outcome.LOSS: 10, Outcome.BYE: 15, Outcome.FORFEIT: 0}
)
ADVANCE_RULES: Final = (c.HEAVY_ARMOUR, c.LONG_MOVE, c.HERO, c.TOUGH, c.LEADER)  # besides Shooter (WB-8.4)


def _key(name: str) -> str:
    return name.strip().casefold()


# --- The record ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FigureRecord:
    """A figure's campaign record (WB-8.1). ``injuries`` are the severities of its injuries (2 and
    worse), oldest first; ``lasting`` the stats a lasting injury lowered; ``missed`` the matches it
    still misses; ``left`` a minion gone with its dead master."""

    name: str
    xp: int = 0
    advances: tuple[str, ...] = ()
    kills: int = 0
    injuries: tuple[int, ...] = ()
    lasting: tuple[str, ...] = ()
    missed: int = 0
    dead: bool = False
    raised: bool = False
    left: bool = False
    minion: bool = False

    @property
    def out(self) -> bool:
        """Dead or gone: never fielded again."""
        return self.dead or self.left


@dataclass(frozen=True)
class Campaign:
    """A warband in a campaign: its current profiles, L, the treasury and each figure's record."""

    warband: Warband
    points: int
    treasury: int
    records: tuple[FigureRecord, ...] = ()

    def record(self, name: str) -> FigureRecord:
        """The record of the figure or minion called ``name`` (``KeyError`` when there is none)."""
        found = next((r for r in self.records if _key(r.name) == _key(name)), None)
        if found is None:
            raise KeyError(name)
        return found

    def figure(self, name: str) -> Figure:
        """The current profile of the figure or minion called ``name``."""
        for _, figure in self.warband.all_figures():
            if _key(figure.name) == _key(name):
                return figure
        raise KeyError(name)

    def master_of(self, name: str) -> Figure | None:
        """The figure whose minion ``name`` is, or None."""
        return next(
            (f for f in self.warband.figures if any(_key(m.figure.name) == _key(name) for m in f.minions)), None
        )

    def with_record(self, record: FigureRecord) -> Campaign:
        records = tuple(record if _key(r.name) == _key(record.name) else r for r in self.records)
        if not any(_key(r.name) == _key(record.name) for r in self.records):
            records += (record,)
        return replace(self, records=records)

    def with_figure(self, name: str, figure: Figure) -> Campaign:
        """The campaign with the warband figure (not a minion) ``name`` replaced by ``figure``."""
        figures = tuple(figure if _key(f.name) == _key(name) else f for f in self.warband.figures)
        return replace(self, warband=replace(self.warband, figures=figures))


@dataclass(frozen=True)
class Step:
    """What a step gives: the campaign after it, every roll made, what happened (one line each),
    and the violations that refused it (then ``campaign`` is unchanged and nothing was rolled)."""

    campaign: Campaign
    rolls: tuple[Roll, ...] = ()
    lines: tuple[Text, ...] = ()
    violations: tuple[Violation, ...] = ()
    died: tuple[str, ...] = field(default=())  # the figures that died in this step (injuries)

    @property
    def ok(self) -> bool:
        return not self.violations


def register(warband: Warband, points: int | None = None) -> Step:
    """Register ``warband`` for a campaign of ``points`` (the warband's own L when None): it must pass
    WB-01 … WB-15 at L (WB-8.1); the treasury starts at L − T (WB-8.5)."""
    size = warband.points if points is None else points
    violations = check_warband(warband, size)
    campaign = Campaign(replace(warband, points=size), size, 0)
    if violations:
        return Step(campaign, violations=violations)
    records = tuple(FigureRecord(f.name, minion=".minions[" in path) for path, f in warband.all_figures())
    treasury = size - warband_totals(warband, size).total
    return Step(replace(campaign, treasury=treasury, records=records), lines=(_gold_line(treasury),))


def _gold_line(treasury: int) -> Text:
    return Text("The treasury holds {g} gold.", "A kincstárban {g} arany van.").format(g=treasury)


def living_warband(campaign: Campaign) -> Warband:
    """The warband without its dead figures and minions, and without a pool no living figure draws
    on (what WV prices and purchases check; a raised Summoner finds his pool again)."""
    out = {_key(r.name) for r in campaign.records if r.out}
    figures = tuple(
        replace(f, minions=tuple(m for m in f.minions if _key(m.figure.name) not in out))
        for f in campaign.warband.figures
        if _key(f.name) not in out
    )
    skills = {s for f in figures for s in f.skills}
    pools = tuple(p for p in campaign.warband.pools if p.skill in skills)
    return replace(campaign.warband, figures=figures, pools=pools)


def warband_value(campaign: Campaign) -> int:
    """WV: T recomputed from the living figures' current profiles, pools included (WB-8.1)."""
    return warband_totals(living_warband(campaign), campaign.points).total


def campaign_caps(points: int, value: int) -> tuple[int, int, int]:
    """The caps of WB-07, WB-08 and WB-10 in a campaign: ⌊M/3⌋, ⌊M/2⌋, ⌊M/4⌋ with M = max(L, WV)."""
    m = max(points, value)
    return c.personality_cap(m), c.animal_cap(m), c.pool_cap(m)


# --- Fielding and hirelings (WB-8.1, WB-8.6, WB-17) ----------------------------------------------------


def absent_figures(campaign: Campaign) -> tuple[str, ...]:
    """Who cannot play the next match: the dead and gone, those still missing matches, and a minion
    whose master is absent (WB-8.1)."""
    away = [r.name for r in campaign.records if r.out or r.missed > 0]
    away_keys = {_key(n) for n in away}
    for figure in campaign.warband.figures:
        if _key(figure.name) in away_keys:
            away.extend(m.figure.name for m in figure.minions if _key(m.figure.name) not in away_keys)
    return tuple(away)


def hireling_allowance(own_value: int, enemy_value: int, points: int) -> int:
    """What the side with the lower WV may field in hirelings: the difference, at most ⌊L/3⌋ (8.6)."""
    return max(0, min(enemy_value - own_value, c.personality_cap(points)))


def is_hireling_profile(figure: Figure) -> bool:
    """A non-personality army-list profile (WB-8.6), whatever its name."""
    return any(
        not p.personality
        and (figure.quality, figure.combat, set(figure.rules), set(figure.spells), set(figure.skills))
        == (p.quality, p.combat, set(p.rules), set(p.spells), set(p.skills))
        and not figure.minions
        for p in ARMY_LIST.values()
    )


def check_fielding(
    campaign: Campaign, fielded: Iterable[str], hirelings: Sequence[Figure] = (), allowance: int = 0
) -> tuple[Violation, ...]:
    """WB-17: no dead or absent figure fielded; hirelings are non-personality army-list profiles
    totalling at most ``allowance`` (:func:`hireling_allowance`)."""
    problems: list[Violation] = []
    away = {_key(n) for n in absent_figures(campaign)}
    for name in fielded:
        if _key(name) in away:
            record = next((r for r in campaign.records if _key(r.name) == _key(name)), None)
            status = _status(record if record is not None and (record.out or record.missed) else None)
            message = Text("{name} is {status}.", "{name}: {status}.").format(name=who(name), status=status)
            problems.append(Violation("WB-17", "fielded", message))
    for i, hireling in enumerate(hirelings):
        if not is_hireling_profile(hireling):
            message = Text(
                "{name} is not a non-personality army-list profile, so it cannot be hired.",
                "{name} nem személyiség nélküli seregprofil, így nem fogadható fel.",
            ).format(name=who(hireling.name))
            problems.append(Violation("WB-17", f"hirelings[{i}]", message))
    total = sum(figure_price(h) for h in hirelings)
    if total > allowance:
        message = Text(
            "Hirelings cost {total}; at most {allowance} (WV difference, at most a third of L).",
            "A zsoldosok ára {total}; legfeljebb {allowance} lehet (az értékkülönbség, legfeljebb L harmada).",
        ).format(total=total, allowance=allowance)
        problems.append(Violation("WB-17", "hirelings", message))
    return tuple(problems)


def _status(record: FigureRecord | None) -> Text:
    if record is None:
        return Text("absent with its master", "gazdájával együtt távol van")
    if record.dead:
        return Text("dead", "halott")
    if record.left:
        return Text("gone with its master", "gazdájával együtt távozott")
    return Text("absent for {n} more match(es)", "még {n} mérkőzést kihagy").format(n=record.missed)


def serve_absence(campaign: Campaign, fielded: Collection[str]) -> Campaign:
    """After a match the figure missed, one match of absence is served (call once per match, for
    the figures that did not play)."""
    played = {_key(n) for n in fielded}
    records = tuple(
        replace(r, missed=r.missed - 1) if r.missed > 0 and _key(r.name) not in played else r for r in campaign.records
    )
    return replace(campaign, records=records)


# --- Step 2: illusion victims (S4 l.125) ----------------------------------------------------------------


def illusion_victims(campaign: Campaign, report: SideReport, dice: Dice) -> Step:
    """Each own figure taken out by an illusion rolls a d6: ≥ its Q, fit; else it misses the next
    match (it was never hurt)."""
    rolls: list[Roll] = []
    lines: list[Text] = []
    for end in report.ends:
        if end.state != EndState.ILLUSION or not _has_record(campaign, end.name):
            continue
        figure = campaign.figure(end.name)
        roll = dice.roll(Text("{n}: test after an illusion", "{n}: próba illúzió után").format(n=same(figure.name)))
        rolls.append(roll)
        if roll.result >= figure.quality:
            lines.append(
                Text("{n} shakes off the illusion ({r} ≥ {q}).", "{n} lerázza az illúziót ({r} ≥ {q}).").format(
                    n=same(figure.name), r=roll.result, q=figure.quality
                )
            )
        else:
            record = campaign.record(end.name)
            campaign = campaign.with_record(replace(record, missed=max(record.missed, 1)))
            lines.append(
                Text(
                    "{n} still believes it died ({r} < {q}): misses the next match.",
                    "{n} még hiszi, hogy meghalt ({r} < {q}): kihagyja a következő mérkőzést.",
                ).format(n=same(figure.name), r=roll.result, q=figure.quality)
            )
    return Step(campaign, tuple(rolls), tuple(lines))


def _has_record(campaign: Campaign, name: str) -> bool:
    return any(_key(r.name) == _key(name) for r in campaign.records)  # hirelings have none


# --- Step 3: injuries (WB-8.2, after S2 l.120–136 as HR-10.5) -------------------------------------------


class InjuryResult(enum.StrEnum):
    FIT = "fit"  # ≤ 1: superficial (S2 l.136)
    HAND = "hand"  # 2–3: a hand unusable
    LEG = "leg"  # 4: leg wound
    DYING = "dying"  # 5: 1 in 6 dies (S2 l.128)
    CRIPPLED = "crippled"  # 6: lasting
    DEAD = "dead"  # ≥ 7: quick death


INJURY_NAMES: Final[Mapping[InjuryResult, Text]] = MappingProxyType(
    {
        InjuryResult.FIT: Text("superficial: fit", "felszínes: harcképes"),
        InjuryResult.HAND: Text("a hand unusable: misses the next match", "használhatatlan kéz: kihagy egy mérkőzést"),
        InjuryResult.LEG: Text("leg wound: misses the next 2 matches", "lábsérülés: kihagy két mérkőzést"),
        InjuryResult.DYING: Text("dying", "haldoklik"),
        InjuryResult.CRIPPLED: Text("crippled: a lasting injury", "rokkant: maradandó sérülés"),
        InjuryResult.DEAD: Text("quick death", "gyors halál"),
    }
)


def injury_result(severity: int) -> InjuryResult:
    if severity <= 1:
        return InjuryResult.FIT
    if severity <= 3:
        return InjuryResult.HAND
    return {4: InjuryResult.LEG, 5: InjuryResult.DYING, 6: InjuryResult.CRIPPLED}.get(severity, InjuryResult.DEAD)


@dataclass(frozen=True)
class InjuryRoll:
    """A figure's rolled severity: the die, +1 gruesome, +1 its side lost, +1 the same wound twice."""

    name: str
    roll: Roll
    gruesome: bool
    side_lost: bool
    repeated: bool

    @property
    def severity(self) -> int:
        return self.roll.result + self.gruesome + self.side_lost + self.repeated

    @property
    def result(self) -> InjuryResult:
        return injury_result(self.severity)

    @property
    def healer_cost(self) -> int | None:
        """5 × severity gold when the healer can help (2–5), else None."""
        return HEALER_GOLD_PER_SEVERITY * self.severity if 2 <= self.severity <= 5 else None


def roll_injury(campaign: Campaign, name: str, gruesome: bool, side_lost: bool, dice: Dice) -> InjuryRoll:
    """Roll the severity of ``name``'s injury: 1D6, +1 gruesome, +1 if its side lost; one worse when
    its previous injury had the same severity, 2–5 (S2 l.124)."""
    record = campaign.record(name)
    roll = dice.roll(Text("{n}: injury severity", "{n}: sérülés súlyossága").format(n=same(record.name)))
    base = roll.result + gruesome + side_lost
    repeated = bool(record.injuries) and record.injuries[-1] == base and 2 <= base <= 5
    return InjuryRoll(record.name, roll, gruesome, side_lost, repeated)


def resolve_injury(campaign: Campaign, injury: InjuryRoll, dice: Dice, heal: bool = False) -> Step:
    """Apply a rolled injury (WB-8.2's table), paying the healer when ``heal`` and it can help
    (WB-18 refuses a healer the treasury cannot pay, before any roll)."""
    record = campaign.record(injury.name)
    severity, result = injury.severity, injury.result
    cost = injury.healer_cost if heal else None
    if cost is not None and cost > campaign.treasury:
        message = Text(
            "The healer for {n} costs {g} gold; the treasury holds {t}.",
            "{n} gyógyítója {g} aranyba kerül; a kincstárban {t} van.",
        ).format(n=same(record.name), g=cost, t=campaign.treasury)
        return Step(campaign, violations=(Violation("WB-18", "treasury", message),))
    rolls: list[Roll] = []
    name = same(record.name)
    lines = [
        Text("{n}: severity {s}, {r}.", "{n}: súlyosság {s}, {r}.").format(n=name, s=severity, r=INJURY_NAMES[result])
    ]
    treasury = campaign.treasury - (cost or 0)
    if cost is not None:
        lines.append(
            Text("The healer tends {n} for {g} gold.", "A gyógyító ellátja: {n}, {g} arany.").format(n=name, g=cost)
        )
    injuries = record.injuries + ((severity,) if severity >= 2 else ())
    missed, dead, lasting = 0, False, record.lasting
    figure = campaign.figure(record.name)
    if result == InjuryResult.HAND:
        missed = 0 if cost else 1
    elif result == InjuryResult.LEG:
        missed = 0 if cost else 2
    elif result == InjuryResult.DYING:
        if cost:
            missed = 1
        else:
            death = dice.roll(Text("{n}: dying, 1 dies", "{n}: haldoklik, 1-esre meghal").format(n=name))
            rolls.append(death)
            dead = death.result == 1
            missed = 0 if dead else 2
            lines.append(
                Text("{n} dies.", "{n} meghal.").format(n=name)
                if dead
                else Text("{n} pulls through: misses the next 2 matches.", "{n} túléli: kihagy két mérkőzést.").format(
                    n=name
                )
            )
    elif result == InjuryResult.CRIPPLED:
        lasting_roll = dice.roll(
            Text(
                "{n}: lasting injury, 1–3 Combat, 4–6 Quality", "{n}: maradandó sérülés, 1–3 Harc, 4–6 Minőség"
            ).format(n=name)
        )
        rolls.append(lasting_roll)
        figure, stat = _lasting(figure, lasting_roll.result)
        lasting = lasting + ((stat,) if stat else ())
        missed = 1
        lines.append(_lasting_line(name, stat))
    elif result == InjuryResult.DEAD:
        dead = True
    campaign = replace(campaign, treasury=treasury)
    if figure != campaign.figure(record.name):
        campaign = _replace_profile(campaign, record.name, figure)
    campaign = campaign.with_record(
        replace(record, injuries=injuries, lasting=lasting, missed=max(record.missed, missed), dead=dead)
    )
    died: tuple[str, ...] = ()
    if dead:
        campaign, left = _death(campaign, record.name)
        died = (record.name,)
        lines.extend(Text("{m} leaves with its master.", "{m} távozik a gazdájával.").format(m=same(m)) for m in left)
    return Step(campaign, tuple(rolls), tuple(lines), died=died)


def _lasting(figure: Figure, result: int) -> tuple[Figure, str]:
    """1–3 C −1, 4–6 Q worse by 1; the other stat if this one is at its limit; nothing if both are."""
    order = ("combat", "quality") if result <= 3 else ("quality", "combat")
    for stat in order:
        if stat == "combat" and figure.combat > c.COMBAT_MIN:
            return replace(figure, combat=figure.combat - 1), stat
        if stat == "quality" and figure.quality < c.QUALITY_MAX:
            return replace(figure, quality=figure.quality + 1), stat
    return figure, ""


def _lasting_line(name: Text, stat: str) -> Text:
    if not stat:
        return Text(
            "{n}'s stats are at their limits; nothing more is lost.",
            "{n} értékei a határukon vannak; nem veszít többet.",
        ).format(n=name)
    return Text("{n} loses for good: {f} worse by 1.", "{n} maradandóan veszít: {f} 1-gyel rosszabb.").format(
        n=name, f=c.FIELD_NAMES[stat]
    )


def _replace_profile(campaign: Campaign, name: str, figure: Figure) -> Campaign:
    """Replace the profile of the figure or minion ``name``."""
    master = campaign.master_of(name)
    if master is None:
        return campaign.with_figure(name, figure)
    minions = tuple(Minion(figure, m.grant) if _key(m.figure.name) == _key(name) else m for m in master.minions)
    return campaign.with_figure(master.name, replace(master, minions=minions))


def _death(campaign: Campaign, name: str) -> tuple[Campaign, tuple[str, ...]]:
    """A dead minion leaves its master's profile (it stays dead, S4 l.11); a dead master's minion
    leaves with him (WB-8.1)."""
    master = campaign.master_of(name)
    if master is not None:
        kept = tuple(m for m in master.minions if _key(m.figure.name) != _key(name))
        return campaign.with_figure(master.name, replace(master, minions=kept)), ()
    figure = campaign.figure(name)
    left = tuple(m.figure.name for m in figure.minions)
    for minion_name in left:
        campaign = campaign.with_record(replace(campaign.record(minion_name), left=True))
    return campaign.with_figure(name, replace(figure, minions=())), left


def injuries(campaign: Campaign, report: SideReport, side_lost: bool, dice: Dice, heal: Collection[str] = ()) -> Step:
    """Step 3 for a whole side: each own figure ``killed`` or ``gruesome`` rolls (hirelings and
    ``fled`` figures do not); the healer is paid for those named in ``heal`` when it can help and
    the treasury allows (one the treasury cannot pay is not called, and a line says so)."""
    wanted = {_key(n) for n in heal}
    rolls: list[Roll] = []
    lines: list[Text] = []
    died: list[str] = []
    for end in report.ends:
        if end.state not in (EndState.KILLED, EndState.GRUESOME) or not _has_record(campaign, end.name):
            continue
        if campaign.record(end.name).out:
            continue  # a minion gone with its master who died earlier in this step
        injury = roll_injury(campaign, end.name, end.state == EndState.GRUESOME, side_lost, dice)
        step = resolve_injury(campaign, injury, dice, heal=_key(end.name) in wanted and injury.healer_cost is not None)
        if not step.ok:  # the severity stands; the healer is not paid
            lines.append(step.violations[0].message)
            step = resolve_injury(campaign, injury, dice, heal=False)
        rolls.append(injury.roll)
        rolls.extend(step.rolls)
        lines.extend(step.lines)
        died.extend(step.died)
        campaign = step.campaign
    return Step(campaign, tuple(rolls), tuple(lines), died=tuple(died))


# --- Step 4: raising (WB-8.3, S4 l.75–81) -----------------------------------------------------------------


def raise_dead(
    campaign: Campaign, choices: Sequence[tuple[str, str]], died: Collection[str], played: Collection[str]
) -> Step:
    """Each ``(necromancer, target)``: a Necromancer who played and is alive raises one own figure
    that ``died`` in this match; it returns with Q worse by 1 (6 at most), C −1 (0 at least) and
    Undead, keeping its XP, advances and lasting injuries. WB-20 refuses what 8.3 excludes (Undead,
    Artificial, minions, hirelings, a figure raised before), and a Necromancer raising twice."""
    problems: list[Violation] = []
    died_keys, played_keys = {_key(n) for n in died}, {_key(n) for n in played}
    used: set[str] = set()
    targets: set[str] = set()
    for i, (necromancer, target) in enumerate(choices):
        path = f"raises[{i}]"
        reason = _raise_problem(campaign, necromancer, target, died_keys, played_keys, used, targets)
        if reason is not None:
            message = Text("{n} cannot be raised: {reason}.", "{n} nem támasztható fel: {reason}.")
            problems.append(Violation("WB-20", path, message.format(n=who(target), reason=reason)))
        used.add(_key(necromancer))
        targets.add(_key(target))
    if problems:
        return Step(campaign, violations=tuple(problems))
    lines: list[Text] = []
    for necromancer, target in choices:
        figure = campaign.figure(target)
        raised = replace(
            figure,
            quality=min(c.QUALITY_MAX, figure.quality + 1),
            combat=max(c.COMBAT_MIN, figure.combat - 1),
            rules=(*figure.rules, c.UNDEAD),
        )
        campaign = campaign.with_figure(target, raised)
        campaign = campaign.with_record(replace(campaign.record(target), dead=False, raised=True, missed=0))
        lines.append(
            Text(
                "{m} raises {n} as Undead: Q{q}+, C{cb}.", "{m} feltámasztja: {n}, Élőhalottként: Q{q}+, C{cb}."
            ).format(m=same(necromancer), n=same(raised.name), q=raised.quality, cb=raised.combat)
        )
    return Step(campaign, lines=tuple(lines))


def _raise_problem(
    campaign: Campaign,
    necromancer: str,
    target: str,
    died: set[str],
    played: set[str],
    used: set[str],
    targets: set[str],
) -> Text | None:
    if not _has_record(campaign, necromancer) or c.NECROMANCER not in campaign.figure(necromancer).skills:
        return Text("{m} is not a Necromancer of this warband", "{m} nem Nekromanta ebben az osztagban").format(
            m=who(necromancer)
        )
    if _key(necromancer) not in played or campaign.record(necromancer).out:
        return Text("{m} did not play or is dead", "{m} nem játszott, vagy halott").format(m=who(necromancer))
    if _key(necromancer) in used:
        return Text("{m} raises one figure a match", "{m} mérkőzésenként egy alakot támaszthat fel").format(
            m=who(necromancer)
        )
    if not _has_record(campaign, target):
        return Text("a hireling or not of this warband", "zsoldos, vagy nem ennek az osztagnak a tagja")
    if _key(target) not in died or not campaign.record(target).dead or _key(target) in targets:
        return Text("it did not die in this match", "nem ezen a mérkőzésen halt meg")
    if campaign.record(target).minion:
        return Text("a dead minion stays dead", "a halott szolga halott marad")
    figure = campaign.figure(target)
    if c.UNDEAD in figure.rules:
        return Text("Undead cannot be raised", "Élőhalott nem támasztható fel")
    if c.ARTIFICIAL in figure.rules:
        return Text("Artificial figures cannot be raised", "Mesterséges alak nem támasztható fel")
    if campaign.record(target).raised:
        return Text("it was raised before", "már egyszer feltámasztották")
    return None


# --- Step 5: experience and advances (WB-8.4) ------------------------------------------------------------


def experience(
    campaign: Campaign,
    fielded: Sequence[Fielded],
    report: SideReport,
    enemy: Sequence[Fielded],
    enemy_report: SideReport,
    won: bool,
) -> Step:
    """XP per figure (not minions or hirelings): 1 on the table at the start, 1 not taken out, 1 per
    enemy figure it took out (+1 for a personality), 1 if its side won; kills are counted."""
    personality = {_key(f.name): f.personality for f in enemy}
    lines: list[Text] = []
    for f in fielded:
        if f.minion or f.hireling or not _has_record(campaign, f.name):
            continue
        record = campaign.record(f.name)
        victims = [e for e in enemy_report.ends if e.taken_out_by is not None and _key(e.taken_out_by) == _key(f.name)]
        victims = [e for e in victims if e.state != EndState.IN]
        gained = 1 + (report.state_of(f.name) == EndState.IN) + won
        gained += sum(1 + personality.get(_key(e.name), False) for e in victims)
        updated = replace(record, xp=record.xp + gained, kills=record.kills + len(victims))
        campaign = campaign.with_record(updated)
        due = advances_due(updated)
        line = Text("{n} gains {x} XP ({t} in all).", "{n} {x} TP-t kap (összesen {t}).").format(
            n=same(f.name), x=gained, t=updated.xp
        )
        lines.append(line)
        if due:
            lines.append(
                Text("{n} may take {d} advance(s).", "{n} {d} fejlődést választhat.").format(n=same(f.name), d=due)
            )
    return Step(campaign, lines=tuple(lines))


def advances_due(record: FigureRecord) -> int:
    """Advances reached (4, 10, 18, 28 XP) and not yet taken."""
    return max(0, sum(record.xp >= t for t in ADVANCE_THRESHOLDS) - len(record.advances))


class AdvanceKind(enum.StrEnum):
    QUALITY = "quality"  # Q better by 1, once
    COMBAT = "combat"  # C +1, twice at most
    RULE = "rule"  # Heavy Armour, Long Move, Hero, Tough, Leader
    SHOOTER = "shooter"  # Shooter (short), or the next longer range
    SPELL = "spell"  # a spell, for a magic figure


@dataclass(frozen=True)
class Advance:
    kind: AdvanceKind
    item: str = ""  # the rule or spell id for RULE and SPELL

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.item}" if self.item else str(self.kind)


def _advance_problem(campaign: Campaign, name: str, advance: Advance) -> tuple[Figure | None, Text | None]:
    """The figure after ``advance``, or the reason it is not available."""
    if not _has_record(campaign, name) or campaign.master_of(name) is not None:
        return None, Text(
            "only a warband figure (not a minion or hireling) advances",
            "csak az osztag alakja fejlődhet (szolga és zsoldos nem)",
        )
    record, figure = campaign.record(name), campaign.figure(name)
    taken = [a.split(":")[0] for a in record.advances]
    if record.out:
        return None, Text("it is dead", "halott")
    if advances_due(record) < 1:
        return None, Text("no advance is due at {x} XP", "{x} TP-nél nem jár fejlődés").format(x=record.xp)
    if advance.kind == AdvanceKind.QUALITY:
        if taken.count(AdvanceKind.QUALITY) >= QUALITY_ADVANCES_MAX or figure.quality <= c.QUALITY_MIN:
            return None, Text("Quality improves once, never below 2", "a Minőség egyszer javulhat, 2 alá soha")
        return replace(figure, quality=figure.quality - 1), None
    if advance.kind == AdvanceKind.COMBAT:
        if taken.count(AdvanceKind.COMBAT) >= COMBAT_ADVANCES_MAX or figure.combat >= c.COMBAT_MAX:
            return None, Text(
                "Combat rises twice at most, never above 6", "a Harc legfeljebb kétszer nőhet, 6 fölé soha"
            )
        return replace(figure, combat=figure.combat + 1), None
    if advance.kind == AdvanceKind.SHOOTER:
        held = [r for r in c.SHOOTER_RANGES if r in figure.rules]
        if held and held[-1] == c.SHOOTER_LONG:
            return None, Text("it already shoots at long range", "már nagy távra lő")
        following = c.SHOOTER_RANGES[c.SHOOTER_RANGES.index(held[-1]) + 1] if held else c.SHOOTER_SHORT
        rules = tuple(r for r in figure.rules if r not in c.SHOOTER_RANGES) + (following,)
        return replace(figure, rules=rules), None
    if advance.kind == AdvanceKind.RULE:
        if advance.item not in ADVANCE_RULES or advance.item in figure.rules:
            return None, Text("{r} is not an advance it can take", "{r} nem választható fejlődés").format(
                r=c.entry_name(advance.item)
            )
        return replace(figure, rules=(*figure.rules, advance.item)), None
    if advance.item not in c.SPELLS or advance.item in figure.spells or c.MAGIC_USER not in figure.rules:
        return None, Text("{s} is not a new spell of a magic figure", "{s} nem egy mágikus alak új varázslata").format(
            s=c.entry_name(advance.item)
        )
    return replace(figure, spells=(*figure.spells, advance.item)), None


def apply_advance(campaign: Campaign, name: str, advance: Advance) -> Step:
    """Take one advance (WB-8.4); WB-19 refuses one below its threshold or beyond a limit, one whose
    result fails WB-01 … 04, and a personality rule over the campaign's caps (8.1). The figure is
    re-priced by the rules of WB-2 whenever it is priced."""
    after, reason = _advance_problem(campaign, name, advance)
    if after is None or reason is not None:
        message = Text("{n}: {a} not available: {reason}.", "{n}: {a} nem választható: {reason}.")
        violation = Violation(
            "WB-19", "advance", message.format(n=who(name), a=same(advance.id), reason=reason or Text("", ""))
        )
        return Step(campaign, violations=(violation,))
    changed = campaign.with_figure(name, after)
    problems = [
        Violation(
            "WB-19",
            path,
            Text("{n}: {a} not available: {p}", "{n}: {a} nem választható: {p}").format(
                n=who(name), a=same(advance.id), p=msg
            ),
        )
        for _, path, msg in profile_problems(after, "advance")
    ]
    problems.extend(_cap_problems(changed, "WB-19"))
    if problems:
        return Step(campaign, violations=tuple(problems))
    record = changed.record(name)
    changed = changed.with_record(replace(record, advances=(*record.advances, advance.id)))
    line = Text("{n} takes an advance: {a} (price {p}).", "{n} fejlődik: {a} (ár: {p}).")
    return Step(changed, lines=(line.format(n=same(after.name), a=same(advance.id), p=figure_price(after)),))


def _cap_problems(campaign: Campaign, code: str) -> list[Violation]:
    """The caps of 8.1 on the living warband: ⌊M/3⌋ personalities, ⌊M/2⌋ Animals, ⌊M/4⌋ pools."""
    living = living_warband(campaign)
    totals = warband_totals(living, campaign.points)
    personality_cap, animal_cap, pool_cap = campaign_caps(campaign.points, totals.total)
    problems: list[Violation] = []
    for value, cap, rule, label in (
        (totals.personality, personality_cap, "WB-07", Text("Personalities", "A személyiségek")),
        (totals.animal, animal_cap, "WB-08", Text("Animals", "Az állatok")),
        (totals.pools, pool_cap, "WB-10", Text("Pools", "A készletek")),
    ):
        if value > cap:
            message = Text(
                "{what} would cost {v}; at most {cap}: this breaks {rule}.",
                "{what} ára {v} lenne; legfeljebb {cap}: ez sérti ezt: {rule}.",
            )
            problems.append(Violation(code, "figures", message.format(what=label, v=value, cap=cap, rule=rule)))
    return problems


# --- Step 6: gold (WB-8.5) ----------------------------------------------------------------------------------


def income(outcome: Outcome, vp_for: int) -> int:
    """Win 20, Draw 15, Loss 10, Swiss bye 15, Forfeit 0; every result but a forfeit adds ⌊VP/10⌋."""
    return INCOME[outcome] + (0 if outcome == Outcome.FORFEIT else max(0, vp_for) // 10)


def collect_income(campaign: Campaign, outcome: Outcome, vp_for: int) -> Step:
    gold = income(outcome, vp_for)
    after = replace(campaign, treasury=campaign.treasury + gold)
    line = Text("Income: {g} gold; the treasury holds {t}.", "Bevétel: {g} arany; a kincstárban {t} van.")
    return Step(after, lines=(line.format(g=gold, t=after.treasury),))


def _purchase(campaign: Campaign, after: Campaign, cost: int, item: Text, path: str) -> Step:
    """WB-18: the cost within the treasury, the caps of 8.1, and the building checks of the living
    warband (all but T ≤ L, WB-8.1)."""
    problems: list[Violation] = []
    if cost > campaign.treasury:
        message = Text("{item} costs {g} gold; the treasury holds {t}.", "{item} ára {g} arany; a kincstárban {t} van.")
        problems.append(Violation("WB-18", path, message.format(item=item, g=cost, t=campaign.treasury)))
    problems.extend(_cap_problems(after, "WB-18"))
    problems.extend(check_warband(living_warband(after), campaign.points, registered=True))
    if problems:
        return Step(campaign, violations=tuple(problems))
    bought = replace(after, treasury=campaign.treasury - cost)
    line = Text(
        "Bought {item} for {g} gold; the treasury holds {t}.", "Megvéve: {item}, {g} arany; a kincstárban {t} van."
    )
    return Step(bought, lines=(line.format(item=item, g=cost, t=bought.treasury),))


def _name_taken(campaign: Campaign, figure: Figure) -> Step | None:
    """A new figure may not take the name of any figure the campaign has recorded (the dead too)."""
    taken = [f.name for f in (figure, *(m.figure for m in figure.minions)) if _has_record(campaign, f.name)]
    if not taken:
        return None
    message = Text(
        "The name {n} is taken in this campaign (WB-14).", "A(z) {n} név már foglalt ebben a kampányban (WB-14)."
    )
    return Step(campaign, violations=(Violation("WB-18", "name", message.format(n=same(taken[0]))),))


def buy_figure(campaign: Campaign, figure: Figure) -> Step:
    """A new figure (and any minion on it) for its WB-2 price."""
    refused = _name_taken(campaign, figure)
    if refused is not None:
        return refused
    cost = figure_price(figure) + sum(figure_price(m.figure) for m in figure.minions)
    after = replace(campaign, warband=replace(campaign.warband, figures=(*campaign.warband.figures, figure)))
    for f in (figure, *(m.figure for m in figure.minions)):
        if not _has_record(campaign, f.name):
            after = after.with_record(FigureRecord(f.name, minion=f is not figure))
    return _purchase(campaign, after, cost, same(figure.name), "figures")


def buy_minion(campaign: Campaign, master: str, minion: Minion) -> Step:
    """A new minion for a living magic figure, for its WB-2 price (a dead minion is never back)."""
    refused = _name_taken(campaign, minion.figure)
    if refused is not None:
        return refused
    if campaign.record(master).out:
        message = Text("{m} is dead and keeps no minion.", "{m} halott, nem tarthat szolgát.")
        return Step(campaign, violations=(Violation("WB-18", "minions", message.format(m=same(master))),))
    figure = campaign.figure(master)
    after = campaign.with_figure(master, replace(figure, minions=(*figure.minions, minion)))
    if not _has_record(campaign, minion.figure.name):
        after = after.with_record(FigureRecord(minion.figure.name, minion=True))
    return _purchase(campaign, after, figure_price(minion.figure), same(minion.figure.name), "minions")


def buy_spell(campaign: Campaign, name: str, spell: str) -> Step:
    """A spell costs the figure's price after it minus its price before (S4 l.19: points-gold)."""
    figure = campaign.figure(name)
    changed = replace(figure, spells=(*figure.spells, spell))
    cost = figure_price(changed) - figure_price(figure)
    return _purchase(campaign, _replace_profile(campaign, name, changed), cost, c.entry_name(spell), "spells")


def buy_pool_points(campaign: Campaign, skill: str, points: int) -> Step:
    """Pool points at 1 gold each (the pool refills to 2 × B before every match)."""
    if points < 1:
        message = Text("Buy at least 1 pool point, not {n}.", "Legalább 1 készletpontot kell venni, nem {n}-t.")
        return Step(campaign, violations=(Violation("WB-18", "pools", message.format(n=points)),))
    if skill not in {s for f in living_warband(campaign).figures for s in f.skills}:
        message = Text(
            "No living figure has the skill {s}, so its pool cannot grow (WB-10).",
            "Egyik élő alaknak sincs ilyen képessége: {s}, így a készlete nem bővíthető (WB-10).",
        )
        return Step(campaign, violations=(Violation("WB-18", "pools", message.format(s=c.entry_name(skill))),))
    pools = list(campaign.warband.pools)
    index = next((i for i, p in enumerate(pools) if p.skill == skill), None)
    if index is None:
        pools.append(Pool(skill, points))
    else:
        pools[index] = replace(pools[index], borrowed=pools[index].borrowed + points)
    after = replace(campaign, warband=replace(campaign.warband, pools=tuple(pools)))
    return _purchase(campaign, after, points, c.POOL_NAMES.get(skill, same(skill)), "pools")


def dismiss(campaign: Campaign, name: str) -> Step:
    """Dismiss a figure (and its minions): free, and nothing is refunded (WB-8.5); a pool no figure
    draws on any more goes with it."""
    figures = tuple(f for f in campaign.warband.figures if _key(f.name) != _key(name))
    if len(figures) == len(campaign.warband.figures):
        master = campaign.master_of(name)
        if master is None:
            raise KeyError(name)
        after = campaign.with_figure(
            master.name, replace(master, minions=tuple(m for m in master.minions if _key(m.figure.name) != _key(name)))
        )
    else:
        after = replace(campaign, warband=replace(campaign.warband, figures=figures))
    skills = {s for _, f in after.warband.all_figures() for s in f.skills}
    after = replace(
        after, warband=replace(after.warband, pools=tuple(p for p in after.warband.pools if p.skill in skills))
    )
    before = {_key(f.name) for _, f in campaign.warband.all_figures()}
    gone = before - {_key(f.name) for _, f in after.warband.all_figures()}
    after = replace(after, records=tuple(r for r in after.records if _key(r.name) not in gone))
    return Step(after, lines=(Text("{n} is dismissed.", "{n} elbocsátva.").format(n=same(name)),))


# --- Storage --------------------------------------------------------------------------------------------------

RECORD_FIELDS: Final = (
    "name",
    "xp",
    "advances",
    "kills",
    "injuries",
    "lasting",
    "missed",
    "dead",
    "raised",
    "left",
    "minion",
)


def campaign_to_dict(campaign: Campaign) -> dict[str, object]:
    """The campaign as plain JSON values (the warband in its file's body shape)."""
    return {
        "warband": warband_to_dict(campaign.warband),
        "points": campaign.points,
        "treasury": campaign.treasury,
        "records": [
            {f: list(v) if isinstance(v := getattr(r, f), tuple) else v for f in RECORD_FIELDS}
            for r in campaign.records
        ],
    }


def campaign_from_dict(data: Mapping[str, object]) -> Campaign:
    """A campaign from :func:`campaign_to_dict`'s values; ``ValueError`` (``WarbandFileError`` for the
    warband) when they are not of that shape."""
    records = data.get("records")
    points, treasury = data.get("points"), data.get("treasury")
    if not isinstance(records, list) or not isinstance(points, int) or not isinstance(treasury, int):
        raise ValueError("a campaign needs records, points and treasury")
    read: list[FigureRecord] = []
    for item in records:
        if not isinstance(item, dict) or set(item) != set(RECORD_FIELDS):
            raise ValueError(f"a campaign record needs exactly the fields {', '.join(RECORD_FIELDS)}")
        read.append(_record_from(item))
    return Campaign(warband_from_dict(data.get("warband")), points, treasury, tuple(read))


def _record_from(item: Mapping[str, object]) -> FigureRecord:
    def number(f: str) -> int:
        value = item[f]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{f} must be a whole number of 0 or more")
        return value

    def flag(f: str) -> bool:
        value = item[f]
        if not isinstance(value, bool):
            raise ValueError(f"{f} must be true or false")
        return value

    def items(f: str, kind: type) -> tuple[object, ...]:
        value = item[f]
        if not isinstance(value, list) or not all(isinstance(v, kind) and not isinstance(v, bool) for v in value):
            raise ValueError(f"{f} must be a list of {kind.__name__}")
        return tuple(value)

    name = item["name"]
    if not isinstance(name, str):
        raise ValueError("name must be a string")
    return FigureRecord(
        name=name,
        xp=number("xp"),
        advances=tuple(a for a in items("advances", str) if isinstance(a, str)),
        kills=number("kills"),
        injuries=tuple(i for i in items("injuries", int) if isinstance(i, int)),
        lasting=tuple(a for a in items("lasting", str) if isinstance(a, str)),
        missed=number("missed"),
        dead=flag("dead"),
        raised=flag("raised"),
        left=flag("left"),
        minion=flag("minion"),
    )


__all__ = [
    "campaign_from_dict",
    "campaign_to_dict",
    "ADVANCE_THRESHOLDS",
    "Advance",
    "AdvanceKind",
    "Campaign",
    "FigureRecord",
    "InjuryResult",
    "InjuryRoll",
    "Step",
    "absent_figures",
    "advances_due",
    "apply_advance",
    "buy_figure",
    "buy_minion",
    "buy_pool_points",
    "buy_spell",
    "campaign_caps",
    "check_fielding",
    "collect_income",
    "dismiss",
    "experience",
    "hireling_allowance",
    "illusion_victims",
    "income",
    "injuries",
    "injury_result",
    "is_hireling_profile",
    "living_warband",
    "raise_dead",
    "register",
    "resolve_injury",
    "roll_injury",
    "serve_absence",
    "warband_value",
]
