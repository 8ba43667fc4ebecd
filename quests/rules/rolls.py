"""The rolls the app makes (WQ-6), each returning every die so that the caller records it.

- ``roll_starting_wounds``: 1D6 + the card's number; a 1 is re-rolled once and the second die stands
  (WQ-2, S3 l.63).
- ``roll_power_tokens``: the Wizard's 1D6 Power tokens, at most 6 (WQ-2, S3 l.69, l.677).
- ``roll_adventure_number``: 1D6 for the Adventure Book's entry (WQ-3, S3 l.82).
- ``draw_lot``: one of several by lot (S3 l.56, l.59, l.661): each candidate rolls 1D6, the highest wins,
  and those tied for the highest roll again until one is left.
- ``draw_warriors``: the players' classes by lot, one lot per player in the order given.
- ``choose_leader`` and ``turn_order``: WQ-1 (S3 l.59, l.175).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .quest_content import POWER_TOKENS_MAX, TIE_ORDER, WarriorClass
from .quest_dice import DiceSource


@dataclass(frozen=True)
class Roll:
    """One recorded roll: ``dice`` in the order rolled, ``total`` what the rule makes of them."""

    purpose: str
    dice: tuple[int, ...]
    total: int
    bonus: int = 0

    @property
    def rerolled(self) -> bool:
        return len(self.dice) > 1

    def to_dict(self) -> dict[str, object]:
        return {"purpose": self.purpose, "dice": list(self.dice), "total": self.total, "bonus": self.bonus}


WOUNDS, POWER, ADVENTURE, LOT = "wounds", "power_tokens", "adventure_number", "lot"


def roll_starting_wounds(dice: DiceSource, bonus: int) -> Roll:
    first = dice.d6()
    rolled = (first, dice.d6()) if first == 1 else (first,)
    return Roll(WOUNDS, rolled, rolled[-1] + bonus, bonus)


def roll_power_tokens(dice: DiceSource) -> Roll:
    die = dice.d6()
    return Roll(POWER, (die,), min(die, POWER_TOKENS_MAX))


def roll_adventure_number(dice: DiceSource) -> Roll:
    die = dice.d6()
    return Roll(ADVENTURE, (die,), die)


@dataclass(frozen=True)
class Lot:
    """A lot among ``candidates``: each round's dice, candidate by candidate, and the winner."""

    candidates: tuple[str, ...]
    rounds: tuple[tuple[tuple[str, int], ...], ...]
    winner: str

    @property
    def dice(self) -> tuple[int, ...]:
        return tuple(die for round_ in self.rounds for _, die in round_)

    def to_dict(self) -> dict[str, object]:
        return {
            "candidates": list(self.candidates),
            "rounds": [[[who, die] for who, die in round_] for round_ in self.rounds],
            "winner": self.winner,
        }


def draw_lot(dice: DiceSource, candidates: Sequence[str]) -> Lot:
    if not candidates:
        raise ValueError("a lot needs at least one candidate")
    if len(set(candidates)) != len(candidates):
        raise ValueError("a lot's candidates must differ")
    left = tuple(candidates)
    rounds: list[tuple[tuple[str, int], ...]] = []
    while len(left) > 1:
        round_ = tuple((who, dice.d6()) for who in left)
        rounds.append(round_)
        best = max(die for _, die in round_)
        left = tuple(who for who, die in round_ if die == best)
    return Lot(tuple(candidates), tuple(rounds), left[0])


def draw_warriors(
    dice: DiceSource, players: Sequence[str], classes: Sequence[WarriorClass] = TIE_ORDER
) -> tuple[tuple[str, WarriorClass, Lot], ...]:
    """Each player in turn draws one of the classes still free (S3 l.56)."""
    if len(players) > len(classes):
        raise ValueError("more players than classes")
    free = [cls.value for cls in classes]
    drawn: list[tuple[str, WarriorClass, Lot]] = []
    for player in players:
        lot = draw_lot(dice, free)
        free.remove(lot.winner)
        drawn.append((player, WarriorClass(lot.winner), lot))
    return tuple(drawn)


@dataclass(frozen=True)
class Member:
    """What the leader and the turn order need of a warrior: its key, class and Initiative."""

    key: str
    cls: WarriorClass
    initiative: int


def leader_candidates(members: Sequence[Member]) -> tuple[str, ...]:
    """The Barbarian alone when he is in the party; otherwise every warrior (S3 l.59)."""
    barbarians = tuple(m.key for m in members if m.cls is WarriorClass.BARBARIAN)
    return barbarians or tuple(m.key for m in members)


def choose_leader(members: Sequence[Member], dice: DiceSource | None) -> tuple[str, Lot | None]:
    """The Barbarian leads; without him the leader is drawn by lot (``dice``), or, when ``dice`` is None
    and there is one warrior, he leads alone."""
    candidates = leader_candidates(members)
    if len(candidates) == 1:
        return candidates[0], None
    if dice is None:
        raise ValueError("without the Barbarian the leader is chosen by agreement or by lot")
    lot = draw_lot(dice, candidates)
    return lot.winner, lot


def turn_order(members: Sequence[Member], leader: str) -> tuple[str, ...]:
    """The leader first, then by Initiative, highest first; ties in the seed's order (S3 l.175)."""
    if leader not in {m.key for m in members}:
        raise ValueError("the leader is not in the party")
    rest = sorted((m for m in members if m.key != leader), key=lambda m: (-m.initiative, TIE_ORDER.index(m.cls)))
    return (leader, *(m.key for m in rest))
