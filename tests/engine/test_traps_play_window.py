"""The direct-trap window (RB p.18; HR-4; HR-12 rulings 26-29, 36, 38) and the secrecy of the
trap cards (RB p.7): what it offers, when, and that passing tells the opponent nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import (
    IllegalActionError,
    apply,
    events_for,
    legal_actions,
    match_events,
    new_match,
    seats_to_move,
    view_json,
)
from arena.engine.match.actions import (
    Disengage,
    Dodge,
    MeleeAttack,
    Move,
    PassTraps,
    PlayTraps,
    ToggleGate,
    TriggerTrap,
    UseSkill,
)
from arena.engine.match.events import Moved, TrapPlayed, TrapsReadied, TrapWindowAnswered, TrapWindowOpened
from arena.engine.match.state import PendingTrapWindow, Phase
from arena.engine.roster import base_roster
from tests.budget import examples

from .match_helpers import (
    G,
    act,
    deal_traps,
    hexes,
    legal,
    name,
    of_kind,
    place,
    to_step,
    tweak,
)
from .traps_play_helpers import EAST, mover_step

DEASTA = "1.deasta"


def window(s):
    return [a for a in legal(s, 0) if isinstance(a, (PassTraps, PlayTraps))]


def test_the_window_opens_on_every_enemy_move_and_waits_for_the_owner__hr12_26_38():
    s = mover_step((13,))
    s, events = apply(s, Move(1, DEASTA, EAST))
    assert isinstance(s.pending, PendingTrapWindow) and seats_to_move(s) == (0,)
    assert of_kind(events, TrapWindowOpened)[0].path == EAST and not of_kind(events, Moved)
    assert view_json(s, 1)["pending"] == {"kind": "trap_window", "seat": 0, "char": DEASTA}
    assert [type(a) for a in legal(s, 1)] == []  # only the owner decides (ruling 38)


def test_the_window_offers_every_hex_of_the_path_never_the_start__hr12_26():
    s = mover_step((13,))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    options = window(s)
    assert options[0] == PassTraps(0)
    assert [a.strikes for a in options[1:]] == [((13, h),) for h in EAST]


def test_passing_moves_him_at_once_and_tells_the_mover_nothing__hr12_27():
    s = mover_step((13,))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    s, events = apply(s, PassTraps(0))
    assert [e.path for e in of_kind(events, Moved)] == [EAST] and s.pool == 3
    private = of_kind(events, TrapsReadied)
    assert private and all(e.visible_to == 0 for e in private)
    seen = [type(e).__name__ for e in events_for(events, 1)]
    assert seen == ["TrapWindowAnswered", "Moved"]


def test_a_card_named_for_a_hex_never_reached_is_not_played_and_leaves_no_trace__hr12_26_36():
    """Both answers stop him at (4,3) with the bear trap; one also names the pit for (6,3)."""
    seen = []
    for strikes in (((10, EAST[0]),), ((10, EAST[0]), (9, EAST[2]))):
        s = mover_step((9, 10))
        s, first = apply(s, Move(1, DEASTA, EAST))
        s, events = act(s, PlayTraps(0, strikes), [])
        assert [e.card for e in of_kind(events, TrapPlayed)] == [10] and s.traps[0] == (9,)
        seen.append((events_for(first + events, 1), json.dumps(view_json(s, 1), sort_keys=True)))
    assert seen[0] == seen[1]


def test_the_window_is_offered_even_when_no_card_could_apply__hr12_27():
    s = mover_step((1, 2, 3))  # remote cards only: he can only pass, but is asked all the same
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert isinstance(s.pending, PendingTrapWindow) and window(s) == [PassTraps(0)]


def test_no_window_without_cards_or_without_strategist_man__hr12_27():
    s = mover_step(())
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert s.pending is None
    s = mover_step((13,), strategist_man=0)
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert s.pending is None
    s = mover_step((13,))
    s = tweak(s, alive={"0.strategist": False}, strat_man=[0, 4])
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert s.pending is None


def test_no_window_in_the_gladiator_steps__hr12_26():
    s = mover_step((13,))
    s = to_step(s, 6)
    glad = "1.gladiator"
    moves = [a for a in legal(s, 1) if isinstance(a, Move) and a.char == glad]
    s, _ = apply(s, moves[0])
    assert s.pending is None


def test_the_strategists_man_limits_the_cards__rb_p18():
    s = mover_step((10, 13, 15), strategist_man=2)
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert {a.strikes[0][0] for a in window(s)[1:]} == {10, 13, 15}
    with pytest.raises(IllegalActionError, match="strategist has 2"):
        apply(s, PlayTraps(0, ((10, EAST[0]), (15, EAST[1]))))  # 2 + 1 > 2
    s = mover_step((10, 13, 15), strategist_man=1)
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert {a.strikes[0][0] for a in window(s)[1:]} == {15}
    with pytest.raises(IllegalActionError, match="strategist has 1"):
        apply(s, PlayTraps(0, ((13, EAST[0]),)))


def test_several_cards_strike_in_one_move_in_path_order__hr12_26():
    s = mover_step((13, 14))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    s, events = act(s, PlayTraps(0, ((14, EAST[2]), (13, EAST[0]))), [])
    assert [e.card for e in of_kind(events, TrapPlayed)] == [13]  # waits for his Kitérés
    # 15 + 1 = 16 against VÉ 10 + 10 = 20: a miss; he goes on, and the thorn pricks at (6,3):
    # 1 Ép, poison 6 + 1 = 7 against Eg 4 + 10 = 14: resisted
    s, events = act(s, Dodge(1, DEASTA, False), [1, 10, 1, 10])
    assert [e.card for e in of_kind(events, TrapPlayed)] == [14]
    assert G.hexes[s.pos[s.index[DEASTA]]] == EAST[2] and s.ep[s.index[DEASTA]] == 10
    assert s.strat_man[0] == 4 - 2 - 1 and s.pool == 3 and s.traps[0] == ()


def test_direct_traps_cannot_target_a_sneaking_mover_but_the_window_is_still_offered__hr_4_hr_5():
    s = mover_step((13, 16), {"1.laeva": (3, 3)})
    s, _ = apply(s, UseSkill(1, "1.laeva", "sneaking"))
    s, _ = apply(s, Move(1, "1.laeva", hexes((4, 3))))
    assert isinstance(s.pending, PendingTrapWindow) and window(s) == [PassTraps(0)]
    with pytest.raises(IllegalActionError, match="cannot strike"):
        apply(s, PlayTraps(0, ((16, hexes((4, 3))[0]),)))


def test_gate_cards_strike_toggles_and_only_they__hr12_26_28():
    s = mover_step((11, 12, 13, 16), {DEASTA: (7, 0)})
    s, events = apply(s, ToggleGate(1, DEASTA, "G-E-M"))
    assert of_kind(events, TrapWindowOpened)[0].gate == "G-E-M"
    assert {a.strikes[0][0] for a in window(s)[1:]} == {11, 12}
    with pytest.raises(IllegalActionError, match="cannot strike"):
        apply(s, PlayTraps(0, ((13, hexes((7, 0))[0]),)))
    s, events = apply(s, PassTraps(0))
    assert s.gates & G.gate_bit["G-E-M"]


def test_disengaging_is_moving_for_direct_traps__hr12_29():
    s = mover_step((16,), {DEASTA: (4, 3), "0.laeva": (4, 3)})
    s = tweak(s, melee={DEASTA: 1 << s.index["0.laeva"], "0.laeva": 1 << s.index[DEASTA]})
    s, events = apply(s, Disengage(1, DEASTA, hexes((5, 3))[0]))
    assert of_kind(events, TrapWindowOpened)[0].action == "disengage"
    s, _ = act(s, PlayTraps(0, ((16, hexes((5, 3))[0]),)), [])
    assert s.prone[s.index[DEASTA]] and G.hexes[s.pos[s.index[DEASTA]]] == hexes((5, 3))[0]


def test_an_illegal_move_opens_no_window__hr12_26():
    s = mover_step((13,))
    with pytest.raises(IllegalActionError):
        apply(s, Move(1, DEASTA, hexes((9, 9))))
    assert s.pending is None


# --- secrecy: two matches that differ only in seat 0's trap cards ------------------------------


def _play(seed: int, cards: tuple[int, ...], other: tuple[int, ...], play_at: int | None) -> tuple[list[str], int]:
    """A random match in which seat 0 holds ``cards``; seat 0 never plays a card before decision
    ``play_at`` (and plays the first trap action offered from then on). Returns what seat 1 saw
    after each decision, and the decision at which a card was first played (or -1)."""
    s = deal_traps(new_match((base_roster(), base_roster()), seed=seed), (cards, other))
    rng = random.Random(seed)
    seen: list[str] = []
    n = 0
    while s.phase is not Phase.OVER and n < 3000:
        x = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, x) if type(a).__name__ != "Concede"]
        trap_plays = [a for a in options if isinstance(a, (PlayTraps, TriggerTrap))]
        public = [a for a in options if not isinstance(a, (PlayTraps, TriggerTrap))] if x == 0 else options
        if x == 0 and play_at is not None and n >= play_at and trap_plays:
            action = trap_plays[0]
        else:
            action = public[rng.randrange(len(public))]
        s, events = apply(s, action)
        n += 1
        seen.append(
            json.dumps(
                [view_json(s, 1), view_json(s, None), events_for(events, 1)],
                sort_keys=True,
                default=str,
            )
        )
        if any(isinstance(e, TrapPlayed) and e.seat == 0 for e in events):
            return seen, n
    return seen, -1


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    hands=st.permutations(list(range(1, 17))),
    play_at=st.one_of(st.none(), st.integers(0, 400)),
)
def test_seat_1_sees_the_same_match_whatever_seat_0s_cards_until_one_is_played__rb_p7_hr12_27_36(seed, hands, play_at):
    """Seat 1's views and events are identical, decision by decision, in two matches that differ
    only in seat 0's three cards (the windows, the passes, the card count), until seat 0 plays a
    card in either of them."""
    other = tuple(sorted(hands[:3]))
    first, second = tuple(sorted(hands[3:6])), tuple(sorted(hands[6:9]))
    a, at_a = _play(seed, first, other, play_at)
    b, at_b = _play(seed, second, other, play_at)
    stop = min(x for x in (at_a, at_b, len(a), len(b)) if x >= 0)
    # the decision that plays a card differs (it shows the card); everything before is the same
    assert a[: stop - 1] == b[: stop - 1]
    if at_a < 0 and at_b < 0:
        assert a == b


def test_windows_happen_in_random_matches_and_cards_get_played():
    from arena.engine.agents import RandomAgent
    from arena.engine.agents.simulate import play_match

    windows = played = 0
    for seed in range(6):
        s, _ = play_match(
            (base_roster(), base_roster()),
            seed,
            (RandomAgent(seed), RandomAgent(seed + 1)),
        )
        log = match_events(s)
        windows += len(of_kind(log, TrapWindowOpened))
        played += len(of_kind(log, TrapPlayed))
        assert len(of_kind(log, TrapWindowOpened)) == len(of_kind(log, TrapWindowAnswered))
    assert windows > 20 and played > 3
    assert MeleeAttack and name and place  # helpers kept for readers


def test_trap_actions_and_events_survive_json():
    from arena.engine import action_from_json, action_to_json, event_from_json, event_to_json
    from arena.engine.match.actions import OpenJaws

    for action in (
        PlayTraps(0, ((9, EAST[0]), (13, EAST[2]))),
        PassTraps(1),
        TriggerTrap(0, "0.deasta", 4, "1.gladiator", hexes((0, -4))[0], 3),
        TriggerTrap(0, "0.deasta", 2, "1.laeva", None, 2),
        OpenJaws(1, "1.deasta", 2),
    ):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    s = mover_step((9, 13))
    s, first = apply(s, Move(1, DEASTA, EAST))
    s, events = act(s, PlayTraps(0, ((9, EAST[1]),)), [])
    for e in first + events:
        assert event_from_json(json.loads(json.dumps(event_to_json(e)))) == e


def test_greedy_plays_a_damaging_trap_when_one_applies_and_random_mostly_passes():
    from arena.engine.agents import GreedyAgent, RandomAgent

    s = mover_step((13, 15))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    options = legal_actions(s, 0)
    chosen = GreedyAgent(1).choose(s, 0, options)
    assert isinstance(chosen, PlayTraps) and chosen.strikes[0][0] == 13  # the spear deals Sp
    picks = [type(RandomAgent(i).choose(s, 0, options)) for i in range(200)]
    assert 100 < picks.count(PassTraps) < 200 and PlayTraps in picks
