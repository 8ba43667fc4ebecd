"""The seat view's types: what a seat, or a spectator, may know of a match (``seat_view.view``).

Every part is a frozen dataclass, so a reader (the hosted play screen, a computer player, a replay)
reads attributes that the type checker knows, and nothing it holds can change the match. A secret the
viewer may not see is ``None`` (an amulet, the grip, the trap cards); a part a match does not have is
``None`` too (``four`` without four seats, ``optional`` without optional rules, ``gladiator`` on any
character but a gladiator). ``to_json()`` writes the plain JSON-ready dict the engine has always
written (the same keys, present in the same cases), for match files and anything sent as JSON.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

from arena.engine.match.state import Result

Hex = tuple[int, int]
_T = TypeVar("_T")


def _direct_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass an ``__init__`` that writes its slots directly.

    A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``, which made a
    view about twice as slow to build as the dicts it replaced; a view is built for every page a seat
    sees and by the computer players. The instance stays frozen (assignment still raises), and the
    signature, defaults and order are the dataclass's own."""
    scope: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(fields(cls)):  # type: ignore[arg-type]
        scope[f"_set{i}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            scope[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(self, {f.name})")
    setters = ", ".join(f"_set{i}=_set{i}" for i in range(len(body)))
    source = f"def __init__(self, {', '.join(params)}, *, {setters}):\n" + "\n".join(body)
    exec(compile(source, f"<{cls.__name__}.__init__>", "exec"), scope)  # our own field names
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 - replacing the method the dataclass wrote
    return cls


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else list(h)


@_direct_init
@dataclass(frozen=True, slots=True)
class TrapMarkView:
    """A trap card's mark on a character (HR-5): its kind and the step stamp it lasts until."""

    kind: str
    until: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "until": self.until}


@_direct_init
@dataclass(frozen=True, slots=True)
class ZombieView:
    """A risen dead fighter (RB p.15): whose zombie, for which seat, and its standing command."""

    creator: str
    side: int
    command: str | None


@_direct_init
@dataclass(frozen=True, slots=True)
class GladiatorView:
    """What a character view adds for a gladiator. ``hand``, ``main`` and ``pile`` are his grip and
    what lies on his pile, secret from the other seats until the grips are shown (HR-3.2)."""

    gladiator_type: str | None  # None: the base gladiator, no type chosen
    javelins: int
    nets: int
    team_pile: tuple[str, ...]
    hand: tuple[str, ...] | None
    main: str | None
    pile: tuple[str, ...] | None
    shootable_by_crossbow: bool
    shootable_by_daggers: bool


@_direct_init
@dataclass(frozen=True, slots=True)
class SheetView:
    """The values of a character's team sheet that everyone sees (HR-12 ruling 36): never his grip,
    amulet, token or vial. ``te`` is a gladiator's type base, without his weapons (HR-3)."""

    te: int
    ve: int
    ce: int
    eg: int
    me: int
    mov: int
    sfe: int

    def to_json(self) -> dict[str, Any]:
        return {
            "te": self.te,
            "ve": self.ve,
            "ce": self.ce,
            "eg": self.eg,
            "me": self.me,
            "mov": self.mov,
            "sfe": self.sfe,
        }


@_direct_init
@dataclass(frozen=True, slots=True)
class CharacterView:
    """One character as the viewer may see him. ``amulet``, ``me_token`` and ``vial`` are None while
    secret from the viewer (or when he has none); ``ammo`` is None for a character without a ranged
    weapon; ``zombie`` is set for a risen zombie, ``gladiator`` for the gladiator."""

    id: str
    seat: int
    slot: str
    role: str
    name: str
    hex: Hex | None
    slices: tuple[str, ...]
    alive: bool
    ep: int
    ep_max: int
    stp: int
    stp_max: int
    sneaking: bool
    hiding: bool
    prone: bool
    netted: bool
    debt: int
    acted: bool
    skills: tuple[str, ...]
    sheet: SheetView
    amulet: str | None
    trap_marks: tuple[TrapMarkView, ...]
    me_token: int | None
    vial: str | None
    ammo: int | None
    zombie: ZombieView | None
    gladiator: GladiatorView | None

    def to_json(self, *, optional_rules: bool) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "seat": self.seat,
            "slot": self.slot,
            "role": self.role,
            "name": self.name,
            "hex": _hex(self.hex),
            "slices": list(self.slices),
            "alive": self.alive,
            "ep": self.ep,
            "ep_max": self.ep_max,
            "stp": self.stp,
            "stp_max": self.stp_max,
            "sneaking": self.sneaking,
            "hiding": self.hiding,
            "prone": self.prone,
            "netted": self.netted,
            "debt": self.debt,
            "acted": self.acted,
            "skills": list(self.skills),
            "sheet": self.sheet.to_json(),
            "amulet": self.amulet,
            "trap_marks": [m.to_json() for m in self.trap_marks],
            "me_token": self.me_token,
        }
        z = self.zombie
        if z is not None:
            out.update(zombie_of=z.creator, zombie_side=z.side, zombie_command=z.command)
        if optional_rules:
            out["vial"] = self.vial
        if self.ammo is not None:
            out["ammo"] = self.ammo
        g = self.gladiator
        if g is not None:
            out.update(
                gladiator_type=g.gladiator_type,
                javelins=g.javelins,
                nets=g.nets,
                team_pile=list(g.team_pile),
                hand=None if g.hand is None else list(g.hand),
                main=g.main,
                pile=None if g.pile is None else list(g.pile),
                shootable_by_crossbow=g.shootable_by_crossbow,
                shootable_by_daggers=g.shootable_by_daggers,
            )
        return out


@_direct_init
@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat's public facts; ``traps`` and ``disc_levels`` only for the seat itself (or open cards).
    ``quarter``, ``partner`` and ``tower_half`` are a four-seat match's (``partner`` in pairs only);
    there ``half`` is his side's half (pairs), None in free-for-all (HR-8)."""

    seat: int
    team: str
    half: str | None  # the half of the arena the seat chose (None before the choice)
    strategist_man: int
    trap_cards: int
    discs: int
    traps: tuple[int, ...] | None
    disc_levels: tuple[int, ...] | None
    secrets_ready: bool
    grip_recorded: bool
    quarter: str | None
    partner: int | None
    tower_half: str | None  # four seats: the half of his quarter's tower (his strategist's, his pile's)

    def to_json(self, *, four_seats: bool) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "team": self.team,
            "half": self.half,
            "strategist_man": self.strategist_man,
            "trap_cards": self.trap_cards,
            "discs": self.discs,
            "traps": None if self.traps is None else list(self.traps),
            "disc_levels": None if self.disc_levels is None else list(self.disc_levels),
            "secrets_ready": self.secrets_ready,
            "grip_recorded": self.grip_recorded,
        }
        if four_seats:
            out["quarter"] = self.quarter
            out["partner"] = self.partner
            out["tower_half"] = self.tower_half
        return out


@_direct_init
@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the match waits for outside the step order: its kind (``shift``, ``trap_insight``,
    ``trap_window``, ``reroll``, ``dodge``, ``trap_dodge``), the seat that owes it and the character
    it is about. Never the cards a window might name (HR-12 ruling 27) nor the cards drawn."""

    kind: str
    seat: int
    char: str | None
    who: str | None = None  # reroll: the character whose roll it is
    purpose: str | None = None  # reroll
    result: int | None = None  # reroll
    card: int | None = None  # trap_dodge
    extra: int | None = None  # trap_insight: how many extra cards he drew

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "char": self.char}
        if self.kind == "reroll":
            out.update(who=self.who, purpose=self.purpose, result=self.result)
        elif self.kind == "trap_dodge":
            out["card"] = self.card
        elif self.kind == "trap_insight":
            out["extra"] = self.extra
        return out


@_direct_init
@dataclass(frozen=True, slots=True)
class DroppedView:
    """An item lying on the board: whose, what, where."""

    owner: str
    item: str
    hex: Hex | None

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "item": self.item, "hex": _hex(self.hex)}


@_direct_init
@dataclass(frozen=True, slots=True)
class EffectView:
    """A spell or trap modifier of one combat value (digest §13)."""

    char: str
    value: str
    amount: int
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"char": self.char, "value": self.value, "amount": self.amount, "source": self.source}


@_direct_init
@dataclass(frozen=True, slots=True)
class SpellView:
    """A lasting spell, an area or a zombie's spell (public, HR-12 ruling 35). ``designee`` for
    Orgyilkosság; ``area`` and ``centre`` for an area spell."""

    spell: str
    caster: str
    target: str | None
    kind: str
    what: str
    amount: int
    first_round: int
    last_round: int | None  # None: until the end of the match
    designee: str | None = None
    area: tuple[Hex, ...] | None = None
    centre: Hex | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "spell": self.spell,
            "caster": self.caster,
            "target": self.target,
            "kind": self.kind,
            "what": self.what,
            "amount": self.amount,
            "first_round": self.first_round,
            "last_round": self.last_round,
        }
        if self.designee is not None:
            out["designee"] = self.designee
        if self.area is not None:
            out["area"] = [list(h) for h in self.area]
            out["centre"] = _hex(self.centre)
        return out


@_direct_init
@dataclass(frozen=True, slots=True)
class FourView:
    """A four-seat match's public facts (HR-8)."""

    mode: str
    quarters: tuple[str | None, ...]
    step_order: tuple[int, ...]
    eliminated: tuple[bool, ...]
    gladiators_destroyed: tuple[int, ...]


@_direct_init
@dataclass(frozen=True, slots=True)
class AmmoLyingView:
    """Spent missiles lying on a hex (HR-7)."""

    owner: str
    hex: Hex | None
    count: int


@_direct_init
@dataclass(frozen=True, slots=True)
class OptionalView:
    """The optional rules' public facts (HR-7); the vials stay on each character, secret."""

    optional_rules: tuple[str, ...]
    coated: str | None
    ammo_lying: tuple[AmmoLyingView, ...]
    favour_tokens: tuple[int, ...]
    ep_taken: tuple[int, ...]
    blood_drawn: tuple[bool, ...]


@_direct_init
@dataclass(frozen=True, slots=True)
class SeatView:
    """The match as ``viewer`` may see it (``None``: a spectator's public view)."""

    viewer: int | None
    phase: str
    round: int
    step: int
    round_limit: int
    to_move: tuple[int, ...]
    starting: int | None
    side_chooser: int | None
    seat_to_act: int | None
    gates_open: tuple[str, ...]
    gates_jammed: tuple[str, ...]
    named: tuple[str, ...]
    active: str | None
    pool: int
    granted: int
    pending: PendingView | None
    dropped: tuple[DroppedView, ...]
    effects: tuple[EffectView, ...]
    spells: tuple[SpellView, ...]
    seats: tuple[SeatInfo, ...]
    characters: tuple[CharacterView, ...]
    scores: tuple[int, ...]
    result: Result | None
    four: FourView | None
    optional: OptionalView | None

    def character(self, char_id: str) -> CharacterView | None:
        """The character of id ``char_id``, if the match has one."""
        return next((c for c in self.characters if c.id == char_id), None)

    def to_json(self) -> dict[str, Any]:
        four, o = self.four, self.optional
        out: dict[str, Any] = {
            "viewer": self.viewer,
            "phase": self.phase,
            "round": self.round,
            "step": self.step,
            "round_limit": self.round_limit,
            "to_move": list(self.to_move),
            "starting": self.starting,
            "side_chooser": self.side_chooser,
            "seat_to_act": self.seat_to_act,
            "gates_open": list(self.gates_open),
            "gates_jammed": list(self.gates_jammed),
            "named": list(self.named),
            "active": self.active,
            "pool": self.pool,
            "granted": self.granted,
            "pending": None if self.pending is None else self.pending.to_json(),
            "dropped": [d.to_json() for d in self.dropped],
            "effects": [e.to_json() for e in self.effects],
            "spells": [x.to_json() for x in self.spells],
            "seats": [x.to_json(four_seats=four is not None) for x in self.seats],
            "characters": [c.to_json(optional_rules=o is not None) for c in self.characters],
            "scores": list(self.scores),
            "result": None if self.result is None else self.result._asdict(),
        }
        if four is not None:
            out["mode"] = four.mode
            out["quarters"] = list(four.quarters)
            out["step_order"] = list(four.step_order)
            out["eliminated"] = list(four.eliminated)
            out["gladiators_destroyed"] = list(four.gladiators_destroyed)
        if o is not None:
            out["optional_rules"] = list(o.optional_rules)
            out["coated"] = o.coated
            out["ammo_lying"] = [{"owner": a.owner, "hex": _hex(a.hex), "count": a.count} for a in o.ammo_lying]
            out["favour_tokens"] = list(o.favour_tokens)
            out["crowd_round"] = {"ep_taken": list(o.ep_taken), "blood_drawn": list(o.blood_drawn)}
        return out
