"""What a finished match tells the league, read from the engine's log (HR-10.5-10.7).

``match_facts(state)`` gives the :class:`~arena.engine.campaign.facts.MatchFacts` of a match that is
over: the result from the home side, the rounds played, both arena scores (HR-10.1), and per member
his fate, his Ép when he fell, and his deeds for the experience table (HR-10.6): enemy non-gladiators
and the strategist he dealt the killing damage to, whether he dealt Ép to the enemy gladiator, and
whether he destroyed him; per side the gladiator's items that Fegyvertörés broke (HR-10.7). The
campaign sequence reads exactly this, as it reads a table report.

Who dealt a damage is read from the log: the events that carry a cause come before the damage they
cause, so a fold keeps the latest cause. The readings (docs/decisions.md, "Deeds from a hosted match"):

- an attack (``AttackDeclared``: weapons, touch spells) is its attacker's; a spell (``SpellCast``)
  its caster's, areas and chains included; a trap card (``TrapPlayed``) is the one who played it, his
  strategist; a coated weapon's poison is the attacker's (it follows his attack);
- Vérzékenység's extra Ép belongs to the damage it follows;
- Villámvért's return blow (the attacker damaged by his own attack) is the armour's caster's;
- what an area does outside a cast (Tűzvihar's later blasts, crossing a Bebörtönzés cage) is the
  area's caster's;
- a zombie's blows, the crowd's stones (HR-7) and anything else count for nobody, and a zombie's
  destruction is nobody's kill (HR-10.1: zombies do not count);
- only damage to an enemy counts (another seat's member).

Every member of the match's rosters took part (HR-10.6: each is on the board or, the strategist,
beside it from the start); a forfeit, which the engine never plays, is the league's to record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.facts import Fate, MatchFacts, MemberFacts, SideFacts
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind, opposite
from arena.engine.content.common import Role
from arena.engine.match.dice import SeededDice
from arena.engine.match.events import (
    AttackDeclared,
    Damaged,
    Died,
    Disengaged,
    Event,
    ItemBroken,
    Moved,
    Pushed,
    RoundEnded,
    RoundStarted,
    Shifted,
    StepEnded,
    StepStarted,
    TrapPlayed,
)
from arena.engine.match.evolve import evolve
from arena.engine.match.magic.events import SpellCast, ZombieActed
from arena.engine.match.optional.events import StonesThrown
from arena.engine.match.play import match_events
from arena.engine.match.state import State, initial_state

NOBODY: Final = -1  # the crowd, a zombie, friendly fire: no deed
AREA: Final = -2  # no cause in this action yet: a lasting area's (a blast at the round's end, a cage)
_ACTION_STARTS: Final = (Moved, Disengaged, Shifted, Pushed, StepStarted, StepEnded, RoundStarted, RoundEnded)


@dataclass
class _Deeds:
    fighters_killed: int = 0
    strategist_killed: bool = False
    damaged_gladiator: bool = False
    destroyed_gladiator: bool = False
    fell_at: int | None = None  # his Ép when he first fell


@dataclass
class _Fold:
    """The log replayed event by event beside the latest cause of damage."""

    live: State
    deeds: list[_Deeds]
    cause: int = AREA
    attacked: int = NOBODY  # the latest attack's target (Villámvért's wearer)
    last_hit: dict[int, int] = field(default_factory=dict)  # victim → who dealt his latest damage
    area_hits: dict[int, int] = field(default_factory=dict)  # victim → area blows since the cause reset
    broken: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))

    def see(self, e: Event) -> None:
        s = self.live
        if isinstance(e, AttackDeclared):
            attacker = s.index[e.char]
            self.cause = NOBODY if _is_zombie(s, attacker) else attacker
            self.attacked = s.index[e.target]
        elif isinstance(e, SpellCast):
            self.cause = s.index[e.char]
        elif isinstance(e, TrapPlayed):
            self.cause = s.index[e.by]
        elif isinstance(e, StonesThrown | ZombieActed):
            self.cause = NOBODY
        elif isinstance(e, _ACTION_STARTS):
            self.cause = AREA
            self.area_hits.clear()
        elif isinstance(e, Damaged):
            self._damaged(s.index[e.char], e.ep_loss)
        elif isinstance(e, Died):
            self._died(s.index[e.char])
        elif isinstance(e, ItemBroken):
            c = s.index[e.char]
            if s.sheets[c].is_gladiator:
                self.broken[s.sheets[c].seat].append(e.item)
        evolve(s, e)

    def _damaged(self, victim: int, ep_loss: int) -> None:
        s = self.live
        source = self.cause
        if source == victim:  # his own attack hurt him: Villámvért's return blow (RB p.16)
            source = _retaliating_caster(s, self.attacked)
        elif source == AREA:
            nth = self.area_hits.get(victim, 0)
            self.area_hits[victim] = nth + 1
            source = _area_caster(s, victim, nth)
        if source >= 0 and s.sheets[source].seat == s.sheets[victim].seat:
            source = NOBODY  # friendly fire is no deed
        self.last_hit[victim] = source
        if source >= 0 and ep_loss > 0 and s.sheets[victim].is_gladiator:
            self.deeds[source].damaged_gladiator = True

    def _died(self, victim: int) -> None:
        s = self.live
        if _is_zombie(s, victim):
            return  # a zombie's end: nobody's kill, and he had fallen before (HR-10.1)
        self.deeds[victim].fell_at = s.ep[victim]
        source = self.last_hit.get(victim, NOBODY)
        if source < 0:
            return
        role = s.sheets[victim].role
        if role is Role.GLADIATOR:
            self.deeds[source].destroyed_gladiator = True
        elif role is Role.STRATEGIST:
            self.deeds[source].strategist_killed = True
        else:
            self.deeds[source].fighters_killed += 1


def _is_zombie(s: State, c: int) -> bool:
    return s.magic is not None and bool(s.magic.risen >> c & 1) and s.alive[c]


def _retaliating_caster(s: State, wearer: int) -> int:
    if s.magic is None:
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


def match_facts(state: State, *, thumbs: Thumbs | None = None, notes: str = "") -> MatchFacts:
    """The facts of a finished match for the campaign sequence (HR-10.5-10.7).

    ``thumbs`` is the winner's verdict over a fallen enemy gladiator (HR-10.5), a choice made after
    the match; ``notes`` free text. A match that is not over is refused with a ``ValueError``.
    """
    result = state.result
    if result is None:
        raise ValueError("the match is not over: it has no facts yet")
    fold = _Fold(initial_state(state.setup, SeededDice(state.setup.seed)), [_Deeds() for _ in state.sheets])
    _fold_all(fold, match_events(state))
    sides = tuple(_side(state, fold, seat) for seat in (0, 1))
    return MatchFacts(
        home_result=_home_result(result.kind, result.winner),
        rounds_played=result.round,
        home_score=result.scores[0],
        away_score=result.scores[1],
        home=sides[0],
        away=sides[1],
        thumbs=thumbs,
        notes=notes,
    )


def _fold_all(fold: _Fold, events: Iterable[Event]) -> None:
    for e in events:
        fold.see(e)


def _home_result(kind: str, winner: int | None) -> ResultKind:
    if winner is None:
        return ResultKind.DRAW
    won = ResultKind(kind)  # victory or points_victory: the engine's kinds are the league's
    return won if winner == 0 else opposite(won)


def _side(state: State, fold: _Fold, seat: int) -> SideFacts:
    members = {}
    for c, sheet in enumerate(state.sheets):
        if sheet.seat != seat:
            continue
        d = fold.deeds[c]
        if d.fell_at is not None:
            fate, final_ep = Fate.DEAD, d.fell_at
        else:
            fate, final_ep = (Fate.WOUNDED if state.ep[c] < sheet.ep else Fate.UNHURT), 0
        members[sheet.slot] = MemberFacts(
            fate=fate,
            final_ep=final_ep,
            fighters_killed=d.fighters_killed,
            strategist_killed=d.strategist_killed,
            damaged_gladiator=d.damaged_gladiator,
            destroyed_gladiator=d.destroyed_gladiator,
        )
    return SideFacts(MappingProxyType(members), tuple(fold.broken[seat]))
