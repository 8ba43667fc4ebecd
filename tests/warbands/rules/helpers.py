"""Warbands the rules tests start from: each valid, so a test breaks exactly one thing."""

from __future__ import annotations

from dataclasses import replace

from warbands.rules import warband_content as c
from warbands.rules.army_list import army_figure, sample_warband
from warbands.rules.model import Figure, Pool, Warband
from warbands.rules.warband_checks import check_warband

SAMPLE = sample_warband()


def codes(warband: Warband, **options: object) -> list[str]:
    """The ids broken, in the order reported (repeats kept)."""
    return [v.code for v in check_warband(warband, **options)]  # type: ignore[arg-type]


def broken(warband: Warband, **options: object) -> set[str]:
    return set(codes(warband, **options))


def with_figure(warband: Warband, index: int, **changes: object) -> Warband:
    """``warband`` with figure ``index`` changed."""
    figures = list(warband.figures)
    figures[index] = replace(figures[index], **changes)  # type: ignore[arg-type]
    return replace(warband, figures=tuple(figures))


def adding(warband: Warband, *figures: Figure) -> Warband:
    return replace(warband, figures=warband.figures + figures)


def full_warband() -> Warband:
    """L 300: a Summoner-Illusionist (75) borrowing 25 (summons Wolf 26 and Skeleton 13, ≤ 50), an
    illusion list (Warrior 23 ≤ ⌊75/2⌋ = 37), Knight 50, two Warriors 46, Archer 26, Wolf 26:
    T = 75 + 25 + 50 + 46 + 26 + 26 = 248; personalities 75 ≤ 100; Animals 26 ≤ 150."""
    mage = Figure("Mage", 4, 1, rules=(c.MAGIC_USER,), skills=(c.SUMMONER, c.ILLUSIONIST))
    return Warband(
        name="Full warband",
        points=300,
        figures=(
            mage,
            army_figure("knight"),
            army_figure("warrior", "Warrior 1"),
            army_figure("warrior", "Warrior 2"),
            army_figure("archer"),
            army_figure("wolf"),
        ),
        pools=(Pool(c.SUMMONER, 25, (army_figure("wolf", "Summoned wolf"), army_figure("skeleton"))),),
        illusions=(army_figure("warrior", "Phantom warrior"),),
    )


def elementalist_warband() -> Warband:
    """L 200: an Elementalist (53) borrowing 15 (fire 27 and air 30 elementals, ≤ 30), a Knight 50
    and two Warriors 46: T = 53 + 15 + 50 + 46 = 164."""
    elementalist = Figure("Elementalist", 4, 1, rules=(c.MAGIC_USER,), skills=(c.ELEMENTALIST,))
    return Warband(
        name="Storm",
        figures=(elementalist, army_figure("knight"), army_figure("warrior", "W1"), army_figure("warrior", "W2")),
        pools=(Pool(c.ELEMENTALIST, 15, (army_figure("fire_elemental"), army_figure("air_elemental"))),),
    )
