"""The optional rules (HR-7): worked examples with fixed dice, secrecy, open information, illegal
uses and whole random matches with every option on.

Every expected number is worked out by hand in the comments from the base team's sheets
(HR-2.1), the weapons (HR-3.1) and HR-7's table; the audit is docs/engine-tests.md, section
"Optional rules (HR-7)". The optional rules are a per-match setting (``MatchOptions.optional``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine import (
    IllegalActionError,
    MatchOptions,
    apply,
    events_for,
    legal_actions,
    match_events,
    new_match,
    replay,
    replay_actions,
    seats_to_move,
    state_hash,
    view_json,
)
from arena.engine.agents import GreedyAgent, RandomAgent
from arena.engine.agents.simulate import paused_gc
from arena.engine.match.actions import (
    Concede,
    Dodge,
    EndActivation,
    EndStep,
    MeleeAttack,
    Move,
    RangedAttack,
    Throw,
    action_from_json,
    action_to_json,
)
from arena.engine.match.events import (
    AmuletAssigned,
    AmuletRevealed,
    AttackResolved,
    Damaged,
    DiceRolled,
    EffectAdded,
    GripRecorded,
    MeTokenAssigned,
    TrapsDealt,
    event_from_json,
    event_to_json,
)
from arena.engine.match.magic.events import Healed
from arena.engine.match.optional.actions import CoatWeapon, CollectAmmo, DrinkPotion, Reroll
from arena.engine.match.optional.events import (
    AmmoCollected,
    AmmoLanded,
    BloodDrawn,
    CoatingEnded,
    CrowdVerdict,
    RerollDecided,
    RerollOffered,
    RerollStashed,
    StonesThrown,
    VialPoisonResolved,
    VialUsed,
)
from arena.engine.match.optional.state import OPTIONAL_RULE_IDS, PendingReroll
from arena.engine.match.state import Phase
from arena.engine.roster import base_roster

from .match_helpers import OUT_OF_THE_WAY, G, act, hexes, legal, name, of_kind, place, started, to_step, tweak

ALL = frozenset(OPTIONAL_RULE_IDS)
VIALS = {"0.deasta": "poison_vial", "0.crossbowman": "potion", "0.gladiator": "poison_vial"}
SHOT = {"0.crossbowman": (4, -8), "1.deasta": (8, -6)}  # 4 obstacles (test_match_worked_examples)


def team(vials: dict[str, str] | None = None, name_: str = "Base team"):
    """The base team (HR-2.1) with ``vials`` by slot, built for the vial rules."""
    vials = vials or {}
    roster = base_roster(name_)
    members = tuple(replace(m, vial=vials.get(m.slot)) for m in roster.members)
    return replace(roster, members=members, options=frozenset({"opt_poison_vial", "opt_potion"}))


def teams(vials=VIALS):
    by_slot = {char.split(".")[1]: vial for char, vial in vials.items()}
    return (team(by_slot), base_roster())


def options(*rules: str) -> MatchOptions:
    return MatchOptions(optional=frozenset(rules) if rules else ALL)


def teams_for(opts):
    """Seat 0 carries :data:`VIALS` when the match uses the vial rules, else no team is built for them."""
    return teams() if {"opt_poison_vial", "opt_potion"} <= opts.optional else (base_roster(), base_roster())


def outer(where, named=("0.deasta", "0.laeva"), opts=None, **tweaks):
    """Round 1, step 1: seat 0 has named ``named``; everyone else out of the way."""
    opts = opts or options()
    s = place(started(teams=teams_for(opts), options=opts), {**OUT_OF_THE_WAY, **where})
    s = name(s, 0, *named)
    return tweak(s, **tweaks) if tweaks else s


def gladiators(hex0=(0, 0), hex1=(0, 0), opts=None, grips=None, **tweaks):
    """Round 1, step 5: seat 0's gladiator acts (short sword + shield each by default)."""
    grips = grips or (("shield", "short_sword"), ("shield", "short_sword"))
    opts = opts or options()
    s = to_step(started(teams=teams_for(opts), options=opts, grips=grips), 5)
    s = place(s, {"0.gladiator": hex0, "1.gladiator": hex1})
    return tweak(s, **tweaks) if tweaks else s


def value(s, column, char):
    return getattr(s, column)[s.index[char]]


def with_opt(s, **changes):
    """A copy whose optional-rule state has ``changes`` (tokens, …)."""
    c = s.clone()
    c.opt = c.opt._replace(**changes)
    return c


def refused(s, action, match):
    """``action`` raises IllegalActionError citing HR-7 (and ``match``); the state is unchanged."""
    before = state_hash(s)
    with pytest.raises(IllegalActionError, match=match) as err:
        apply(s, action)
    assert "HR-7" in err.value.rule
    assert state_hash(s) == before
    return err.value


# --- Méregfiola (OPT_POISON_VIAL) -----------------------------------------------------------


def test_a_coated_melee_hit_that_takes_ep_poisons_on_a_lost_eg_roll__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    assert CoatWeapon(0, "0.deasta", 1) in legal(s, 0)
    s, events = act(s, CoatWeapon(0, "0.deasta", 1))
    assert of_kind(events, VialUsed) == [VialUsed(0, "0.deasta", "poison_vial", 1)]
    assert s.pool == 5 and s.opt.coated == s.index["0.deasta"] and s.opt.vials[s.index["0.deasta"]] is None
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1, 5, 2])
    # TÉ 11 + 10 = 21 against VÉ 9 + 1 = 10: ⌊11/2⌋ = 5 raw Sp ≥ 3: 1 STP; 5 − SFÉ 1 = 4 Ép (10 → 6)
    assert of_kind(events, AttackResolved)[0][3:6] == (21, 10, True)
    # it took Ép: the poison 6 + 5 = 11 against Eg 4 + 2 = 6: poisoned, 3 Ép (6 → 3), −2 TÉ / −2 VÉ
    # until the end of the next round (round 2)
    assert of_kind(events, VialPoisonResolved) == [VialPoisonResolved("0.deasta", "1.laeva", 11, 6, True)]
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 5, 1, 4, 1), Damaged("1.laeva", "ep", 3, 0, 3, 0)]
    assert of_kind(events, EffectAdded) == [
        EffectAdded("1.laeva", "te", -2, "poison vial", 2),
        EffectAdded("1.laeva", "ve", -2, "poison vial", 2),
    ]
    assert of_kind(events, CoatingEnded)[0].char == "0.deasta"
    assert value(s, "ep", "1.laeva") == 3 and s.pool == 3 and s.opt.coated == -1  # 6 − 1 − 2 MAN


def test_the_poisoned_targets_minus_two_ve_counts_in_the_next_attack__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, _ = act(s, CoatWeapon(0, "0.deasta", 1))
    s, _ = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1, 5, 2])
    s, _ = act(s, EndActivation(0, "0.deasta"))
    s = place(s, {"0.laeva": (6, -8)})
    s, events = act(s, MeleeAttack(0, "0.laeva", "1.laeva", man=2), [1, 1])
    # laeva TÉ 9 + 1 = 10 against VÉ 9 − 2 (poison) + 1 = 8: a hit by 2, ⌊2/2⌋ = 1 − SFÉ 1 = 0 Ép
    resolved = of_kind(events, AttackResolved)[0]
    assert (resolved.attack_total, resolved.defence_total) == (10, 8)
    assert ("spells and traps", -2) in resolved.defence_modifiers


def test_a_poison_resisted_costs_nothing_but_the_vial_is_used_up__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, _ = act(s, CoatWeapon(0, "0.deasta", 1))
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1, 1, 10])
    # 4 Ép from the hit (10 → 6); the poison 6 + 1 = 7 against 4 + 10 = 14: resisted
    assert of_kind(events, VialPoisonResolved) == [VialPoisonResolved("0.deasta", "1.laeva", 7, 14, False)]
    assert value(s, "ep", "1.laeva") == 6 and not of_kind(events, EffectAdded)
    assert s.opt.vials[s.index["0.deasta"]] is None
    refused(s, CoatWeapon(0, "0.deasta", 1), "no unused poison vial")  # once per match


def test_a_coated_attack_that_misses_or_takes_no_ep_rolls_no_poison__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, _ = act(s, CoatWeapon(0, "0.deasta", 1))
    # 11 + 1 = 12 against 9 + 10 = 19: a miss; no poison die is rolled (act checks every die is used)
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])
    assert not of_kind(events, VialPoisonResolved) and of_kind(events, CoatingEnded)
    assert value(s, "ep", "1.laeva") == 10 and s.opt.coated == -1 and s.opt.vials[s.index["0.deasta"]] is None


def test_a_coated_thrown_dagger_poisons_too__hr7_poison_vial():
    # (5,-8) to (4,-7): block distance 1, one border: ranged VÉ 2 × 1 + d10 (RB p.10)
    s = outer({"0.deasta": (5, -8), "1.laeva": (4, -7)})
    s, _ = act(s, CoatWeapon(0, "0.deasta", 1))
    s, events = act(s, RangedAttack(0, "0.deasta", "1.laeva", man=2), [4, 1, 6, 1])
    # CÉ 10 + 4 = 14 against 2 + 1 = 3: ⌊11/2⌋ = 5 − SFÉ 1 = 4 Ép (10 → 6); poison 12 against 5: 3 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (14, 3, True)
    assert of_kind(events, VialPoisonResolved) == [VialPoisonResolved("0.deasta", "1.laeva", 12, 5, True)]
    assert value(s, "ep", "1.laeva") == 3
    # the dagger lies on the target's hex (ammunition recovery is on too)
    assert of_kind(events, AmmoLanded) == [AmmoLanded("0.deasta", hexes((4, -7))[0], 1)]


def test_the_poison_amulet_cancels_the_vial_and_is_shown__hr7_poison_vial():
    # the base team's first amulet (poison) is on each gladiator (set-up in roster order)
    s = gladiators()
    assert value(s, "amulet", "1.gladiator") == "poison"
    s, _ = act(s, CoatWeapon(0, "0.gladiator", 1))
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    # TÉ 18 + 10 = 28 against VÉ 9 + 1 = 10: ⌊18/2⌋ = 9 raw Sp ≥ 4: 1 STP; 9 − SFÉ 2 = 7 Ép
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 9, 2, 7, 1)]
    assert of_kind(events, AmuletRevealed) == [
        AmuletRevealed("1.gladiator", "poison", "cancelled 0.gladiator's poison vial")
    ]
    assert not of_kind(events, VialPoisonResolved) and value(s, "ep", "1.gladiator") == 13
    assert view_json(s, 0)["characters"][s.index["1.gladiator"]]["amulet"] == "poison"


def test_a_bolt_cannot_be_coated__hr7_poison_vial():
    crossbow_vial = {"0.crossbowman": "poison_vial"}
    s = place(started(teams=teams(crossbow_vial), options=options()), {**OUT_OF_THE_WAY, **SHOT})
    s = name(s, 0, "0.crossbowman", "0.laeva")
    assert RangedAttack(0, "0.crossbowman", "1.deasta", False, 2) in legal(s, 0)
    assert not any(isinstance(a, CoatWeapon) for a in legal(s, 0))
    refused(s, CoatWeapon(0, "0.crossbowman", 1), r"a bolt cannot be coated")
    # on an enemy's hex he may coat for a melee attack, and then shoots no bolt with it
    s = place(s, {"1.laeva": (4, -8)})
    s, _ = act(s, CoatWeapon(0, "0.crossbowman", 1))
    assert not any(isinstance(a, RangedAttack) for a in legal(s, 0))
    refused(s, RangedAttack(0, "0.crossbowman", "1.deasta", False, 2), "a bolt, javelin or net cannot be coated")


def test_a_coated_gladiator_throws_no_javelin__hr7_poison_vial():
    s = gladiators((0, 0), (1, 0), grips=(("short_sword",), ("shield", "short_sword")))
    s = place(s, {"1.gladiator": (0, 0)})  # on his hex: a melee attack to coat for
    s, _ = act(s, CoatWeapon(0, "0.gladiator", 1))
    s = place(s, {"1.gladiator": (2, 0)})
    refused(s, Throw(0, "0.gladiator", "1.gladiator", "javelin", 2), "cannot be coated")


def test_coating_needs_man_for_the_attack_too__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, pool=2)
    assert not any(isinstance(a, CoatWeapon) for a in legal(s, 0))
    refused(s, CoatWeapon(0, "0.deasta", 1), r"costs 1 MAN before a 2-MAN attack; 0.deasta has 2")


def test_an_unused_coating_is_gone_at_the_end_of_the_step__hr7_poison_vial():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, _ = act(s, CoatWeapon(0, "0.deasta", 1))
    s, events = act(s, EndStep(0))
    assert of_kind(events, CoatingEnded)[0].reason == "the step ended before his attack"
    assert s.opt.coated == -1 and s.opt.vials[s.index["0.deasta"]] is None


def test_without_the_rule_there_is_no_coating__hr7():
    s = place(
        started(teams=(base_roster(), base_roster())), {**OUT_OF_THE_WAY, "0.deasta": (6, -8), "1.laeva": (6, -8)}
    )
    s = name(s, 0, "0.deasta", "0.laeva")
    assert s.opt is None and "vial" not in view_json(s, 0)["characters"][0]
    refused(s, CoatWeapon(0, "0.deasta", 1), "this match does not use OPT_POISON_VIAL")


# --- Varázsital (OPT_POTION) -----------------------------------------------------------------------


def test_a_potion_heals_five_ep_never_above_the_maximum__hr7_potion():
    s = outer({}, named=("0.crossbowman", "0.laeva"), ep={"0.crossbowman": 5})
    assert DrinkPotion(0, "0.crossbowman", 2) in legal(s, 0)
    s, events = act(s, DrinkPotion(0, "0.crossbowman", 2))
    # 5 + 5 = 10 of his 12; 2 MAN of the pool's 6
    assert of_kind(events, VialUsed) == [VialUsed(0, "0.crossbowman", "potion", 2)]
    assert of_kind(events, Healed) == [Healed("0.crossbowman", 5)]
    assert value(s, "ep", "0.crossbowman") == 10 and s.pool == 4
    refused(s, DrinkPotion(0, "0.crossbowman", 2), "no unused potion")  # once per match
    s = outer({}, named=("0.crossbowman", "0.laeva"), ep={"0.crossbowman": 9})
    s, events = act(s, DrinkPotion(0, "0.crossbowman", 2))
    assert of_kind(events, Healed) == [Healed("0.crossbowman", 3)]  # 9 + 5 capped at 12
    assert value(s, "ep", "0.crossbowman") == 12


@pytest.mark.parametrize(
    ("state", "match"),
    [("prone", "no potion while prone"), ("netted", "no potion while netted")],
)
def test_no_potion_while_prone_or_netted__hr7_potion(state, match):
    s = outer({}, named=("0.crossbowman", "0.laeva"), ep={"0.crossbowman": 5}, **{state: {"0.crossbowman": True}})
    assert not any(isinstance(a, DrinkPotion) for a in legal(s, 0))
    refused(s, DrinkPotion(0, "0.crossbowman", 2), match)


def test_a_potion_needs_two_man_in_his_own_step__hr7_potion():
    s = outer({}, named=("0.crossbowman", "0.laeva"), ep={"0.crossbowman": 5}, pool=1)
    refused(s, DrinkPotion(0, "0.crossbowman", 2), r"costs 2 MAN; 0.crossbowman has 1")
    s = outer({}, named=("0.deasta", "0.laeva"), ep={"0.crossbowman": 5})
    with pytest.raises(IllegalActionError, match="not named"):
        apply(s, DrinkPotion(0, "0.crossbowman", 2))


# --- Lőszergyűjtés (OPT_AMMO_RECOVERY) ---------------------------------------------------------------


def test_spent_bolts_lie_on_the_targets_hex_and_a_team_mate_picks_them_up__hr7_ammo_recovery():
    s = outer(SHOT, named=("0.crossbowman", "0.laeva"))
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [1, 10])
    # CÉ 12 + 1 = 13 against 2 × 4 + 10 = 18: a miss; the bolt lies on (8,-6) all the same
    assert of_kind(events, AttackResolved)[0][3:6] == (13, 18, False)
    assert of_kind(events, AmmoLanded) == [AmmoLanded("0.crossbowman", hexes((8, -6))[0], 1)]
    assert value(s, "ammo", "0.crossbowman") == 11
    assert view_json(s, None)["ammo_lying"] == [{"owner": "0.crossbowman", "hex": [8, -6], "count": 1}]
    s, _ = act(s, EndActivation(0, "0.crossbowman"))
    s = place(s, {"1.deasta": (-1, 10), "0.laeva": (8, -6)})
    assert CollectAmmo(0, "0.laeva", 1) in legal(s, 0)
    s, events = act(s, CollectAmmo(0, "0.laeva", 1))
    assert of_kind(events, AmmoCollected) == [
        AmmoCollected(0, "0.laeva", hexes((8, -6))[0], ("0.crossbowman",), (1,), 1)
    ]
    assert value(s, "ammo", "0.crossbowman") == 12 and s.pool == 3 and s.opt.lying == ()  # 6 − 2 − 1
    refused(s, CollectAmmo(0, "0.laeva", 1), "no spent bolt or dagger of his team lies on his hex")


def test_javelins_and_nets_stay_used_up__hr7_ammo_recovery():
    s = gladiators((0, 0), (2, 0), grips=(("short_sword",), ("shield", "short_sword")))
    s, _ = apply(s, Throw(0, "0.gladiator", "1.gladiator", "javelin", 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 10])
    assert not of_kind(events, AmmoLanded) and s.opt.lying == ()


def test_without_ammunition_recovery_a_shot_leaves_nothing__hr7():
    s = outer(SHOT, named=("0.crossbowman", "0.laeva"), opts=options("opt_potion", "opt_poison_vial"))
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [1, 10])
    assert not of_kind(events, AmmoLanded) and "ammo_lying" in view_json(s, 0) and s.opt.lying == ()


# --- Vérszomjas közönség (OPT_BLOODTHIRSTY_CROWD) -------------------------------------------------------


def end_round(s):
    """End steps 5 and 6: the round ends."""
    s, _ = apply(s, EndStep(s.seat_to_act))
    s, events = apply(s, EndStep(s.seat_to_act))
    return s, events


def test_from_round_13_a_gladiator_who_drew_no_blood_loses_1_ep__hr7_bloodthirsty_crowd():
    s = gladiators(opts=options("opt_bloodthirsty_crowd"), round=13)
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])
    # 18 + 5 = 23 against 9 + 5 = 14: ⌊9/2⌋ = 4 raw Sp, 4 − 2 = 2 Ép: 0.gladiator drew blood
    assert of_kind(events, BloodDrawn) == [BloodDrawn("0.gladiator", "1.gladiator", 2)]
    s, _ = apply(s, settle_shift(s))
    s, events = end_round(s)
    assert of_kind(events, StonesThrown) == [StonesThrown(13, ("1.gladiator",))]
    assert Damaged("1.gladiator", "ep", 1, 0, 1, 0) in events
    assert (value(s, "ep", "0.gladiator"), value(s, "ep", "1.gladiator")) == (20, 17)  # 20 − 2 − 1
    assert of_kind(events, CrowdVerdict) == [CrowdVerdict(13, (0, 3), None)]  # no favour rule
    assert s.opt.dealt == 0 and s.opt.taken == (0, 0) and s.round == 14


def settle_shift(s):
    """Decline the push the winner of the gladiators' roll is offered (RB p.9)."""
    return [a for a in legal(s, s.pending.seat) if type(a).__name__ == "DeclineShift"][0]


def test_no_stones_before_round_13_and_both_falling_at_once_is_a_draw__hr7_bloodthirsty_crowd():
    s = gladiators(opts=options("opt_bloodthirsty_crowd"), round=12)
    s, events = end_round(s)
    assert not of_kind(events, StonesThrown)
    s = gladiators(opts=options("opt_bloodthirsty_crowd"), round=13, ep={"0.gladiator": 1, "1.gladiator": 1})
    s, events = end_round(s)
    assert of_kind(events, StonesThrown) == [StonesThrown(13, ("0.gladiator", "1.gladiator"))]
    assert s.phase is Phase.OVER and s.result.kind == "draw" and s.result.winner is None


# --- Közönség kegye (OPT_CROWD_FAVOUR) ------------------------------------------------------------------


def test_the_gladiator_who_took_less_ep_in_the_round_earns_a_favour_token__hr7_crowd_favour():
    s = gladiators(opts=options("opt_crowd_favour"))
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])  # 2 Ép to 1.gladiator, as above
    s, _ = apply(s, settle_shift(s))
    s, events = end_round(s)
    assert of_kind(events, CrowdVerdict) == [CrowdVerdict(1, (0, 2), 0)]
    assert s.opt.tokens == (1, 0) and view_json(s, None)["favour_tokens"] == [1, 0]
    s, events = end_round(to_step(s, 5))  # round 2: nobody is hurt: a tie, no token
    assert of_kind(events, CrowdVerdict) == [CrowdVerdict(2, (0, 0), None)]
    assert s.opt.tokens == (1, 0)


FAVOUR = options("opt_crowd_favour", "opt_poison_vial", "opt_potion")


def test_two_tokens_re_roll_an_own_d10_and_the_second_result_stands__hr7_crowd_favour():
    s = with_opt(outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, opts=FAVOUR), tokens=(2, 0))
    before = state_hash(s)
    paused, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [3])
    # the attack d10 (3) is seat 0's own: the resolution pauses; nothing of the attack is kept yet,
    # and the stashed action is seen by nobody (it might name secret trap cards)
    assert [type(e) for e in events] == [RerollOffered, RerollStashed]
    assert events_for(events, 0) == events_for(events, None) == [events[0]]
    assert events[0] == RerollOffered(0, "0.deasta", "melee attack on 1.laeva", 3, ())
    assert isinstance(paused.pending, PendingReroll) and paused.pool == 6 and seats_to_move(paused) == (0,)
    assert legal(paused, 0) == [Reroll(0, True), Reroll(0, False)]
    assert view_json(paused, 1)["pending"] == {
        "kind": "reroll", "seat": 0, "char": "0.deasta", "who": "0.deasta",
        "purpose": "melee attack on 1.laeva", "result": 3,
    }  # fmt: skip
    refused(paused, EndStep(0), "answer the crowd-favour re-roll first")
    assert state_hash(s) == before
    # re-rolled: 9 stands. 11 + 9 = 20 against 9 + 2 = 11: ⌊9/2⌋ = 4 raw Sp, 1 STP, 4 − 1 = 3 Ép
    s2, events = act(paused, Reroll(0, True), [9, 2])
    assert isinstance(events[0], RerollDecided) and s2.opt.tokens == (0, 0)
    assert [e.result for e in of_kind(events, DiceRolled)] == [9, 2]
    assert of_kind(events, AttackResolved)[0][3:6] == (20, 11, True)
    assert value(s2, "ep", "1.laeva") == 7 and s2.pool == 4
    assert type(s2.pending).__name__ == "PendingShift"  # the winner's Akrobatika shift, as without favour
    # kept: the 3 stands, tokens kept. 11 + 3 = 14 against 11: ⌊3/2⌋ = 1 − SFÉ 1 = 0 Ép
    s3, events = act(paused, Reroll(0, False), [2])
    assert [e.result for e in of_kind(events, DiceRolled)] == [3, 2]
    assert of_kind(events, AttackResolved)[0][3:6] == (14, 11, True)
    assert s3.opt.tokens == (2, 0) and value(s3, "ep", "1.laeva") == 10


def test_the_defender_may_re_roll_his_own_defence_die__hr7_crowd_favour():
    s = with_opt(outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, opts=FAVOUR), tokens=(0, 2))
    paused, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])
    # the attack die (10) is seat 0's: no pause; the defence die (1) is 1.laeva's: seat 1 decides
    assert events[0] == RerollOffered(1, "1.laeva", "defence against 0.deasta", 1, (10,))
    assert seats_to_move(paused) == (1,) and legal(paused, 0) == []
    s, events = act(paused, Reroll(1, True), [8])
    # 11 + 10 = 21 against 9 + 8 = 17: ⌊4/2⌋ = 2 − SFÉ 1 = 1 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (21, 17, True)
    assert value(s, "ep", "1.laeva") == 9 and s.opt.tokens == (0, 0)


def test_without_two_tokens_nothing_pauses__hr7_crowd_favour():
    s = with_opt(outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, opts=FAVOUR), tokens=(1, 1))
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [3, 2])
    assert not of_kind(events, RerollOffered) and not isinstance(s.pending, PendingReroll)
    refused(s, Reroll(0, True), "no paused roll")


# --- Nyílt lapok (OPT_OPEN_INFORMATION) ------------------------------------------------------------------


def test_open_information_shows_every_secret_to_everyone__hr7_open_information():
    s = started(teams=teams(), options=options("opt_open_information", "opt_poison_vial", "opt_potion"))
    log = match_events(s)
    assert events_for(log, None) == log and events_for(log, 1) == log  # nothing is hidden
    for kind in (TrapsDealt, AmuletAssigned, MeTokenAssigned, GripRecorded):
        assert of_kind(events_for(log, 1), kind)
    for seat in (1, None):
        v = view_json(s, seat)
        assert v["seats"][0]["traps"] == list(s.traps[0]) and v["seats"][0]["disc_levels"] == list(s.discs[0])
        chars = {c["id"]: c for c in v["characters"]}
        assert chars["0.gladiator"]["amulet"] == "poison" and chars["0.gladiator"]["me_token"] == 2
        assert chars["0.gladiator"]["hand"] == ["shield", "short_sword"]  # before round 1, step 5
        assert chars["0.deasta"]["vial"] == "poison_vial" and chars["0.crossbowman"]["vial"] == "potion"
    plain = started(teams=teams(), options=options("opt_poison_vial", "opt_potion"))
    chars = {c["id"]: c for c in view_json(plain, 1)["characters"]}
    assert chars["0.gladiator"]["amulet"] is None and chars["0.deasta"]["vial"] is None
    assert view_json(plain, 1)["seats"][0]["traps"] is None


# --- secrecy of the vials ----------------------------------------------------------------------------------

VIAL_RULES = options("opt_poison_vial", "opt_potion", "opt_ammo_recovery")
HOLDERS = [
    {"deasta": "poison_vial", "crossbowman": "potion"},
    {"laeva": "potion", "gladiator": "poison_vial", "witch_master": "poison_vial"},
    {},
]


def _hidden_play(vials, seed, decisions=900):
    """A random match in which seat 0 never uses a vial: seat 1's and the spectators' views and
    logs, decision by decision."""
    s = new_match((team(vials), base_roster()), VIAL_RULES, seed)
    agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
    seen = []
    for _ in range(decisions):
        if s.phase is Phase.OVER:
            break
        seat = seats_to_move(s)[0]
        options_ = [a for a in legal_actions(s, seat) if not isinstance(a, (CoatWeapon, DrinkPotion))]
        s, events = apply(s, agents[seat].choose(s, seat, options_))
        seen.append((view_json(s, 1), view_json(s, None), events_for(events, 1), events_for(events, None)))
    return seen


@pytest.mark.parametrize("seed", [3, 11])
def test_the_opponent_sees_the_same_match_whoever_carries_which_vial__hr7_hr12_36(seed):
    with paused_gc():
        seen = [_hidden_play(vials, seed) for vials in HOLDERS]
    assert seen[0] == seen[1] == seen[2]


def test_a_vial_becomes_public_when_used_and_not_before__hr7():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, opts=VIAL_RULES)
    chars = {c["id"]: c for c in view_json(s, 1)["characters"]}
    assert (
        chars["0.deasta"]["vial"] is None
        and view_json(s, 0)["characters"][s.index["0.deasta"]]["vial"] == "poison_vial"
    )
    s, events = act(s, CoatWeapon(0, "0.deasta", 1))
    assert events_for(events, 1) == events and view_json(s, 1)["coated"] == "0.deasta"


# --- whole matches --------------------------------------------------------------------------------------


def _playout(seed, agent):
    s = new_match((team({"deasta": "poison_vial", "gladiator": "poison_vial", "crossbowman": "potion"}),
                   team({"laeva": "potion", "deasta": "poison_vial"})), options(), seed)  # fmt: skip
    agents = (agent(f"{seed}:0"), agent(f"{seed}:1"))
    actions = []
    while s.phase is not Phase.OVER:
        seat = seats_to_move(s)[0]
        a = agents[seat].choose(s, seat, legal_actions(s, seat))
        actions.append(a)
        s, _ = apply(s, a)
        assert len(actions) < 5000
    return s, actions


@pytest.mark.parametrize(("seed", "agent"), [(1, RandomAgent), (2, RandomAgent), (4, GreedyAgent)])
def test_a_random_match_with_every_option_ends_and_replays_to_the_same_hash__hr7(seed, agent):
    with paused_gc():
        s, actions = _playout(seed, agent)
    assert s.phase is Phase.OVER
    log = match_events(s)
    assert state_hash(replay(s.setup, [event_from_json(event_to_json(e)) for e in log])) == state_hash(s)
    again = replay_actions(s.setup, [action_from_json(action_to_json(a)) for a in actions])
    assert state_hash(again) == state_hash(s)


def test_every_option_is_exercised_by_a_few_random_matches__hr7():
    kinds = set()
    with paused_gc():
        for seed in range(6):
            s, _ = _playout(seed, RandomAgent)
            kinds |= {type(e).__name__ for e in match_events(s)}
    assert {"VialUsed", "AmmoLanded", "CrowdVerdict", "RerollOffered", "RerollDecided", "StonesThrown"} <= kinds


# --- set-up --------------------------------------------------------------------------------------------


def test_unknown_rules_and_vials_are_refused_at_set_up__hr7():
    with pytest.raises(ValueError, match="unknown optional rule opt_dragons"):
        new_match((base_roster(), base_roster()), MatchOptions(optional=frozenset({"opt_dragons"})))
    strategist = team({"strategist": "potion"})
    with pytest.raises(ValueError, match="the strategist carries no vial"):
        new_match((strategist, base_roster()), options())
    four = team({"gladiator": "potion", "deasta": "potion", "laeva": "potion", "crossbowman": "potion"})
    with pytest.raises(ValueError, match=r"a team carries at most 3 vials .*TB-21"):
        new_match((four, base_roster()), options())
    # a team not built for a rule the league uses plays it all the same (it simply has no vial)
    s = new_match((base_roster(), base_roster()), options("opt_potion"))
    assert s.opt is not None and s.opt.potion and not s.opt.poison


def test_a_match_without_options_has_no_optional_state_and_its_hash_is_unchanged():
    s = new_match((base_roster(), base_roster()), seed=7)
    assert s.opt is None and "optional_rules" not in view_json(s, None)
    _ = Move, Concede, G  # imported for the module's readers


def test_a_dagger_thrower_with_no_throw_open_cannot_coat__hr7_poison_vial():
    """The poison coats a weapon "before an attack" (HR-7): with no enemy to strike and no dagger
    throw open, the vial is neither offered nor accepted, and nothing is spent."""
    s = outer({"0.deasta": (6, -8)})
    assert not any(isinstance(a, (RangedAttack, MeleeAttack)) and a.char == "0.deasta" for a in legal(s, 0))
    assert not any(isinstance(a, CoatWeapon) for a in legal(s, 0))
    refused(s, CoatWeapon(0, "0.deasta", 1), "only a melee weapon with an enemy to strike, or a thrown dagger")
