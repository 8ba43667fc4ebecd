"""The events of magic (issue #4, RB p.11-18). Registered in :mod:`arena.engine.match.events`.

Every one is public (``visible_to`` None): a cast shows the disc's level, an ME token shows
itself when its holder rolls against a mental spell (RB p.7, HR-12 ruling 36). An amulet that
cancels a spell shows itself with the traps' :class:`~arena.engine.match.events.AmuletRevealed`.
"""

from __future__ import annotations

from typing import NamedTuple

from arena.engine.board.hexgrid import Hex
from arena.engine.match.words import ZombieCommand


class SpellCast(NamedTuple):
    """A disc of ``level`` is played (its level becomes public) and ``man`` is spent (RB p.11).
    ``attack``: the cast is his one attack of the step (HR-12 ruling 31)."""

    seat: int
    char: str
    spell: str
    level: int
    man: int
    target: str | None
    hex: Hex | None
    choice: str | None
    designee: str | None
    chain: tuple[str, ...]
    concentrate: bool
    attack: bool
    visible_to: int | None = None


class SpellResisted(NamedTuple):
    """E + d10 against Eg + d10 or ME + d10 (RB p.11); ``took_hold`` when the caster's total is
    greater (ties to the defender)."""

    spell: str
    caster: str
    target: str
    resistance: str
    attack_total: int
    defence_total: int
    took_hold: bool
    visible_to: int | None = None


class MeTokenShown(NamedTuple):
    """Its holder rolls against a mental spell: the token becomes public (RB p.7)."""

    char: str
    value: int
    visible_to: int | None = None


class SpellBlocked(NamedTuple):
    """An effect does nothing to ``char``: ``reason`` names the rule (his own magic, A42; Tűzalak,
    A53; Villámtagadás; a zombie and mental spells, HR-12 ruling 19)."""

    spell: str
    char: str
    reason: str
    visible_to: int | None = None


class SpellLasting(NamedTuple):
    """A lasting effect of a spell that is no combat-value modifier starts (or is scheduled,
    Quintarha): ``kind`` forbid / adjust / immunity / retaliation / frenzy / area / onset;
    ``what`` the forbidden action, quantity, immunity or area spell; ``other`` a second
    character (Orgyilkosság's designee); ``area`` the hexes of an area."""

    spell: str
    caster: str
    target: str | None
    kind: str
    what: str
    amount: int
    first_round: int
    last_round: int | None
    other: str | None = None
    area: tuple[Hex, ...] = ()
    visible_to: int | None = None


class SpellEnded(NamedTuple):
    """A lasting effect ends (RB p.12: after step 6 of its last round; or earlier: HR-12
    rulings 16 and 23)."""

    spell: str
    caster: str
    target: str | None
    kind: str
    what: str
    reason: str
    visible_to: int | None = None


class Healed(NamedTuple):
    """Életerőrablás: the caster regains Ép, never above his maximum (RB p.14-15, A47)."""

    char: str
    amount: int
    visible_to: int | None = None


class CloudMoved(NamedTuple):
    """The caster moves his Savfelhő one hex for 1 MAN (RB p.13-14)."""

    seat: int
    char: str
    spell: str
    hex: Hex
    area: tuple[Hex, ...]
    man: int
    visible_to: int | None = None


class OwnMan(NamedTuple):
    """MAN that only ``char`` may spend in this step: an Orgyilkosság victim's 4 (RB p.17, A56)."""

    char: str
    man: int
    visible_to: int | None = None


class StrategistMark(NamedTuple):
    """The strategists' MAN as a step begins, for Izzó idegek's per-step cap (HR-12 rulings 7, 32)."""

    man: tuple[int, ...]
    visible_to: int | None = None


class ZombieRaised(NamedTuple):
    """A dead fighter rises as ``creator``'s zombie with ``ep`` Ép (RB p.15, A52, HR-12 ruling 19)."""

    seat: int
    char: str
    creator: str
    ep: int
    visible_to: int | None = None


class ZombieCommanded(NamedTuple):
    """The creator gives 2 of his MAN and a public command (HR-12 ruling 18)."""

    seat: int
    char: str
    zombie: str
    command: ZombieCommand
    target: str | None
    hex: Hex | None
    man: int
    visible_to: int | None = None


class ZombieActed(NamedTuple):
    """The zombie's activation: ``man`` of its own MAN and ``hexes`` of its 3 a round (RB p.15)."""

    seat: int
    zombie: str
    man: int
    hexes: int
    visible_to: int | None = None


class ZombieCollapsed(NamedTuple):
    """Its creator is dead: the zombie is removed at the end of that step (HR-11)."""

    char: str
    reason: str
    visible_to: int | None = None


MAGIC_EVENTS = (
    SpellCast, SpellResisted, MeTokenShown, SpellBlocked, SpellLasting, SpellEnded,
    Healed, CloudMoved, OwnMan, StrategistMark, ZombieRaised, ZombieCommanded, ZombieActed,
    ZombieCollapsed,
)  # fmt: skip
MagicEvent = (
    SpellCast | SpellResisted | MeTokenShown | SpellBlocked | SpellLasting | SpellEnded | Healed
    | CloudMoved | OwnMan | StrategistMark | ZombieRaised | ZombieCommanded | ZombieActed
    | ZombieCollapsed
)  # fmt: skip
