"""The price of a figure (WB-2) and a warband's totals and shares (WB-1.1, WB-4).

    price = round((5 × C′ + S) × (7 − Q) / 2), at least 1, halves rounded up

C′ is C, except that C 0 counts as 0.2 (5C′ = 1); S is the sum of the WB-3 costs of the figure's
rules, spells and magic skills, each counted once; an id that is not in WB-3 costs nothing (WB-02
refuses it). In integers: max(1, ⌊((5C′ + S)(7 − Q) + 1) / 2⌋).

T, the warband total, is the sum of all figures' prices, minions included, plus the borrowed pool
points B (WB-4.2). The personality share sums the figures with a personality rule, without their
minions (WB-4.1); the Animal share every figure with Animal, minions included. Summons and
illusions count nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbands.rules.model import Figure, Warband
from warbands.rules.warband_content import (
    ALL_ENTRIES,
    ANIMAL,
    ILLUSIONIST,
    PERSONALITY_RULES,
    animal_cap,
    personality_cap,
    pool_cap,
)

PRICE_MIN = 1  # WB-2: at least 1


def combat_value(combat: int) -> int:
    """5 × C′: five per point of Combat, 1 for Combat 0 (WB-2, pub.)."""
    return 1 if combat == 0 else 5 * combat


def cost_sum(figure: Figure) -> int:
    """S: the WB-3 costs of the figure's rules, spells and skills, each id once."""
    ids = dict.fromkeys((*figure.rules, *figure.spells, *figure.skills))
    return sum(ALL_ENTRIES[i].cost for i in ids if i in ALL_ENTRIES)


def price_of(quality: int, combat: int, costs: int) -> int:
    """The WB-2 price of a profile with Quality ``quality``, Combat ``combat`` and cost sum ``costs``.

    >>> price_of(4, 3, 0), price_of(6, 0, -3), price_of(3, 1, 28)
    (23, 1, 66)
    """
    return max(PRICE_MIN, ((combat_value(combat) + costs) * (7 - quality) + 1) // 2)


def figure_price(figure: Figure) -> int:
    """The figure's own WB-2 price, without its minion (who has his own)."""
    return price_of(figure.quality, figure.combat, cost_sum(figure))


def is_personality(figure: Figure) -> bool:
    """A figure with Hero, Tough, Leader, Terror, Assassin, Cleric or Magic-user (S4 l.159)."""
    return any(r in PERSONALITY_RULES for r in figure.rules)


def is_animal(figure: Figure) -> bool:
    return ANIMAL in figure.rules


def with_minions_price(figure: Figure) -> int:
    """The figure's price and its minions' together (what it adds to T)."""
    return figure_price(figure) + sum(figure_price(m.figure) for m in figure.minions)


def illusion_limit(warband: Warband) -> int | None:
    """⌊price / 2⌋ of the dearest Illusionist (WB-4.3; his own price, no minion or pool), or None
    when the warband has no Illusionist."""
    prices = [figure_price(f) for _, f in warband.all_figures() if ILLUSIONIST in f.skills]
    return max(prices) // 2 if prices else None


@dataclass(frozen=True)
class WarbandTotals:
    """T and its parts, the shares and their caps for a game of ``points`` (L)."""

    points: int
    total: int  # T = figures + pools
    figures: int  # Σ prices of every warband figure, minions included
    pools: int  # Σ B
    personality: int
    animal: int
    figure_prices: tuple[int, ...]  # each figure's own price, in order
    minion_prices: tuple[tuple[int, ...], ...]  # each figure's minions' prices

    @property
    def personality_cap(self) -> int:
        return personality_cap(self.points)

    @property
    def animal_cap(self) -> int:
        return animal_cap(self.points)

    @property
    def pool_cap(self) -> int:
        return pool_cap(self.points)

    @property
    def unspent(self) -> int:
        """L − T (negative when over): a campaign's starting treasury (WB-8.5)."""
        return self.points - self.total


def warband_totals(warband: Warband, points: int | None = None) -> WarbandTotals:
    """The totals of ``warband`` for a game of ``points`` (the warband's own L when None).
    Pool points that are not integers count as 0 (WB-10 refuses them)."""
    own = tuple(figure_price(f) for f in warband.figures)
    minions = tuple(tuple(figure_price(m.figure) for m in f.minions) for f in warband.figures)
    figures_total = sum(own) + sum(sum(m) for m in minions)
    pools = sum(p.borrowed for p in warband.pools if _whole(p.borrowed) and p.borrowed > 0)
    personality = sum(price for f, price in zip(warband.figures, own, strict=True) if is_personality(f))
    animal = sum(price for f, price in zip(warband.figures, own, strict=True) if is_animal(f))
    animal += sum(
        price
        for f, prices in zip(warband.figures, minions, strict=True)
        for m, price in zip(f.minions, prices, strict=True)
        if is_animal(m.figure)
    )
    return WarbandTotals(
        points=warband.points if points is None else points,
        total=figures_total + pools,
        figures=figures_total,
        pools=pools,
        personality=personality,
        animal=animal,
        figure_prices=own,
        minion_prices=minions,
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
