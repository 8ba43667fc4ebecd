"""Rounds, steps, naming and MAN (RB p.6-8; HR-4 debts; HR-12 rulings 2-8, 37).

A round has six steps: the starting player's two characters, the other's, again each, then the
starting player's gladiator and the other's (RB p.6). In steps 1-4 a seat names two living
non-gladiators (in its second step only those who have not acted this round), and gets 3 MAN per
named character as one pool (ruling 3), less their debts (HR-4). The gladiator has 6 MAN in his
step. The strategist's 4 MAN per round go to named characters in the seat's own steps (ruling 4).
:func:`advance` runs every transition no one has to decide.
"""

from __future__ import annotations

from itertools import combinations

from arena.engine.match.actions import Concede, EndActivation, EndStep, Grant, Name
from arena.engine.match.context import Context
from arena.engine.match.events import (
    ActivationEnded,
    Conceded,
    Granted,
    GripRevealed,
    Named,
    RoundEnded,
    RoundStarted,
    SeatEliminated,
    StateEnded,
    StepEnded,
    StepStarted,
)
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    GLADIATOR_STEP_MAN,
    STEP_MAN_PER_CHARACTER,
    STRATEGIST_MAN,
    activate,
    actor,
    check_char,
    fail,
    grantable,
    man_of,
    strategist_man,
)
from arena.engine.match.rules.damage import end_match, end_on_points, gladiators_fell
from arena.engine.match.rules.melee import may_attack, melee_targets
from arena.engine.match.state import SEAT_OF, Phase, State
from arena.engine.match.words import ArenaMode, MatchEnd

NAMED_PER_STEP = 2  # RB p.6


def step_seat(s: State, step: int) -> int:
    """Odd steps belong to the starting player (RB p.6); four seats, the round's order (HR-8)."""
    if s.four is not None:
        return s.four.order[step - 1]
    return s.starting if step % 2 == 1 else 1 - s.starting


def eligible(s: State, seat: int) -> list[int]:
    """Who may be named now: living non-gladiators who have not acted this round (RB p.6)."""
    return [
        c
        for c in s.seat_chars(seat)
        if s.alive[c] and s.sheets[c].on_board and not s.sheets[c].is_gladiator and not s.acted[c]
        and (s.magic is None or not s.magic.risen >> c & 1)  # a zombie is never named (RB p.15)
    ]  # fmt: skip


_NAMINGS: Table[tuple[int, tuple[int, ...]], list[Name]] = Table("turns: namings")


def naming_options(s: State) -> list[Name]:
    """Every legal naming: two of the eligible characters, or all of them if fewer (RB p.6)."""
    seat = s.seat_to_act
    chars = tuple(eligible(s, seat))
    found = _NAMINGS.of(s.memo).get((seat, chars))
    if found is None:
        size = min(NAMED_PER_STEP, len(chars))
        ids = {c: s.sheets[c].id for c in chars}
        found = _NAMINGS.of(s.memo)[(seat, chars)] = [
            Name(seat, tuple(ids[c] for c in pair)) for pair in combinations(chars, size)
        ]
    return list(found)


def decide_name(ctx: Context, a: Name) -> None:
    s = ctx.state
    if s.phase is not Phase.NAMING or s.seat_to_act != a.seat:
        fail(f"seat {a.seat} is not naming characters now", "RB p.6")
    chars = [check_char(s, a.seat, c) for c in a.chars]
    allowed = eligible(s, a.seat)
    for c, cid in zip(chars, a.chars, strict=False):
        if c not in allowed:
            fail(f"{cid} cannot be named: dead, the gladiator, or already acted this round", "RB p.6 §8.2")
    if len(set(chars)) != len(chars) or len(chars) != min(NAMED_PER_STEP, len(allowed)):
        fail(f"name {min(NAMED_PER_STEP, len(allowed))} different characters", "RB p.6 §8.2")
    name_characters(ctx, tuple(chars))


def name_characters(ctx: Context, chars: tuple[int, ...]) -> None:
    """Form the step pool: 3 per named character less their debts (RB p.7-8, HR-4)."""
    s = ctx.state
    base = GLADIATOR_STEP_MAN if s.step > s.char_steps else STEP_MAN_PER_CHARACTER * len(chars)
    paid = tuple(0 if s.netted[c] else s.debt[c] for c in chars)
    pool = max(0, base - sum(paid))
    if s.magic is not None:  # an Orgyilkosság victim's own 4 MAN (RB p.17, digest A56)
        pool = HOOKS.step_pool(s, chars, base, paid, pool)
    ctx.emit(Named(s.seat_to_act, tuple(s.sheets[c].id for c in chars), pool, paid))
    if s.magic is not None:
        HOOKS.after_naming(ctx, chars, paid)


def decide_grant(ctx: Context, a: Grant) -> None:
    s = ctx.state
    actor(s, a.seat, a.char)
    if s.step > s.char_steps:
        fail("strategist MAN never goes to the gladiator", "RB p.8")
    if not 1 <= a.amount <= s.strat_man[a.seat]:
        fail(f"the strategist has {s.strat_man[a.seat]} MAN left this round", "RB p.8")
    if s.magic is not None and a.amount > magic_hooks.strategist_left(s, a.seat):
        fail("a spell binds the strategist's MAN (Haláltánc, Quintarha, Izzó idegek)", "HR-12 ruling 32")
    ctx.emit(Granted(a.seat, a.char, a.amount))


_GRANTS: Table[tuple[int, int], list[Grant]] = Table("turns: grants")  # (character, MAN left): the grants, made once


def grant_options(s: State, c: int) -> list[Grant]:
    if s.step > s.char_steps:
        return []
    seat = SEAT_OF[c]
    left = s.strat_man[seat]
    if s.magic is not None:  # HR-12 ruling 32
        left = magic_hooks.strategist_left(s, seat)
    if left <= 0:
        return []
    found = _GRANTS.of(s.memo).get((c, left))
    if found is None:
        sheet = s.sheets[c]
        found = _GRANTS.of(s.memo)[(c, left)] = [Grant(sheet.seat, sheet.id, n) for n in range(1, left + 1)]
    return found  # shared: callers copy it, never change it


def must_attack_blocks(s: State, c: int) -> bool:
    """He entered an enemy's hex and can still attack there, strategist MAN included (HR-12
    ruling 10): until he does, he may not end his activation or the step."""
    if not s.must_attack[c]:
        return False
    if may_attack(s, c) is not None or man_of(s, c) + grantable(s, c) < ATTACK_MAN:
        return False
    return bool(melee_targets(s, c))


def decide_end_activation(ctx: Context, a: EndActivation) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if must_attack_blocks(s, c):
        fail("he entered an enemy's hex and must attack there", "RB p.8, HR-12 ruling 10")
    activate(ctx, c)
    ctx.emit(ActivationEnded(a.seat, a.char))


def decide_end_step(ctx: Context, a: EndStep) -> None:
    s = ctx.state
    if s.phase is not Phase.ACTING or s.seat_to_act != a.seat:
        fail(f"it is not seat {a.seat}'s step", "RB p.6")
    if s.active >= 0 and must_attack_blocks(s, s.active):
        fail("he entered an enemy's hex and must attack there", "RB p.8, HR-12 ruling 10")
    end_step(ctx, "ended by the player")


def decide_concede(ctx: Context, a: Concede) -> None:
    s = ctx.state
    if a.seat not in range(s.seats):
        fail(f"there is no seat {a.seat}", "HR-12 ruling 37")
    four = s.four
    if four is None:
        ctx.emit(Conceded(a.seat))
        end_match(ctx, MatchEnd.VICTORY, 1 - a.seat, f"seat {a.seat} conceded (HR-12 ruling 37)")
        return
    if four.mode is ArenaMode.PAIRS:  # a partner concedes for his side (HR-8)
        ctx.emit(Conceded(a.seat))
        winner = 2 * (1 - a.seat // 2)
        end_match(ctx, MatchEnd.VICTORY, winner, f"seat {a.seat} conceded for his side (HR-8, HR-12 ruling 37)")
        return
    # free-for-all: he leaves the match as if his gladiator had fallen (HR-8), between decisions
    if four.out[a.seat]:
        fail(f"seat {a.seat} is out of the match", "HR-8")
    if s.round == 0:
        fail("a free-for-all seat concedes once the match has begun (round 1)", "HR-8, HR-12 ruling 37")
    if s.pending is not None or s.declared is not None:
        fail("a free-for-all seat concedes between decisions, not while one is owed", "HR-8, HR-12 ruling 37")
    ctx.emit(Conceded(a.seat))
    eliminate(ctx, a.seat)
    gladiators_fell(ctx)
    if s.phase is not Phase.OVER and s.seat_to_act == a.seat and s.phase in (Phase.NAMING, Phase.ACTING):
        end_step(ctx, "the seat conceded (HR-8)")


def eliminate(ctx: Context, seat: int) -> None:
    """Free-for-all (HR-8): all his figures removed, his traps discarded; his zombie collapses."""
    s = ctx.state
    ctx.emit(SeatEliminated(seat, s.round, s.step))  # his zombie collapses as this step ends (HR-11)


def four_step_ending(ctx: Context) -> None:
    """Free-for-all: the seats whose gladiator fell in this step are eliminated (HR-8)."""
    s = ctx.state
    four = s.four
    assert four is not None
    if four.mode is not ArenaMode.FFA:
        return
    for seat in range(s.seats):
        if not four.out[seat] and not s.alive[s.gladiator_of(seat)]:
            ctx.emit(SeatEliminated(seat, s.round, s.step))


# --- transitions ---------------------------------------------------------------------------------


def can_act(s: State, c: int) -> bool:
    if s.magic is not None and s.magic.banned >> c & 1:  # Haláltánc, Quintarha (HR-12 ruling 13)
        return False
    return s.alive[c] and not s.finished >> c & 1 and not s.netted[c]


def step_done(s: State) -> str | None:
    """Why the step ends by itself now, or None (HR-12 ruling 8)."""
    m = s.magic
    if m is not None and (m.zombies or m.frenzied) and HOOKS.keeps_step(s):
        return None  # a zombie or an Orgyilkosság victim still acts
    if not any(can_act(s, c) for c in s.named):
        return "nobody left to act"
    if s.pool == 0 and s.granted == 0 and (s.step > s.char_steps or strategist_man(s, s.seat_to_act) == 0):
        return "no MAN left"  # a spell may bind the strategist's MAN (HR-12 ruling 32)
    return None


def start_round(ctx: Context, number: int) -> None:
    s = ctx.state
    man = tuple(STRATEGIST_MAN if s.alive[s.strategist_of(seat)] else 0 for seat in range(s.seats))
    ctx.emit(RoundStarted(number, man))
    if s.magic is not None:
        HOOKS.magic_round_starting(ctx)  # Quintarha's shock (RB p.15, digest A48)
    start_step(ctx, 1)


def start_step(ctx: Context, step: int) -> None:
    s = ctx.state
    seat = step_seat(s, step)
    ctx.emit(StepStarted(s.round, step, seat))
    if step <= s.char_steps:
        return
    if not all(s.revealed):
        for side in range(s.seats):  # HR-3.2, HR-11: the grips become public at round 1, step 5
            g = s.gladiator_of(side)
            if s.alive[g] and not s.revealed[side]:  # four seats: a fallen one's stays his (HR-8)
                ctx.emit(GripRevealed(side, s.sheets[g].id, s.hand[g], s.main[g]))
    g = s.gladiator_of(seat)
    if not s.alive[g]:  # four seats: a fallen gladiator's steps are skipped (HR-8)
        end_step(ctx, "his gladiator has fallen (HR-8)")
        return
    if s.bell[g]:
        ctx.emit(StateEnded(s.sheets[g].id, "golden_bell", "his next step (RB p.20)"))
    name_characters(ctx, (g,))


def end_step(ctx: Context, reason: str) -> None:
    s = ctx.state
    seat = s.seat_to_act
    for c in s.named:
        if s.netted[c]:
            ctx.emit(StateEnded(s.sheets[c].id, "netted", "the banned step is over (HR-4)"))
    if s.step >= 5:
        g = s.gladiator_of(seat)
        for t in range(len(s.pos)):
            if s.sheets[t].seat != seat and s.entangled_by[t] == g and s.entangled_round[t] <= s.round:
                ctx.emit(StateEnded(s.sheets[t].id, "entangled", "end of the net-thrower's next step (HR-3.3)"))
    if s.four is not None:
        four_step_ending(ctx)  # free-for-all: a fallen gladiator's seat is eliminated (HR-8)
    if s.magic is not None:
        HOOKS.magic_step_ending(ctx)  # zombies collapse (HR-11); Orgyilkosság ends (ruling 16)
    if s.opt is not None:
        HOOKS.optional_step_ending(ctx)  # an unused coating is gone (HR-7)
    ctx.emit(StepEnded(s.round, s.step, seat, reason))
    if s.step < s.last_step:
        start_step(ctx, s.step + 1)
        return
    if s.magic is not None:
        HOOKS.magic_round_ending(ctx)  # Tűzvihar, then expiry (RB p.12, HR-12 ruling 25)
        if s.phase is Phase.OVER:
            return
    if s.opt is not None:
        HOOKS.optional_round_ending(ctx)  # the crowd's stones and favour (HR-7)
        if s.phase is Phase.OVER:
            return
    ctx.emit(RoundEnded(s.round))
    if s.round >= s.setup.options.round_limit:
        end_on_points(ctx)
    else:
        start_round(ctx, s.round + 1)


def advance(ctx: Context) -> None:
    """Run the transitions nobody decides: empty or spent steps, forced naming (HR-12 ruling 8)."""
    s = ctx.state
    while s.phase is not Phase.OVER and s.pending is None:
        if s.phase is Phase.ACTING:
            reason = step_done(s)
            if reason is None:
                return
            end_step(ctx, reason)
        elif s.phase is Phase.NAMING:
            options = naming_options(s)
            if len(options) > 1:
                return
            if not options or not options[0].chars:
                end_step(ctx, "nobody can be named")
            else:
                name_characters(ctx, tuple(s.index[c] for c in options[0].chars))
        else:
            return


def acting_chars(s: State) -> list[int]:
    """Who may take the next action: the active character, or any named one not yet done."""
    if s.active >= 0:
        return [s.active]
    if s.magic is not None and s.magic.frenzied:
        victim = HOOKS.frenzy_first(s)
        if victim >= 0:
            return [victim]  # he acts first (RB p.17, HR-12 ruling 2)
    return [c for c in s.named if can_act(s, c)]


def end_options(s: State, c: int) -> list[EndActivation]:
    if must_attack_blocks(s, c):
        return []
    for o in s.named:
        if o != c and can_act(s, o):
            found = _END_ACTIVATION.of(s.memo).get(c)
            if found is None:
                found = _END_ACTIVATION.of(s.memo)[c] = EndActivation(s.sheets[c].seat, s.sheets[c].id)
            return [found]
    return []


_END_ACTIVATION: Table[int, EndActivation] = Table("turns: activation ends")
