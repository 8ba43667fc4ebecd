"""The match state: a compact, mutable record with a fast hand-written clone.

``apply`` clones the state and changes only the clone (copy-on-apply), so every state a caller
holds stays as it was. Per-character values are kept as parallel lists indexed by the
character number (0-5 the home team in sheet order, 6-11 the away team; 12-23 seats 2 and 3 of a
four-seat match, HR-8); positions are hex numbers of :mod:`arena.engine.board.grid`. Only
:mod:`arena.engine.match.evolve` writes to a state.

Static facts of a match (the character sheets, the options, the seed) live in
:class:`MatchSetup` and :class:`CharSheet` and are shared between clones.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, cast

from arena.engine.board.hexgrid import Hex
from arena.engine.content.amulets import STANDARD_AMULET_SET
from arena.engine.content.common import Armour, CombatValue, Role, Stat
from arena.engine.content.profiles import MEMBER_SLOTS, PROFILES, Ammo
from arena.engine.content.weapons import GLADIATOR_TYPES, JAVELIN, KIT, NET
from arena.engine.match.dice_sources import Dice
from arena.engine.match.magic.state import Magic
from arena.engine.match.memo import Memo
from arena.engine.match.optional.state import OptState, PendingReroll
from arena.engine.match.optional.state import initial as initial_opt
from arena.engine.match.words import ArenaMode, MatchEnd, TrapWindowAction
from arena.engine.roster import Roster

SEATS = (0, 1)
CHARS_PER_SEAT = len(MEMBER_SLOTS)  # six: RB p.4-5
MOST_SEATS = 4  # HR-8: the four-player modes
ROUND_LIMIT = 20  # HR-10.1, two players
ROUND_LIMIT_FOUR = 24  # HR-8, HR-10.1: four players
ROUND_LIMIT_MIN, ROUND_LIMIT_MAX = 12, 30  # HR-10.1: the league sets it (12-30)
KILL_POINTS = 3  # HR-10.1
STRATEGIST_POINTS = 5  # HR-10.1
HALF_IDS = ("N", "E", "S", "W")
QUARTER_IDS = ("NE", "SE", "SW", "NW")  # clockwise (HR-8)
# HR-8: a quarter's strategist tower is the tower of the half named here (NE → T-N …), and so are
# his gladiator's start hexes and his pile (HR-1.6: the pile in his quarter).
TOWER_HALF = {"NE": "N", "SE": "E", "SW": "S", "NW": "W"}
# Character numbers follow the sheet order of both teams (MEMBER_SLOTS), so these are fixed.
# They cover four seats; a two-seat match reads only its first twelve.
_MOST_CHARS = MOST_SEATS * CHARS_PER_SEAT
SEAT_OF: tuple[int, ...] = tuple(c // CHARS_PER_SEAT for c in range(_MOST_CHARS))
GLADIATOR: tuple[bool, ...] = tuple(MEMBER_SLOTS[c % CHARS_PER_SEAT] == "gladiator" for c in range(_MOST_CHARS))
_GLADIATOR_SLOT = MEMBER_SLOTS.index("gladiator")
_STRATEGIST_SLOT = MEMBER_SLOTS.index("strategist")
ON_BOARD: tuple[bool, ...] = tuple(MEMBER_SLOTS[c % CHARS_PER_SEAT] != "strategist" for c in range(_MOST_CHARS))
# The characters on the board (not the strategists) of a match of 2 or 4 seats.
BOARD_OF: dict[int, tuple[int, ...]] = {
    n: tuple(c for c in range(n * CHARS_PER_SEAT) if ON_BOARD[c]) for n in (2, MOST_SEATS)
}


class Phase(enum.IntEnum):
    """Where the match stands (RB p.6-7, HR-12 ruling 39)."""

    SECRETS = 1  # amulets and ME tokens, both seats at once
    ROLE = 2  # the side-roll winner chooses side or first step
    HALF = 3  # the side chooser picks his half
    GRIPS = 4  # both seats record the gladiator's grip
    DEPLOY = 5  # the starting player, then the side chooser
    NAMING = 6  # the acting seat names its characters (steps 1-4)
    ACTING = 7  # the named characters (or the gladiator) act
    OVER = 8


def check_round_limit(limit: int) -> list[str]:
    """What is wrong with a round limit (HR-10.1: the league sets it, 12-30); empty when nothing is."""
    if not ROUND_LIMIT_MIN <= limit <= ROUND_LIMIT_MAX:
        return [f"the round limit is {ROUND_LIMIT_MIN}-{ROUND_LIMIT_MAX}, not {limit} (HR-10.1)"]
    return []


# The round limit a MatchOptions gets when none is given: the mode's (set in __post_init__).
_MODE_LIMIT: Final = cast(int, None)


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """Per-match settings. ``round_limit``: HR-10.1 (20 for two players, the league may set 12-30;
    anything else is refused with a ``ValueError``). ``optional``: the ids of the optional rules
    (HR-7) the match uses, ``"opt_poison_vial"`` … (:data:`arena.engine.content.amulets.OPTIONAL_RULES`);
    a league sets them for all its matches. :mod:`arena.engine.match.setup_json` reads and writes
    them as JSON."""

    round_limit: int = _MODE_LIMIT  # not given: the mode's own (20 for two players, 24 for four, HR-8)
    optional: frozenset[str] = frozenset()
    mode: ArenaMode = ArenaMode.DUEL

    def __post_init__(self) -> None:
        if not isinstance(self.mode, ArenaMode):
            object.__setattr__(self, "mode", ArenaMode(self.mode))  # a clear ValueError for a stray word
        if self.round_limit is _MODE_LIMIT:
            object.__setattr__(self, "round_limit", ROUND_LIMIT if self.mode is ArenaMode.DUEL else ROUND_LIMIT_FOUR)
        if isinstance(self.round_limit, bool) or not isinstance(self.round_limit, int):
            raise ValueError(f"the round limit is a whole number of rounds, not {self.round_limit!r} (HR-10.1)")
        problems = check_round_limit(self.round_limit)
        if problems:
            raise ValueError(problems[0])


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Everything a match starts from: the rosters (home, away; or seats 0-3 in a four-seat
    mode, HR-8), the options and the seed."""

    teams: tuple[Roster, ...]
    options: MatchOptions = field(default_factory=MatchOptions)
    seed: int | str = 0


@dataclass(frozen=True, slots=True)
class CharSheet:
    """One character's fixed values for the match (HR-2.1, HR-3.3, the roster's choices)."""

    index: int
    id: str
    seat: int
    slot: str
    role: Role
    name: str
    te: int  # a gladiator's type base, without weapons (HR-3)
    ve: int
    ce: int
    ep: int
    eg: int
    me: int
    mov: int
    sfe: int
    stp: int
    armour: Armour
    skills: frozenset[str]  # numbered skills and type specials
    gladiator_type: str | None
    pile: tuple[str, ...]
    grip: tuple[str, ...]  # the roster's starting grip
    ammo: int  # bolts or throwing daggers
    javelins: int
    nets: int
    range_blocks: int  # own block + N (RB p.9-10); 0 for no ranged weapon
    crossbow_after: int  # STP lost before bolts may target him (HR-2.3); gladiators only
    daggers_after: int
    is_gladiator: bool
    is_strategist: bool
    on_board: bool  # everyone but the strategist, who stays in his tower (RB p.4)


class Effect(NamedTuple):
    """A spell or trap modifier of one combat value (non-stacking group, digest §13).

    ``last_round`` is the round after whose step 6 it lapses (None: until the end of the match).
    """

    char: int
    value: CombatValue
    amount: int
    source: str
    last_round: int | None


class Swing(NamedTuple):
    """One attack as the modifier hooks see it."""

    attacker: int
    target: int
    weapon: str  # melee, halberd, bolt, dagger, javelin, net
    aim: bool
    quick: bool
    dodge: bool
    blocks: int  # block distance between them


class AttackSpec(NamedTuple):
    """A declared attack waiting for the dice (HR-12 ruling 21)."""

    attacker: int
    target: int
    weapon: str  # melee, halberd, bolt, dagger, javelin, net
    skill: str | None
    break_item: str | None
    quick: bool
    attack_value: int  # attack value before the d10, modifiers included
    obstacles: int  # ranged: the line of fire's obstacles; -1 otherwise


class PendingDodge(NamedTuple):
    """The defender decides on Kitérés (HR-4)."""

    seat: int
    defender: int
    spec: AttackSpec


class PendingShift(NamedTuple):
    """The winner of a melee roll may shift (RB p.9, HR-4, HR-12 ruling 12)."""

    seat: int
    winner: int
    other: int
    free: bool  # the gladiators' free one-hex shift (RB p.9)
    acrobatics: bool  # Akrobatika may pay for it (or for two hexes)
    reach: bool  # a halberd roll: both shift one hex the same way


class TrapMark(NamedTuple):
    """A lasting trap state (HR-5): ``kind`` is a mark of :mod:`arena.engine.match.traps.marks`;
    ``where`` a hex number, a gate bit or an amount; ``until`` a round, a step stamp or -1."""

    char: int  # -1 for a gate
    kind: str
    where: int
    until: int


class PendingTrapWindow(NamedTuple):
    """The trap owner may strike an enemy's MOVE, disengage, gate toggle or zombie walk (HR-12
    rulings 26, 29)."""

    seat: int
    mover: int
    action: TrapWindowAction
    path: tuple[Hex, ...]
    gate: str | None
    acrobatics: bool
    man: int
    target: int = -1  # a zombie's walk: whom it attacks on arrival (HR-12 rulings 17, 29)


class PendingTrapDodge(NamedTuple):
    """The target of a trap's attack roll decides on Kitérés (HR-4, HR-12 ruling 6)."""

    seat: int
    defender: int
    card: int
    owner: int
    path: tuple[Hex, ...]  # the rest of his move, when a direct trap struck it


class PendingTrapInsight(NamedTuple):
    """The strategist's trap insight: the seat holds 3 + ``extra`` cards and keeps 3 (HR-9.5).
    Which cards he holds stays in ``State.traps`` (secret); this only says that he owes it."""

    seat: int
    extra: int  # 1 or 2 drawn: public, the roster is


Pending = PendingDodge | PendingShift | PendingTrapWindow | PendingTrapDodge | PendingTrapInsight | PendingReroll


class Result(NamedTuple):
    """How the match ended (HR-10.1). ``winner`` is a seat, or None for a draw."""

    kind: MatchEnd
    winner: int | None
    scores: tuple[int, ...]
    round: int
    reason: str


LogNode = tuple[Any, tuple[Any, ...]]


def own(s: State, name: str) -> list[Any]:
    """``s``'s list ``name``, first replaced by a copy (it may be shared with the state it was
    forked from, :meth:`State.fork`): every write to a list of a state goes through this."""
    copy: list[Any] = getattr(s, name).copy()
    setattr(s, name, copy)
    return copy


class State:
    """A match in progress. Read it through :func:`arena.engine.view`; never write to it."""

    __slots__ = (
        "setup", "sheets", "index", "dice",
        "phase", "round", "step", "seat_to_act", "starting", "chooser", "roll_winner",
        "halves", "rolls", "gates", "pool", "granted", "active", "named", "finished",
        "pending", "result", "amulets_left", "tokens_left", "grips_done", "revealed",
        "strat_man", "effects", "dropped", "traps", "discs", "log",
        "pos", "ep", "stp", "alive", "hand", "main", "pile", "ammo", "javelins", "nets",
        "sneaking", "hiding", "prone", "netted", "entangled_by", "entangled_round", "bell",
        "debt", "acted", "amulet", "token", "melee",
        "moved", "attacks", "disengaged", "ran", "run_hexes", "must_attack", "sneak_entry",
        "quick_target", "deaths", "declared",
        "trap_marks", "readied", "entered", "amulet_shown",
        "magic", "spent", "side", "opt", "memo",
        "board", "camp", "seat_camp", "four",
    )  # fmt: skip

    setup: MatchSetup
    sheets: tuple[CharSheet, ...]
    index: dict[str, int]
    dice: Dice
    memo: Memo  # the match's memo tables (match.memo): shared by its states, never hashed
    phase: Phase
    round: int
    step: int
    seat_to_act: int
    starting: int
    chooser: int
    roll_winner: int
    halves: list[str | None]
    rolls: int
    gates: int
    pool: int
    granted: int
    active: int
    named: tuple[int, ...]
    finished: int
    pending: Pending | None
    result: Result | None
    amulets_left: list[tuple[str, ...]]
    tokens_left: list[tuple[int, ...]]
    grips_done: list[bool]
    revealed: list[bool]
    strat_man: list[int]
    effects: tuple[Effect, ...]
    dropped: tuple[tuple[int, str, int], ...]
    traps: list[tuple[int, ...]]
    discs: list[tuple[int, ...]]
    log: LogNode | None
    pos: list[int]
    ep: list[int]
    stp: list[int]
    alive: list[bool]
    hand: list[tuple[str, ...]]
    main: list[str | None]
    pile: list[tuple[str, ...]]
    ammo: list[int]
    javelins: list[int]
    nets: list[int]
    sneaking: list[bool]
    hiding: list[bool]
    prone: list[bool]
    netted: list[bool]
    entangled_by: list[int]
    entangled_round: list[int]
    bell: list[bool]
    debt: list[int]
    acted: list[bool]
    amulet: list[str | None]
    token: list[int]
    melee: list[int]
    moved: list[int]
    attacks: list[int]
    disengaged: list[bool]
    ran: list[bool]
    run_hexes: list[int]
    must_attack: list[bool]
    sneak_entry: list[bool]
    quick_target: list[int]
    deaths: list[int]
    declared: AttackSpec | None
    trap_marks: tuple[TrapMark, ...]  # HR-5 lasting trap states, public
    readied: tuple[tuple[int, int], ...]  # (card, hex) a direct-trap owner named: secret
    entered: list[int]  # the hex he last entered by his own move in this step (RB p.18)
    amulet_shown: list[bool]  # an amulet cancelled an effect, so it is public (RB p.7)
    magic: Magic | None  # issue #4: lasting spells, areas, zombies (None until a first cast)
    spent: int  # MAN the active character spent in this activation (Izzó idegek, HR-12 ruling 7)
    # The side each character fights for: his seat, but a zombie's is its creator's (HR-12 ruling
    # 19), whoever's dead fighter it was. Derived from ``magic.zombies`` (so not hashed); the sheet's
    # ``seat`` stays the record's (the arena score counts the fighter as that seat's dead member).
    side: tuple[int, ...]
    opt: OptState | None  # the optional rules (HR-7); None in a match without them
    board: tuple[int, ...]  # the characters who stand on the board (all but the strategists)
    # The camp each character fights for: his side's seat, but in pairs the two partners share
    # one (HR-8). Every "enemy" test compares camps. Derived from ``side`` (so not hashed).
    camp: tuple[int, ...]
    seat_camp: tuple[int, ...]  # each seat's camp
    four: Four | None  # the four-seat modes (HR-8); None in a two-player match

    def clone(self) -> State:
        """A copy that shares only immutable parts (sheets, setup, tuples): a fork whose lists
        are copied too, so either may be changed in place (tests build positions this way)."""
        c = self.fork()
        for name in MUTABLE_FIELDS:
            setattr(c, name, getattr(c, name).copy())
        return c

    def __getstate__(self) -> dict[str, Any]:
        """What a pickled state keeps: every slot but ``memo``. The memo tables are the match's
        (shared by all its states, often ten times the position's size) and every entry can be
        recomputed, so a stored or sent state never carries a copy of them."""
        return {name: getattr(self, name) for name in _PICKLED if hasattr(self, name)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.memo = Memo()  # rebuilt on use; a holder of the match's memo may hand it over instead

    def fork(self) -> State:
        """The copy :func:`arena.engine.apply` evolves: like :meth:`clone`, but it shares every
        list with this state; the evolvers replace a list by a copy before they change it
        (:func:`own`), so this state never changes. Every slot is copied: the copier is written
        from ``__slots__`` when the module loads (:func:`_slot_copier`), so a new slot is never
        left out."""
        return _fork(self)

    # --- small readers used everywhere -------------------------------------------------

    def char(self, char_id: str) -> int:
        """The number of the character ``char_id``; KeyError if there is none."""
        return self.index[char_id]

    def seat_chars(self, seat: int) -> range:
        return range(seat * CHARS_PER_SEAT, (seat + 1) * CHARS_PER_SEAT)

    def gladiator_of(self, seat: int) -> int:
        return seat * CHARS_PER_SEAT + _GLADIATOR_SLOT

    def strategist_of(self, seat: int) -> int:
        return seat * CHARS_PER_SEAT + _STRATEGIST_SLOT

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def seats(self) -> int:
        return len(self.seat_camp)

    @property
    def char_steps(self) -> int:
        """The steps of a round before the gladiators' (RB p.6: 4; HR-8: 8)."""
        return 4 if self.four is None else 8

    @property
    def last_step(self) -> int:
        """The steps of a round (RB p.6: 6; HR-8: 12)."""
        return 6 if self.four is None else 12

    def enemies(self, a: int, b: int) -> bool:
        """Whether characters ``a`` and ``b`` fight on different camps (partners do not, HR-8)."""
        return self.camp[a] != self.camp[b]


def _slot_copier(cls: type[State]) -> Callable[[State], State]:
    """A function that copies every slot of ``cls`` into a new instance, written out one assignment
    per slot (as fast as the hand-written copy it replaces, which had to list all 76 by hand)."""
    names = cls.__slots__
    if not all(name.isidentifier() for name in names):
        raise TypeError(f"{cls.__name__}.__slots__ holds a name that is not an identifier")
    lines = ["def fork(s):", "    c = new(cls)"] + [f"    c.{name} = s.{name}" for name in names] + ["    return c"]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(compile("\n".join(lines), f"<{cls.__name__}.fork>", "exec"), scope)  # our own slot names, checked above
    return cast(Callable[[State], State], scope["fork"])


_fork = _slot_copier(State)
_PICKLED: Final = tuple(name for name in State.__slots__ if name != "memo")


# --- construction ---------------------------------------------------------------------------

_SHOOTER_RANGE = {Role.CROSSBOWMAN: 4, Role.DAGGER_THROWER: 2}  # RB p.9-10: own block + N


# The fields that are lists: :meth:`State.clone` copies them, :meth:`State.fork` shares them.
MUTABLE_FIELDS: Final = (
    "halves",
    "amulets_left",
    "tokens_left",
    "grips_done",
    "revealed",
    "strat_man",
    "traps",
    "discs",
    "pos",
    "ep",
    "stp",
    "alive",
    "hand",
    "main",
    "pile",
    "ammo",
    "javelins",
    "nets",
    "sneaking",
    "hiding",
    "prone",
    "netted",
    "entangled_by",
    "entangled_round",
    "bell",
    "debt",
    "acted",
    "amulet",
    "token",
    "melee",
    "moved",
    "attacks",
    "disengaged",
    "ran",
    "run_hexes",
    "must_attack",
    "sneak_entry",
    "quick_target",
    "deaths",
    "entered",
    "amulet_shown",
)


def char_id(seat: int, slot: str) -> str:
    """``"0.gladiator"`` and so on."""
    return f"{seat}.{slot}"


def build_sheet(index: int, seat: int, roster: Roster, slot: str) -> CharSheet:
    """The match sheet of one roster member (HR-2.1; HR-3.3 for the gladiator's armour)."""
    member = roster.member(slot)
    if member is None:
        raise ValueError(f"{roster.name}: no {slot} (TB-01)")
    profile = PROFILES[slot]
    stats = member.stats
    gtype = GLADIATOR_TYPES.get(member.gladiator_type or "") if profile.role is Role.GLADIATOR else None
    skills = set(member.skills)
    if gtype is not None:
        skills.update(gtype.specials)
    ammo = (
        member.ammunition.get(Ammo.BOLTS)
        or member.ammunition.get(Ammo.THROWING_DAGGERS)
        or profile.ammo(Ammo.BOLTS)
        or profile.ammo(Ammo.THROWING_DAGGERS)
    )
    kit = member.kit or KIT
    return CharSheet(
        index=index,
        id=char_id(seat, slot),
        seat=seat,
        slot=slot,
        role=profile.role,
        name=member.name,
        te=stats.get(Stat.TE, gtype.base_te if gtype else 0),
        ve=stats.get(Stat.VE, gtype.base_ve if gtype else 0),
        ce=stats.get(Stat.CE, 0),
        ep=stats.get(Stat.EP, profile.ep),
        eg=stats.get(Stat.EG, profile.eg),
        me=stats.get(Stat.ME, 0),
        mov=stats.get(Stat.MOV, profile.mov or 0),
        sfe=gtype.sfe if gtype else stats.get(Stat.SFE, profile.sfe),
        stp=gtype.stp if gtype else stats.get(Stat.STP, profile.stp),
        armour=profile.armour,
        skills=frozenset(skills),
        gladiator_type=gtype.id if gtype else None,
        pile=tuple(member.pile),
        grip=tuple(member.starting_grip),
        ammo=ammo if profile.role in _SHOOTER_RANGE else 0,
        javelins=kit.get(JAVELIN, 0) if gtype else 0,
        nets=kit.get(NET, 0) if gtype else 0,
        range_blocks=_SHOOTER_RANGE.get(profile.role, 0),
        crossbow_after=gtype.crossbow_after if gtype else 0,
        daggers_after=gtype.daggers_after if gtype else 0,
        is_gladiator=profile.role is Role.GLADIATOR,
        is_strategist=profile.role is Role.STRATEGIST,
        on_board=profile.role is not Role.STRATEGIST,
    )


NOBODY: Final = -1  # no one's deed: the crowd, a zombie, friendly fire
AREA: Final = -2  # no cause in this action yet: a lasting area's (a blast at the round's end, a cage)


class Blame(NamedTuple):
    """Who dealt the damage now resolving (:mod:`arena.engine.match.blame`): ``cause`` the
    character whose attack, spell or trap it is (``NOBODY``, ``AREA``); ``attacked`` the latest
    attack's target (Villámvért's wearer); ``area_hits`` (victim, blows) of the areas since the
    action began; ``last_hit`` (victim, who dealt his latest damage)."""

    cause: int = AREA
    attacked: int = NOBODY
    area_hits: tuple[tuple[int, int], ...] = ()
    last_hit: tuple[tuple[int, int], ...] = ()


class Four(NamedTuple):
    """What a four-seat match (HR-8) adds to the state. ``quarters``: each seat's quarter
    (``"NE"`` …) once chosen; ``order``: the seat of each step 1-12; ``out``: the step stamp at
    which a seat was eliminated (free-for-all) or its gladiator fell (pairs), 0 while he stands;
    ``picks``: the seats still to pick a quarter, in order (free-for-all) or to split their
    half (pairs)."""

    mode: ArenaMode
    quarters: tuple[str | None, ...]
    order: tuple[int, ...]
    out: tuple[int, ...]
    picks: tuple[int, ...]
    rolls: tuple[int, ...]
    # HR-10.1 per seat, for the losses it dealt (HR-8): ``blame`` who is dealing the damage now
    # resolving, ``score`` each seat's arena score, ``destroyed`` the enemy gladiators each seat
    # destroyed.
    blame: Blame = Blame()
    score: tuple[int, ...] = (0, 0, 0, 0)
    destroyed: tuple[int, ...] = (0, 0, 0, 0)
    fell: tuple[int, ...] = (0, 0, 0, 0)  # the step stamp at which each seat's gladiator fell


def initial_state(setup: MatchSetup, dice: Dice) -> State:
    """The state before anything has happened: no cards drawn, nobody placed."""
    sheets: list[CharSheet] = []
    for seat, roster in enumerate(setup.teams):
        for slot in MEMBER_SLOTS:
            sheets.append(build_sheet(len(sheets), seat, roster, slot))
    s = State.__new__(State)
    n = len(sheets)
    s.setup = setup
    s.sheets = tuple(sheets)
    s.index = {sh.id: sh.index for sh in sheets}
    s.dice = dice
    s.memo = Memo()
    s.phase = Phase.SECRETS
    s.round = 0
    s.step = 0
    s.seat_to_act = -1
    s.starting = -1
    s.chooser = -1
    s.roll_winner = -1
    seats = len(setup.teams)
    s.halves = [None] * seats
    s.rolls = 0
    s.gates = 0
    s.pending = None
    s.result = None
    s.amulets_left = [team_amulets(team) for team in setup.teams]
    s.tokens_left = [(2, 3)] * seats
    s.grips_done = [False] * seats
    s.revealed = [False] * seats
    s.strat_man = [0] * seats
    s.effects = ()
    s.dropped = ()
    s.traps = [()] * seats
    s.discs = [()] * seats
    s.log = None
    s.pos = [-1] * n
    s.ep = [sh.ep for sh in sheets]
    s.stp = [sh.stp for sh in sheets]
    s.alive = [True] * n
    s.hand = [() for _ in sheets]
    s.main = [None] * n
    s.pile = [sh.pile for sh in sheets]
    s.ammo = [sh.ammo for sh in sheets]
    s.javelins = [sh.javelins for sh in sheets]
    s.nets = [sh.nets for sh in sheets]
    s.sneaking = [False] * n
    s.hiding = [False] * n
    s.prone = [False] * n
    s.netted = [False] * n
    s.entangled_by = [-1] * n
    s.entangled_round = [0] * n
    s.bell = [False] * n
    s.debt = [0] * n
    s.acted = [False] * n
    s.amulet = [None] * n
    s.token = [0] * n
    s.melee = [0] * n
    reset_step(s, n)
    s.deaths = [0] * seats
    s.declared = None
    s.trap_marks = ()
    s.readied = ()
    s.amulet_shown = [False] * n
    s.magic = None
    s.side = SEAT_OF[:n]
    s.opt = initial_opt(setup.options.optional, tuple(_vial(setup.teams[sh.seat], sh.slot) for sh in sheets))
    mode = setup.options.mode
    s.board = BOARD_OF[seats]
    s.seat_camp = tuple(mode.pair_of(x) for x in range(seats))
    s.camp = tuple(s.seat_camp[x] for x in s.side)
    s.four = None if mode is ArenaMode.DUEL else Four(mode, (None,) * seats, (), (0,) * seats, (), ())
    if s.opt is not None and s.four is not None:  # the crowd's tallies per seat (HR-7, HR-8)
        s.opt = s.opt._replace(tokens=(0,) * seats, taken=(0,) * seats)
    return s


def camps(s: State) -> tuple[int, ...]:
    """Each character's camp, from the side he fights for (HR-8: partners share one)."""
    return tuple(s.seat_camp[x] for x in s.side)


def reset_step(s: State, n: int) -> None:
    """What every step starts afresh (RB p.6-8, HR-12 rulings 2-3, 9-10): nobody named, active or
    finished, no MAN pooled, granted or spent, and per character ``n``: no hexes moved, attacks,
    disengagement, running, forced attack, sneaking entry, quick target or entered hex. The match
    starts this way too (:func:`initial_state`)."""
    s.named = ()
    s.finished = 0
    s.active = -1
    s.pool = 0
    s.granted = 0
    s.spent = 0
    s.moved = [0] * n
    s.attacks = [0] * n
    s.disengaged = [False] * n
    s.ran = [False] * n
    s.run_hexes = [0] * n
    s.must_attack = [False] * n
    s.sneak_entry = [False] * n
    s.quick_target = [-1] * n
    s.entered = [-1] * n


def _vial(roster: Roster, slot: str) -> str | None:
    member = roster.member(slot)
    return member.vial if member is not None else None


def team_amulets(roster: Roster) -> tuple[str, ...]:
    """The team's amulets (RB p.7; 3-4 under HR-9.5): those on the roster, or the standard set."""
    return roster.amulets or STANDARD_AMULET_SET


# --- hashing -----------------------------------------------------------------------------------

_HASHED = tuple(
    name
    for name in State.__slots__
    if name
    not in ("setup", "sheets", "index", "dice", "log", "side", "opt", "memo", "board", "camp", "seat_camp", "four")
)  # ``side`` and ``camp`` follow from ``magic`` (the zombies' creators); ``opt``, ``four`` only when a match has it


def state_hash(state: State) -> str:
    """A digest of everything that can change during a match (not the log, not the dice).

    Two states with equal hashes are the same position; replaying a match's events gives the
    live state's hash.
    """
    parts: list[object] = [getattr(state, name) for name in _HASHED]
    if state.opt is not None:  # the optional rules (HR-7): matches without them hash as before
        parts.append(state.opt)
    if state.four is not None:  # HR-8: four seats; two-player matches hash as before
        parts.append(state.four)
    return hashlib.sha256(repr(parts).encode()).hexdigest()
