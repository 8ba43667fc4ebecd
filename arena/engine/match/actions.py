"""Actions: every decision a seat can submit (what :func:`arena.engine.legal_actions` lists).

Actions are small immutable named tuples. ``seat`` is 0 (home) or 1 (away); characters are
named by their id, ``"<seat>.<slot>"`` (``"0.gladiator"``, ``"1.deasta"``). Where an action costs
MAN, ``man`` is its cost as the rules price it now (RB p.8): :func:`legal_actions` fills it in, and
:func:`apply` refuses an action whose stated cost differs (``None`` means "whatever it costs").
A ``Move``'s ``path`` lists the hexes entered, in order, without the start hex (HR-12 ruling 9).
Two actions of different kinds can compare equal as tuples; use :func:`same_action`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arena.engine.board.hexgrid import Hex
from arena.engine.match.magic.actions import MAGIC_ACTIONS, MagicAction
from arena.engine.match.optional.actions import OPTIONAL_ACTIONS, OptionalAction
from arena.engine.match.words import ZombieCommand

# --- setup (RB p.7, HR-1.7, HR-12 ruling 39) --------------------------------------------


class AssignAmulet(NamedTuple):
    """Secretly hand one of the team's amulets to a character (RB p.7)."""

    seat: int
    amulet: str
    char: str


class AssignMeToken(NamedTuple):
    """Secretly hand the ME token of ``value`` (2 or 3) to a fighter (RB p.7)."""

    seat: int
    value: int
    char: str


class ChooseRole(NamedTuple):
    """The side-roll winner takes ``"side"`` (he chooses the half) or ``"first"`` (RB p.7)."""

    seat: int
    role: str


class ChooseHalf(NamedTuple):
    """The side chooser picks his half, ``"N"``, ``"E"``, ``"S"`` or ``"W"`` (HR-1.7)."""

    seat: int
    half: str


class ChooseQuarter(NamedTuple):
    """A four-seat match (HR-8): free-for-all, each seat in turn picks its quarter, ``"NE"``,
    ``"SE"``, ``"SW"`` or ``"NW"``; pairs, a side's speaker takes one quarter of its half and his
    partner the other."""

    seat: int
    quarter: str


class RecordGrip(NamedTuple):
    """Secretly record the gladiator's starting grip (RB p.7, HR-3.1); ``main`` for a tied pair."""

    seat: int
    hand: tuple[str, ...]
    main: str | None = None


class Deploy(NamedTuple):
    """Place a fighter on a deployment hex, or the gladiator on a start hex (RB p.7, HR-1.7)."""

    seat: int
    char: str
    hex: Hex


class KeepTraps(NamedTuple):
    """The strategist's trap insight: keep these 3 of the 4 or 5 cards held; the rest go back
    into the deck (HR-9.5)."""

    seat: int
    cards: tuple[int, ...]


# --- steps (RB p.6-8) --------------------------------------------------------------------


class Name(NamedTuple):
    """Name the characters who act in this step (RB p.6)."""

    seat: int
    chars: tuple[str, ...]


class Grant(NamedTuple):
    """Give strategist MAN to a named character (RB p.8, HR-12 ruling 4)."""

    seat: int
    char: str
    amount: int


class Move(NamedTuple):
    """Move along ``path`` (RB p.8, HR-12 ruling 9)."""

    seat: int
    char: str
    path: tuple[Hex, ...]
    man: int | None = None


class Disengage(NamedTuple):
    """Leave a melee situation to the adjacent hex ``to`` (RB p.8-9); ``acrobatics`` pays
    Akrobatika's 1 MAN instead of the 2 (HR-4)."""

    seat: int
    char: str
    to: Hex
    acrobatics: bool = False
    man: int | None = None


class ToggleGate(NamedTuple):
    """Open or close a gate from one of its hexes (RB p.6, p.8; HR-1.5)."""

    seat: int
    char: str
    gate: str
    man: int | None = None


class UseSkill(NamedTuple):
    """Use an own-step skill: running, sneaking, hiding or golden_bell (HR-4, RB p.20)."""

    seat: int
    char: str
    skill: str
    man: int | None = None


class StopState(NamedTuple):
    """End sneaking or hiding by choice; free (HR-4, HR-12 ruling 5). ``state``: ``"sneaking"``
    or ``"hiding"``."""

    seat: int
    char: str
    state: str


class StandUp(NamedTuple):
    """Get up from prone (HR-4)."""

    seat: int
    char: str
    man: int | None = None


class MeleeAttack(NamedTuple):
    """A melee attack (RB p.9). ``skill`` is ``"takedown"`` or ``"weapon_breaking"`` (HR-4);
    ``break_item`` the item to break; ``quick`` the sword-master's Gyors penge (HR-3.3)."""

    seat: int
    char: str
    target: str
    skill: str | None = None
    break_item: str | None = None
    quick: bool = False
    man: int | None = None


class RangedAttack(NamedTuple):
    """A crossbow bolt or a thrown dagger (RB p.9-10); ``aim`` adds Célzás (HR-4)."""

    seat: int
    char: str
    target: str
    aim: bool = False
    man: int | None = None


class Throw(NamedTuple):
    """A gladiator's javelin or net, ``item`` ``"javelin"`` or ``"net"`` (RB p.20)."""

    seat: int
    char: str
    target: str
    item: str
    man: int | None = None


class SwapWeapons(NamedTuple):
    """Change the grip on his own pile hex (RB p.9, HR-3.1)."""

    seat: int
    char: str
    hand: tuple[str, ...]
    main: str | None = None
    man: int | None = None


class DropItem(NamedTuple):
    """Drop a hand item on his hex; free (RB p.20, HR-3.1)."""

    seat: int
    char: str
    item: str


class PickUp(NamedTuple):
    """Pick up his own dropped item from his hex (RB p.20)."""

    seat: int
    char: str
    item: str
    man: int | None = None


class EndActivation(NamedTuple):
    """The character stops acting in this step (HR-12 ruling 2)."""

    seat: int
    char: str


class EndStep(NamedTuple):
    """The seat ends its step; unspent MAN is lost (RB p.7)."""

    seat: int


# --- traps (RB p.18, HR-5, HR-12 rulings 26-30) ----------------------------------------


class TriggerTrap(NamedTuple):
    """Play remote card ``card`` (1-8) from its numbered hex, entered in this step, on the
    standing enemy ``target`` (RB p.18). ``push``: where the erupting spring pushes him (card 4)."""

    seat: int
    char: str
    card: int
    target: str
    push: Hex | None = None
    man: int | None = None


class OpenJaws(NamedTuple):
    """Pay to open the bear trap's jaws before moving again (HR-5 card 10)."""

    seat: int
    char: str
    man: int | None = None


class PlayTraps(NamedTuple):
    """The direct-trap window's answer (HR-12 ruling 26): each ``(card, hex)`` strikes the mover
    as he enters that hex of his path (for a gate toggle, his own hex). ``legal_actions`` lists
    one strike per action; ``apply`` accepts any legal set."""

    seat: int
    strikes: tuple[tuple[int, Hex], ...]


class PassTraps(NamedTuple):
    """The direct-trap window's other answer: no card (HR-12 ruling 27)."""

    seat: int


TRAP_ACTIONS = (TriggerTrap, OpenJaws, PlayTraps, PassTraps)
TrapAction = TriggerTrap | OpenJaws | PlayTraps | PassTraps


# --- answers to pending decisions (HR-12 ruling 38) ------------------------------------


class Dodge(NamedTuple):
    """The defender's Kitérés decision before the dice (HR-4, HR-12 ruling 21)."""

    seat: int
    char: str
    use: bool


class Shift(NamedTuple):
    """The winner of a melee roll moves himself and his opponent (RB p.9, HR-4, HR-12
    ruling 12). ``path`` is the winner's; ``acrobatics`` pays Akrobatika for a longer shift or for
    an outer fighter."""

    seat: int
    char: str
    path: tuple[Hex, ...]
    acrobatics: bool = False
    man: int | None = None


class DeclineShift(NamedTuple):
    """The winner of a melee roll does not shift (digest A25: the push is optional)."""

    seat: int
    char: str


class Concede(NamedTuple):
    """Give the opponent a Victory (HR-12 ruling 37)."""

    seat: int


Action = (
    AssignAmulet
    | AssignMeToken
    | ChooseRole
    | ChooseHalf
    | ChooseQuarter
    | RecordGrip
    | Deploy
    | KeepTraps
    | Name
    | Grant
    | Move
    | Disengage
    | ToggleGate
    | UseSkill
    | StopState
    | StandUp
    | MeleeAttack
    | RangedAttack
    | Throw
    | SwapWeapons
    | DropItem
    | PickUp
    | EndActivation
    | EndStep
    | Dodge
    | Shift
    | DeclineShift
    | Concede
    | TrapAction
    | MagicAction
    | OptionalAction
)

ACTION_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        AssignAmulet,
        AssignMeToken,
        ChooseRole,
        ChooseHalf,
        ChooseQuarter,
        RecordGrip,
        Deploy,
        KeepTraps,
        Name,
        Grant,
        Move,
        Disengage,
        ToggleGate,
        UseSkill,
        StopState,
        StandUp,
        MeleeAttack,
        RangedAttack,
        Throw,
        SwapWeapons,
        DropItem,
        PickUp,
        EndActivation,
        EndStep,
        Dodge,
        Shift,
        DeclineShift,
        Concede,
    )
}


ACTION_TYPES.update({cls.__name__: cls for cls in TRAP_ACTIONS})
ACTION_TYPES.update({cls.__name__: cls for cls in MAGIC_ACTIONS})  # issue #4: magic
ACTION_TYPES.update({cls.__name__: cls for cls in OPTIONAL_ACTIONS})  # HR-7: the optional rules


def same_action(a: object, b: object) -> bool:
    """Equal kind and equal fields."""
    return type(a) is type(b) and a == b


def action_cost(action: object) -> int:
    """The MAN an action from :func:`legal_actions` costs (0 for free ones)."""
    man = getattr(action, "man", None)
    return man if isinstance(man, int) else 0


def tuple_to_json(value: tuple[Any, ...], kind: str) -> dict[str, Any]:
    """A named tuple as ``{"type": …, field: value}`` with hexes as ``[q, r]``."""
    out: dict[str, Any] = {"type": kind}
    for name, field in zip(value._fields, value, strict=False):  # type: ignore[attr-defined]
        out[name] = plain(field)
    return out


def plain(value: Any) -> Any:
    """JSON form of a field value: hexes become ``[q, r]``, tuples lists."""
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        if value and all(isinstance(v, Hex) for v in value):
            return [[v.q, v.r] for v in value]
        return [plain(v) for v in value]
    return value


def action_to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON object."""
    return tuple_to_json(action, type(action).__name__)


def action_from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action written by :func:`action_to_json`."""
    cls = ACTION_TYPES[data["type"]]
    kwargs = {name: _field_from_json(name, data[name]) for name in cls._fields if name in data}
    action: Action = cls(**kwargs)
    return action


_HEX_FIELDS = frozenset({"hex", "to", "push"})
_PATH_FIELDS = frozenset({"path"})
_ZOMBIE_COMMANDS = frozenset(ZombieCommand)


def _field_from_json(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name == "strikes":  # PlayTraps, TrapsReadied: (card, hex) pairs
        return tuple((card, Hex(h[0], h[1])) for card, h in value)
    if (
        name == "command" and isinstance(value, str) and value in _ZOMBIE_COMMANDS
    ):  # a word outside it: the rules refuse it
        return ZombieCommand(value)
    if name in _HEX_FIELDS:
        return Hex(value[0], value[1])
    if name in _PATH_FIELDS:
        return tuple(Hex(q, r) for q, r in value)
    if isinstance(value, list):
        return tuple(value)
    return value
