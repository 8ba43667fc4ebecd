"""The general rules of magic (RB p.11-12; digest §15, A16-A17, A33, A36-A42; HR-4; HR-6;
HR-11; HR-12 rulings 13, 24, 31-32, 36)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, events_for, view_json
from arena.engine.content.common import CombatValue
from arena.engine.match.actions import EndStep, Grant, MeleeAttack, UseSkill
from arena.engine.match.events import AmuletRevealed, AttackResolved, Damaged, DiceRolled, Died, MatchEnded
from arena.engine.match.magic.actions import Cast
from arena.engine.match.magic.events import MeTokenShown, SpellCast, SpellResisted, ZombieCollapsed
from arena.engine.match.rules.modifiers import non_stacking
from arena.engine.match.setup import new_match

from .magic_helpers import WM, cast, ready
from .match_helpers import act, legal, name, of_kind, started, to_step, tweak


def test_a_disc_of_the_level_is_needed_and_goes_back_to_the_pool__rb_p11_hr6():
    s = ready({"1.deasta": (8, -6)}, discs=(1, 1, 2))
    with pytest.raises(IllegalActionError, match="no disc of level 3"):
        apply(s, cast("terrible_lightning", "1.deasta", man=3))
    s, events = act(s, cast("lightning_bolt", "1.deasta", man=1), [1, 10])
    assert s.discs[0] == (1, 2) and view_json(s, 1)["seats"][0]["discs"] == 2
    assert of_kind(events, SpellCast)[0].level == 1  # shown by the cast (RB p.7)


def test_the_match_deals_the_discs_with_the_fixed_ones_a_team_bought__hr6_hr9_5():
    from dataclasses import replace

    from arena.engine.roster import base_roster

    home = base_roster()
    wm = home.member("witch_master")
    home = replace(
        home,
        members=tuple(replace(m, fixed_discs=(5,), disc_count=7) if m is wm else m for m in home.members),
    )
    s = new_match((home, base_roster()), seed=3)
    assert len(s.discs[0]) == 7 and 5 in s.discs[0] and len(s.discs[1]) == 6


def test_one_spell_per_step_and_a_spell_at_another_is_his_attack__a16_a17_hr12_31():
    s = ready({"1.deasta": (4, -8)})
    s1, _ = act(s, cast("lightning_armour", WM, man=2), [])
    assert not any(isinstance(a, Cast) for a in legal(s1, 0))  # one spell per step
    assert any(isinstance(a, MeleeAttack) for a in legal(s1, 0))  # on himself: he may still attack
    s2, _ = act(s, cast("bowel_rot", "1.deasta", man=1), [1, 10])
    assert not any(isinstance(a, MeleeAttack) for a in legal(s2, 0))  # his attack of the step
    with pytest.raises(IllegalActionError, match="one spell per step"):
        apply(s2, cast("lightning_armour", WM, man=2))


def test_concentration_costs_1_man_and_adds_2_e_or_2_ce__hr4():
    s = ready({"1.deasta": (8, -6)})
    assert any(isinstance(a, Cast) and a.spell == "pain" and a.concentrate and a.man == 3 for a in legal(s, 0))
    s1, events = act(s, cast("pain", "1.deasta", man=3, concentrate=True), [4, 6])
    assert of_kind(events, SpellResisted)[0][4:7] == (12, 10, True)  # E 6 + 2 + 4
    assert s1.pool == 3
    _s2, events = act(s, cast("lightning_bolt", "1.deasta", man=2, concentrate=True), [5, 5])
    assert of_kind(events, AttackResolved)[0].attack_total == 14  # 7 + 2 + 5
    with pytest.raises(IllegalActionError, match="Összpontosítás"):
        apply(s, cast("lightning_armour", WM, man=3, concentrate=True))
    with pytest.raises(IllegalActionError, match="declared with its action"):
        apply(s, UseSkill(0, WM, "concentration"))


def test_ties_go_to_the_defender__rb_p11():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("pain", "1.deasta", man=2), [4, 6])  # 6 + 4 = 4 + 6
    assert of_kind(events, SpellResisted)[0].took_hold is False and not of_kind(events, Damaged)


def test_a_mental_spell_on_a_character_without_me_rolls_the_bare_d10__rb_p11():
    s = ready({"1.deasta": (8, -8)})
    s, events = act(s, cast("death_dance", "1.deasta", man=5), [1, 7])
    assert of_kind(events, SpellResisted)[0][3:7] == (
        "me",
        7,
        7,
        False,
    )  # 6 + 1 against 0 + 7
    assert not of_kind(events, MeTokenShown)


def test_an_me_token_is_shown_when_its_holder_rolls_against_a_mental_spell__rb_p7_hr12_36():
    s = ready({"1.crossbowman": (8, -8)})
    c = s.index["1.crossbowman"]
    assert s.token[c] == 3 and view_json(s, 0)["characters"][c]["me_token"] is None
    s, events = act(s, cast("death_dance", "1.crossbowman", man=5), [5, 5])
    assert of_kind(events, MeTokenShown) == [MeTokenShown("1.crossbowman", 3)]
    assert of_kind(events, SpellResisted)[0][4:7] == (
        11,
        8,
        True,
    )  # 6 + 5 against ME 3 + 5
    assert view_json(s, 0)["characters"][c]["me_token"] == 3 and view_json(s, None)["characters"][c]["me_token"] == 3


def test_an_amulet_gives_full_immunity_and_is_shown_when_it_cancels__rb_p7_p12_a36():
    s = ready({"1.crossbowman": (8, -6), "1.gladiator": (4, -5)})
    c = s.index["1.crossbowman"]
    assert view_json(s, 0)["characters"][c]["amulet"] is None
    s1, events = act(s, cast("pain", "1.crossbowman", man=2), [])  # no roll at all
    assert of_kind(events, AmuletRevealed)[0][:2] == ("1.crossbowman", "curse")
    assert not of_kind(events, DiceRolled) and not of_kind(events, Damaged)
    assert view_json(s1, 0)["characters"][c]["amulet"] == "curse" == view_json(s1, None)["characters"][c]["amulet"]
    assert any(isinstance(e, AmuletRevealed) for e in events_for(events, None))
    _s2, events = act(s, cast("numbing_poison", "1.gladiator", man=2), [])  # both poison effects
    assert of_kind(events, AmuletRevealed)[0][1] == "poison" and not of_kind(events, Damaged)
    s3, events = act(s, cast("malediction", "1.crossbowman", man=1), [9, 1])  # no type: no amulet
    assert not of_kind(events, AmuletRevealed) and s3.effects


def test_spell_modifiers_never_stack_the_worst_penalty_applies__rb_p10_p12_a33():
    s = ready({"1.deasta": (8, -6)})
    s, _ = act(s, cast("malediction", "1.deasta", man=1), [9, 1])  # −4 TÉ, −2 CÉ
    s = to_step(s, 1, 2)
    s = name(s, 0, WM, "0.laeva")
    s, _ = act(s, cast("blood_curdling", "1.deasta", man=4), [9, 1])  # −5 TÉ, −5 VÉ, −2 CÉ
    deasta = s.index["1.deasta"]
    assert non_stacking(s, deasta, CombatValue.TE) == -5 and non_stacking(s, deasta, CombatValue.CE) == -2


def test_durations_end_after_the_gladiators_step_of_the_last_round__rb_p12():
    s = ready({"1.deasta": (8, -6)})
    s, _ = act(s, cast("malediction", "1.deasta", man=1), [9, 1])  # round 1, 2 rounds
    deasta = s.index["1.deasta"]
    s = to_step(s, 6, 2)
    assert non_stacking(s, deasta, CombatValue.TE) == -4  # still in step 6 of round 2
    s = to_step(s, 1, 3)
    assert non_stacking(s, deasta, CombatValue.TE) == 0


def test_permanent_effects_last_the_whole_match__rb_p12():
    s = ready({"1.deasta": (8, -6)})
    s, _ = act(s, cast("limb_withering", "1.deasta", man=4, choice="arm"), [9, 1])
    s = to_step(s, 1, 6)
    assert non_stacking(s, s.index["1.deasta"], CombatValue.VE) == -2


def test_harmful_spells_target_only_enemies_and_the_strategist_in_his_tower__hr12_20_hr2_4():
    s = ready({"0.laeva": (8, -6)})
    with pytest.raises(IllegalActionError, match="own side"):
        apply(s, cast("pain", "0.laeva", man=2))
    s = ready({WM: (-6, 6)})  # next to the away tower
    assert any(isinstance(a, Cast) and a.target == "1.strategist" for a in legal(s, 0))


def test_the_strategists_man_is_bound_by_death_dance__hr12_32():
    s = ready({WM: (-6, 6)})
    s, _events = act(s, cast("death_dance", "1.strategist", man=5), [9, 1])
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    assert not any(isinstance(a, Grant) for a in legal(s, 1))
    with pytest.raises(IllegalActionError, match="HR-12 ruling 32"):
        apply(s, Grant(1, "1.deasta", 1))


def test_both_gladiators_destroyed_by_one_area_blast_is_a_draw__hr12_24():
    s = ready(
        {"1.gladiator": (4, -5), "0.gladiator": (4, -5)},
        ep={"0.gladiator": 3, "1.gladiator": 2},
    )
    s, events = act(s, cast("firestorm", hex=(4, -5), man=3), [])
    assert [e.char for e in of_kind(events, Died)] == ["0.gladiator", "1.gladiator"]
    assert of_kind(events, MatchEnded)[0][:2] == ("draw", None)


def test_a_zombie_collapses_at_the_end_of_the_step_its_creator_dies_in__hr11():
    s = ready(
        {"0.laeva": (4, -8), "1.deasta": (9, -12)},
        named=(WM, "0.crossbowman"),
        alive={"0.laeva": False},
    )
    s, _ = act(s, cast("create_undead", "0.laeva", man=3), [])
    s = tweak(s, ep={WM: 0}, alive={WM: False})
    s, events = apply(s, EndStep(0))
    assert of_kind(events, ZombieCollapsed) == [ZombieCollapsed("0.laeva", "its creator is dead (HR-11)")]
    assert not s.alive[s.index["0.laeva"]]


def test_no_unplayed_disc_level_is_in_the_opponents_view__hr12_36():
    s = started()
    assert view_json(s, 1)["seats"][0]["disc_levels"] is None and view_json(s, None)["seats"][0]["disc_levels"] is None
    assert view_json(s, 0)["seats"][0]["disc_levels"] == list(s.discs[0])
