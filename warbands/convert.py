"""A stored warband as the rules package's values, and back (docs/warband.md, "The model").

The model keeps ``Warband.to_dict``'s "figures", "pools" and "illusions" without prices (prices are
always computed, WB-2). What is stored was bounded when it was written (``warbands.builder_post``,
``warbands.services``), so it is read here without the file's checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warbands.rules.model import Figure, Minion, Pool
from warbands.rules.model import Warband as RulesWarband

from .models import Warband


def figure_of(data: Mapping[str, Any]) -> Figure:
    return Figure(
        name=data.get("name", ""),
        quality=data.get("quality", 0),
        combat=data.get("combat", 0),
        rules=tuple(data.get("rules", ())),
        spells=tuple(data.get("spells", ())),
        skills=tuple(data.get("skills", ())),
        minions=tuple(Minion(figure_of(m), m.get("grant")) for m in data.get("minions", ())),
        element=data.get("element"),
    )


def pool_of(data: Mapping[str, Any]) -> Pool:
    return Pool(
        skill=data.get("skill", ""),
        borrowed=data.get("borrowed", 0),
        summons=tuple(figure_of(s) for s in data.get("summons", ())),
    )


def figure_data(figure: Figure) -> dict[str, Any]:
    """A figure as stored: the file's figure object without its price."""
    return {
        "name": figure.name,
        "quality": figure.quality,
        "combat": figure.combat,
        "rules": list(figure.rules),
        "spells": list(figure.spells),
        "skills": list(figure.skills),
        "minions": [{**figure_data(m.figure), "grant": m.grant} for m in figure.minions],
        "element": figure.element,
    }


def pool_data(pool: Pool) -> dict[str, Any]:
    return {"skill": pool.skill, "borrowed": pool.borrowed, "summons": [figure_data(s) for s in pool.summons]}


def contents_of(
    figures: Sequence[Mapping[str, Any]], pools: Sequence[Mapping[str, Any]], illusions: Sequence[Mapping[str, Any]]
) -> tuple[tuple[Figure, ...], tuple[Pool, ...], tuple[Figure, ...]]:
    return (
        tuple(figure_of(f) for f in figures),
        tuple(pool_of(p) for p in pools),
        tuple(figure_of(i) for i in illusions),
    )


def rules_warband(warband: Warband) -> RulesWarband:
    """The stored warband as the rules see it (its own L)."""
    figures, pools, illusions = contents_of(warband.figures, warband.pools, warband.illusions)
    return RulesWarband(
        name=warband.name, figures=figures, points=warband.points, pools=pools, illusions=illusions, notes=warband.notes
    )


def stored_fields(warband: RulesWarband) -> dict[str, Any]:
    """The model's field values for the rules' warband (``Warband.objects.create(**…)``)."""
    return {
        "name": warband.name,
        "points": warband.points,
        "notes": warband.notes,
        "figures": [figure_data(f) for f in warband.figures],
        "pools": [pool_data(p) for p in warband.pools],
        "illusions": [figure_data(i) for i in warband.illusions],
    }
