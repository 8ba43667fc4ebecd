"""``evolve(state, event)``: the one place that changes a state. Total, and it never rolls.

Each event kind has a small function. Deciders (``rules/*``) emit events through
:class:`arena.engine.match.context.Context`, which evolves them at once onto the working copy, and
:func:`arena.engine.replay` folds the same functions over a stored log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.engine.board.data import HalfId
from arena.engine.board.grid import grid
from arena.engine.content.common import CombatValue
from arena.engine.match import events as ev
from arena.engine.match.blame import blame_damage, blame_death, blame_see, stands_as_zombie
from arena.engine.match.magic.evolve import MAGIC_EVOLVERS, spend_own
from arena.engine.match.optional.evolve import OPTIONAL_EVOLVERS, note_damage
from arena.engine.match.state import (
    CHARS_PER_SEAT,
    KILL_POINTS,
    STRATEGIST_POINTS,
    TOWER_HALF,
    AttackSpec,
    Effect,
    Four,
    PendingDodge,
    PendingShift,
    PendingTrapDodge,
    PendingTrapInsight,
    PendingTrapWindow,
    Phase,
    Result,
    State,
    TrapMark,
    own,
    reset_step,
)
from arena.engine.match.traps import marks as traps_marks
from arena.engine.match.words import ArenaMode, MatchEnd, TrapWindowAction

Evolver = Callable[[State, Any], None]
TRAP_PRONE = "trap: prone"  # the Effect source of a trap's prone (HR-12 ruling 14)
_G = grid()


def _spend(s: State, amount: int) -> None:
    """Pay MAN: strategist MAN handed to the active character first, then the step pool."""
    s.spent += amount
    if s.magic is not None and s.magic.own:  # an Orgyilkosság victim's own MAN (RB p.17)
        amount = spend_own(s, amount)
    from_granted = min(s.granted, amount)
    s.granted -= from_granted
    s.pool -= amount - from_granted


def _remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _clear_melee(s: State, c: int) -> None:
    """End every melee situation of ``c`` whose partner no longer shares his hex (HR-12 ruling 11)."""
    bits = s.melee[c]
    if not bits:
        return
    melee: list[int] | None = None
    for o in range(len(s.pos)):
        if bits >> o & 1 and (s.pos[o] != s.pos[c] or not s.alive[o] or not s.alive[c]):
            if melee is None:
                melee = own(s, "melee")
            melee[c] &= ~(1 << o)
            melee[o] &= ~(1 << c)


# --- setup -----------------------------------------------------------------------------------


def _dice_rolled(s: State, e: ev.DiceRolled) -> None:
    s.rolls += 1


def _traps_dealt(s: State, e: ev.TrapsDealt) -> None:
    own(s, "traps")[e.seat] = e.cards


def _discs_dealt(s: State, e: ev.DiscsDealt) -> None:
    own(s, "discs")[e.seat] = e.levels


def _nothing(s: State, e: Any) -> None:
    return None


def _amulet_assigned(s: State, e: ev.AmuletAssigned) -> None:
    own(s, "amulet")[s.index[e.char]] = e.amulet
    own(s, "amulets_left")[e.seat] = _remove_one(s.amulets_left[e.seat], e.amulet)


def _token_assigned(s: State, e: ev.MeTokenAssigned) -> None:
    own(s, "token")[s.index[e.char]] = e.value
    left = s.tokens_left[e.seat]
    i = left.index(e.value)
    own(s, "tokens_left")[e.seat] = left[:i] + left[i + 1 :]


def _side_roll_won(s: State, e: ev.SideRollWon) -> None:
    s.roll_winner = e.seat
    s.phase = Phase.ROLE


def _role_chosen(s: State, e: ev.RoleChosen) -> None:
    s.starting = e.starting
    s.chooser = e.chooser
    s.phase = Phase.HALF


def _half_chosen(s: State, e: ev.HalfChosen) -> None:
    if s.four is not None:  # pairs (HR-8): the side's half; its speakers then split the quarters
        halves = own(s, "halves")
        halves[e.seat] = halves[e.seat ^ 1] = e.half
        halves[e.seat ^ 2] = halves[e.seat ^ 3] = e.other
        s.four = s.four._replace(picks=(e.seat, e.seat ^ 2))
        return
    halves = own(s, "halves")
    halves[e.seat] = e.half
    halves[1 - e.seat] = e.other
    for seat in (0, 1):
        half = s.halves[seat]
        assert half is not None
        own(s, "pos")[s.strategist_of(seat)] = _G.halves[HalfId(half)].tower
    s.phase = Phase.GRIPS


def _grip_recorded(s: State, e: ev.GripRecorded) -> None:
    c = s.index[e.char]
    pile = s.pile[c]
    for item in e.hand:
        if item in pile:
            pile = _remove_one(pile, item)
    own(s, "pile")[c] = pile
    own(s, "hand")[c] = e.hand
    own(s, "main")[c] = e.main
    own(s, "grips_done")[e.seat] = True


def _grips_ready(s: State, e: ev.GripsReady) -> None:
    if all(s.grips_done):
        s.phase = Phase.DEPLOY
        s.seat_to_act = s.starting if s.four is None else s.four.picks[0]


def _deployed(s: State, e: ev.Deployed) -> None:
    own(s, "pos")[s.index[e.char]] = _G.index[e.hex]
    seat = e.seat
    if all(s.pos[c] >= 0 for c in s.seat_chars(seat)):
        if s.four is None:
            s.seat_to_act = 1 - seat
        else:  # HR-8: the next seat in deployment order
            picks = s.four.picks
            s.seat_to_act = picks[(picks.index(seat) + 1) % len(picks)]


# --- four seats (HR-8) ----------------------------------------------------------------------------


def _places_rolled(s: State, e: ev.PlacesRolled) -> None:
    assert s.four is not None
    if s.four.mode is ArenaMode.FFA:  # each picks a quarter in this order
        s.four = s.four._replace(picks=e.order, rolls=e.order)
        s.phase = Phase.HALF
    else:
        s.four = s.four._replace(rolls=e.order)


def _quarter_chosen(s: State, e: ev.QuarterChosen) -> None:
    four = s.four
    assert four is not None
    quarters = list(four.quarters)
    halves = own(s, "halves")
    pos = own(s, "pos")
    for seat, quarter in ((e.seat, e.quarter), (e.seat ^ 1, e.partner_quarter)):
        if quarter is None:
            continue
        quarters[seat] = quarter
        halves[seat] = TOWER_HALF[quarter]
        pos[s.strategist_of(seat)] = _G.halves[HalfId(TOWER_HALF[quarter])].tower
    if e.order:
        s.four = four._replace(quarters=tuple(quarters), order=e.order, picks=e.deploy)
        s.phase = Phase.GRIPS
    else:
        s.four = four._replace(quarters=tuple(quarters), picks=four.picks[1:])


def _seat_eliminated(s: State, e: ev.SeatEliminated) -> None:
    """All his figures leave the board, corpses too; his traps are discarded (HR-8)."""
    assert s.four is not None
    pos = own(s, "pos")
    alive = own(s, "alive")
    melee = own(s, "melee")
    for c in s.seat_chars(e.seat):
        if s.side[c] != e.seat:
            continue  # his dead fighter raised by another seat fights on for its creator
        pos[c] = -1
        alive[c] = False
        melee[c] = 0
    gone = sum(1 << c for c in s.seat_chars(e.seat) if s.side[c] == e.seat)
    for c in s.seat_chars(e.seat):
        if gone >> c & 1:  # what lay on them lapses with them (HR-12 ruling 23)
            if s.trap_marks:
                s.trap_marks = traps_marks.without(s.trap_marks, c)
            if s.effects:
                s.effects = tuple(x for x in s.effects if x.char != c)
    for c in range(len(melee)):
        if melee[c] & gone:
            melee[c] &= ~gone
    own(s, "traps")[e.seat] = ()
    own(s, "strat_man")[e.seat] = 0
    out = list(s.four.out)
    out[e.seat] = e.round * 20 + e.step
    s.four = s.four._replace(out=tuple(out))


# --- the strategist's trap insight (HR-9.5) ------------------------------------------------------


def _insight_drawn(s: State, e: ev.TrapInsightDrawn) -> None:
    own(s, "traps")[e.seat] = tuple(sorted(s.traps[e.seat] + e.cards))


def _insight_owed(s: State, e: ev.TrapInsightOwed) -> None:
    s.pending = PendingTrapInsight(e.seat, e.extra)


def _traps_kept(s: State, e: ev.TrapsKept) -> None:
    own(s, "traps")[e.seat] = e.cards  # the returned ones are back in the deck (every unheld card)


def _insight_done(s: State, e: ev.TrapInsightDone) -> None:
    s.pending = None


INSIGHT_EVOLVERS: dict[type[Any], Evolver] = {
    ev.TrapInsightDrawn: _insight_drawn,
    ev.TrapInsightOwed: _insight_owed,
    ev.TrapsKept: _traps_kept,
    ev.TrapInsightDone: _insight_done,
}


# --- rounds and steps --------------------------------------------------------------------------


def _round_started(s: State, e: ev.RoundStarted) -> None:
    s.round = e.round
    s.strat_man = list(e.strategist_man)
    s.acted = [False] * len(s.acted)


def _step_started(s: State, e: ev.StepStarted) -> None:
    s.step = e.step
    s.seat_to_act = e.seat
    s.phase = Phase.NAMING
    reset_step(s, len(s.pos))


def _grip_revealed(s: State, e: ev.GripRevealed) -> None:
    own(s, "revealed")[e.seat] = True


def _named(s: State, e: ev.Named) -> None:
    named = tuple(s.index[c] for c in e.chars)
    s.named = named
    s.pool = e.pool
    acted = own(s, "acted")
    debt = own(s, "debt")
    for c in named:
        acted[c] = True
        if not s.netted[c]:
            debt[c] = 0
    s.phase = Phase.ACTING


def _activated(s: State, e: ev.Activated) -> None:
    s.active = s.index[e.char]


def _activation_ended(s: State, e: ev.ActivationEnded) -> None:
    c = s.index[e.char]
    s.finished |= 1 << c
    s.active = -1
    s.granted = 0
    s.spent = 0
    own(s, "must_attack")[c] = False


def _granted(s: State, e: ev.Granted) -> None:
    own(s, "strat_man")[e.seat] -= e.amount
    s.granted += e.amount
    s.active = s.index[e.char]


def _step_ended(s: State, e: ev.StepEnded) -> None:
    s.named = ()
    s.active = -1
    s.pool = 0
    s.granted = 0
    s.finished = 0
    s.must_attack = [False] * len(s.pos)
    if s.trap_marks:  # marks of this step lapse with it (HR-5 cards 9, 10, 15, 16): drop them
        s.trap_marks = traps_marks.after_step(s.trap_marks, traps_marks.stamp(s))


def _round_ended(s: State, e: ev.RoundEnded) -> None:
    if s.effects:
        s.effects = tuple(x for x in s.effects if x.last_round is None or x.last_round > e.round)
    if s.trap_marks:  # "until the end of the next round" is over (HR-5): drop them
        s.trap_marks = traps_marks.after_round(s.trap_marks, e.round)


def _match_ended(s: State, e: ev.MatchEnded) -> None:
    s.result = Result(MatchEnd(e.kind), e.winner, e.scores, e.round, e.reason)
    s.phase = Phase.OVER
    s.pending = None
    s.declared = None


# --- actions on the board ------------------------------------------------------------------------


def _moved(s: State, e: ev.Moved) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    dest = _G.index[e.path[-1]]
    own(s, "pos")[c] = dest
    own(s, "entered")[c] = dest
    own(s, "moved")[c] += len(e.path)
    if s.ran[c]:
        own(s, "run_hexes")[c] += len(e.path)
    camp = s.camp  # an enemy's hex; partners are none (HR-8)
    mine = camp[c]
    for o in range(len(s.pos)):
        if s.pos[o] == dest and s.alive[o] and camp[o] != mine and s.sheets[o].on_board:
            own(s, "must_attack")[c] = True
            if s.sneaking[c]:
                own(s, "sneak_entry")[c] = True
            break
    _clear_melee(s, c)


def _disengaged(s: State, e: ev.Disengaged) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    own(s, "pos")[c] = own(s, "entered")[c] = _G.index[e.to]
    own(s, "moved")[c] += 1
    own(s, "disengaged")[c] = True
    _clear_melee(s, c)


def _gate_toggled(s: State, e: ev.GateToggled) -> None:
    _spend(s, e.man)
    s.gates ^= _G.gate_bit[e.gate]


_SKILL_STATES: dict[str, str] = {
    "running": "ran",
    "sneaking": "sneaking",
    "hiding": "hiding",
    "golden_bell": "bell",
}


def _skill_used(s: State, e: ev.SkillUsed) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    own(s, _SKILL_STATES[e.skill])[c] = True


def _state_ended(s: State, e: ev.StateEnded) -> None:
    c = s.index[e.char]
    if e.state == "entangled":
        own(s, "entangled_by")[c] = -1
    else:
        own(s, {"golden_bell": "bell"}.get(e.state, e.state))[c] = False


def _stood_up(s: State, e: ev.StoodUp) -> None:
    _spend(s, e.man)
    c = s.index[e.char]
    own(s, "prone")[c] = False
    if s.effects:  # a trap's prone is a trap modifier (HR-12 ruling 14); it ends with the prone
        s.effects = tuple(x for x in s.effects if x.char != c or x.source != TRAP_PRONE)


def _weapons_swapped(s: State, e: ev.WeaponsSwapped) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    stock = s.pile[c] + s.hand[c]
    for item in e.hand:
        if item in stock:
            stock = _remove_one(stock, item)
    own(s, "pile")[c] = tuple(sorted(stock))
    own(s, "hand")[c] = e.hand
    own(s, "main")[c] = e.main


def _item_dropped(s: State, e: ev.ItemDropped) -> None:
    c = s.index[e.char]
    own(s, "hand")[c] = _remove_one(s.hand[c], e.item)
    if s.main[c] == e.item and e.item not in s.hand[c]:
        own(s, "main")[c] = None
    s.dropped = (*s.dropped, (c, e.item, _G.index[e.hex]))


def _item_picked_up(s: State, e: ev.ItemPickedUp) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    key = (c, e.item, s.pos[c])
    i = s.dropped.index(key)
    s.dropped = s.dropped[:i] + s.dropped[i + 1 :]
    own(s, "hand")[c] = (*s.hand[c], e.item)


_AMMO: dict[str, str] = {"bolt": "ammo", "dagger": "ammo", "javelin": "javelins", "net": "nets"}


def _attack_declared(s: State, e: ev.AttackDeclared) -> None:
    c = s.index[e.char]
    t = s.index[e.target]
    _spend(s, e.man)
    own(s, "attacks")[c] += 1
    own(s, "must_attack")[c] = False
    store = _AMMO.get(e.weapon)
    if store is not None:
        own(s, store)[c] -= 1
    if e.weapon in ("melee", "halberd"):
        own(s, "quick_target")[c] = -2 if e.quick else t
    s.declared = AttackSpec(c, t, e.weapon, e.skill, e.break_item, e.quick, e.attack_value, -1)


def _dodge_offered(s: State, e: ev.DodgeOffered) -> None:
    assert s.declared is not None
    s.pending = PendingDodge(e.seat, s.index[e.char], s.declared)


def _dodge_decided(s: State, e: ev.DodgeDecided) -> None:
    s.pending = None
    if e.use:
        if e.owed:
            own(s, "debt")[s.index[e.char]] += e.man
        else:
            _spend(s, e.man)


def _attack_resolved(s: State, e: ev.AttackResolved) -> None:
    a = s.index[e.attacker]
    t = s.index[e.target]
    s.declared = None
    touch = e.weapon == "touch" and s.camp[a] != s.camp[t]  # HR-12 ruling 11; partners (HR-8)
    if (e.weapon == "melee" or touch) and s.pos[a] == s.pos[t]:
        melee = own(s, "melee")
        melee[a] |= 1 << t
        melee[t] |= 1 << a
    if s.entangled_by[t] == a:
        own(s, "entangled_by")[t] = -1


def _damaged(s: State, e: ev.Damaged) -> None:
    c = s.index[e.char]
    if e.ep_loss:  # a list is copied only when it changes (own)
        own(s, "ep")[c] -= e.ep_loss
    if e.stp_loss:
        own(s, "stp")[c] -= e.stp_loss
    if s.opt is not None and e.ep_loss:  # the crowd counts a gladiator's wounds (HR-7)
        note_damage(s, c, e.ep_loss)


def _died(s: State, e: ev.Died) -> None:
    c = s.index[e.char]
    sheet = s.sheets[c]
    own(s, "alive")[c] = False
    own(s, "sneaking")[c] = own(s, "hiding")[c] = own(s, "prone")[c] = own(s, "netted")[c] = False
    own(s, "bell")[c] = False
    own(s, "must_attack")[c] = False
    own(s, "deaths")[sheet.seat] += 1
    if s.four is not None and sheet.is_gladiator:  # HR-8: when each seat's gladiator fell
        fell = list(s.four.fell)
        fell[sheet.seat] = s.round * 20 + s.step
        s.four = s.four._replace(fell=tuple(fell))
    if s.trap_marks:  # the effects on him lapse (HR-12 ruling 23)
        s.trap_marks = traps_marks.without(s.trap_marks, c)
    if sheet.is_strategist:
        own(s, "strat_man")[sheet.seat] = 0  # HR-12 ruling 23: his unspent MAN lapses
    _clear_melee(s, c)
    if c in s.named and not s.finished >> c & 1:
        s.finished |= 1 << c
        if s.active == c:
            s.active = -1
            s.granted = 0
        # HR-12 ruling 3: the pool drops to 3 per named character still alive and not finished.
        left = sum(1 for o in s.named if s.alive[o] and not s.finished >> o & 1)
        cap = 3 * left if s.step <= s.char_steps else s.pool
        s.pool = min(s.pool, cap)


def _netted(s: State, e: ev.Netted) -> None:
    own(s, "netted")[s.index[e.char]] = True


def _entangled(s: State, e: ev.Entangled) -> None:
    c = s.index[e.char]
    own(s, "entangled_by")[c] = s.index[e.by]
    own(s, "entangled_round")[c] = e.until_round


def _knocked_down(s: State, e: ev.KnockedDown) -> None:
    own(s, "prone")[s.index[e.char]] = True


def _item_broken(s: State, e: ev.ItemBroken) -> None:
    c = s.index[e.char]
    own(s, "hand")[c] = _remove_one(s.hand[c], e.item)
    if s.main[c] == e.item and e.item not in s.hand[c]:
        own(s, "main")[c] = None


def _shift_offered(s: State, e: ev.ShiftOffered) -> None:
    s.pending = PendingShift(e.seat, s.index[e.char], s.index[e.other], e.free, e.acrobatics, e.reach)


def _shifted(s: State, e: ev.Shifted) -> None:
    s.pending = None
    c = s.index[e.char]
    o = s.index[e.other]
    if e.man:
        if e.owed:
            own(s, "debt")[c] += e.man
        else:
            _spend(s, e.man)
    pos = own(s, "pos")
    pos[c] = _G.index[e.path[-1]]
    pos[o] = _G.index[e.other_path[-1]]


def _shift_declined(s: State, e: ev.ShiftDeclined) -> None:
    s.pending = None


def _effect_added(s: State, e: ev.EffectAdded) -> None:
    effect = Effect(s.index[e.char], CombatValue(e.value), e.amount, e.source, e.last_round)
    s.effects = (*s.effects, effect)


# --- traps (RB p.18, HR-5, HR-12 rulings 26-30) -------------------------------------------------


def _trap_window_opened(s: State, e: ev.TrapWindowOpened) -> None:
    target = -1 if e.target is None else s.index[e.target]
    s.pending = PendingTrapWindow(
        e.seat, s.index[e.char], TrapWindowAction(e.action), e.path, e.gate, e.acrobatics, e.man, target
    )
    if s.four is not None:
        s.readied = ()  # a new action: no strike named for an earlier one is left (HR-8)


def _traps_readied(s: State, e: ev.TrapsReadied) -> None:
    strikes = tuple((card, _G.index[h]) for card, h in e.strikes)
    # four seats (HR-8): each enemy owner answers in turn and his strikes follow the earlier ones';
    # the first window of an action (TrapWindowOpened) starts afresh
    s.readied = strikes if s.four is None else (*s.readied, *strikes)


def _trap_window_passed_on(s: State, e: ev.TrapWindowPassedOn) -> None:
    target = -1 if e.target is None else s.index[e.target]
    s.pending = PendingTrapWindow(
        e.seat, s.index[e.char], TrapWindowAction(e.action), e.path, e.gate, e.acrobatics, e.man, target
    )


def _trap_window_answered(s: State, e: ev.TrapWindowAnswered) -> None:
    s.pending = None


def _trap_played(s: State, e: ev.TrapPlayed) -> None:
    own(s, "traps")[e.seat] = tuple(x for x in s.traps[e.seat] if x != e.card)
    if e.strategist:
        own(s, "strat_man")[e.seat] -= e.man
    else:
        _spend(s, e.man)
    if s.readied:
        s.readied = tuple(x for x in s.readied if x[0] != e.card)


def _trap_dodge_offered(s: State, e: ev.TrapDodgeOffered) -> None:
    s.pending = PendingTrapDodge(e.seat, s.index[e.char], e.card, e.owner, e.path)


def _amulet_revealed(s: State, e: ev.AmuletRevealed) -> None:
    own(s, "amulet_shown")[s.index[e.char]] = True


def _trap_marked(s: State, e: ev.TrapMarked) -> None:
    s.trap_marks = (*s.trap_marks, TrapMark(s.index[e.char], e.mark, e.where, e.until))


def _trap_mark_ended(s: State, e: ev.TrapMarkEnded) -> None:
    c = s.index[e.char]
    s.trap_marks = tuple(m for m in s.trap_marks if m.char != c or m.kind != e.mark)


def _pushed(s: State, e: ev.Pushed) -> None:
    c = s.index[e.char]
    own(s, "pos")[c] = _G.index[e.to]
    _clear_melee(s, c)


def _gate_jammed(s: State, e: ev.GateJammed) -> None:
    bit = _G.gate_bit[e.gate]
    s.gates &= ~bit
    s.trap_marks = (*s.trap_marks, TrapMark(-1, "jam", bit, e.until_round))


def _jaws_opened(s: State, e: ev.JawsOpened) -> None:
    c = s.index[e.char]
    _spend(s, e.man)
    s.trap_marks = tuple(m for m in s.trap_marks if m.char != c or m.kind != "jaws")


TRAP_EVOLVERS: dict[type[Any], Evolver] = {
    ev.TrapWindowOpened: _trap_window_opened,
    ev.TrapsReadied: _traps_readied,
    ev.TrapWindowAnswered: _trap_window_answered,
    ev.TrapPlayed: _trap_played,
    ev.TrapDodgeOffered: _trap_dodge_offered,
    ev.TrapAttackResolved: _nothing,
    ev.TrapPoisonResolved: _nothing,
    ev.AmuletRevealed: _amulet_revealed,
    ev.TrapMarked: _trap_marked,
    ev.TrapMarkEnded: _trap_mark_ended,
    ev.Pushed: _pushed,
    ev.GateJammed: _gate_jammed,
    ev.JawsOpened: _jaws_opened,
}


EVOLVERS: dict[type[Any], Evolver] = {
    ev.DiceRolled: _dice_rolled,
    ev.TrapsDealt: _traps_dealt,
    ev.DiscsDealt: _discs_dealt,
    ev.HandsDealt: _nothing,
    ev.AmuletAssigned: _amulet_assigned,
    ev.MeTokenAssigned: _token_assigned,
    ev.SecretsReady: _nothing,
    ev.SideRollWon: _side_roll_won,
    ev.RoleChosen: _role_chosen,
    ev.HalfChosen: _half_chosen,
    ev.GripRecorded: _grip_recorded,
    ev.GripsReady: _grips_ready,
    ev.Deployed: _deployed,
    ev.RoundStarted: _round_started,
    ev.StepStarted: _step_started,
    ev.GripRevealed: _grip_revealed,
    ev.Named: _named,
    ev.Activated: _activated,
    ev.ActivationEnded: _activation_ended,
    ev.Granted: _granted,
    ev.StepEnded: _step_ended,
    ev.RoundEnded: _round_ended,
    ev.MatchEnded: _match_ended,
    ev.Conceded: _nothing,
    ev.Moved: _moved,
    ev.Disengaged: _disengaged,
    ev.GateToggled: _gate_toggled,
    ev.SkillUsed: _skill_used,
    ev.StateEnded: _state_ended,
    ev.StoodUp: _stood_up,
    ev.WeaponsSwapped: _weapons_swapped,
    ev.ItemDropped: _item_dropped,
    ev.ItemPickedUp: _item_picked_up,
    ev.AttackDeclared: _attack_declared,
    ev.DodgeOffered: _dodge_offered,
    ev.DodgeDecided: _dodge_decided,
    ev.AttackResolved: _attack_resolved,
    ev.Damaged: _damaged,
    ev.Died: _died,
    ev.Netted: _netted,
    ev.Entangled: _entangled,
    ev.KnockedDown: _knocked_down,
    ev.ItemBroken: _item_broken,
    ev.ShiftOffered: _shift_offered,
    ev.Shifted: _shifted,
    ev.ShiftDeclined: _shift_declined,
    ev.EffectAdded: _effect_added,
}
EVOLVERS.update(TRAP_EVOLVERS)
EVOLVERS.update(INSIGHT_EVOLVERS)  # HR-9.5
EVOLVERS.update(
    {  # HR-8: four seats
        ev.TrapWindowPassedOn: _trap_window_passed_on,
        ev.PlacesRolled: _places_rolled,
        ev.QuarterChosen: _quarter_chosen,
        ev.SeatEliminated: _seat_eliminated,
    }
)
EVOLVERS.update(MAGIC_EVOLVERS)  # issue #4: magic
EVOLVERS.update(OPTIONAL_EVOLVERS)  # HR-7: the optional rules

assert set(EVOLVERS) == set(ev.EVENT_TYPES.values()), "every event kind needs an evolver"
assert CHARS_PER_SEAT == 6


def evolve(state: State, event: ev.Event) -> None:
    """Apply one event to ``state`` in place."""
    if state.four is not None:
        credit(state, event)
    EVOLVERS[type(event)](state, event)


def credit(s: State, e: ev.Event) -> None:
    """Four seats (HR-8, HR-10.1): each seat's arena score counts the losses it dealt, read before
    ``e`` is evolved by the one reading of who dealt a damage (:mod:`arena.engine.match.blame`)."""
    four = s.four
    assert four is not None
    if isinstance(e, ev.Damaged):
        victim = s.index[e.char]
        by, blame = blame_damage(s, four.blame, victim)
        s.four = four = four._replace(blame=blame)
    elif isinstance(e, ev.Died):
        victim = s.index[e.char]
        if stands_as_zombie(s, victim):
            return  # a zombie's end is nobody's kill (HR-10.1)
        by = blame_death(four.blame, victim)
    else:
        blame = blame_see(s, four.blame, e)
        if blame is not four.blame:
            s.four = four._replace(blame=blame)
        return
    if by >= 0:
        _credit_loss(s, four, by, victim, e)


def _credit_loss(s: State, four: Four, by: int, victim: int, e: ev.Damaged | ev.Died) -> None:
    seat = s.side[by]
    sheet = s.sheets[victim]
    gain = 0
    destroyed = four.destroyed
    if isinstance(e, ev.Damaged):
        if sheet.is_gladiator:
            gain = min(e.ep_loss, max(0, s.ep[victim]))  # at most his starting Ép in all
    elif sheet.is_gladiator:
        destroyed = (*destroyed[:seat], destroyed[seat] + 1, *destroyed[seat + 1 :])
    elif s.alive[victim]:
        gain = STRATEGIST_POINTS if sheet.is_strategist else KILL_POINTS
    if gain or destroyed is not four.destroyed:
        score = (*four.score[:seat], four.score[seat] + gain, *four.score[seat + 1 :])
        s.four = four._replace(score=score, destroyed=destroyed)
