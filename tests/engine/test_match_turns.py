"""Rounds, steps, naming and MAN (RB p.6-8; HR-12 rulings 2-4, 8)."""

from __future__ import annotations

import pytest

from arena.engine import FixedDice, IllegalActionError, apply, legal_actions
from arena.engine.match.actions import EndActivation, EndStep, Grant, Move, Name, ToggleGate
from arena.engine.match.context import Context
from arena.engine.match.events import Died, Named, StepStarted
from arena.engine.match.evolve import evolve
from arena.engine.match.state import Phase

from .match_helpers import hexes, legal, name, of_kind, place, started, to_step, tweak


def test_a_round_is_six_steps_two_characters_then_the_gladiators__rb_p6():
    s = started(starting=1)
    seen = []
    for _ in range(6):
        seen.append((s.step, s.seat_to_act))
        if s.phase is Phase.NAMING:
            s, _ = apply(s, [a for a in legal(s, s.seat_to_act) if isinstance(a, Name)][0])
        if s.step >= 5:
            assert [s.sheets[c].slot for c in s.named] == ["gladiator"]
        else:
            assert len(s.named) == 2 and not any(s.sheets[c].is_gladiator for c in s.named)
        s, _ = apply(s, EndStep(s.seat_to_act))
    assert seen == [(1, 1), (2, 0), (3, 1), (4, 0), (5, 1), (6, 0)]
    assert (s.round, s.step, s.seat_to_act) == (2, 1, 1)


def test_the_second_step_names_only_those_who_have_not_acted__rb_p6_8_2():
    s = started()
    assert len([a for a in legal(s, 0) if isinstance(a, Name)]) == 6  # any two of four
    with pytest.raises(IllegalActionError, match=r"RB p.6 §8.2"):
        apply(s, Name(0, ("0.gladiator", "0.deasta")))
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = apply(s, EndStep(0))
    s = name(s, 1, "1.deasta", "1.witch_master")
    s, events = apply(s, EndStep(1))
    # only one choice is left for step 3, so it is named without a decision
    assert of_kind(events, Named)[-1].chars == ("0.witch_master", "0.crossbowman")
    assert s.phase is Phase.ACTING and s.step == 3


def test_step_pool_is_three_per_named_living_character__rb_p7_8_hr12_3():
    s = tweak(started(), alive={"0.laeva": False})
    assert {len(a.chars) for a in legal(s, 0) if isinstance(a, Name)} == {2}
    s = name(s, 0, "0.deasta", "0.crossbowman")
    assert s.pool == 6
    s = to_step(s, 3)
    assert [s.sheets[c].id for c in s.named] == ["0.witch_master"] and s.pool == 3


def test_a_named_character_who_dies_mid_step_takes_his_three_man_with_him__hr12_3():
    s = name(started(), 0, "0.deasta", "0.laeva")
    s.pool = 5
    evolve(s, Died("0.laeva"))
    assert s.pool == 3


def test_gladiator_step_has_six_man_of_his_own__rb_p7():
    s = to_step(started(), 5)
    assert (s.seat_to_act, [s.sheets[c].id for c in s.named], s.pool) == (0, ["0.gladiator"], 6)


def test_strategist_gives_four_man_per_round_to_named_characters_only_in_own_steps__rb_p8_hr12_4():
    s = name(place(started(), {"0.deasta": (4, -8)}), 0, "0.deasta", "0.laeva")
    grants = [a for a in legal(s, 0) if isinstance(a, Grant)]
    assert {(a.char, a.amount) for a in grants} == {(c, n) for c in ("0.deasta", "0.laeva") for n in (1, 2, 3, 4)}
    s, _ = apply(s, Grant(0, "0.deasta", 3))
    assert (s.strat_man[0], s.granted, s.pool) == (1, 3, 6)
    s, _ = apply(s, Move(0, "0.deasta", hexes((5, -8), (6, -8), (7, -8), (8, -8)), 4))
    assert (s.granted, s.pool) == (0, 5)  # handed MAN is spent first
    s = to_step(s, 5)
    assert not [a for a in legal(s, 0) if isinstance(a, Grant)]  # never to the gladiator
    with pytest.raises(IllegalActionError, match="RB p.8"):
        apply(s, Grant(0, "0.gladiator", 1))
    s = to_step(s, 1, 2)
    assert s.strat_man == [4, 4]  # a new round, new MAN; none carried over


def test_a_dead_strategist_gives_no_man__rb_p8():
    s = tweak(started(), alive={"0.strategist": False})
    s = to_step(s, 1, 2)
    assert s.strat_man == [0, 4]


def test_unused_man_is_lost_when_the_step_ends__rb_p7():
    s = name(started(), 0, "0.deasta", "0.laeva")
    s, _ = apply(s, EndStep(0))
    assert (s.pool, s.step, s.seat_to_act) == (0, 2, 1)


def test_named_characters_act_one_after_the_other__hr12_2():
    s = name(started(), 0, "0.deasta", "0.laeva")
    s, _ = apply(s, Move(0, "0.deasta", hexes((3, -9)), 1))
    with pytest.raises(IllegalActionError, match="HR-12 ruling 2"):
        apply(s, Move(0, "0.laeva", hexes((3, -9)), 1))
    s, _ = apply(s, EndActivation(0, "0.deasta"))
    with pytest.raises(IllegalActionError, match="HR-12 ruling 2"):
        apply(s, Move(0, "0.deasta", hexes((3, -8)), 1))
    s, _ = apply(s, Move(0, "0.laeva", hexes((3, -9)), 1))
    assert s.pool == 4  # one pool for both (HR-12 ruling 3)


def test_the_step_ends_by_itself_when_no_man_is_left__hr12_8():
    s = tweak(name(started(), 0, "0.deasta", "0.laeva"), strat_man=[0, 4], pool=1)
    s, events = apply(s, Move(0, "0.deasta", hexes((3, -9)), 1))
    assert of_kind(events, StepStarted)[-1].step == 2


def test_a_team_with_nobody_to_name_passes_its_steps__hr12_8():
    dead = {f"1.{slot}": False for slot in ("witch_master", "crossbowman", "deasta", "laeva")}
    s = tweak(started(), alive=dead)
    s = name(s, 0, "0.deasta", "0.laeva")
    s, events = apply(s, EndStep(0))
    assert (s.step, s.seat_to_act) == (3, 0)  # step 2 passed at once


def test_man_cost_table__rb_p8():
    s = place(started(), {"0.deasta": (4, -9)})
    s = name(s, 0, "0.deasta", "0.laeva")
    costs = {}
    for a in legal(s, 0):
        if isinstance(a, Move):
            costs.setdefault(("move", len(a.path)), a.man)
        elif isinstance(a, ToggleGate):
            costs["gate"] = a.man
    assert costs[("move", 1)] == 1 and costs[("move", 4)] == 4 and costs["gate"] == 1
    assert not any(isinstance(a, Move) and len(a.path) > 5 for a in legal(s, 0))  # Mozgás 5


def test_legal_actions_of_a_state_in_play_are_all_applicable():
    s = name(started(), 0, "0.deasta", "0.laeva")
    for a in legal_actions(s, 0):
        apply(s, a)


def test_context_roll_records_a_dice_event():
    s = started()
    ctx = Context(s.clone(), FixedDice([4]))
    assert ctx.roll("0.deasta", "test") == 4
    assert ctx.state.rolls == s.rolls + 1
