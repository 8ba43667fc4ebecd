"""A warband as plain immutable values: what a player chose, by ids (WB-1.2, WB-4).

``Warband`` holds its figures, the pools its Summoner and Elementalist borrow (WB-4.2) and the
illusion list of its Illusionists (WB-4.3). A ``Figure`` is one model: name, Quality, Combat,
rules (WB-3.1), spells (WB-3.2), magic skills (WB-3.3), its minions (``Minion``: the minion's own
profile and the one rule it grants its master, WB-4.1), its elemental tag, and ``price``: the price
a file stated (``None`` when nothing was stated); prices are always computed (WB-2), a stated one is
only compared (WB-15).

Values are kept as given, even when they break a rule (a Quality of 9, an unknown rule id, a second
minion): :func:`warbands.rules.warband_checks.check_warband` names every broken rule, so the builder can
show it beside its field. :mod:`warbands.rules.warband_file` turns them into plain JSON values and back
(``warband_to_dict`` / ``warband_from_dict``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from warbands.rules.warband_content import POINTS_DEFAULT


@dataclass(frozen=True)
class Figure:
    """One model (WB-1.2). Minions, summons and illusions are figures too."""

    name: str
    quality: int
    combat: int
    rules: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    minions: tuple[Minion, ...] = ()
    element: str | None = None
    price: int | None = field(default=None, compare=False)

    def has(self, item: str) -> bool:
        """Whether the figure lists ``item`` among its rules, spells or magic skills."""
        return item in self.rules or item in self.spells or item in self.skills

    def unpriced(self) -> Figure:
        """The same figure without a stated price (its own and its minions')."""
        return replace(self, price=None, minions=tuple(replace(m, figure=m.figure.unpriced()) for m in self.minions))


@dataclass(frozen=True)
class Minion:
    """A magic figure's minion (S4 l.11–15): its own profile, and the one rule it grants its master
    (``grant``, A4), or None."""

    figure: Figure
    grant: str | None = None


@dataclass(frozen=True)
class Pool:
    """A Summoner or Elementalist pool (WB-4.2): ``skill`` (``summoner`` / ``elementalist``),
    ``borrowed`` points B (they count in T; the pool holds 2 × B) and the prepared summons list."""

    skill: str
    borrowed: int
    summons: tuple[Figure, ...] = ()


@dataclass(frozen=True)
class Warband:
    """A warband for a game of ``points`` (L, WB-1.1): its figures, pools and illusion list."""

    name: str
    figures: tuple[Figure, ...] = ()
    points: int = POINTS_DEFAULT
    pools: tuple[Pool, ...] = ()
    illusions: tuple[Figure, ...] = ()
    notes: str = ""

    def all_figures(self) -> tuple[tuple[str, Figure], ...]:
        """Every warband figure with its path: the figures and their minions, in order (WB-1.2:
        minions are warband figures; summons and illusions are not)."""
        found: list[tuple[str, Figure]] = []
        for i, figure in enumerate(self.figures):
            found.append((f"figures[{i}]", figure))
            found.extend((f"figures[{i}].minions[{j}]", m.figure) for j, m in enumerate(figure.minions))
        return tuple(found)
