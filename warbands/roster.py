"""The roster sheet's contents: one A4 page per warband, every value read from the rules package in
the reader's language (each figure's Q, C, rules with a one-line effect, spells, skills, minion and
price; the summons and illusions; the total and the shares)."""

from __future__ import annotations

from dataclasses import dataclass

from warbands.rules.figure_prices import figure_price, illusion_limit, is_personality
from warbands.rules.model import Figure
from warbands.rules.warband_content import ALL_ENTRIES, ELEMENT_NAMES, POOL_MULTIPLIER, POOL_NAMES, Element, summon_tier

from .selectors import WarbandReport


@dataclass(frozen=True)
class Item:
    """A rule, spell or skill as the sheet prints it: name, cost and one-line effect."""

    id: str
    name: str
    cost: int
    effect: str


@dataclass(frozen=True)
class RosterLine:
    name: str
    quality: int
    combat: int
    items: tuple[Item, ...]
    element: str
    price: int
    personality: bool
    minion_of: str = ""  # the master's name, for a minion
    grant: str = ""  # the rule a minion grants its master
    note: str = ""  # a summon's AP tier, …


@dataclass(frozen=True)
class Roster:
    name: str
    points: int
    status: str
    owner: str
    lines: tuple[RosterLine, ...]
    summons: tuple[tuple[str, int, int, tuple[RosterLine, ...]], ...]  # pool, B, holds, summons
    illusions: tuple[RosterLine, ...]
    illusion_limit: int | None
    report: WarbandReport


def _items(figure: Figure, language: str) -> tuple[Item, ...]:
    found = []
    for item in (*figure.rules, *figure.spells, *figure.skills):
        entry = ALL_ENTRIES.get(item)
        if entry is not None:
            found.append(Item(entry.id, entry.name.get(language), entry.cost, entry.effect.get(language)))
        else:
            found.append(Item(item, item, 0, ""))
    return tuple(found)


def _element(figure: Figure, language: str) -> str:
    try:
        return ELEMENT_NAMES[Element(figure.element)].get(language) if figure.element else ""
    except ValueError:
        return str(figure.element)


def _line(figure: Figure, language: str, **more: str) -> RosterLine:
    return RosterLine(
        name=figure.name,
        quality=figure.quality,
        combat=figure.combat,
        items=_items(figure, language),
        element=_element(figure, language),
        price=figure_price(figure),
        personality=is_personality(figure),
        **more,
    )


def roster_of(report: WarbandReport, *, owner: str, status: str, language: str) -> Roster:
    rules = report.rules
    lines: list[RosterLine] = []
    for figure in rules.figures:
        lines.append(_line(figure, language))
        for minion in figure.minions:
            granted = ALL_ENTRIES.get(minion.grant) if minion.grant else None
            grant = granted.name.get(language) if granted is not None else ""
            lines.append(_line(minion.figure, language, minion_of=figure.name, grant=grant))
    summons = []
    for pool in rules.pools:
        name = POOL_NAMES[pool.skill].get(language) if pool.skill in POOL_NAMES else pool.skill
        listed = tuple(_line(s, language, note=f"{summon_tier(figure_price(s))} AP") for s in pool.summons)
        summons.append((name, pool.borrowed, POOL_MULTIPLIER * pool.borrowed, listed))
    return Roster(
        name=rules.name,
        points=rules.points,
        status=status,
        owner=owner,
        lines=tuple(lines),
        summons=tuple(summons),
        illusions=tuple(_line(i, language) for i in rules.illusions),
        illusion_limit=illusion_limit(rules),
        report=report,
    )
