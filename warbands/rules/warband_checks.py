"""The building checks WB-01 … WB-15 of WB-5's Validator checklist, one validator per id.

:func:`check_warband` runs them all and returns every broken rule as a :class:`Violation`: the
rule's id (``WB-07``), the path of the field concerned (``figures[2].quality``,
``figures[0].minions[0].grant``, ``pools[1].borrowed``, ``illusions[0]``, ``points``, ``name``) and
the message in English and Hungarian, naming the figure and the field. One fault may break two
rules (a minion without Magic-user breaks WB-03 and WB-09): each is reported.

``VALIDATORS`` maps each id to its validator, ``(warband, context) -> Iterator[Violation]``. The
campaign checks WB-16 … WB-20 live beside the steps they guard (:mod:`warbands.rules.league`,
:mod:`warbands.rules.campaign`).

Options: ``points`` (L) defaults to the warband's own; ``incompatible`` is the league switch
``WB_OPT_INCOMPATIBLE`` (WB-13, default on); ``registered`` is a campaign warband after
registration (WB-8.1): T ≤ L (WB-06) lapses and the share caps (WB-07, WB-08 and WB-10's Σ B) are
checked only at purchases and advances, so they are skipped here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from warbands.rules import messages as m
from warbands.rules.bilingual import Text
from warbands.rules.figure_prices import WarbandTotals, figure_price, illusion_limit, warband_totals
from warbands.rules.model import Figure, Warband
from warbands.rules.warband_content import (
    COMBAT_MAX,
    COMBAT_MIN,
    ELEMENTALIST,
    FIGURE_EXCLUSIVE_SETS,
    GRANTABLE,
    MAGIC_SKILLS,
    MAGIC_USER,
    MINION_COMBAT_MAX,
    MINION_FORBIDDEN_RULES,
    MINIONS_MAX,
    NAME_MAX_LENGTH,
    POINTS_MAX,
    POINTS_MIN,
    POOL_MULTIPLIER,
    POOL_NAMES,
    POOL_SKILLS,
    QUALITY_MAX,
    QUALITY_MIN,
    RULES,
    SPELLS,
    WARBAND_INCOMPATIBLE,
    WARBAND_NAME_MAX_LENGTH,
    Element,
    entry_name,
)

_EXCLUSIVE: Final = frozenset(r for pair in FIGURE_EXCLUSIVE_SETS for r in pair)
CODES: Final = tuple(f"WB-{n:02d}" for n in range(1, 21))
BUILDING_CODES: Final = CODES[:15]


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id (``WB-07``, or a ``FILE-…`` code of the file reader), the path of the
    field (``figures[2].quality``; empty for the whole warband) and the message in both languages."""

    code: str
    field: str
    message: Text

    def text(self, language: str) -> str:
        """The message in ``language`` (Hungarian for ``"hu"``, else English)."""
        return self.message.get(language)

    def line(self, language: str = "en") -> str:
        """``WB-07 figures[2]: message``: one line as the command line prints it."""
        where = f" {self.field}" if self.field else ""
        return f"{self.code}{where}: {self.text(language)}"


@dataclass(frozen=True)
class Context:
    """What the checks need besides the warband; ``totals`` and ``figures`` are computed once by
    :func:`check_warband` (a validator called alone computes them itself)."""

    points: int
    incompatible: bool = True
    registered: bool = False
    totals: WarbandTotals | None = None
    figures: tuple[tuple[str, Figure], ...] | None = None


def _totals(warband: Warband, context: Context) -> WarbandTotals:
    return context.totals if context.totals is not None else warband_totals(warband, context.points)


def _figures(warband: Warband, context: Context) -> tuple[tuple[str, Figure], ...]:
    return context.figures if context.figures is not None else warband.all_figures()


Validator = Callable[[Warband, Context], Iterator[Violation]]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in_range(value: object, low: int, high: int) -> bool:
    return _whole(value) and low <= value <= high  # type: ignore[operator]


# --- Figure-level checks, shared by warband figures, minions, summons and illusions ------------------


def profile_range(figure: Figure, path: str) -> Iterator[tuple[str, Text]]:
    """WB-01: Quality 2–6 and Combat 0–6, whole numbers."""
    if not _in_range(figure.quality, QUALITY_MIN, QUALITY_MAX):
        yield f"{path}.quality", m.out_of_range(figure.name, "quality", figure.quality, QUALITY_MIN, QUALITY_MAX)
    if not _in_range(figure.combat, COMBAT_MIN, COMBAT_MAX):
        yield f"{path}.combat", m.out_of_range(figure.name, "combat", figure.combat, COMBAT_MIN, COMBAT_MAX)


def profile_items(figure: Figure, path: str) -> Iterator[tuple[str, Text]]:
    """WB-02: every rule, spell and skill in its WB-3 table, each at most once; a known element."""
    for field, known in (("rules", RULES), ("spells", SPELLS), ("skills", MAGIC_SKILLS)):
        listed: tuple[str, ...] = getattr(figure, field)
        seen: set[str] = set()
        for index, item in enumerate(listed):
            if item not in known:
                yield f"{path}.{field}[{index}]", m.unknown_item(figure.name, field, item)
            elif item in seen:
                yield f"{path}.{field}[{index}]", m.listed_twice(figure.name, field, item)
            seen.add(item)
    if figure.element is not None and figure.element not in tuple(Element):
        yield f"{path}.element", m.unknown_element(figure.name, figure.element)


def profile_magic(figure: Figure, path: str) -> Iterator[tuple[str, Text]]:
    """WB-03: spells, magic skills and minions only on a figure with Magic-user."""
    if MAGIC_USER in figure.rules:
        return
    for field in ("spells", "skills"):
        for index, item in enumerate(getattr(figure, field)):
            yield f"{path}.{field}[{index}]", m.needs_magic_user(figure.name, entry_name(item))
    for index, _ in enumerate(figure.minions):
        yield f"{path}.minions[{index}]", m.needs_magic_user(figure.name, m.MINION_WORD)


def profile_pairs(figure: Figure, path: str) -> Iterator[tuple[str, Text]]:
    """WB-04: no two of one WB-4.4 set on one figure."""
    if _EXCLUSIVE.isdisjoint(figure.rules):
        return
    for exclusive in FIGURE_EXCLUSIVE_SETS:
        held = [item for item in exclusive if item in figure.rules]
        for a, b in zip(held, held[1:], strict=False):
            yield f"{path}.rules", m.cannot_have_both(figure.name, a, b)


def profile_problems(figure: Figure, path: str) -> Iterator[tuple[str, str, Text]]:
    """WB-01 … WB-04 of one profile, as ``(code, path, message)``."""
    for code, check in (
        ("WB-01", profile_range),
        ("WB-02", profile_items),
        ("WB-03", profile_magic),
        ("WB-04", profile_pairs),
    ):
        for field, message in check(figure, path):
            yield code, field, message


# --- The validators ----------------------------------------------------------------------------------


def _profile_rule(code: str, check: Callable[[Figure, str], Iterator[tuple[str, Text]]]) -> Validator:
    def validator(warband: Warband, context: Context) -> Iterator[Violation]:
        for path, figure in _figures(warband, context):
            for field, message in check(figure, path):
                yield Violation(code, field, message)

    validator.__doc__ = check.__doc__
    return validator


def check_points(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-05: the game size L is a whole number from 150 to 300 (S4 l.159)."""
    if not _in_range(context.points, POINTS_MIN, POINTS_MAX):
        yield Violation("WB-05", "points", m.game_size(context.points, POINTS_MIN, POINTS_MAX))


def _sized(context: Context) -> bool:
    return _in_range(context.points, POINTS_MIN, POINTS_MAX)


def check_total(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-06: T ≤ L (S4 l.159); lapses after a campaign's registration (WB-8.1)."""
    if context.registered or not _sized(context):
        return
    totals = _totals(warband, context)
    if totals.total > context.points:
        yield Violation("WB-06", "figures", m.over_limit(totals.total, context.points))


def check_personalities(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-07: personalities together ≤ ⌊L/3⌋ (S4 l.159, reading A3)."""
    if context.registered or not _sized(context):
        return
    totals = _totals(warband, context)
    if totals.personality > totals.personality_cap:
        yield Violation("WB-07", "figures", m.personalities_over(totals.personality, totals.personality_cap))


def check_animals(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-08: Animal figures together ≤ ⌊L/2⌋ (pub.)."""
    if context.registered or not _sized(context):
        return
    totals = _totals(warband, context)
    if totals.animal > totals.animal_cap:
        yield Violation("WB-08", "figures", m.animals_over(totals.animal, totals.animal_cap))


def check_minions(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-09: a minion only on a magic figure, at most one, within its limits, with a good grant
    (S4 l.11–13, WB-4.1)."""
    for i, master in enumerate(warband.figures):
        for j, minion in enumerate(master.minions):
            path = f"figures[{i}].minions[{j}]"
            figure = minion.figure
            if MAGIC_USER not in master.rules:
                yield Violation("WB-09", path, m.minion_problem(figure.name, m.MASTER_NOT_MAGIC))
            if j >= MINIONS_MAX:
                yield Violation("WB-09", path, m.minion_problem(figure.name, m.SECOND_MINION))
            if _whole(figure.combat) and figure.combat > MINION_COMBAT_MAX:
                problem = m.minion_combat(figure.combat, MINION_COMBAT_MAX)
                yield Violation("WB-09", f"{path}.combat", m.minion_problem(figure.name, problem))
            for index, item in enumerate(figure.rules):
                if item in MINION_FORBIDDEN_RULES:
                    yield Violation(
                        "WB-09", f"{path}.rules[{index}]", m.minion_problem(figure.name, m.minion_forbidden(item))
                    )
            for field in ("spells", "skills"):
                for index, item in enumerate(getattr(figure, field)):
                    problem = m.minion_forbidden(item)
                    yield Violation("WB-09", f"{path}.{field}[{index}]", m.minion_problem(figure.name, problem))
            if figure.minions:
                yield Violation("WB-09", f"{path}.minions", m.minion_problem(figure.name, m.MINION_WITH_MINION))
            yield from _grant(master, minion.grant, figure, path)


def _grant(master: Figure, grant: str | None, figure: Figure, path: str) -> Iterator[Violation]:
    if grant is None:
        return
    where = f"{path}.grant"
    if grant not in GRANTABLE:
        yield Violation("WB-09", where, m.minion_problem(figure.name, m.grant_not_grantable(grant)))
        return
    if grant not in figure.rules:
        yield Violation("WB-09", where, m.minion_problem(figure.name, m.grant_not_had(grant)))
    if grant in master.rules:
        yield Violation("WB-09", where, m.minion_problem(figure.name, m.grant_master_has(grant)))


def check_pools(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-10: B whole and ≥ 0; B > 0 only with the skill; one pool per skill; Σ B ≤ ⌊L/4⌋
    (S4 l.91, l.105, WB-4.2)."""
    cap = context.points // 4 if _whole(context.points) else 0
    skills = {s for _, f in _figures(warband, context) for s in f.skills}
    seen: set[str] = set()
    for i, pool in enumerate(warband.pools):
        path = f"pools[{i}]"
        if pool.skill not in POOL_SKILLS:
            yield Violation("WB-10", f"{path}.skill", m.unknown_pool(pool.skill))
            continue
        name = POOL_NAMES[pool.skill]
        if pool.skill in seen:
            yield Violation("WB-10", path, m.pool_problem(name, m.SECOND_POOL, 1))
        seen.add(pool.skill)
        if not _whole(pool.borrowed) or pool.borrowed < 0:
            yield Violation("WB-10", f"{path}.borrowed", m.pool_problem(name, m.borrowed_not_whole(pool.borrowed), cap))
        elif pool.borrowed > 0 and pool.skill not in skills:
            yield Violation("WB-10", f"{path}.borrowed", m.pool_problem(name, m.NO_POOL_SKILL, 0))
    if context.registered or not _sized(context):
        return
    total = _totals(warband, context).pools
    if total > cap:
        yield Violation("WB-10", "pools", m.pool_problem(Text("Every", "Minden"), m.pools_over(total), cap))


def check_summons(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-11: each summon a legal profile (WB-01 … 04) without minion, Summoner or Elementalist,
    costing at most 2 × B; an Elementalist's summons carry an elemental tag (S4 l.93, l.105)."""
    for i, pool in enumerate(warband.pools):
        holds = POOL_MULTIPLIER * pool.borrowed if _whole(pool.borrowed) and pool.borrowed > 0 else 0
        for j, summon in enumerate(pool.summons):
            path = f"pools[{i}].summons[{j}]"
            for _, field, problem in profile_problems(summon, path):
                yield Violation("WB-11", field, m.summon_illegal(summon.name, problem))
            if summon.minions:
                yield Violation("WB-11", f"{path}.minions", m.summon_illegal(summon.name, m.SUMMON_NO_MINION))
            for index, skill in enumerate(summon.skills):
                if skill in POOL_SKILLS:
                    yield Violation(
                        "WB-11", f"{path}.skills[{index}]", m.summon_illegal(summon.name, m.summon_no_skill(skill))
                    )
            price = figure_price(summon)
            if price > holds:
                yield Violation("WB-11", f"{path}.price", m.summon_costs(summon.name, price, holds))
            if pool.skill == ELEMENTALIST and summon.element not in tuple(Element):
                yield Violation("WB-11", f"{path}.element", m.summon_illegal(summon.name, m.ELEMENTAL_NEEDS_TAG))


def check_illusions(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-12: each illusion a legal one-model profile costing at most half the Illusionist's own
    price; no illusion list without an Illusionist (S4 l.121–129, WB-4.3)."""
    if not warband.illusions:
        return
    limit = illusion_limit(warband)
    if limit is None:
        yield Violation("WB-12", "illusions", m.NO_ILLUSIONIST)
    for i, illusion in enumerate(warband.illusions):
        path = f"illusions[{i}]"
        for _, field, problem in profile_problems(illusion, path):
            yield Violation("WB-12", field, m.illusion_illegal(illusion.name, problem))
        if illusion.minions:
            yield Violation("WB-12", f"{path}.minions", m.illusion_illegal(illusion.name, m.ILLUSION_NO_MINION))
        price = figure_price(illusion)
        if limit is not None and price > limit:
            yield Violation("WB-12", f"{path}.price", m.illusion_over(illusion.name, price, limit))


def check_incompatible(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-13: no Paladin beside a Villain (S4 l.163) and no Sorcerer beside a Cleric (pub.) while
    the league switch ``WB_OPT_INCOMPATIBLE`` is on."""
    if not context.incompatible:
        return
    figures = _figures(warband, context)
    for a, b in WARBAND_INCOMPATIBLE:
        with_a = [(p, f) for p, f in figures if f.has(a)]
        with_b = [(p, f) for p, f in figures if f.has(b)]
        if with_a and with_b:
            (path_a, fig_a), (path_b, fig_b) = with_a[0], with_b[0]
            order = {path: n for n, (path, _) in enumerate(figures)}
            later = path_a if order[path_a] >= order[path_b] else path_b
            yield Violation("WB-13", later, m.cannot_serve_together(fig_a.name, a, fig_b.name, b))


def check_names(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-14: a warband name, at least one figure, every figure named (1–40 characters) and no
    name twice among the warband's figures and minions (house)."""
    if not warband.name.strip():
        yield Violation("WB-14", "name", m.NO_WARBAND_NAME)
    elif len(warband.name) > WARBAND_NAME_MAX_LENGTH:
        yield Violation("WB-14", "name", m.warband_name_long(WARBAND_NAME_MAX_LENGTH))
    if not warband.figures:
        yield Violation("WB-14", "figures", m.NO_FIGURE)
    seen: dict[str, str] = {}
    for number, (path, figure) in enumerate(_figures(warband, context), start=1):
        name = figure.name.strip()
        if not name or len(figure.name) > NAME_MAX_LENGTH:
            yield Violation("WB-14", f"{path}.name", m.figure_needs_name(number, NAME_MAX_LENGTH))
        elif name.casefold() in seen:
            yield Violation("WB-14", f"{path}.name", m.name_repeated(figure.name))
        else:
            seen[name.casefold()] = path
    others = [(f"pools[{i}].summons[{j}]", s) for i, p in enumerate(warband.pools) for j, s in enumerate(p.summons)]
    others += [(f"illusions[{i}]", f) for i, f in enumerate(warband.illusions)]
    for number, (path, figure) in enumerate(others, start=1):
        if not figure.name.strip() or len(figure.name) > NAME_MAX_LENGTH:
            yield Violation("WB-14", f"{path}.name", m.figure_needs_name(number, NAME_MAX_LENGTH))


def check_prices(warband: Warband, context: Context) -> Iterator[Violation]:
    """WB-15: a stated (imported) price equals the WB-2 price (house)."""
    everything = list(_figures(warband, context))
    everything += [
        (f"pools[{i}].summons[{j}]", s) for i, p in enumerate(warband.pools) for j, s in enumerate(p.summons)
    ]
    everything += [(f"illusions[{i}]", f) for i, f in enumerate(warband.illusions)]
    for path, figure in everything:
        if figure.price is None:
            continue
        computed = figure_price(figure)
        if figure.price != computed:
            yield Violation("WB-15", f"{path}.price", m.price_differs(figure.name, figure.price, computed))


VALIDATORS: Final[Mapping[str, Validator]] = MappingProxyType(
    {
        "WB-01": _profile_rule("WB-01", profile_range),
        "WB-02": _profile_rule("WB-02", profile_items),
        "WB-03": _profile_rule("WB-03", profile_magic),
        "WB-04": _profile_rule("WB-04", profile_pairs),
        "WB-05": check_points,
        "WB-06": check_total,
        "WB-07": check_personalities,
        "WB-08": check_animals,
        "WB-09": check_minions,
        "WB-10": check_pools,
        "WB-11": check_summons,
        "WB-12": check_illusions,
        "WB-13": check_incompatible,
        "WB-14": check_names,
        "WB-15": check_prices,
    }
)


def check_warband(
    warband: Warband,
    points: int | None = None,
    *,
    incompatible: bool = True,
    registered: bool = False,
) -> tuple[Violation, ...]:
    """Every building rule ``warband`` breaks (WB-01 … WB-15, in that order), for a game of
    ``points`` (the warband's own L when None)."""
    size = warband.points if points is None else points
    context = Context(size, incompatible, registered, warband_totals(warband, size), warband.all_figures())
    return tuple(v for validator in VALIDATORS.values() for v in validator(warband, context))


def broken_codes(violations: tuple[Violation, ...]) -> frozenset[str]:
    """The ids of the rules broken."""
    return frozenset(v.code for v in violations)


__all__ = [
    "BUILDING_CODES",
    "CODES",
    "Context",
    "VALIDATORS",
    "Validator",
    "Violation",
    "broken_codes",
    "check_warband",
    "profile_problems",
]
