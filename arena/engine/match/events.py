"""Events: the append-only record of a match. ``evolve`` folds them into the state.

Every event is a named tuple whose last field ``visible_to`` says who may see it: ``None`` for
everyone (both seats and spectators), a seat number for that seat only, or :data:`NOBODY` for the
dice that shuffle shared decks (a seat that saw them could work out the other seat's cards).
Every die roll is a :class:`DiceRolled` event, so a replay never needs the dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from arena.engine.board.hexgrid import Hex
from arena.engine.match.actions import _field_from_json, tuple_to_json
from arena.engine.match.magic.events import MAGIC_EVENTS, MagicEvent, ZombieCommanded
from arena.engine.match.optional.events import OPTIONAL_EVENTS, OptionalEvent
from arena.engine.match.words import MatchEnd, TrapWindowAction, ZombieCommand

EVERYONE = None
NOBODY = -1


# --- setup ----------------------------------------------------------------------------------


class DiceRolled(NamedTuple):
    who: str  # a character id, "seat 0", or "deck"
    purpose: str
    sides: int
    result: int
    visible_to: int | None = None


class TrapsDealt(NamedTuple):
    seat: int
    cards: tuple[int, ...]
    visible_to: int | None = None


class DiscsDealt(NamedTuple):
    seat: int
    levels: tuple[int, ...]
    visible_to: int | None = None


class HandsDealt(NamedTuple):
    """How many trap cards and discs each seat holds: public (HR-12 ruling 35)."""

    traps: tuple[int, ...]
    discs: tuple[int, ...]
    visible_to: int | None = None


class AmuletAssigned(NamedTuple):
    seat: int
    char: str
    amulet: str
    visible_to: int | None = None


class MeTokenAssigned(NamedTuple):
    seat: int
    char: str
    value: int
    visible_to: int | None = None


class SecretsReady(NamedTuple):
    seat: int
    visible_to: int | None = None


class SideRollWon(NamedTuple):
    seat: int
    rolls: tuple[int, ...]
    visible_to: int | None = None


class RoleChosen(NamedTuple):
    seat: int
    role: str
    starting: int
    chooser: int
    visible_to: int | None = None


class HalfChosen(NamedTuple):
    seat: int
    half: str
    other: str
    visible_to: int | None = None


class GripRecorded(NamedTuple):
    seat: int
    char: str
    hand: tuple[str, ...]
    main: str | None
    visible_to: int | None = None


class GripsReady(NamedTuple):
    seat: int
    visible_to: int | None = None


class Deployed(NamedTuple):
    seat: int
    char: str
    hex: Hex
    visible_to: int | None = None


# --- the strategist's trap insight (HR-9.5) -------------------------------------------------


class TrapInsightDrawn(NamedTuple):
    """The extra cards drawn from the deck: the drawing seat's secret."""

    seat: int
    cards: tuple[int, ...]
    visible_to: int | None = None


class TrapInsightOwed(NamedTuple):
    """Public: ``seat`` drew ``extra`` cards and now keeps 3 (the roster says as much)."""

    seat: int
    extra: int
    visible_to: int | None = None


class TrapsKept(NamedTuple):
    """The 3 cards kept and those shuffled back into the deck: the keeping seat's secret."""

    seat: int
    cards: tuple[int, ...]
    returned: tuple[int, ...]
    visible_to: int | None = None


class TrapInsightDone(NamedTuple):
    """Public: ``seat`` holds 3 cards again."""

    seat: int
    visible_to: int | None = None


INSIGHT_EVENTS = (TrapInsightDrawn, TrapInsightOwed, TrapsKept, TrapInsightDone)
InsightEvent = TrapInsightDrawn | TrapInsightOwed | TrapsKept | TrapInsightDone


# --- rounds and steps -----------------------------------------------------------------------


class RoundStarted(NamedTuple):
    round: int
    strategist_man: tuple[int, ...]
    visible_to: int | None = None


class StepStarted(NamedTuple):
    round: int
    step: int
    seat: int
    visible_to: int | None = None


class GripRevealed(NamedTuple):
    seat: int
    char: str
    hand: tuple[str, ...]
    main: str | None
    visible_to: int | None = None


class Named(NamedTuple):
    seat: int
    chars: tuple[str, ...]
    pool: int
    debts_paid: tuple[int, ...]
    visible_to: int | None = None


class Activated(NamedTuple):
    seat: int
    char: str
    visible_to: int | None = None


class ActivationEnded(NamedTuple):
    seat: int
    char: str
    visible_to: int | None = None


class Granted(NamedTuple):
    seat: int
    char: str
    amount: int
    visible_to: int | None = None


class StepEnded(NamedTuple):
    round: int
    step: int
    seat: int
    reason: str
    visible_to: int | None = None


class RoundEnded(NamedTuple):
    round: int
    visible_to: int | None = None


class MatchEnded(NamedTuple):
    kind: MatchEnd
    winner: int | None
    scores: tuple[int, ...]
    round: int
    reason: str
    visible_to: int | None = None


class Conceded(NamedTuple):
    seat: int
    visible_to: int | None = None


# --- actions on the board -------------------------------------------------------------------


class Moved(NamedTuple):
    seat: int
    char: str
    path: tuple[Hex, ...]
    man: int
    visible_to: int | None = None


class Disengaged(NamedTuple):
    seat: int
    char: str
    to: Hex
    man: int
    acrobatics: bool
    visible_to: int | None = None


class GateToggled(NamedTuple):
    seat: int
    char: str
    gate: str
    opened: bool
    man: int
    visible_to: int | None = None


class SkillUsed(NamedTuple):
    seat: int
    char: str
    skill: str
    man: int
    visible_to: int | None = None


class StateEnded(NamedTuple):
    """A lasting state (sneaking, hiding, golden_bell, netted, entangled) ends."""

    char: str
    state: str
    reason: str
    visible_to: int | None = None


class StoodUp(NamedTuple):
    seat: int
    char: str
    man: int
    visible_to: int | None = None


class WeaponsSwapped(NamedTuple):
    seat: int
    char: str
    hand: tuple[str, ...]
    main: str | None
    man: int
    visible_to: int | None = None


class ItemDropped(NamedTuple):
    seat: int
    char: str
    item: str
    hex: Hex
    visible_to: int | None = None


class ItemPickedUp(NamedTuple):
    seat: int
    char: str
    item: str
    man: int
    visible_to: int | None = None


class AttackDeclared(NamedTuple):
    seat: int
    char: str
    target: str
    weapon: str
    skill: str | None
    break_item: str | None
    aim: bool
    quick: bool
    man: int
    attack_value: int
    modifiers: tuple[tuple[str, int], ...]
    visible_to: int | None = None


class DodgeOffered(NamedTuple):
    seat: int
    char: str
    attacker: str
    visible_to: int | None = None


class DodgeDecided(NamedTuple):
    seat: int
    char: str
    use: bool
    man: int
    owed: bool
    visible_to: int | None = None


class AttackResolved(NamedTuple):
    attacker: str
    target: str
    weapon: str
    attack_total: int
    defence_total: int
    hit: bool
    defence_modifiers: tuple[tuple[str, int], ...]
    visible_to: int | None = None


class Damaged(NamedTuple):
    char: str
    unit: str  # sp or ep
    raw: int
    sfe: int
    ep_loss: int
    stp_loss: int
    visible_to: int | None = None


class Died(NamedTuple):
    char: str
    visible_to: int | None = None


class Netted(NamedTuple):
    char: str
    by: str
    visible_to: int | None = None


class Entangled(NamedTuple):
    char: str
    by: str
    until_round: int
    visible_to: int | None = None


class KnockedDown(NamedTuple):
    char: str
    visible_to: int | None = None


class ItemBroken(NamedTuple):
    char: str
    item: str
    visible_to: int | None = None


class ShiftOffered(NamedTuple):
    seat: int
    char: str
    other: str
    free: bool
    acrobatics: bool
    reach: bool
    visible_to: int | None = None


class Shifted(NamedTuple):
    seat: int
    char: str
    other: str
    path: tuple[Hex, ...]
    other_path: tuple[Hex, ...]
    man: int
    owed: bool
    visible_to: int | None = None


class ShiftDeclined(NamedTuple):
    seat: int
    char: str
    visible_to: int | None = None


class EffectAdded(NamedTuple):
    """A spell or trap modifier starts (digest §13); nothing in the core game emits it yet."""

    char: str
    value: str
    amount: int
    source: str
    last_round: int | None
    visible_to: int | None = None


# --- traps (RB p.18, HR-5, HR-12 rulings 26-30) ----------------------------------------------


class TrapWindowOpened(NamedTuple):
    """An enemy's MOVE, disengage, gate toggle or zombie walk waits for the trap owner's answer
    (HR-12 rulings 26-27, 29). Offered whenever he holds a card and his strategist has MAN no
    spell binds (ruling 32), so it tells nothing about the cards."""

    seat: int  # the trap owner
    char: str  # the mover
    action: TrapWindowAction
    path: tuple[Hex, ...]
    gate: str | None
    acrobatics: bool
    man: int
    target: str | None = None  # a zombie's walk: whom it attacks on arrival (HR-12 rulings 17, 29)
    visible_to: int | None = None


class TrapsReadied(NamedTuple):
    """The cards the owner names, and the hexes where they strike: his secret (HR-12 ruling 36)."""

    seat: int
    strikes: tuple[tuple[int, Hex], ...]
    visible_to: int | None = None


class TrapWindowAnswered(NamedTuple):
    """The owner has answered (the same public event whether he named cards or passed)."""

    seat: int
    char: str
    visible_to: int | None = None


class TrapPlayed(NamedTuple):
    """A card is played and shown (RB p.18): paid by ``by`` (remote) or the strategist."""

    seat: int
    card: int
    trap: str
    by: str
    target: str
    hex: Hex
    man: int
    strategist: bool
    visible_to: int | None = None


class TrapDodgeOffered(NamedTuple):
    seat: int
    char: str
    card: int
    owner: int
    path: tuple[Hex, ...]  # the rest of his move
    visible_to: int | None = None


class TrapAttackResolved(NamedTuple):
    card: int
    target: str
    attack_total: int
    defence_total: int
    hit: bool
    defence_modifiers: tuple[tuple[str, int], ...]
    visible_to: int | None = None


class TrapPoisonResolved(NamedTuple):
    """E + d10 against Eg + d10 (HR-5); ``poisoned`` when the poison wins."""

    card: int
    target: str
    attack_total: int
    defence_total: int
    poisoned: bool
    visible_to: int | None = None


class AmuletRevealed(NamedTuple):
    """An amulet cancelled an effect, so its holder is public from now on (RB p.7)."""

    char: str
    amulet: str
    reason: str
    visible_to: int | None = None


class TrapMarked(NamedTuple):
    """A lasting trap state starts: pit, jaws, quicksand, dust, stopped, prone (HR-5)."""

    char: str
    mark: str
    hex: Hex
    where: int
    until: int
    visible_to: int | None = None


class TrapMarkEnded(NamedTuple):
    char: str
    mark: str
    reason: str
    visible_to: int | None = None


class Pushed(NamedTuple):
    """The erupting spring's push, chosen by the trap's owner (HR-5 card 4, HR-12 ruling 12)."""

    char: str
    by: int
    to: Hex
    visible_to: int | None = None


class GateJammed(NamedTuple):
    """The portcullis shuts the gate until the end of ``until_round`` (HR-5 card 11)."""

    gate: str
    until_round: int
    visible_to: int | None = None


class JawsOpened(NamedTuple):
    seat: int
    char: str
    man: int
    visible_to: int | None = None


class TrapWindowPassedOn(NamedTuple):
    """Four seats (HR-8): the same move, disengage, toggle or walk waits for the next enemy trap
    owner's answer, once the one before him has answered; his strikes join the earlier ones'."""

    seat: int  # the trap owner
    char: str  # the mover
    action: TrapWindowAction
    path: tuple[Hex, ...]
    gate: str | None
    acrobatics: bool
    man: int
    target: str | None = None
    visible_to: int | None = None


class PlacesRolled(NamedTuple):
    """Four seats (HR-8): the d10s decided the order in which the seats choose (free-for-all:
    each picks a quarter in this order; pairs: the first is the winning side's speaker)."""

    order: tuple[int, ...]
    visible_to: int | None = None


class QuarterChosen(NamedTuple):
    """Four seats (HR-8): ``seat`` takes ``quarter``; in pairs his partner takes ``partner_quarter``.
    ``order`` is the seat of every step of a round, once every quarter is taken (else empty)."""

    seat: int
    quarter: str
    partner_quarter: str | None
    order: tuple[int, ...]
    deploy: tuple[int, ...]
    visible_to: int | None = None


class SeatEliminated(NamedTuple):
    """Free-for-all (HR-8): the seat's gladiator has fallen; at the end of the step all his figures
    are removed and his traps discarded (his zombie collapses with its creator)."""

    seat: int
    round: int
    step: int
    visible_to: int | None = None


FOUR_EVENTS = (TrapWindowPassedOn, PlacesRolled, QuarterChosen, SeatEliminated)
FourEvent = TrapWindowPassedOn | PlacesRolled | QuarterChosen | SeatEliminated


TRAP_EVENTS = (
    TrapWindowOpened, TrapsReadied, TrapWindowAnswered, TrapPlayed, TrapDodgeOffered,
    TrapAttackResolved, TrapPoisonResolved, AmuletRevealed, TrapMarked, TrapMarkEnded, Pushed,
    GateJammed, JawsOpened,
)  # fmt: skip
TrapEvent = (
    TrapWindowOpened | TrapsReadied | TrapWindowAnswered | TrapPlayed | TrapDodgeOffered
    | TrapAttackResolved | TrapPoisonResolved | AmuletRevealed | TrapMarked | TrapMarkEnded | Pushed
    | GateJammed | JawsOpened
)  # fmt: skip


Event = (
    DiceRolled | TrapsDealt | DiscsDealt | HandsDealt | AmuletAssigned | MeTokenAssigned
    | SecretsReady | SideRollWon | RoleChosen | HalfChosen | GripRecorded | GripsReady | Deployed
    | RoundStarted | StepStarted | GripRevealed | Named | Activated | ActivationEnded | Granted
    | StepEnded | RoundEnded | MatchEnded | Conceded | Moved | Disengaged | GateToggled
    | SkillUsed | StateEnded | StoodUp | WeaponsSwapped | ItemDropped | ItemPickedUp
    | AttackDeclared | DodgeOffered | DodgeDecided | AttackResolved | Damaged | Died | Netted
    | Entangled | KnockedDown | ItemBroken | ShiftOffered | Shifted | ShiftDeclined | EffectAdded
    | TrapEvent | MagicEvent | InsightEvent | OptionalEvent | FourEvent
)  # fmt: skip

EVENT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        DiceRolled, TrapsDealt, DiscsDealt, HandsDealt, AmuletAssigned, MeTokenAssigned,
        SecretsReady, SideRollWon, RoleChosen, HalfChosen, GripRecorded, GripsReady, Deployed,
        RoundStarted, StepStarted, GripRevealed, Named, Activated, ActivationEnded, Granted,
        StepEnded, RoundEnded, MatchEnded, Conceded, Moved, Disengaged, GateToggled, SkillUsed,
        StateEnded, StoodUp, WeaponsSwapped, ItemDropped, ItemPickedUp, AttackDeclared,
        DodgeOffered, DodgeDecided, AttackResolved, Damaged, Died, Netted, Entangled, KnockedDown,
        ItemBroken, ShiftOffered, Shifted, ShiftDeclined, EffectAdded,
    )
}  # fmt: skip
EVENT_TYPES.update({cls.__name__: cls for cls in TRAP_EVENTS})
EVENT_TYPES.update({cls.__name__: cls for cls in INSIGHT_EVENTS})  # HR-9.5
EVENT_TYPES.update({cls.__name__: cls for cls in FOUR_EVENTS})  # HR-8: four seats
EVENT_TYPES.update({cls.__name__: cls for cls in MAGIC_EVENTS})  # issue #4: magic
EVENT_TYPES.update({cls.__name__: cls for cls in OPTIONAL_EVENTS})  # HR-7: the optional rules


def visible(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see ``event``."""
    to = event.visible_to
    return to is None or (seat is not None and to == seat)


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The part of a log that ``seat`` may see (None: the spectators' log)."""
    return [e for e in events if visible(e, seat)]


def event_to_json(event: Event) -> dict[str, Any]:
    return tuple_to_json(event, type(event).__name__)


# the fields that hold a vocabulary word (match.words), read back as the enum
_WORDS: dict[type[Any], tuple[tuple[str, type[MatchEnd] | type[TrapWindowAction] | type[ZombieCommand]], ...]] = {
    MatchEnded: (("kind", MatchEnd),),
    TrapWindowOpened: (("action", TrapWindowAction),),
    TrapWindowPassedOn: (("action", TrapWindowAction),),
    ZombieCommanded: (("command", ZombieCommand),),
}


def event_from_json(data: dict[str, Any]) -> Event:
    cls = EVENT_TYPES[data["type"]]
    kwargs: dict[str, Any] = {}
    for name in cls._fields:
        if name not in data:
            continue
        value = data[name]
        if name == "modifiers" or name == "defence_modifiers":
            kwargs[name] = tuple((k, v) for k, v in value)
        elif name == "other_path" or name == "area":
            kwargs[name] = tuple(Hex(q, r) for q, r in value)
        else:
            kwargs[name] = _field_from_json(name, value)
    for name, word in _WORDS.get(cls, ()):
        if name in kwargs:
            kwargs[name] = word(kwargs[name])  # a clear ValueError for a word not in the vocabulary
    event: Event = cls(**kwargs)
    return event
