"""Who dealt a damage: the one reading of the log that a four-seat match's arena scores (HR-8,
HR-10.1) and a campaign member's deeds (HR-10.6,
:mod:`arena.engine.campaign.match_facts`) both use.

Read event by event, each before it is evolved. The events that carry a cause come before the
damage they cause, so the latest cause is the one (docs/decisions.md, "Deeds from a hosted match"):

- an attack (``AttackDeclared``: weapons, touch spells) is its attacker's, a zombie's nobody's; a
  spell (``SpellCast``) its caster's, areas and chains included; a trap card (``TrapPlayed``) the
  one who played it, his strategist; a coated weapon's poison follows its attack;
- Villámvért's return blow (the attacker hurt by his own attack) is the armour's caster's;
- what an area does outside a cast (Tűzvihar's later blasts, crossing a Bebörtönzés cage) is the
  area's caster's;
- the crowd's stones (HR-7) and anything else are nobody's;
- only an enemy's loss counts (a partner's is no deed, HR-8), and a zombie's never (HR-10.1);
- a death is his who dealt the dead man's latest damage.
"""

from __future__ import annotations

from typing import Final

from arena.engine.match import events as ev
from arena.engine.match.magic.events import SpellCast, ZombieActed
from arena.engine.match.magic.queries import is_zombie
from arena.engine.match.optional.events import StonesThrown
from arena.engine.match.state import AREA, NOBODY, Blame, State

__all__ = ["AREA", "NOBODY", "Blame", "blame_damage", "blame_death", "blame_see", "stands_as_zombie"]

# each begins a new action (or step, or round): what is resolving now is no cast's, so an area's
_ACTION_STARTS: Final = (
    ev.Moved, ev.Disengaged, ev.Shifted, ev.Pushed, ev.StepStarted, ev.StepEnded, ev.RoundStarted, ev.RoundEnded
)  # fmt: skip


def stands_as_zombie(s: State, c: int) -> bool:
    """Whether ``c`` stands as a zombie (raised and not yet collapsed, RB p.15)."""
    return is_zombie(s, c) and s.alive[c]


def blame_see(s: State, blame: Blame, e: object) -> Blame:
    """``blame`` after an event that names (or ends) a cause; the same ``blame`` otherwise."""
    if isinstance(e, ev.AttackDeclared):
        attacker = s.index[e.char]
        return Blame(NOBODY if stands_as_zombie(s, attacker) else attacker, s.index[e.target], (), blame.last_hit)
    if isinstance(e, SpellCast):
        return blame._replace(cause=s.index[e.char])
    if isinstance(e, ev.TrapPlayed):
        return blame._replace(cause=s.index[e.by])
    if isinstance(e, StonesThrown | ZombieActed):
        return blame._replace(cause=NOBODY)
    if isinstance(e, _ACTION_STARTS):
        return blame._replace(cause=AREA, area_hits=()) if blame.cause != AREA or blame.area_hits else blame
    return blame


def blame_damage(s: State, blame: Blame, victim: int) -> tuple[int, Blame]:
    """Who dealt the damage ``victim`` takes now (a character's index, or ``NOBODY``), and the
    blame after it (his latest hit noted)."""
    source = blame.cause
    if source == victim:  # his own attack hurt him: Villámvért's return blow (RB p.16)
        source = _retaliating_caster(s, blame.attacked)
    elif source == AREA:
        hits = dict(blame.area_hits)
        nth = hits.get(victim, 0)
        hits[victim] = nth + 1
        blame = blame._replace(area_hits=tuple(sorted(hits.items())))
        source = _area_caster(s, victim, nth)
    if source >= 0 and (not s.enemies(source, victim) or stands_as_zombie(s, victim)):
        source = NOBODY  # friendly fire is no deed (a partner's neither, HR-8), nor a zombie's loss
    last = dict(blame.last_hit)
    last[victim] = source
    return source, blame._replace(last_hit=tuple(sorted(last.items())))


def blame_death(blame: Blame, victim: int) -> int:
    """Who killed ``victim``: who dealt his latest damage (``NOBODY``: nobody, or none dealt)."""
    return dict(blame.last_hit).get(victim, NOBODY)


def _retaliating_caster(s: State, wearer: int) -> int:
    if s.magic is None or wearer < 0:
        return NOBODY
    casters = [x.caster for x in s.magic.lasting if x.kind == "retaliation" and x.target == wearer]
    return casters[0] if casters else NOBODY


def _area_caster(s: State, victim: int, nth: int) -> int:
    """The caster of the area whose ``nth`` blow (from 0) hurt ``victim`` outside a cast: the Tűzvihar
    areas he stands in blast in the order of the state's areas, else a Bebörtönzés cage (he has just
    crossed its edge, so he may stand on either side of it)."""
    if s.magic is None:
        return NOBODY
    storms = [x.caster for x in s.magic.areas if x.what == "firestorm" and s.pos[victim] in x.hexes]
    cages = [x.caster for x in s.magic.areas if x.what == "imprisonment"]
    found = storms or cages
    return found[min(nth, len(found) - 1)] if found else NOBODY
