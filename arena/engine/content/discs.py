"""The spell-level disc pool (HR-6, filling RB p.11).

A disc's level is the level of the spell it lets the witch-master cast, and its MAN cost. Each
witch-master draws 6 discs at random from the shared pool (RB p.7, p.11); a used disc goes back into
the pool (RB p.11), and there is no redrawing during the match. Fixed discs bought under HR-9.5 are
extra physical discs the team brings; they join the pool after use like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.content.common import make_catalog

DISCS_DRAWN: Final = 6  # RB p.7, p.11


@dataclass(frozen=True)
class DiscLevel:
    """How many discs of one level the pool holds (HR-6), and how many spells have that level."""

    id: str
    level: int
    count: int
    spells_of_level: int
    name_hu: str
    name_en: str
    source: str


DISC_LEVELS: Final[Mapping[str, DiscLevel]] = make_catalog(
    DiscLevel(
        id=f"level_{level}",
        level=level,
        count=count,
        spells_of_level=spells,
        name_hu=f"{level}. szintű varázslatszint-jelző korong",
        name_en=f"level-{level} spell disc",
        source="HR-6",
    )
    for level, count, spells in ((1, 10, 7), (2, 8, 6), (3, 6, 7), (4, 4, 6), (5, 2, 5))
)

DISC_POOL: Final[Mapping[int, int]] = MappingProxyType({d.level: d.count for d in DISC_LEVELS.values()})
DISC_POOL_SIZE: Final = sum(DISC_POOL.values())  # 30


def build_pool(extra_levels: tuple[int, ...] = ()) -> list[int]:
    """The pool as a list of disc levels, ascending, plus any fixed discs the teams bring (HR-9.5).

    The caller shuffles or draws from it with its own seeded random source.
    """
    for level in extra_levels:
        if level not in DISC_POOL:
            raise ValueError(f"no spell disc of level {level}")
    pool = [level for level, count in DISC_POOL.items() for _ in range(count)]
    return sorted(pool + list(extra_levels))
