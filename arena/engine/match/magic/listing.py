"""Magic in the engine's listing and dispatch (issue #4): deciders, the witch-master's options,
the acid cloud's moves, and the checks of Orgyilkosság and zombies on ending a step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.engine.content.profiles import MEMBER_SLOTS
from arena.engine.match.actions import Action, EndActivation, EndStep, action_cost
from arena.engine.match.context import Context
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic.actions import Cast, CommandZombie, MoveCloud, ZombieAct
from arena.engine.match.magic.areas import CLOUD_MAN_PER_HEX, G, area_hexes, move_cloud_options
from arena.engine.match.magic.events import CloudMoved
from arena.engine.match.magic.frenzy import filter_options as keep
from arena.engine.match.magic.frenzy import first, refusal
from arena.engine.match.magic.spellcasting import cast_options, decide_cast
from arena.engine.match.magic.zombie import (
    command_options,
    decide_command,
    decide_zombie,
    zombie_options,
    zombie_waiting,
)
from arena.engine.match.match_errors import IllegalActionError, RefusalKind
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import HEXES, Scan, activate, actor, check_stated, fail, man_of, pay
from arena.engine.match.state import State

WITCH: tuple[bool, ...] = tuple(
    MEMBER_SLOTS[c % len(MEMBER_SLOTS)] == "witch_master" for c in range(4 * len(MEMBER_SLOTS))
)


def cloud_options(s: State, c: int) -> list[MoveCloud]:
    if s.magic is None or not s.magic.areas or man_of(s, c) < CLOUD_MAN_PER_HEX:
        return []
    return [_cloud_move(s, c, h) for _, h in move_cloud_options(s, c)]


_CLOUD_MOVES: Table[tuple[int, int], MoveCloud] = Table("magic: cloud moves")  # actions are immutable: made once


def _cloud_move(s: State, c: int, h: int) -> MoveCloud:
    found = _CLOUD_MOVES.of(s.memo).get((c, h))
    if found is None:
        sheet = s.sheets[c]
        found = _CLOUD_MOVES.of(s.memo)[(c, h)] = MoveCloud(sheet.seat, sheet.id, HEXES[h], CLOUD_MAN_PER_HEX)
    return found


def decide_move_cloud(ctx: Context, a: MoveCloud) -> None:
    """1 of his own MAN moves the cloud's centre 1 hex; only in a step he is named, and it is
    not casting (RB p.13-14, digest A51)."""
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    to = G.index.get(a.to, -1)
    if not any(h == to for _, h in move_cloud_options(s, c)):
        fail("the cloud's centre moves one hex, and only his own Savfelhő", "RB p.13-14")
    check_stated(a.man, CLOUD_MAN_PER_HEX)
    pay(s, c, CLOUD_MAN_PER_HEX, "moving the acid cloud")
    activate(ctx, c)
    area = tuple(HEXES[h] for h in area_hexes(to))
    ctx.emit(CloudMoved(a.seat, a.char, "acid_cloud", a.to, area, CLOUD_MAN_PER_HEX))


MAGIC_DECIDERS: dict[type[Any], Callable[[Context, Any], None]] = {
    Cast: decide_cast,
    MoveCloud: decide_move_cloud,
    CommandZombie: decide_command,
    ZombieAct: decide_zombie,
}


def witch_options(s: State, c: int, scan: Scan, touch_only: bool = False) -> list[Action]:
    """The witch-master's casts, zombie commands and cloud moves."""
    found: list[Action] = list(cast_options(s, c, scan, touch_only))
    if not touch_only and s.magic is not None:
        found.extend(command_options(s, c))
        found.extend(cloud_options(s, c))
    return found


def zombies(s: State) -> list[Action]:
    return list(zombie_options(s)) if s.magic is not None and s.magic.zombies else []


def blocks_end_step(s: State, found: list[Action]) -> bool:
    """No ending the step while a zombie owes its activation (RB p.15: it acts automatically) or
    an Orgyilkosság victim can still act against his designee (HR-12 ruling 15)."""
    m = s.magic
    if m is not None and m.zombies and zombie_waiting(s):
        return True
    v = first(s)
    if v < 0:
        return False
    vid = s.sheets[v].id
    return any(action_cost(a) > 0 and getattr(a, "char", None) == vid for a in found)


def check(state: State, action: Any) -> None:
    """Refuse what an Orgyilkosság victim may not do (RB p.17, HR-12 ruling 15)."""
    s = state
    kind = type(action)
    char = getattr(action, "char", None)
    if kind is EndStep:
        v = first(s) if s.active < 0 else (s.active if s.magic and s.magic.frenzied >> s.active & 1 else -1)
        if v >= 0 and _victim_can_act(s, v):
            raise IllegalActionError(
                "the Orgyilkosság victim may not stop while he can act against his designee",
                "RB p.17, HR-12 ruling 15",
                kind=RefusalKind.NOT_LEGAL_NOW,
            )
        return
    c = s.index.get(char, -1) if isinstance(char, str) else -1
    if c < 0 or s.magic is None or not s.magic.frenzied >> c & 1:
        return
    if kind is EndActivation:
        if _victim_can_act(s, c):
            raise IllegalActionError(
                "the Orgyilkosság victim may not stop while he can act against his designee",
                "RB p.17, HR-12 ruling 15",
                kind=RefusalKind.NOT_LEGAL_NOW,
            )
        return
    reason = refusal(s, c, action)
    if reason is not None:
        raise IllegalActionError(reason, "RB p.17, HR-12 ruling 15", kind=RefusalKind.NOT_LEGAL_NOW)


def _victim_can_act(s: State, v: int) -> bool:
    options = HOOKS.char_actions(s, v)  # match.play's listing, one layer up
    return any(action_cost(a) > 0 and refusal(s, v, a) is None for a in options)


def filter_options(s: State, c: int, options: list[Action]) -> list[Action]:
    return keep(s, c, options)
