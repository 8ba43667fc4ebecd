"""The adventure log (WQ-3): entries, their checks, and the state they replay to.

An adventure begins from a ``Setup`` (each warrior's rolled starting Wounds, what he carries in, the
leader) and is the fold of its entries, in order. ``apply`` checks one entry against the state so far
and returns the next state, or raises ``LogError`` with the violations; nothing is ever edited: a
mistake is corrected by a ``Voided`` entry naming the wrong one, and ``replay`` leaves voided entries
out (and refuses a void that would leave the rest of the log inconsistent).

Entries are frozen dataclasses with a plain-dict form (``entry_to_dict`` / ``entry_from_dict``, the
latter parsing with limits) so that the app stores them as JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from . import quest_checks
from .quest_checks import Violation
from .quest_content import (
    GOLD_MAX,
    POWER_TOKENS_MAX,
    CardKind,
    Outcome,
    Result,
    Status,
    TreasureSource,
    WarriorClass,
)
from .rolls import Roll

TEXT_MAX = 80  # house: card, monster, treasure and item names
CAUSE_MAX = 120  # house
AMOUNT_MAX = 99  # house: Wounds taken or healed in one entry
LOG_MAX = 2000  # house: entries in one adventure


class LogError(ValueError):
    def __init__(self, violations: Sequence[Violation]) -> None:
        super().__init__("; ".join(f"{v.code} {v.field}: {v.en}" for v in violations))
        self.violations = tuple(violations)


@dataclass(frozen=True)
class Card:
    """A treasure card held: ``here`` when found in the current adventure (WQ-10 counts those)."""

    name: str
    value: int
    here: bool = False


@dataclass(frozen=True)
class StartingWarrior:
    key: str
    name: str
    cls: WarriorClass
    initiative: int
    wounds: Roll
    gold: int = 0
    treasure: tuple[Card, ...] = ()
    equipment: tuple[str, ...] = ()
    power_tokens: int | None = None


@dataclass(frozen=True)
class Setup:
    warriors: tuple[StartingWarrior, ...]
    leader: str


@dataclass(frozen=True)
class WarriorState:
    key: str
    name: str
    cls: WarriorClass
    start_wounds: int
    wounds: int
    status: Status = Status.ACTIVE
    gold: int = 0
    treasure: tuple[Card, ...] = ()
    equipment: tuple[str, ...] = ()
    kills: tuple[tuple[str, int], ...] = ()
    sold: tuple[Card, ...] = ()
    outcome: Outcome | None = None
    tokens: int | None = None  # the Wizard's power tokens left (WQ-2: at the start and at the end)

    @property
    def unconscious(self) -> bool:
        return self.status is Status.ACTIVE and self.wounds == 0

    @property
    def found_here(self) -> int:
        return sum(1 for card in self.treasure if card.here)

    @property
    def adventure_gold(self) -> int:
        """WQ-4: monsters' gold plus treasure sold at the end (S3 l.333, l.657)."""
        return sum(gold for _, gold in self.kills) + sum(card.value for card in self.sold)


@dataclass(frozen=True)
class AdventureState:
    warriors: tuple[WarriorState, ...]
    leader: str
    cards: tuple[tuple[str, CardKind], ...] = ()
    events: int = 0
    event_treasure: int = 0
    result: Result | None = None

    def warrior(self, key: str) -> WarriorState:
        for w in self.warriors:
            if w.key == key:
                return w
        raise LogError(
            [Violation("WQ-01", "warrior", "Nincs ilyen harcos a csapatban.", "No such warrior in the party.")]
        )

    def with_warrior(self, updated: WarriorState) -> AdventureState:
        return replace(self, warriors=tuple(updated if w.key == updated.key else w for w in self.warriors))

    @property
    def ended(self) -> bool:
        return self.result is not None


def start(setup: Setup) -> AdventureState:
    keys = [w.key for w in setup.warriors]
    found = quest_checks.check_party([w.cls.value for w in setup.warriors])
    found += quest_checks.check_leader([setup.leader], {w.key: w.cls for w in setup.warriors}, at_setup=True)
    for w in setup.warriors:
        found += quest_checks.check_starting_wounds(w.name, w.wounds)
        found += quest_checks.check_starting_item(w.name, w.cls, w.equipment)
    if found:
        raise LogError(found)
    assert len(set(keys)) == len(keys)
    return AdventureState(
        warriors=tuple(
            WarriorState(
                key=w.key,
                name=w.name,
                cls=w.cls,
                start_wounds=w.wounds.total,
                wounds=w.wounds.total,
                gold=w.gold,
                treasure=tuple(replace(card, here=False) for card in w.treasure),
                equipment=w.equipment,
                tokens=w.power_tokens,
            )
            for w in setup.warriors
        ),
        leader=setup.leader,
    )


# --- entries -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardTurned:
    name: str
    card_kind: CardKind
    kind: str = field(default="card", init=False)


@dataclass(frozen=True)
class EventDrawn:
    name: str
    source: str  # "power" (a 1 in the Power phase, S3 l.138) or "room" (a room entered, S3 l.210)
    kind: str = field(default="event", init=False)


@dataclass(frozen=True)
class MonsterSlain:
    monster: str
    gold: int
    killer: str
    kind: str = field(default="kill", init=False)


@dataclass(frozen=True)
class TreasureFound:
    name: str
    value: int
    source: TreasureSource
    recipient: str
    kind: str = field(default="treasure", init=False)


@dataclass(frozen=True)
class WoundsTaken:
    warrior: str
    amount: int
    cause: str = ""
    kind: str = field(default="wounds_taken", init=False)


@dataclass(frozen=True)
class WoundsHealed:
    warrior: str
    amount: int
    cause: str = ""
    kind: str = field(default="wounds_healed", init=False)


@dataclass(frozen=True)
class EndOfTurn:
    """The turn ends: every warrior still unconscious dies (S3 l.625)."""

    kind: str = field(default="end_of_turn", init=False)


@dataclass(frozen=True)
class WarriorLost:
    warrior: str
    kind: str = field(default="lost", init=False)


@dataclass(frozen=True)
class LanternPassed:
    to: str
    lot: Mapping[str, Any] | None = None
    kind: str = field(default="lantern", init=False)


@dataclass(frozen=True)
class EquipmentPassed:
    giver: str
    item: str
    to: str
    lot: Mapping[str, Any] | None = None
    kind: str = field(default="equipment", init=False)


@dataclass(frozen=True)
class CardUsed:
    warrior: str
    item: str
    kind: str = field(default="used", init=False)


@dataclass(frozen=True)
class TokensUsed:
    """The Wizard turns power tokens into power; each token is used once (S3 l.69, l.677)."""

    warrior: str
    amount: int
    kind: str = field(default="tokens", init=False)


@dataclass(frozen=True)
class AdventureEnded:
    result: Result
    outcomes: Mapping[str, Outcome]
    kind: str = field(default="end", init=False)


@dataclass(frozen=True)
class TreasureSold:
    warrior: str
    name: str
    price: int
    kind: str = field(default="sale", init=False)


@dataclass(frozen=True)
class Voided:
    seq: int
    reason: str
    kind: str = field(default="void", init=False)


Entry = (
    CardTurned
    | EventDrawn
    | MonsterSlain
    | TreasureFound
    | WoundsTaken
    | WoundsHealed
    | EndOfTurn
    | WarriorLost
    | LanternPassed
    | EquipmentPassed
    | CardUsed
    | TokensUsed
    | AdventureEnded
    | TreasureSold
    | Voided
)


def _err(code: str, fld: str, hu: str, en: str) -> LogError:
    return LogError([Violation(code, fld, hu, en)])


def _require(found: tuple[Violation, ...]) -> None:
    if found:
        raise LogError(found)


def _living(state: AdventureState, key: str, fld: str) -> WarriorState:
    w = state.warrior(key)
    _require(quest_checks.check_living(w.name, w.status, fld))
    return w


def _die(w: WarriorState, status: Status, outcome: Outcome) -> WarriorState:
    """His treasure stays with the body and leaves the record; his gold is frozen (S3 l.661, WQ-3)."""
    return replace(w, status=status, outcome=outcome, treasure=())


def apply(state: AdventureState, entry: Entry) -> AdventureState:  # noqa: C901 - one branch per entry kind
    if isinstance(entry, Voided):
        return state  # replay handles voids
    if state.ended and not isinstance(entry, TreasureSold):
        raise _err(
            "WQ-3", "kind", "A kaland véget ért: csak eladás jöhet.", "The adventure has ended: only sales follow."
        )
    if isinstance(entry, CardTurned):
        kinds = [k for _, k in state.cards] + [entry.card_kind]
        _require(quest_checks.check_deck(kinds))
        return replace(state, cards=(*state.cards, (entry.name, entry.card_kind)))
    if isinstance(entry, EventDrawn):
        return replace(state, events=state.events + 1)
    if isinstance(entry, MonsterSlain):
        w = _living(state, entry.killer, "killer")
        _require(quest_checks.check_kill(entry.killer, entry.killer, entry.gold))
        return state.with_warrior(replace(w, gold=w.gold + entry.gold, kills=(*w.kills, (entry.monster, entry.gold))))
    if isinstance(entry, TreasureFound):
        w = _living(state, entry.recipient, "recipient")
        counts = {x.key: x.found_here for x in state.warriors if x.status is Status.ACTIVE}
        _require(quest_checks.check_treasure_share(entry.recipient, w.name, counts))
        event_treasure = state.event_treasure + (entry.source is TreasureSource.EVENT)
        if entry.source is TreasureSource.EVENT:
            _require(quest_checks.check_event_treasure(event_treasure, state.events))
        card = Card(entry.name, entry.value, here=True)
        return replace(state, event_treasure=event_treasure).with_warrior(replace(w, treasure=(*w.treasure, card)))
    if isinstance(entry, WoundsTaken):
        w = _living(state, entry.warrior, "warrior")
        return state.with_warrior(replace(w, wounds=max(0, w.wounds - entry.amount)))  # never below 0 (S3 l.625)
    if isinstance(entry, WoundsHealed):
        w = _living(state, entry.warrior, "warrior")
        return state.with_warrior(replace(w, wounds=min(w.start_wounds, w.wounds + entry.amount)))  # S3 l.63
    if isinstance(entry, EndOfTurn):
        return replace(
            state,
            warriors=tuple(_die(w, Status.DEAD, Outcome.DIED) if w.unconscious else w for w in state.warriors),
        )
    if isinstance(entry, WarriorLost):
        w = _living(state, entry.warrior, "warrior")
        return state.with_warrior(_die(w, Status.LOST, Outcome.LOST))
    if isinstance(entry, LanternPassed):
        leader = state.warrior(state.leader)
        if leader.status is Status.ACTIVE:
            raise _err(
                "WQ-06",
                "to",
                f"{leader.name} él és viszi a lámpást.",
                f"{leader.name} is alive and carries the lantern.",
            )
        _living(state, entry.to, "to")
        return replace(state, leader=entry.to)
    if isinstance(entry, EquipmentPassed):
        giver = state.warrior(entry.giver)
        if giver.status is Status.ACTIVE or entry.item not in giver.equipment:
            raise _err(
                "WQ-13",
                "item",
                f"Csak halott vagy elveszett harcos felszerelése adható tovább ({giver.name}: {entry.item}).",
                f"Only a dead or lost warrior's equipment passes on ({giver.name}: {entry.item}).",
            )
        to = _living(state, entry.to, "to")
        left = list(giver.equipment)
        left.remove(entry.item)
        state = state.with_warrior(replace(giver, equipment=tuple(left)))
        return state.with_warrior(replace(to, equipment=(*to.equipment, entry.item)))
    if isinstance(entry, CardUsed):
        w = _living(state, entry.warrior, "warrior")
        if entry.item in w.equipment:
            left = list(w.equipment)
            left.remove(entry.item)
            return state.with_warrior(replace(w, equipment=tuple(left)))
        for i, card in enumerate(w.treasure):
            if card.name == entry.item:
                return state.with_warrior(replace(w, treasure=w.treasure[:i] + w.treasure[i + 1 :]))
        raise _err("WQ-3", "item", f"{w.name} nem birtokolja: {entry.item}.", f"{w.name} does not hold {entry.item}.")
    if isinstance(entry, TokensUsed):
        w = _living(state, entry.warrior, "warrior")
        if w.tokens is None or entry.amount > w.tokens:
            raise _err(
                "WQ-07",
                "amount",
                f"{w.name}: {w.tokens or 0} erőjelzője maradt, mind egyszer használható.",
                f"{w.name} has {w.tokens or 0} power tokens left, each used once.",
            )
        return state.with_warrior(replace(w, tokens=w.tokens - entry.amount))
    if isinstance(entry, AdventureEnded):
        return _end(state, entry)
    if isinstance(entry, TreasureSold):
        w = state.warrior(entry.warrior)
        if state.ended:
            _require(quest_checks.check_living(w.name, w.status, "warrior"))
        held = next((i for i, card in enumerate(w.treasure) if card.name == entry.name), None)
        held_value = w.treasure[held].value if held is not None else None
        _require(
            quest_checks.check_sale(
                ended=state.ended, survived=w.outcome is Outcome.SURVIVED, held_value=held_value, price=entry.price
            )
        )
        assert held is not None
        card = w.treasure[held]
        sold = replace(
            w, treasure=w.treasure[:held] + w.treasure[held + 1 :], sold=(*w.sold, card), gold=w.gold + card.value
        )
        return state.with_warrior(sold)
    raise TypeError(f"not a log entry: {entry!r}")


def _end(state: AdventureState, entry: AdventureEnded) -> AdventureState:
    found: list[Violation] = []
    if set(entry.outcomes) != {w.key for w in state.warriors}:
        found.append(
            Violation(
                "WQ-3", "outcomes", "Minden harcos kimenetelét meg kell adni.", "Every warrior's outcome is needed."
            )
        )
        raise LogError(found)
    warriors = []
    for w in state.warriors:
        outcome = entry.outcomes[w.key]
        fld = f"outcome_{w.key}"
        if (
            w.status is Status.DEAD
            and outcome is not Outcome.DIED
            or w.status is Status.LOST
            and outcome is not Outcome.LOST
        ):
            found += quest_checks.check_living(w.name, w.status, fld)
        found += quest_checks.check_outcome(w.name, outcome, w.wounds, fld)
        if w.status is Status.ACTIVE and outcome is Outcome.DIED and w.wounds > 0:
            found.append(
                Violation(
                    "WQ-12",
                    fld,
                    f"{w.name} {w.wounds} Sebponttal él: a halál 0 Sebpontnál jön.",
                    f"{w.name} has {w.wounds} Wounds: death comes at 0.",
                )
            )
        if w.status is Status.ACTIVE and outcome is Outcome.SURVIVED:
            warriors.append(replace(w, outcome=outcome))
        elif w.status is Status.ACTIVE:
            warriors.append(_die(w, Status.DEAD if outcome is Outcome.DIED else Status.LOST, outcome))
        else:
            warriors.append(w)
    survivors = sum(1 for w in warriors if w.outcome is Outcome.SURVIVED)
    if (entry.result is Result.FAILED) != (survivors == 0):
        found.append(
            Violation(
                "WQ-3",
                "result",
                "Elbukott a kaland, ha és csak ha egy harcos sem élte túl.",
                "An adventure failed when, and only when, no warrior survived.",
            )
        )
    _require(tuple(found))
    return replace(state, warriors=tuple(warriors), result=entry.result)


def replay(setup: Setup, entries: Iterable[tuple[int, Entry]]) -> AdventureState:
    """The state after every entry not voided; raises ``LogError`` at the first inconsistent one."""
    listed = list(entries)
    if len(listed) > LOG_MAX:
        raise _err("WQ-3", "log", f"Legfeljebb {LOG_MAX} bejegyzés.", f"At most {LOG_MAX} entries.")
    voided = {entry.seq for _, entry in listed if isinstance(entry, Voided)}
    state = start(setup)
    for seq, entry in listed:
        if seq not in voided:
            state = apply(state, entry)
    return state


def check_void(setup: Setup, entries: Sequence[tuple[int, Entry]], seq: int) -> tuple[Violation, ...]:
    """Whether voiding entry ``seq`` leaves a consistent log (a void is never voided: house)."""
    target = next((entry for s, entry in entries if s == seq), None)
    already = any(isinstance(entry, Voided) and entry.seq == seq for _, entry in entries)
    if target is None or isinstance(target, Voided) or already:
        return (Violation("WQ-3", "seq", "Nincs ilyen érvényes bejegyzés.", "No such standing entry."),)
    try:
        replay(setup, [*entries, (max(s for s, _ in entries) + 1, Voided(seq, ""))])
    except LogError as error:
        return error.violations
    return ()


# --- the plain-dict form ---------------------------------------------------------------------------------


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": entry.kind}
    for item in fields(entry):
        name, value = item.name, getattr(entry, item.name)
        if isinstance(value, Mapping):
            value = {k: (v.value if isinstance(v, Outcome) else v) for k, v in value.items()}
        elif isinstance(value, CardKind | TreasureSource | Result):
            value = value.value
        data[name] = value
    return data


def _text(data: Mapping[str, Any], key: str, limit: int, *, optional: bool = False) -> str:
    value = data.get(key, "" if optional else None)
    if not isinstance(value, str) or len(value) > limit or (not optional and not value.strip()):
        raise _err("WQ-02", key, f"{key}: 1–{limit} karakter.", f"{key}: 1–{limit} characters.")
    return value.strip()


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        code = "WQ-11" if key == "gold" else "WQ-02"
        raise _err(code, key, f"{key}: egész szám {low}–{high}.", f"{key}: a whole number {low}–{high}.")
    return value


def _choice(data: Mapping[str, Any], key: str, allowed: Iterable[str]) -> str:
    value = data.get(key)
    if value not in set(allowed):
        raise _err("WQ-02", key, f"{key}: ismeretlen érték.", f"{key}: unknown value.")
    assert isinstance(value, str)
    return value


def _lot(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    lot = data.get("lot")
    if lot is None:
        return None
    if not isinstance(lot, Mapping) or len(repr(lot)) > 2000:
        raise _err("WQ-15", "lot", "Sorsolást csak az alkalmazás húz.", "Lots are drawn by the app.")
    return lot


def entry_from_dict(data: Mapping[str, Any]) -> Entry:  # noqa: C901 - one branch per entry kind
    kind = data.get("kind")
    if kind == "card":
        return CardTurned(
            _text(data, "name", TEXT_MAX), CardKind(_choice(data, "card_kind", (k.value for k in CardKind)))
        )
    if kind == "event":
        return EventDrawn(_text(data, "name", TEXT_MAX), _choice(data, "source", ("power", "room")))
    if kind == "kill":
        return MonsterSlain(
            _text(data, "monster", TEXT_MAX), _int(data, "gold", 0, GOLD_MAX), _text(data, "killer", TEXT_MAX)
        )
    if kind == "treasure":
        return TreasureFound(
            _text(data, "name", TEXT_MAX),
            _int(data, "value", 0, GOLD_MAX),
            TreasureSource(_choice(data, "source", (s.value for s in TreasureSource))),
            _text(data, "recipient", TEXT_MAX),
        )
    if kind in ("wounds_taken", "wounds_healed"):
        cls = WoundsTaken if kind == "wounds_taken" else WoundsHealed
        return cls(
            _text(data, "warrior", TEXT_MAX),
            _int(data, "amount", 1, AMOUNT_MAX),
            _text(data, "cause", CAUSE_MAX, optional=True),
        )
    if kind == "end_of_turn":
        return EndOfTurn()
    if kind == "lost":
        return WarriorLost(_text(data, "warrior", TEXT_MAX))
    if kind == "lantern":
        return LanternPassed(_text(data, "to", TEXT_MAX), _lot(data))
    if kind == "equipment":
        return EquipmentPassed(
            _text(data, "giver", TEXT_MAX), _text(data, "item", TEXT_MAX), _text(data, "to", TEXT_MAX), _lot(data)
        )
    if kind == "used":
        return CardUsed(_text(data, "warrior", TEXT_MAX), _text(data, "item", TEXT_MAX))
    if kind == "tokens":
        return TokensUsed(_text(data, "warrior", TEXT_MAX), _int(data, "amount", 1, POWER_TOKENS_MAX))
    if kind == "end":
        outcomes = data.get("outcomes")
        if not isinstance(outcomes, Mapping) or len(outcomes) > 4:
            raise _err(
                "WQ-3", "outcomes", "Minden harcos kimenetelét meg kell adni.", "Every warrior's outcome is needed."
            )
        return AdventureEnded(
            Result(_choice(data, "result", (r.value for r in Result))),
            {str(k): Outcome(_choice({"o": v}, "o", (o.value for o in Outcome))) for k, v in outcomes.items()},
        )
    if kind == "sale":
        return TreasureSold(
            _text(data, "warrior", TEXT_MAX), _text(data, "name", TEXT_MAX), _int(data, "price", 0, GOLD_MAX)
        )
    if kind == "void":
        return Voided(_int(data, "seq", 1, LOG_MAX), _text(data, "reason", CAUSE_MAX))
    raise _err("WQ-3", "kind", "Ismeretlen bejegyzés.", "Unknown entry.")
