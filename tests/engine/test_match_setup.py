"""Dice, the engine API's contract, and set-up (RB p.7; HR-1.7; HR-12 ruling 39)."""

from __future__ import annotations

import pytest

from arena.engine import (
    FixedDice,
    IllegalActionError,
    SeededDice,
    apply,
    legal_actions,
    new_match,
    seats_to_move,
    state_hash,
)
from arena.engine.board.data import HalfId
from arena.engine.board.hexgrid import Hex
from arena.engine.match.actions import AssignAmulet, AssignMeToken, ChooseHalf, ChooseRole, Deploy, Move, RecordGrip
from arena.engine.match.events import (
    NOBODY,
    AmuletAssigned,
    DiceRolled,
    DiscsDealt,
    GripRecorded,
    GripRevealed,
    HandsDealt,
    SideRollWon,
    TrapsDealt,
)
from arena.engine.match.match_errors import DiceExhaustedError
from arena.engine.match.state import MatchOptions, Phase
from arena.engine.roster import base_roster

from .match_helpers import G, legal, of_kind, started, to_step


def fresh(seed: int = 0):
    return new_match((base_roster(), base_roster()), seed=seed)


def through_secrets(s, last_dice=None):
    """Assign everything; the last assignment rolls the side dice."""
    while True:
        seats = seats_to_move(s)
        options = [a for a in legal_actions(s, seats[0]) if isinstance(a, (AssignAmulet, AssignMeToken))]
        remaining = sum(len(s.amulets_left[x]) + len(s.tokens_left[x]) for x in (0, 1))
        if remaining == 1 and last_dice is not None:
            return apply(s, options[0], FixedDice(last_dice))
        s, events = apply(s, options[0])
        if s.phase is not Phase.SECRETS:
            return s, events


# --- dice (style.md "Event log and dice") --------------------------------------------------


def test_seeded_dice_derive_roll_n_from_seed_and_n_with_hashlib__style_dice():
    d = SeededDice(42)
    first = [d.roll(10, n) for n in range(20)]
    assert first == [SeededDice(42).roll(10, n) for n in range(20)]
    assert first != [SeededDice(43).roll(10, n) for n in range(20)]
    assert all(1 <= r <= 10 for r in first)
    assert d.roll(10, 5) == d.roll(10, 5)  # stateless: the roll number is the state


def test_fixed_dice_are_per_instance_and_refuse_impossible_or_missing_rolls__style_dice():
    a, b = FixedDice([3, 9]), FixedDice([1])
    assert (a.roll(10, 0), b.roll(10, 0), a.roll(10, 7)) == (3, 1, 9)
    with pytest.raises(DiceExhaustedError):
        a.roll(10, 2)
    with pytest.raises(ValueError):
        FixedDice([11]).roll(10, 0)


# --- dealing (RB p.7, HR-6) -----------------------------------------------------------------


def test_each_seat_is_dealt_three_traps_and_six_discs_in_secret__rb_p7_hr6():
    s = fresh(3)
    events = s.log[1]
    traps = of_kind(events, TrapsDealt)
    discs = of_kind(events, DiscsDealt)
    assert [(e.seat, e.visible_to, len(e.cards)) for e in traps] == [(0, 0, 3), (1, 1, 3)]
    assert [(e.seat, e.visible_to, len(e.levels)) for e in discs] == [(0, 0, 6), (1, 1, 6)]
    assert not set(traps[0].cards) & set(traps[1].cards)  # one shared deck of 16 (RB p.18)
    assert all(1 <= lvl <= 5 for e in discs for lvl in e.levels)
    shuffles = of_kind(events, DiceRolled)
    assert len(shuffles) == 6 + 12 and all(e.visible_to == NOBODY for e in shuffles)
    assert [e.sides for e in shuffles[:6]] == [16, 15, 14, 13, 12, 11]
    assert of_kind(events, HandsDealt) == [HandsDealt((3, 3), (6, 6))]


# --- amulets and ME tokens (RB p.7) --------------------------------------------------------


def test_amulets_are_handed_out_secretly_one_per_character__rb_p7():
    s = fresh()
    s, events = apply(s, AssignAmulet(0, "poison", "0.deasta"))
    assert events == [AmuletAssigned(0, "0.deasta", "poison", 0)]
    with pytest.raises(IllegalActionError, match=r"one at a time \(RB p.7\)"):
        apply(s, AssignAmulet(0, "lightning", "0.deasta"))
    assert "0.deasta" not in [a.char for a in legal(s, 0) if isinstance(a, AssignAmulet)]
    # the strategist may wear one (HR-12 ruling 32)
    assert "0.strategist" in [a.char for a in legal(s, 0) if isinstance(a, AssignAmulet)]


def test_me_tokens_go_to_two_fighters_never_the_witch_master_or_strategist__rb_p7_hr12_32():
    s = fresh()
    for amulet, char in (("poison", "0.gladiator"), ("lightning", "0.deasta"), ("curse", "0.laeva")):
        s, _ = apply(s, AssignAmulet(0, amulet, char))
    holders = {a.char for a in legal(s, 0)}
    assert holders == {"0.gladiator", "0.crossbowman", "0.deasta", "0.laeva"}
    with pytest.raises(IllegalActionError, match="RB p.7"):
        apply(s, AssignMeToken(0, 2, "0.witch_master"))
    s, _ = apply(s, AssignMeToken(0, 2, "0.deasta"))  # an amulet wearer may hold a token too
    with pytest.raises(IllegalActionError, match="nobody receives both"):
        apply(s, AssignMeToken(0, 3, "0.deasta"))
    assert s.token[s.index["0.deasta"]] == 2


def test_both_seats_decide_secrets_at_the_same_time__hr12_39():
    s = fresh()
    assert seats_to_move(s) == (0, 1)
    s, _ = apply(s, AssignAmulet(1, "poison", "1.laeva"))
    assert seats_to_move(s) == (0, 1)


# --- side roll, side chooser, half (RB p.7, HR-1.7) -----------------------------------------


def test_side_roll_is_a_d10_each_and_ties_are_rerolled__rb_p7_hr11():
    s, events = through_secrets(fresh(), last_dice=[6, 6, 2, 9])
    rolls = [(e.who, e.result) for e in of_kind(events, DiceRolled)]
    assert rolls == [("seat 0", 6), ("seat 1", 6), ("seat 0", 2), ("seat 1", 9)]
    assert of_kind(events, SideRollWon) == [SideRollWon(1, (2, 9))]
    assert s.phase is Phase.ROLE and seats_to_move(s) == (1,)


@pytest.mark.parametrize(("role", "starting", "chooser"), [("side", 0, 1), ("first", 1, 0)])
def test_the_side_chooser_never_takes_the_first_step__rb_p7(role, starting, chooser):
    s, _ = through_secrets(fresh(), last_dice=[2, 9])
    with pytest.raises(IllegalActionError, match="owes no decision"):
        apply(s, ChooseRole(0, role))
    s, _ = apply(s, ChooseRole(1, role))
    assert (s.starting, s.chooser) == (starting, chooser)
    assert seats_to_move(s) == (chooser,)


def test_the_side_chooser_rotates_the_board_and_the_opponent_gets_the_opposite_half__hr1_7():
    s, _ = through_secrets(fresh(), last_dice=[2, 9])
    s, _ = apply(s, ChooseRole(1, "side"))
    s, _ = apply(s, ChooseHalf(1, "E"))
    assert s.halves == ["W", "E"]
    assert G.hexes[s.pos[s.index["0.strategist"]]] == Hex(-5, 0)  # tower T-W
    assert G.hexes[s.pos[s.index["1.strategist"]]] == Hex(5, 0)  # tower T-E


# --- grips (RB p.7, HR-3.1-3.2) -------------------------------------------------------------


def test_grip_is_recorded_secretly_and_revealed_at_round_1_step_5__rb_p7_hr3_2():
    s, _ = through_secrets(fresh(), last_dice=[9, 2])
    s, _ = apply(s, ChooseRole(0, "first"))
    s, _ = apply(s, ChooseHalf(1, "S"))
    grips = {a.hand for a in legal(s, 0)}
    assert grips == {
        (),
        ("short_sword",),
        ("shield",),
        ("halberd",),
        ("greatsword",),
        ("shield", "short_sword"),
    }
    with pytest.raises(IllegalActionError, match="HR-3.1"):
        apply(s, RecordGrip(0, ("greatsword", "shield")))
    s, events = apply(s, RecordGrip(0, ("halberd",)))
    assert of_kind(events, GripRecorded)[0].visible_to == 0
    s, _ = apply(s, RecordGrip(1, ("shield", "short_sword")))
    while s.phase is Phase.DEPLOY:
        s, _ = apply(s, legal(s, seats_to_move(s)[0])[0])
    assert s.revealed == [False, False]
    s = to_step(s, 5)
    assert s.revealed == [True, True]
    revealed = [e for e in _log(s) if isinstance(e, GripRevealed)]
    assert [(e.char, e.hand, e.visible_to) for e in revealed] == [
        ("0.gladiator", ("halberd",), None),
        ("1.gladiator", ("shield", "short_sword"), None),
    ]


def _log(s):
    from arena.engine import match_events

    return match_events(s)


# --- deployment (RB p.7, HR-1.7) ------------------------------------------------------------


def test_starting_player_deploys_first_on_hexes_touching_his_home_gates__rb_p7_hr1_7():
    s, _ = through_secrets(fresh(), last_dice=[2, 9])
    s, _ = apply(s, ChooseRole(1, "side"))  # seat 0 starts
    s, _ = apply(s, ChooseHalf(1, "S"))
    s, _ = apply(s, RecordGrip(0, ("shield", "short_sword")))
    s, _ = apply(s, RecordGrip(1, ("shield", "short_sword")))
    assert s.phase is Phase.DEPLOY and seats_to_move(s) == (0,)
    gladiator_hexes = {a.hex for a in legal(s, 0)}
    assert gladiator_hexes == {Hex(2, -5), Hex(3, -5)}  # next to tower T-N
    s, _ = apply(s, Deploy(0, "0.gladiator", Hex(3, -5)))
    fighter_hexes = {a.hex for a in legal(s, 0)}
    assert fighter_hexes == {G.hexes[h] for h in G.halves[HalfId.N].deployment}
    with pytest.raises(IllegalActionError, match="HR-1.7"):
        apply(s, Deploy(0, "0.witch_master", Hex(0, -10)))
    for _ in range(3):
        s, _ = apply(s, Deploy(0, s.sheets[_next(s, 0)].id, Hex(4, -8)))
    with pytest.raises(IllegalActionError, match="three characters"):
        apply(s, Deploy(0, "0.laeva", Hex(4, -8)))
    s, _ = apply(s, Deploy(0, "0.laeva", Hex(4, -9)))
    assert seats_to_move(s) == (1,)  # then the side chooser
    while s.phase is Phase.DEPLOY:
        s, _ = apply(s, legal(s, 1)[0])
    assert (s.phase, s.round, s.step, s.seat_to_act) == (Phase.NAMING, 1, 1, 0)


def _next(s, seat):
    return next(c for c in s.seat_chars(seat) if s.sheets[c].on_board and s.pos[c] < 0)


# --- the API's contract ---------------------------------------------------------------------


def test_an_illegal_action_raises_naming_the_rule_and_leaves_the_state_unchanged__hr12_38():
    s = started()
    before = state_hash(s)
    with pytest.raises(IllegalActionError) as err:
        apply(s, Move(1, "1.deasta", (Hex(-6, 12),)))
    assert "HR-12 ruling 38" in str(err.value) and err.value.rule == "HR-12 ruling 38"
    assert state_hash(s) == before
    assert isinstance(err.value, ValueError)


def test_a_seat_that_owes_no_decision_may_only_concede__hr12_37_38():
    s = started()
    assert [type(a).__name__ for a in legal_actions(s, 1)] == ["Concede"]


@pytest.mark.parametrize(
    ("option", "flag"), [("opt_crowd_favour", "OPT_CROWD_FAVOUR"), ("opt_poison_vial", "OPT_POISON_VIAL")]
)
def test_a_team_built_for_optional_rules_the_match_does_not_use_is_refused__hr7(option, flag):
    """HR-7's optional rules are the match's (the league's) setting: a team built for one the match
    does not use is refused at set-up with a message naming the rule, instead of silently playing
    without it (docs/engine.md, "Optional rules")."""
    from dataclasses import replace

    built = replace(base_roster("Ködlovagok"), options=frozenset({option}))
    with pytest.raises(ValueError, match=rf"Ködlovagok is built for {flag} .*HR-7"):
        new_match((base_roster(), built), seed=1)
    played = new_match((base_roster(), built), MatchOptions(optional=frozenset({option})), seed=1)
    assert played.opt is not None


def test_a_vial_without_its_rule_is_refused_too__hr7():
    """A vial on the sheet (HR-7, HR-9.5) needs its optional rule in the match."""
    from dataclasses import replace

    roster = base_roster()
    members = tuple(replace(m, vial="potion") if m.slot == "crossbowman" else m for m in roster.members)
    with pytest.raises(
        ValueError,
        match=r"Crossbowman cannot carry a potion: the optional rule Potion \(OPT_POTION\) is off.*TB-21, HR-7",
    ):
        new_match((replace(roster, members=members), base_roster()), seed=1)
