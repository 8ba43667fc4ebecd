"""The lasting trap states (HR-5) as small readers for the movement, skill and ranged rules.

A mark is a :class:`arena.engine.match.state.TrapMark` kept in ``state.trap_marks`` (public, the
sheet's effects tracker, RB p.19). Marks lapse by themselves: a step mark holds in the step it was
set in, a round mark until the end of its round, the others until an event ends them (climbing
out of the pit, opening the jaws, death). The evolvers drop lapsed marks from the state at the
end of the step or round and at a death (``after_step``, ``after_round``, ``without``). This
module imports no other rule module, so any of them (and ``evolve``) may ask it; every reader
returns at once while no mark exists.
"""

from __future__ import annotations

from arena.engine.content.traps import TRAPS
from arena.engine.match.state import State, TrapMark

PIT = "pit"  # card 9: +1 MAN for his first hex out of the pit hex (``where``)
JAWS = "jaws"  # card 10: no moving until he pays to open the jaws
QUICKSAND = "quicksand"  # card 5: every hex costs ``where`` MAN
NO_RUNNING = "no_running"  # card 5: no Futás
DUST = "dust"  # card 15: no ranged attack, no lightning, for the rest of the step
STOPPED = "stopped"  # cards 9, 10, 15, 16: his movement ended for this step
JAM = "jam"  # card 11: the gate (``where`` is its bit) cannot be opened

STEP_MARKS = frozenset({DUST, STOPPED})  # ``until`` is the step stamp
ROUND_MARKS = frozenset({QUICKSAND, NO_RUNNING, JAM})  # ``until`` is the last round

PIT_EXTRA_MAN = TRAPS["pit"].effect.exit_extra_man
JAWS_MAN = TRAPS["bear_trap"].effect.release_man


def stamp(s: State) -> int:
    """The current step as one number (round and step)."""
    return s.round * (10 if s.four is None else 20) + s.step  # HR-8: twelve steps a round


def active(s: State, m: TrapMark) -> bool:
    """Whether ``m`` is still in force. The evolvers drop a mark when it lapses (:func:`after_step`,
    :func:`after_round`, :func:`without`), so every mark in a state is in force and the readers
    below need not ask; the property tests check it with this."""
    if m.kind in STEP_MARKS:
        return m.until == stamp(s)
    if m.kind in ROUND_MARKS:
        return s.round <= m.until
    return True


def after_step(marks: tuple[TrapMark, ...], step: int) -> tuple[TrapMark, ...]:
    """The marks still in force once the step stamped ``step`` is over: step marks lapse."""
    return tuple(m for m in marks if m.kind not in STEP_MARKS or m.until > step)


def after_round(marks: tuple[TrapMark, ...], round_: int) -> tuple[TrapMark, ...]:
    """The marks still in force once round ``round_`` is over: its last round's marks lapse."""
    return tuple(m for m in marks if m.kind not in ROUND_MARKS or m.until > round_)


def without(marks: tuple[TrapMark, ...], c: int) -> tuple[TrapMark, ...]:
    """The marks less those of ``c``: a dead character's lapse (HR-12 ruling 23)."""
    return tuple(m for m in marks if m.char != c)


def find(s: State, c: int, kind: str) -> TrapMark | None:
    """The active mark ``kind`` of character ``c`` (or of no character: -1), if any."""
    for m in s.trap_marks:
        if m.char == c and m.kind == kind:
            return m
    return None


def marks_of(s: State, c: int) -> list[TrapMark]:
    return [m for m in s.trap_marks if m.char == c]


def cannot_move(s: State, c: int) -> tuple[str, str] | None:
    """Why ``c`` may not move (or disengage) now because of a trap, or None."""
    if not s.trap_marks:
        return None
    if find(s, c, STOPPED) is not None:
        return ("a trap ended his movement for this step", "HR-5 cards 9, 10, 15, 16")
    if find(s, c, JAWS) is not None:
        return (
            f"the bear trap holds him until he pays {JAWS_MAN} MAN to open the jaws",
            "HR-5 card 10",
        )
    return None


def move_extra(s: State, c: int) -> int:
    """Extra MAN for his first hex out of a pit (HR-5 card 9)."""
    if not s.trap_marks:
        return 0
    pit = find(s, c, PIT)
    return PIT_EXTRA_MAN if pit is not None and pit.where == s.pos[c] else 0


def hex_cost(s: State, c: int) -> int:
    """MAN per hex set by quicksand (HR-5 card 5), or 0."""
    if not s.trap_marks:
        return 0
    sand = find(s, c, QUICKSAND)
    return 0 if sand is None else sand.where


def running_banned(s: State, c: int) -> bool:
    return bool(s.trap_marks) and find(s, c, NO_RUNNING) is not None


def ranged_banned(s: State, c: int) -> bool:
    """Dust (HR-5 card 15): no ranged attack and no lightning spell for the rest of the step."""
    return bool(s.trap_marks) and find(s, c, DUST) is not None


def jammed(s: State, gate_bit: int) -> bool:
    """The portcullis jams the gate shut (HR-5 card 11)."""
    if not s.trap_marks:
        return False
    return any(m.char == -1 and m.kind == JAM and m.where == gate_bit for m in s.trap_marks)
