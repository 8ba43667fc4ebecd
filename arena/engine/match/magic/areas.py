"""The one-block areas: Savfelhő, Tűzvihar and Bebörtönzés (RB p.13-17; A4, A42, A51, A55;
HR-12 rulings 24-25, 34).

An area is the centre hex and its six neighbours on the board; walls do not cut it (A4). Area
damage strikes everyone in it but the caster at once, and deaths are checked together (ruling
24). The areas' modifiers (Savfelhő −2 CÉ from or through the cloud, Tűzvihar +2 ranged VÉ
through or into the storm, Bebörtönzés +4 ranged VÉ for the caster in his cage) join the
non-stacking group of spell modifiers (RB p.10, p.12).
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.board.grid import grid
from arena.engine.content.common import CombatValue
from arena.engine.content.spells import SPELLS, Bearer, Cage, Damage, Modifier, Spell
from arena.engine.match.context import Context
from arena.engine.match.events import Deployed, Disengaged, Moved, Pushed, Shifted
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic.events import SpellBlocked, SpellEnded, SpellLasting
from arena.engine.match.magic.spell_effects import amulet_cancels, deaths_together, lightning_warded, spell_damage
from arena.engine.match.magic.state import Lasting
from arena.engine.match.rules.base import TRACES
from arena.engine.match.rules.modifiers import RANGED_WEAPONS
from arena.engine.match.state import State, Swing

G = grid()


def _modifier(spell_id: str) -> Modifier:
    return next(p for p in SPELLS[spell_id].effect.parts if isinstance(p, Modifier))


CLOUD = _modifier("acid_cloud")  # −2 CÉ, lightning included (A40, A51)
STORM = _modifier("firestorm")  # +2 ranged VÉ
CAGE_VE = _modifier("imprisonment")  # +4 ranged VÉ for the caster in his cage
CAGE = next(p for p in SPELLS["imprisonment"].effect.parts if isinstance(p, Cage))
STORM_TICK = next(p for p in SPELLS["firestorm"].effect.parts if isinstance(p, Damage) and p.ticks is not None)
_CLOUD_AREA = SPELLS["acid_cloud"].effect.area
assert _CLOUD_AREA is not None and _CLOUD_AREA.move_man_per_hex is not None
CLOUD_MAN_PER_HEX: int = _CLOUD_AREA.move_man_per_hex  # RB p.13-14: 1 MAN a hex
assert CLOUD.bearer is Bearer.SHOOTERS_FROM_OR_THROUGH_AREA and STORM.bearer is Bearer.TARGETS_SHOT_THROUGH_OR_INTO_AREA


def _area_hexes(centre: int) -> tuple[int, ...]:
    found = {centre}
    for n in G.hexes[centre].neighbours():
        i = G.index.get(n)
        if i is not None:
            found.add(i)
    return tuple(sorted(found))


_AREA_HEXES: tuple[tuple[int, ...], ...] = tuple(_area_hexes(h) for h in range(len(G.hexes)))  # built once


def area_hexes(centre: int) -> tuple[int, ...]:
    """The centre and its neighbours on the board (digest A4), as sorted hex numbers."""
    return _AREA_HEXES[centre]


def in_area(s: State, hexes: Sequence[int], skip: int = -1) -> list[int]:
    """Living characters on the board standing in the area (hiding and sneaking ones too,
    HR-12 ruling 34), the caster ``skip`` excepted."""
    return [c for c in s.board if s.alive[c] and s.pos[c] in hexes and c != skip]


def _line(s: State, a: int, b: int) -> set[int]:
    """The hexes strictly between ``a`` and ``b`` on either nudged line (HR-1.8)."""
    found: set[int] = set()
    for sight in G.traced(a, b, TRACES.of(s.memo)):
        found.update(sight.inner)
    return found


def combine(current: int, amounts: Sequence[int]) -> int:
    """The non-stacking choice over spell modifiers (digest §13, A33)."""
    if not amounts:
        return current
    worst = min(current, *amounts, 0)
    return worst if worst < 0 else max(current, *amounts, 0)


def cloud_ce(s: State, a: int, b: int) -> list[int]:
    """Savfelhő's −2 CÉ for a shot from hex ``a`` to ``b`` from or through a cloud (A51)."""
    m = s.magic
    if m is None:
        return []
    found = []
    line: set[int] | None = None
    for x in m.areas:
        if x.what != "acid_cloud":
            continue
        if a in x.hexes:
            found.append(CLOUD.amount)
            continue
        if line is None:
            line = _line(s, a, b)
        if not line.isdisjoint(x.hexes):
            found.append(CLOUD.amount)
    return found


def ranged_ve(s: State, t: int, a: int, b: int) -> list[int]:
    """Tűzvihar's +2 (a shot through or into the storm) and Bebörtönzés's +4 (the caster in
    his cage) against a shot from hex ``a`` at ``t`` on hex ``b``."""
    m = s.magic
    if m is None:
        return []
    found = []
    line: set[int] | None = None
    for x in m.areas:
        if x.what == "firestorm":
            if b in x.hexes:
                found.append(STORM.amount)
                continue
            if line is None:
                line = _line(s, a, b)
            if not line.isdisjoint(x.hexes):
                found.append(STORM.amount)
        elif x.what == "imprisonment" and x.caster == t and b in x.hexes:
            found.append(CAGE_VE.amount)
    return found


def area_modifier(s: State, swing: Swing, value: CombatValue, current: int) -> int:
    """The spell modifier of ``value`` with the areas' own joined in (non-stacking)."""
    if swing.weapon not in RANGED_WEAPONS:
        return current
    a, b = s.pos[swing.attacker], s.pos[swing.target]
    if value is CombatValue.CE:
        return combine(current, cloud_ce(s, a, b))
    if value is CombatValue.RANGED_VE:
        return combine(current, ranged_ve(s, swing.target, a, b))
    return current


# --- casting and the round ------------------------------------------------------------------------


def cast_area(ctx: Context, c: int, spell: Spell, centre: int) -> None:
    """Create the area, then its blast on everyone in it but the caster, all at once."""
    s = ctx.state
    hexes = area_hexes(centre)
    area = spell.effect.area
    assert area is not None
    ctx.emit(
        SpellLasting(
            spell.id, s.sheets[c].id, None, "area", spell.id, centre, s.round,
            area.window.last_round(s.round), None, tuple(G.hexes[h] for h in hexes),
        )
    )  # fmt: skip
    blasts = [p for p in spell.effect.parts if isinstance(p, Damage) and p.ticks is None]
    if not blasts:
        return
    if c in in_area(s, hexes):
        ctx.emit(
            SpellBlocked(
                spell.id,
                s.sheets[c].id,
                "the caster is immune to his own magic (digest A42)",
            )
        )
    _blast(ctx, spell, in_area(s, hexes, c), blasts[0])


def _blast(ctx: Context, spell: Spell, victims: list[int], damage: Damage) -> None:
    s = ctx.state
    hit = []
    for t in victims:
        if amulet_cancels(ctx, t, spell) or lightning_warded(ctx, t, spell):
            continue
        spell_damage(ctx, t, damage, check_death=False)
        hit.append(t)
    deaths_together(ctx, hit)
    del s


def round_ending(ctx: Context) -> None:
    """After step 6 (RB p.12, HR-12 ruling 25): Tűzvihar's later blasts, then what ends."""
    s = ctx.state
    m = s.magic
    assert m is not None
    for x in m.areas:
        if x.what == "firestorm" and x.first < s.round and s.result is None:
            window = STORM_TICK.ticks
            assert window is not None
            if window.is_active(x.first, s.round):
                _blast(ctx, SPELLS["firestorm"], in_area(s, x.hexes, x.caster), STORM_TICK)


def move_cloud_options(s: State, c: int) -> list[tuple[int, int]]:
    """(area lasting index, new centre) pairs for his clouds (RB p.13-14)."""
    m = s.magic
    if m is None or not any(x.what == "acid_cloud" and x.caster == c for x in m.areas):
        return []
    found: list[tuple[int, int]] = []
    for i, x in enumerate(m.lasting):
        if x.kind == "area" and x.what == "acid_cloud" and x.caster == c:
            found.extend((i, h) for h in _NEAR[x.amount])
    return found


_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(G.index[n] for n in G.hexes[h].neighbours() if n in G.index) for h in range(G.size)
)  # the neighbours on the board, in direction order (HR-1.1)


# --- crossing the cage (RB p.17, HR-12 rulings 12 and 34) ----------------------------------------


def after_action(ctx: Context, before: Sequence[int]) -> None:
    """Whoever crossed a Bebörtönzés cage's boundary in this action, by a move, disengaging, a
    shift or a push, takes 8 Sp (only leather SFÉ counts), once per crossing; its caster never."""
    s = ctx.state
    m = s.magic
    assert m is not None
    cages = [x for x in m.areas if x.what == "imprisonment"]
    if not cages:
        return
    pos = list(before)
    crossings: list[tuple[int, Lasting]] = []

    def walk(c: int, hexes: Sequence[int]) -> None:
        prev = pos[c]
        for h in hexes:
            if prev >= 0:
                for x in cages:
                    if (prev in x.hexes) != (h in x.hexes) and x.caster != c:
                        crossings.append((c, x))
            prev = h
        pos[c] = prev

    for e in list(ctx.events):
        if isinstance(e, Moved):
            walk(s.index[e.char], [G.index[h] for h in e.path])
        elif isinstance(e, Disengaged):
            walk(s.index[e.char], [G.index[e.to]])
        elif isinstance(e, Shifted):
            walk(s.index[e.char], [G.index[h] for h in e.path])
            walk(s.index[e.other], [G.index[h] for h in e.other_path])
        elif isinstance(e, Pushed):
            walk(s.index[e.char], [G.index[e.to]])
        elif isinstance(e, Deployed):
            pos[s.index[e.char]] = G.index[e.hex]
    spell = SPELLS["imprisonment"]
    for c, _ in crossings:
        if not s.alive[c] or s.result is not None:
            continue
        if amulet_cancels(ctx, c, spell) or lightning_warded(ctx, c, spell):
            continue
        spell_damage(ctx, c, CAGE.damage)


def expire(ctx: Context) -> None:
    """Lasting effects whose last round is over end now (RB p.12)."""
    s = ctx.state
    m = s.magic
    assert m is not None
    for x in m.lasting:
        if x.kind != "onset" and x.last is not None and x.last <= s.round:
            ctx.emit(
                SpellEnded(
                    x.spell, s.sheets[x.caster].id, None if x.target < 0 else s.sheets[x.target].id,
                    x.kind, x.what, "its last round is over (RB p.12)",
                )
            )  # fmt: skip


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.area_modifier = area_modifier
