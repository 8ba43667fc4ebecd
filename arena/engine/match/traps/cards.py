"""Playing trap cards (RB p.18; HR-5; HR-12 rulings 4, 6, 26-30, 36, 38).

**Remote traps (1-8).** In his own step a named character who entered the card's numbered hex
in this step pays the card's MAN from the step's MAN (strategist MAN handed to him included) and
the card strikes a standing enemy of the owner's choice who meets its condition
(:class:`arena.engine.match.actions.TriggerTrap`). Triggering is not his attack (ruling 30).

**Direct traps (9-16).** When an enemy submits a MOVE, a disengage (ruling 29), a gate toggle or a
zombie's walk (ruling 29) in steps 1-4, the trap owner gets a pending window
(:class:`arena.engine.match.state.PendingTrapWindow`) whenever he holds a card and his strategist is
alive with MAN no spell binds (ruling 32), whatever the cards are, so that a pass reveals nothing
(ruling 27). He names cards and path hexes (``PlayTraps``, secret
until each card strikes) or passes (``PassTraps``). The move then runs hex by hex: each named card
strikes as the mover enters its hex, paid from the strategist's MAN; the portcullis strikes
before the gate is crossed and leaves him on his side (HR-5 card 11). A card whose movement-ending
effect stops him ends the move there; he pays only for the hexes he entered (ruling 28). A card
whose hex is never reached is not played and stays secret.
"""

from __future__ import annotations

from arena.engine.board.hexgrid import Hex
from arena.engine.content.traps import TrapKind
from arena.engine.match.actions import Dodge, OpenJaws, PassTraps, PlayTraps, TriggerTrap
from arena.engine.match.context import Context
from arena.engine.match.events import (
    Disengaged,
    DodgeDecided,
    GateToggled,
    JawsOpened,
    Moved,
    TrapMarkEnded,
    TrapPlayed,
    TrapsReadied,
    TrapWindowAnswered,
    TrapWindowOpened,
    TrapWindowPassedOn,
)
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import zombie as magic_zombie
from arena.engine.match.magic.events import ZombieActed
from arena.engine.match.magic.queries import is_zombie
from arena.engine.match.rules import melee, movement
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    CENTRAL,
    HEXES,
    MAX_PER_HEX,
    STEP_GATE,
    G,
    activate,
    actor,
    check_stated,
    enemies_on,
    fail,
    grantable,
    man_of,
    no_character,
    occupancy,
    pay,
    strategist_man,
)
from arena.engine.match.state import SEAT_OF, Pending, PendingTrapDodge, PendingTrapWindow, Phase, State
from arena.engine.match.traps import marks
from arena.engine.match.traps.card_effects import DODGE_MAN, attack_roll, can_dodge, strike
from arena.engine.match.traps.where import (
    CARDS,
    NUMBER_AT,
    TRAP_HEX,
    crossing_gate,
    push_options,
    remote_refusal,
    remote_targets,
    strike_fits,
    window_owner,
)
from arena.engine.match.words import TrapWindowAction


def run_move(ctx: Context, c: int, path: tuple[Hex, ...], cost: int) -> None:
    """A validated MOVE: at once, or after the trap owner's window."""
    s = ctx.state
    owner = window_owner(s, c)
    if owner < 0:
        _moved(ctx, c, path, cost)
    else:
        ctx.emit(TrapWindowOpened(owner, s.sheets[c].id, TrapWindowAction.MOVE, path, None, False, cost))


def run_disengage(ctx: Context, c: int, to: Hex, cost: int, acrobatics: bool) -> None:
    s = ctx.state
    owner = window_owner(s, c)
    if owner < 0:
        _disengaged(ctx, c, to, cost, acrobatics)
    else:
        ctx.emit(TrapWindowOpened(owner, s.sheets[c].id, TrapWindowAction.DISENGAGE, (to,), None, acrobatics, cost))


def run_toggle(ctx: Context, c: int, gate: str, cost: int) -> None:
    s = ctx.state
    owner = window_owner(s, c)
    if owner < 0:
        _toggled(ctx, c, gate, cost)
    else:
        ctx.emit(TrapWindowOpened(owner, s.sheets[c].id, TrapWindowAction.GATE, (), gate, False, cost))


def _moved(ctx: Context, c: int, path: tuple[Hex, ...], cost: int) -> None:
    s = ctx.state
    out_of_pit = marks.move_extra(s, c) > 0
    if is_zombie(s, c):  # it pays from its own MAN and hexes as it walks (RB p.15)
        ctx.emit(ZombieActed(s.side[c], s.sheets[c].id, cost, len(path)))
        ctx.emit(Moved(s.side[c], s.sheets[c].id, path, 0))
    else:
        ctx.emit(Moved(s.side[c], s.sheets[c].id, path, cost))
    if out_of_pit:
        ctx.emit(TrapMarkEnded(s.sheets[c].id, marks.PIT, "climbed out of the pit"))


def _disengaged(ctx: Context, c: int, to: Hex, cost: int, acrobatics: bool) -> None:
    s = ctx.state
    out_of_pit = marks.move_extra(s, c) > 0
    ctx.emit(Disengaged(s.side[c], s.sheets[c].id, to, cost, acrobatics))
    if out_of_pit:
        ctx.emit(TrapMarkEnded(s.sheets[c].id, marks.PIT, "climbed out of the pit"))


def _toggled(ctx: Context, c: int, gate: str, cost: int) -> None:
    s = ctx.state
    opened = not s.gates & G.gate_bit[gate]
    ctx.emit(GateToggled(s.side[c], s.sheets[c].id, gate, opened, cost))


def _strikes(s: State, p: PendingTrapWindow) -> list[tuple[int, int]]:
    """Every (card, hex) that may strike the pending move or toggle: the first entry of each hex."""
    found: list[tuple[int, int]] = []
    man = strategist_man(s, p.seat)  # what Izzó idegek, Quintarha or Haláltánc leaves him (ruling 32)
    mover = p.mover
    for card in s.traps[p.seat]:
        trap = CARDS[card]
        if trap.kind is not TrapKind.DIRECT or trap.man_cost > man:
            continue
        if p.action is TrapWindowAction.GATE:
            here = s.pos[mover]
            if strike_fits(s, trap, mover, here, here, True):
                found.append((card, here))
            continue
        prev = s.pos[mover]
        seen = set()
        for h in p.path:
            n = G.index[h]
            if n not in seen and strike_fits(s, trap, mover, prev, n, False):
                found.append((card, n))
            seen.add(n)
            prev = n
    return found


def window_options(s: State, p: PendingTrapWindow) -> list[PassTraps | PlayTraps]:
    """Pass first, then one action per (card, hex) that may strike (the agents' small list)."""
    found: list[PassTraps | PlayTraps] = [PassTraps(p.seat)]
    found.extend(PlayTraps(p.seat, ((card, HEXES[n]),)) for card, n in _strikes(s, p))
    return found


def _window(s: State, seat: int) -> PendingTrapWindow:
    p = s.pending
    if not isinstance(p, PendingTrapWindow) or p.seat != seat:
        fail(f"seat {seat} has no direct-trap window open", "HR-12 ruling 38")
    return p


def decide_pass(ctx: Context, a: PassTraps) -> None:
    p = _window(ctx.state, a.seat)
    ctx.emit(TrapsReadied(a.seat, (), a.seat))
    ctx.emit(TrapWindowAnswered(a.seat, ctx.state.sheets[p.mover].id))
    _next_or_proceed(ctx, p)


def _next_or_proceed(ctx: Context, p: PendingTrapWindow) -> None:
    """Four seats (HR-8): the next enemy owner's window on the same action, else carry it out."""
    s = ctx.state
    if s.four is not None:
        owner = window_owner(s, p.mover, p.seat)
        if owner >= 0:
            target = None if p.target < 0 else s.sheets[p.target].id
            ctx.emit(
                TrapWindowPassedOn(owner, s.sheets[p.mover].id, p.action, p.path, p.gate, p.acrobatics, p.man, target)
            )
            return
    _proceed(ctx, p)


def decide_play(ctx: Context, a: PlayTraps) -> None:
    s = ctx.state
    p = _window(s, a.seat)
    if not a.strikes:
        fail("name at least one card, or pass", "HR-12 ruling 26")
    cards = [card for card, _ in a.strikes]
    if len(set(cards)) != len(cards):
        fail("each card is played once", "RB p.18, digest A58")
    for card in cards:
        if card not in s.traps[a.seat]:
            fail(
                f"seat {a.seat} holds no unplayed trap card {card}",
                "RB p.18, digest A58",
            )
        if CARDS[card].kind is not TrapKind.DIRECT:
            fail(f"card {card} is a remote trap, played from its numbered hex", "RB p.18")
    cost = sum(CARDS[card].man_cost for card in cards)
    if cost > s.strat_man[a.seat]:
        fail(
            f"the cards cost {cost} MAN; the strategist has {s.strat_man[a.seat]} left",
            "RB p.18",
        )
    if cost > strategist_man(s, a.seat):
        fail(
            f"the cards cost {cost} MAN; a spell leaves the strategist {strategist_man(s, a.seat)}"
            " (Haláltánc, Quintarha, Izzó idegek)",
            "HR-12 ruling 32",
        )
    allowed = set(_strikes(s, p))
    for card, h in a.strikes:
        if (card, G.index.get(h, -1)) not in allowed:
            fail(
                f"card {card} cannot strike {s.sheets[p.mover].id} at {h}",
                "HR-5, HR-12 ruling 26",
            )
    ctx.emit(TrapsReadied(a.seat, a.strikes, a.seat))
    ctx.emit(TrapWindowAnswered(a.seat, s.sheets[p.mover].id))
    _next_or_proceed(ctx, p)


def _proceed(ctx: Context, p: PendingTrapWindow) -> None:
    """Carry out the move, disengage or toggle, striking where the owner named (ruling 28)."""
    s = ctx.state
    c = p.mover
    if p.action is TrapWindowAction.MOVE:
        _walk(ctx, c, p.seat, p.path, p.man)
        if p.target >= 0:  # a zombie attacks on arrival if it got there (HR-12 rulings 17, 28)
            magic_zombie.arrive(ctx, c, p.target)
        return
    here = s.pos[c]
    if p.action is TrapWindowAction.GATE:
        assert p.gate is not None
        _toggled(ctx, c, p.gate, p.man)
        _strike_here(ctx, c, p.seat, here, (), p.gate)
        return
    to = G.index[p.path[0]]
    if _portcullis(ctx, c, p.seat, here, to):
        return
    _disengaged(ctx, c, p.path[0], p.man, p.acrobatics)
    _strike_here(ctx, c, p.seat, to, (), crossing_gate(here, to))


def _ready_at(s: State, h: int) -> list[int]:
    return [card for card, x in s.readied if x == h]


def _portcullis(ctx: Context, c: int, owner: int, here: int, h: int) -> bool:
    """Cards that leave a crossing target on his side (HR-5 card 11) strike before he crosses."""
    s = ctx.state
    gate = crossing_gate(here, h)
    if gate is None or not s.readied:
        return False
    struck = False
    for card in _ready_at(s, h):
        trap = CARDS[card]
        if trap.effect.stays_on_entry_side and s.alive[c] and not s.over:
            by = _holder(s, card, owner)
            _play(ctx, card, by, c)
            strike(ctx, trap, by, c, None, gate, ())
            struck = True
    return struck


def _holder(s: State, card: int, owner: int) -> int:
    """Who plays a named card: the window's owner; four seats, whoever holds it (HR-8: several
    enemy owners may have named cards on one move)."""
    if s.four is None:
        return owner
    return next((x for x in range(s.seats) if card in s.traps[x]), owner)


def _play(ctx: Context, card: int, owner: int, c: int) -> None:
    s = ctx.state
    trap = CARDS[card]
    strategist = s.sheets[s.strategist_of(owner)].id
    ctx.emit(
        TrapPlayed(
            owner,
            card,
            trap.id,
            strategist,
            s.sheets[c].id,
            HEXES[s.pos[c]],
            trap.man_cost,
            True,
        )
    )


def _strike_here(ctx: Context, c: int, owner: int, h: int, rest: tuple[Hex, ...], gate: str | None) -> bool:
    """The named cards at ``h`` strike in the order named; True while he may go on moving."""
    s = ctx.state
    for card in _ready_at(s, h):
        if not s.alive[c] or s.over:
            return False
        trap = CARDS[card]
        if trap.effect.stays_on_entry_side and gate is None:
            continue
        by = _holder(s, card, owner)
        _play(ctx, card, by, c)
        if strike(ctx, trap, by, c, None, gate, rest):
            return False  # waits for his Kitérés
    return s.alive[c] and not s.over and not s.prone[c] and marks.find(s, c, marks.STOPPED) is None


def _walk(ctx: Context, c: int, owner: int, path: tuple[Hex, ...], man: int | None) -> None:
    """Enter ``path`` hex by hex, paying for each segment up to a strike (HR-12 ruling 28).

    ``man``: the validated cost of the whole path while nothing has struck yet (None after)."""
    s = ctx.state
    start = 0
    prev = s.pos[c]
    for i, h in enumerate(path):
        n = G.index[h]
        if man is None and not _may_enter(s, c, prev, n, i - start + 1, i == len(path) - 1):
            _segment(ctx, c, path[start:i])
            return
        here = _ready_at(s, n) if s.readied else []
        if here:
            gate = crossing_gate(prev, n)
            if gate is not None and any(CARDS[card].effect.stays_on_entry_side for card in here):
                _segment(ctx, c, path[start:i])
                _portcullis(ctx, c, owner, s.pos[c], n)
                return
            _segment(ctx, c, path[start : i + 1])
            start = i + 1
            man = None
            if not _strike_here(ctx, c, owner, n, path[i + 1 :], gate):
                return
        prev = n
    if start == 0 and man is not None:
        _moved(ctx, c, path, man)
    else:
        _segment(ctx, c, path[start:])


def _segment(ctx: Context, c: int, seg: tuple[Hex, ...]) -> None:
    if seg:
        _moved(ctx, c, seg, movement.move_cost(ctx.state, c, len(seg)))


def _may_enter(s: State, c: int, prev: int, n: int, count: int, last: bool) -> bool:
    """After a trap struck, whether his next hex is still legal (HR-12 ruling 28)."""
    if not s.alive[c] or s.over or s.prone[c] or marks.cannot_move(s, c) is not None:
        return False
    gate = STEP_GATE[prev].get(n)
    if gate is None or (gate and not s.gates & gate) or CENTRAL[n] != s.sheets[c].is_gladiator:
        return False
    if occupancy(s).get(n, 0) >= MAX_PER_HEX:
        return False
    cost = movement.move_cost(s, c, count)
    if is_zombie(s, c):  # its own MAN and hexes; a person's hex only ends its walk (ruling 17)
        left = magic_zombie.allowance(s, c)
        if cost > left[0] or count > left[1]:
            return False
        if magic_zombie.someone_on(s, c, n):
            return last and left[0] - cost >= ATTACK_MAN
        return True
    if cost > man_of(s, c):
        return False
    if enemies_on(s, s.side[c], n):
        return last and man_of(s, c) + grantable(s, c) - cost >= ATTACK_MAN
    return True


def resume(ctx: Context, c: int, owner: int, rest: tuple[Hex, ...]) -> None:
    """After his Kitérés decision: the other cards named for his hex, then the rest of the move."""
    s = ctx.state
    if _strike_here(ctx, c, owner, s.pos[c], rest, None) and rest:
        _walk(ctx, c, owner, rest, None)


# --- Kitérés against a trap's attack roll (HR-4, HR-12 ruling 6) --------------------------------------


def dodge_options(s: State, p: PendingTrapDodge) -> list[Dodge]:
    char = s.sheets[p.defender].id
    return [Dodge(p.seat, char, True), Dodge(p.seat, char, False)]


def decide_dodge(ctx: Context, a: Dodge) -> None:
    """Kitérés for melee and thrown attacks (:mod:`.melee`) or against a trap's attack roll."""
    s = ctx.state
    p = s.pending
    if not isinstance(p, PendingTrapDodge):
        melee.decide_dodge(ctx, a)
        return
    if p.seat != a.seat or s.sheets[p.defender].id != a.char:
        fail("there is no Kitérés decision for that character now", "HR-12 ruling 38")
    t = p.defender
    owed = s.active != t
    if a.use and not owed and man_of(s, t) < DODGE_MAN:
        fail(
            "in his own step Kitérés is paid at once, and he has no MAN left",
            "HR-12 ruling 6",
        )
    trap = CARDS[p.card]
    if a.use and not can_dodge(s, trap, t):
        fail(f"{a.char} cannot use Kitérés now", "HR-4")
    ctx.emit(DodgeDecided(a.seat, a.char, a.use, DODGE_MAN if a.use else 0, owed))
    attack_roll(ctx, trap, p.owner, t, a.use)
    if not owed and s.phase is Phase.ACTING and s.active == t:
        resume(ctx, t, p.owner, p.path)


# --- remote traps (RB p.18, HR-12 ruling 30) ---------------------------------------------------------


def trigger_options(s: State, c: int) -> list[TriggerTrap]:
    """Remote cards ``c`` may trigger now: on the card's hex, entered in this step, MAN to pay."""
    h = s.pos[c]
    card = NUMBER_AT[h]
    if not card or s.entered[c] != h:
        return []
    seat = SEAT_OF[c]
    if card not in s.traps[seat]:
        return []
    trap = CARDS[card]
    if man_of(s, c) < trap.man_cost:
        return []
    cid = s.sheets[c].id
    found = []
    for t in remote_targets(s, seat, trap):
        tid = s.sheets[t].id
        pushes = push_options(s, t) if trap.effect.push_hexes else []
        if not pushes:
            found.append(TriggerTrap(seat, cid, card, tid, None, trap.man_cost))
        found.extend(TriggerTrap(seat, cid, card, tid, HEXES[n], trap.man_cost) for n in pushes)
    return found


def decide_trigger(ctx: Context, a: TriggerTrap) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if s.must_attack[c]:
        fail(
            "he entered an enemy's hex and must attack there first",
            "RB p.8, HR-12 ruling 10",
        )
    if a.card not in s.traps[a.seat]:
        fail(f"seat {a.seat} holds no unplayed trap card {a.card}", "RB p.18, digest A58")
    trap = CARDS[a.card]
    if trap.kind is not TrapKind.REMOTE:
        fail(f"card {a.card} is a direct trap, played while an enemy moves", "RB p.18")
    if s.pos[c] != TRAP_HEX[a.card] or s.entered[c] != s.pos[c]:
        fail(
            f"{a.char} must enter hex {a.card} in this step and pay there",
            "RB p.18, HR-12 ruling 30",
        )
    check_stated(a.man, trap.man_cost)
    pay(s, c, trap.man_cost, f"trap card {a.card}")
    t = s.index.get(a.target, -1)
    if t < 0:
        no_character(a.target, "RB p.4-5")
    refusal = remote_refusal(s, a.seat, trap, t)
    if refusal is not None:
        fail(refusal, "RB p.18, HR-5, HR-4")
    pushes = push_options(s, t) if trap.effect.push_hexes else []
    push = G.index.get(a.push, -1) if a.push is not None else None
    if pushes and push not in pushes:
        fail(
            f"name where the spring pushes {a.target}: {[HEXES[n] for n in pushes]}",
            "HR-5 card 4",
        )
    if not pushes and a.push is not None:
        fail("this card pushes nobody, or there is no hex to push him to", "HR-5 card 4")
    activate(ctx, c)
    ctx.emit(
        TrapPlayed(
            a.seat,
            a.card,
            trap.id,
            a.char,
            a.target,
            HEXES[s.pos[t]],
            trap.man_cost,
            False,
        )
    )
    strike(ctx, trap, a.seat, t, push, None, ())


# --- the bear trap's jaws (HR-5 card 10) ---------------------------------------------------------------


def jaws_options(s: State, c: int) -> list[OpenJaws]:
    if man_of(s, c) < marks.JAWS_MAN or marks.find(s, c, marks.JAWS) is None:
        return []
    if marks.find(s, c, marks.STOPPED) is not None:
        return []
    return [OpenJaws(SEAT_OF[c], s.sheets[c].id, marks.JAWS_MAN)]


def decide_jaws(ctx: Context, a: OpenJaws) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if marks.find(s, c, marks.JAWS) is None:
        fail(f"{a.char} is caught in no bear trap", "HR-5 card 10")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if marks.find(s, c, marks.STOPPED) is not None:
        fail("the jaws shut in this step; he opens them in his next step", "HR-5 card 10")
    check_stated(a.man, marks.JAWS_MAN)
    pay(s, c, marks.JAWS_MAN, "opening the jaws")
    activate(ctx, c)
    ctx.emit(JawsOpened(a.seat, a.char, marks.JAWS_MAN))


def char_options(s: State, c: int) -> list[TriggerTrap | OpenJaws]:
    """The trap actions of an acting character (cheap when he has none)."""
    found: list[TriggerTrap | OpenJaws] = []
    if NUMBER_AT[s.pos[c]]:
        found.extend(trigger_options(s, c))
    if s.trap_marks:
        found.extend(jaws_options(s, c))
    return found


def pending_options(s: State, p: Pending) -> list[PassTraps | PlayTraps | Dodge]:
    """The answers to a trap's pending decision."""
    if isinstance(p, PendingTrapWindow):
        return list(window_options(s, p))
    assert isinstance(p, PendingTrapDodge)
    return list(dodge_options(s, p))


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.trap_run_move = run_move
HOOKS.trap_run_disengage = run_disengage
HOOKS.trap_run_toggle = run_toggle
