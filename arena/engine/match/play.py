"""The engine's public operations: who decides, what they may do, and doing it.

``apply(state, action)`` validates the action against the rules (an :class:`IllegalActionError`
names the rule it breaks), emits events on a copy of the state, runs the transitions no one
decides, and returns the new state with the events. ``replay(setup, events)`` folds ``evolve``
over a log and never rolls a die.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from arena.engine.match import actions as act
from arena.engine.match.actions import Action
from arena.engine.match.context import Context
from arena.engine.match.dice_sources import Dice, SeededDice
from arena.engine.match.events import Event
from arena.engine.match.evolve import evolve
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import areas as magic_areas
from arena.engine.match.magic import listing as magic_engine
from arena.engine.match.match_errors import IllegalActionError, RefusalKind
from arena.engine.match.memo import Memo
from arena.engine.match.optional import actions as opt_act
from arena.engine.match.optional import favour as optional_favour
from arena.engine.match.optional import rules as optional
from arena.engine.match.optional.state import PendingReroll
from arena.engine.match.rules import gladiators, melee, movement, ranged, skill_use, turns
from arena.engine.match.rules.base import ATTACK_MAN, G, Scan, man_of
from arena.engine.match.setup import (
    decide_amulet,
    decide_deploy,
    decide_grip,
    decide_half,
    decide_quarter,
    decide_role,
    decide_token,
    deploy_options,
    grip_options,
    new_match,
    quarter_options,
    secrets_options,
)
from arena.engine.match.state import (
    GLADIATOR,
    SEAT_OF,
    MatchSetup,
    PendingDodge,
    PendingShift,
    PendingTrapInsight,
    Phase,
    State,
    initial_state,
)
from arena.engine.match.traps import cards as traps
from arena.engine.match.traps import insight as traps_insight
from arena.engine.match.traps.where import NUMBER_AT
from arena.engine.match.words import ArenaMode

Decider = Callable[[Context, Any], None]

# Actions are immutable: the ones every listing offers are made once.
SEATS = (0, 1)
CONCEDE = (act.Concede(0), act.Concede(1))
END_STEP = tuple(act.EndStep(x) for x in range(4))  # four seats too (HR-8)

DECIDERS: dict[type[Any], Decider] = {
    act.AssignAmulet: decide_amulet,
    act.AssignMeToken: decide_token,
    act.ChooseRole: decide_role,
    act.ChooseHalf: decide_half,
    act.ChooseQuarter: decide_quarter,  # HR-8
    act.RecordGrip: decide_grip,
    act.Deploy: decide_deploy,
    act.KeepTraps: traps_insight.decide_keep,  # HR-9.5
    act.Name: turns.decide_name,
    act.Grant: turns.decide_grant,
    act.Move: movement.decide_move,
    act.Disengage: movement.decide_disengage,
    act.ToggleGate: movement.decide_gate,
    act.UseSkill: skill_use.decide_use_skill,
    act.StopState: skill_use.decide_stop_state,
    act.StandUp: gladiators.decide_stand,
    act.MeleeAttack: melee.decide_melee,
    act.RangedAttack: ranged.decide_ranged,
    act.Throw: ranged.decide_throw,
    act.SwapWeapons: gladiators.decide_swap,
    act.DropItem: gladiators.decide_drop,
    act.PickUp: gladiators.decide_pickup,
    act.EndActivation: turns.decide_end_activation,
    act.EndStep: turns.decide_end_step,
    act.Dodge: traps.decide_dodge,  # melee's Kitérés, or against a trap's attack roll
    act.Shift: melee.decide_shift,
    act.DeclineShift: melee.decide_decline,
    act.Concede: turns.decide_concede,
    act.TriggerTrap: traps.decide_trigger,
    act.OpenJaws: traps.decide_jaws,
    act.PlayTraps: traps.decide_play,
    act.PassTraps: traps.decide_pass,
}
DECIDERS.update(magic_engine.MAGIC_DECIDERS)  # issue #4: casting, the cloud, zombies
DECIDERS.update(
    {  # HR-7: the optional rules
        opt_act.CoatWeapon: optional.decide_coat,
        opt_act.DrinkPotion: optional.decide_potion,
        opt_act.CollectAmmo: optional.decide_collect,
        opt_act.Reroll: optional_favour.decide_reroll,  # answered in apply (optional_favour)
    }
)

assert set(DECIDERS) == set(act.ACTION_TYPES.values()), "every action kind needs a decider"


def seats_to_move(state: State) -> tuple[int, ...]:
    """The seats that owe a decision now (both during the secret set-up choices)."""
    s = state
    phase = s.phase
    if phase is Phase.OVER:
        return ()
    if s.pending is not None:
        return (s.pending.seat,)
    if phase is Phase.NAMING or phase is Phase.ACTING or phase is Phase.DEPLOY:
        return (s.seat_to_act,)
    if phase is Phase.SECRETS:
        return tuple(x for x in range(s.seats) if s.amulets_left[x] or s.tokens_left[x])
    if phase is Phase.GRIPS:
        return tuple(x for x in range(s.seats) if not s.grips_done[x])
    if phase is Phase.ROLE:
        return (s.roll_winner,)
    if s.four is not None and s.four.picks:  # HR-8: the next seat to pick a quarter
        return (s.four.picks[0],)
    return (s.chooser,)


def to_move(state: State) -> int | None:
    """The first seat that owes a decision, or None when the match is over."""
    seats = seats_to_move(state)
    return seats[0] if seats else None


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action the rules allow ``seat`` now, each with its MAN cost (RB p.8).

    A seat that owes no decision may only concede (HR-12 rulings 37-38). Moves list one shortest
    path per destination (HR-12 ruling 9); ``apply`` also accepts any other legal path.
    """
    s = state
    if s.phase is Phase.OVER:
        return []
    concede: list[Action] = [CONCEDE[seat] if seat in SEATS else act.Concede(seat)]
    if s.four is not None:
        concede = four_concede(s, seat)
    if seat not in seats_to_move(s):
        return concede
    p = s.pending
    if p is not None:
        found: list[Action]
        if isinstance(p, PendingDodge):
            found = list(melee.dodge_options(s, p))
        elif isinstance(p, PendingShift):
            found = list(melee.shift_options(s, p))
        elif isinstance(p, PendingTrapInsight):
            found = list(traps_insight.keep_options(s, p))
        elif isinstance(p, PendingReroll):
            found = list(optional_favour.reroll_options(s, p))  # HR-7: crowd favour
        else:
            found = list(traps.pending_options(s, p))
        return found + concede
    phase = s.phase
    if phase is Phase.ACTING:
        found = _acting_actions(s)
        found.extend(concede)
        return found
    if phase is Phase.NAMING:
        return [*turns.naming_options(s), *concede]
    if phase is Phase.SECRETS:
        return [*secrets_options(s, seat), *concede]
    if phase is Phase.ROLE:
        return [act.ChooseRole(seat, "side"), act.ChooseRole(seat, "first"), *concede]
    if phase is Phase.HALF:
        if s.four is not None and s.four.picks:
            return [*quarter_options(s, seat), *concede]
        return [*(act.ChooseHalf(seat, h) for h in ("N", "E", "S", "W")), *concede]
    if phase is Phase.GRIPS:
        return [*grip_options(s, seat), *concede]
    return [*deploy_options(s, seat), *concede]


_FOUR_CONCEDE = tuple(act.Concede(x) for x in range(4))


def four_concede(s: State, seat: int) -> list[Action]:
    """Four seats: a seat still in the match may concede; in free-for-all from round 1 on and not
    while a decision is owed (HR-8, HR-12 ruling 37)."""
    four = s.four
    if four is None or not 0 <= seat < s.seats:
        return [act.Concede(seat)]
    busy = s.round == 0 or s.pending is not None or s.declared is not None
    if four.out[seat] or (four.mode is ArenaMode.FFA and busy):
        return []
    return [_FOUR_CONCEDE[seat]]


def _acting_actions(s: State) -> list[Action]:
    found: list[Action] | None = None
    scan = Scan(s)
    m = s.magic
    for c in turns.acting_chars(s):
        mine = _char_actions(s, c, scan)
        if s.opt is not None:  # HR-7: vials, picking up ammunition
            mine = optional.char_options(s, c, mine)
        mine.extend(turns.grant_options(s, c))
        mine.extend(turns.end_options(s, c))
        if m is not None and m.frenzied >> c & 1:  # Orgyilkosság (RB p.17)
            mine = magic_engine.filter_options(s, c, mine)
        if found is None:
            found = mine  # a fresh list: the first character's is kept
        else:
            found.extend(mine)
    if found is None:
        found = []
    if m is not None and m.zombies:
        found.extend(magic_engine.zombies(s))  # a zombie acts without a naming slot (RB p.15)
    if (s.active < 0 or not turns.must_attack_blocks(s, s.active)) and (
        m is None or not magic_engine.blocks_end_step(s, found)
    ):
        found.append(END_STEP[s.seat_to_act])
    return found


def _char_actions(s: State, c: int, scan: Scan) -> list[Action]:
    """What one named character may do now (the order is stable, agents may rely on it)."""
    if s.prone[c]:
        return [*gladiators.stand_options(s, c), *gladiators.drop_options(s, c)]
    if s.must_attack[c]:
        if magic_engine.WITCH[c]:  # a touch spell is an attack there too (HR-12 ruling 10)
            return [*melee.melee_options(s, c), *magic_engine.witch_options(s, c, scan, True)]
        return list(melee.melee_options(s, c))
    man = man_of(s, c)
    here = s.pos[c]
    glad = GLADIATOR[c]
    found: list[Action]
    if man > 0:
        found = cast("list[Action]", movement.move_options(s, c, scan))  # a fresh list
        if s.melee[c]:
            found.extend(movement.disengage_options(s, c, scan))
        if man >= ATTACK_MAN and (
            here in scan.enemies[SEAT_OF[c]] or s.quick_target[c] >= 0 or glad
            or (s.magic is not None and s.magic.frenzied >> c & 1)  # his designee may be a team-mate
        ):  # fmt: skip
            found.extend(melee.melee_options(s, c))
        if glad:
            if man >= ATTACK_MAN:
                found.extend(ranged.throw_options(s, c))
            found.extend(gladiators.swap_options(s, c))
            if s.dropped:
                found.extend(gladiators.pickup_options(s, c))
        else:
            if man >= ATTACK_MAN and s.sheets[c].range_blocks:
                found.extend(ranged.ranged_options(s, c, scan))
            if G.gates_at[here]:
                found.extend(movement.gate_options(s, c))
            if magic_engine.WITCH[c]:
                found.extend(magic_engine.witch_options(s, c, scan))  # issue #4
        if NUMBER_AT[here] or s.trap_marks:
            found.extend(traps.char_options(s, c))
    else:
        found = []
    found.extend(skill_use.skill_options(s, c))
    if glad and s.hand[c]:
        found.extend(gladiators.drop_options(s, c))
    return found


def apply(state: State, action: Action, dice: Dice | None = None) -> tuple[State, list[Event]]:
    """Apply ``action``; returns the new state and the events it caused.

    ``state`` itself never changes. An action the rules forbid raises
    :class:`IllegalActionError` naming the rule. ``dice`` overrides the match's dice for this
    action only (``FixedDice`` in tests).
    """
    decider = DECIDERS.get(type(action))
    if decider is None:
        raise IllegalActionError(f"{action!r} is not an action", "HR-12", kind=RefusalKind.NOT_AN_ACTION)
    if state.phase is Phase.OVER:
        raise IllegalActionError("the match is over", "RB p.6, HR-10.1", kind=RefusalKind.MATCH_OVER)
    if type(action) is not act.Concede and action.seat not in seats_to_move(state):
        raise IllegalActionError(
            f"seat {action.seat} owes no decision now; waiting for {seats_to_move(state)}",
            "HR-12 ruling 38",
            kind=RefusalKind.NOT_YOUR_TURN,
            seat=action.seat,
        )
    if state.magic is not None and state.magic.frenzied:
        magic_engine.check(state, action)  # what an Orgyilkosság victim may do (RB p.17)
    roll_with = dice if dice is not None else state.dice
    if state.opt is not None and state.opt.favour:  # HR-7: a roll may pause for a re-roll
        return optional_favour.apply_favoured(state, action, roll_with, _run)
    return _run(state, action, roll_with, None, ())


def _run(
    state: State,
    action: Action,
    dice: Dice,
    watch: optional_favour.Watch | None,
    first: tuple[Event, ...],
) -> tuple[State, list[Event]]:
    """Resolve ``action`` on a fork of ``state``: ``first`` events, the decider, the transitions."""
    new = state.fork()
    ctx = Context(new, dice)
    ctx.watch = watch
    for event in first:
        ctx.emit(event)
    DECIDERS[type(action)](ctx, action)
    if new.magic is not None and new.magic.areas:
        magic_areas.after_action(ctx, state.pos)  # crossing a Bebörtönzés cage (RB p.17)
    turns.advance(ctx)
    new.log = (state.log, tuple(ctx.events))
    return new, ctx.events


def match_events(state: State) -> list[Event]:
    """The whole log that led to ``state``, oldest first (dealing included)."""
    chunks = []
    node = state.log
    while node is not None:
        chunks.append(node[1])
        node = node[0]
    out: list[Event] = []
    for chunk in reversed(chunks):
        out.extend(chunk)
    return out


def replay(setup: MatchSetup, events: Iterable[Event], memo: Memo | None = None) -> State:
    """The state a log leads to: a fold of ``evolve`` from the set-up; no die is rolled.

    ``memo``: the match's memo tables, when the caller keeps them (a host that rebuilds a match it
    has played before hands them over instead of filling new ones); they must be this set-up's."""
    state = initial_state(setup, SeededDice(setup.seed))
    if memo is not None:
        state.memo = memo
    log = tuple(events)
    for event in log:
        evolve(state, event)
    state.log = (None, log)
    return state


def replay_from(state: State, events: Iterable[Event]) -> State:
    """The state ``events`` lead to from ``state``, which stays as it was: ``evolve`` folded over a
    fork (as :func:`apply` evolves one), no die rolled; the events join the log as one chunk.
    ``replay_from(replay(setup, a), b)`` is the position ``replay(setup, a + b)`` is."""
    new = state.fork()
    log = tuple(events)
    for event in log:
        evolve(new, event)
    new.log = (state.log, log)
    return new


def replay_actions(setup: MatchSetup, actions: Iterable[Action]) -> State:
    """Play ``actions`` again from the seed; raises if any of them is no longer legal."""
    state = new_match(setup.teams, setup.options, setup.seed)
    for action in actions:
        state, _ = apply(state, action)
    return state


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---


def char_actions_now(s: State, c: int) -> list[Action]:
    """What one named character may do in ``s`` (:func:`_char_actions` with a fresh scan)."""
    return _char_actions(s, c, Scan(s))


HOOKS.char_actions = char_actions_now
