"""Gold and ranking (WQ-4): the best warrior of an adventure, an adventure's rank, the hall of fame.

- A warrior's gold in an adventure: his monsters' gold plus his treasure sold at the end (S3 l.333, l.657).
- Every survivor wins (S3 l.53, l.337); the survivor with the most gold did best, equal gold sharing the
  place; the dead and the lost are not ranked (S3 l.337).
- Adventures rank by result (completed first), then survivors, then the survivors' gold (house).
- The hall of fame ranks parties by their best adventure under that order, then by the gold their living
  warriors hold, then by name (a reading of WQ-4's "across adventures", docs/quest.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .adventure_log import AdventureState
from .quest_content import Outcome, Result

RESULT_ORDER: dict[Result, int] = {Result.COMPLETED: 0, Result.ABANDONED: 1, Result.FAILED: 2}


@dataclass(frozen=True)
class Placing:
    key: str
    name: str
    gold: int
    place: int  # 1 = best; equal gold shares the place


def warrior_placings(state: AdventureState) -> tuple[Placing, ...]:
    survivors = [w for w in state.warriors if w.outcome is Outcome.SURVIVED]
    survivors.sort(key=lambda w: (-w.adventure_gold, w.name))
    placings: list[Placing] = []
    for w in survivors:
        place = 1 + sum(1 for other in survivors if other.adventure_gold > w.adventure_gold)
        placings.append(Placing(w.key, w.name, w.adventure_gold, place))
    return tuple(placings)


@dataclass(frozen=True)
class AdventureScore:
    result: Result
    survivors: int
    gold: int  # the survivors' gold in this adventure

    @property
    def key(self) -> tuple[int, int, int]:
        """Smaller is better."""
        return (RESULT_ORDER[self.result], -self.survivors, -self.gold)


def adventure_score(state: AdventureState) -> AdventureScore:
    if state.result is None:
        raise ValueError("an adventure is ranked once it has ended")
    survivors = [w for w in state.warriors if w.outcome is Outcome.SURVIVED]
    return AdventureScore(state.result, len(survivors), sum(w.adventure_gold for w in survivors))


def rank_adventures(scores: Sequence[tuple[str, AdventureScore]]) -> tuple[tuple[int, str, AdventureScore], ...]:
    ordered = sorted(scores, key=lambda item: (item[1].key, item[0]))
    return tuple((1 + sum(1 for _, s in scores if s.key < score.key), name, score) for name, score in ordered)


@dataclass(frozen=True)
class PartyRecord:
    name: str
    best: AdventureScore | None
    adventures: int
    gold_held: int


def rank_parties(parties: Sequence[PartyRecord]) -> tuple[tuple[int, PartyRecord], ...]:
    def key(p: PartyRecord) -> tuple[int, tuple[int, int, int], int]:
        return (p.best is None, p.best.key if p.best else (9, 0, 0), -p.gold_held)

    ordered = sorted(parties, key=lambda p: (key(p), p.name))
    return tuple((1 + sum(1 for other in parties if key(other) < key(p)), p) for p in ordered)
