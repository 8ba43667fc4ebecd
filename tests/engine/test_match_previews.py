"""The numbers an attack will roll against, shown before it is made (RB p.9-10): read from the
engine's own resolution, so they agree with the attack when it is made with any dice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine import apply, legal_actions, state_hash
from arena.engine.match.actions import Dodge, MeleeAttack, Move, RangedAttack
from arena.engine.match.events import AttackResolved
from arena.engine.match.previews import AttackPreview, attack_preview, hit_chance

from .match_helpers import act, of_kind, place, started, to_step
from .match_helpers import name as name_chars


def outer_duel():
    """0.deasta (TÉ 11) and 1.laeva (VÉ 9) share (6,-8); seat 0 acts (test_match_melee's duel)."""
    s = place(started(), {"0.deasta": (6, -8), "1.laeva": (6, -8), "0.laeva": (5, -8)})
    return name_chars(s, 0, "0.deasta", "0.laeva")


def gladiator_duel(grips):
    s = to_step(started(grips=grips), 5)
    return place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})


def test_melee_preview_is_te_against_ve__rb_p9():
    preview = attack_preview(outer_duel(), MeleeAttack(0, "0.deasta", "1.laeva", man=2))
    # TÉ 11 against VÉ 9 (the worked example rolls 7 and 2: 18 against 11)
    assert preview == AttackPreview(11, 9, False)
    assert preview.chance == hit_chance(11, 9) == 0.64


def test_preview_of_a_defender_who_may_dodge_is_without_kiteres__hr4():
    s = gladiator_duel((("greatsword",), ("shield", "short_sword")))
    preview = attack_preview(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    # greatsword TÉ 22 against short sword + shield VÉ 9; the shield allows Kitérés (test_match_melee)
    assert preview == AttackPreview(22, 9, True)
    after, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    _, events = act(after, Dodge(1, "1.gladiator", False), [4, 4])
    assert of_kind(events, AttackResolved)[0][3:5] == (22 + 4, 9 + 4)


def test_ranged_preview_is_ce_against_twice_the_obstacles__rb_p10():
    s = name_chars(place(started(), {"0.crossbowman": (4, -8), "1.deasta": (8, -6)}), 0, "0.crossbowman", "0.deasta")
    # CÉ 12 against 2 × 4 block borders (test_match_ranged's worked example)
    assert attack_preview(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2)) == AttackPreview(12, 8, False)


def test_no_preview_for_what_is_not_an_attack_or_is_not_legal():
    s = outer_duel()
    assert attack_preview(s, Move(0, "0.laeva", ((5, -8), (6, -8)), man=1)) is None
    assert attack_preview(s, MeleeAttack(0, "0.laeva", "1.laeva", man=2)) is None  # not on his hex


def test_the_preview_leaves_the_state_as_it_was():
    s = outer_duel()
    before = state_hash(s)
    attack_preview(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2))
    assert state_hash(s) == before


def test_hit_chance_counts_the_hundred_pairs():
    assert hit_chance(11, 9) == 0.64
    assert hit_chance(9, 9) == 0.45  # ties go to the defender
    assert hit_chance(0, 20) == 0.0


@settings(max_examples=25, deadline=None)
@given(a=st.integers(1, 10), d=st.integers(1, 10))
def test_every_legal_attacks_preview_agrees_with_the_attack_made_with_any_dice(a, d):
    s = outer_duel()
    for action in legal_actions(s, 0):
        preview = attack_preview(s, action)
        if preview is None:
            continue
        after, events = act(s, action, [a, d])
        if after.pending is not None and isinstance(action, MeleeAttack) and preview.dodge_possible:
            continue
        resolved = of_kind(events, AttackResolved)[0]
        assert (resolved.attack_total, resolved.defence_total) == (preview.attack_value + a, preview.defence_value + d)


def test_the_preview_stays_under_crowd_favour_whoever_holds_two_tokens__hr7_crowd_favour():
    """HR-7 (Közönség kegye): a re-roll changes a die, never a value, so the preview with 2 tokens
    on either side is the preview without them (TÉ 11 against VÉ 9, RB p.9)."""
    from .test_optional_rules import FAVOUR, outer, with_opt

    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, opts=FAVOUR)
    attack = MeleeAttack(0, "0.deasta", "1.laeva", man=2)
    plain = attack_preview(s, attack)
    assert plain == AttackPreview(11, 9, False)
    for tokens in ((2, 0), (0, 2), (2, 2), (3, 5)):
        held = with_opt(s, tokens=tokens)
        before = state_hash(held)
        assert attack_preview(held, attack) == plain, tokens
        assert state_hash(held) == before


def test_the_preview_with_kiteres_possible_stays_under_crowd_favour__hr7_crowd_favour_hr4():
    from .test_optional_rules import FAVOUR, gladiators, with_opt

    s = gladiators(opts=FAVOUR, grips=(("greatsword",), ("shield", "short_sword")))
    attack = MeleeAttack(0, "0.gladiator", "1.gladiator", man=2)
    assert attack_preview(s, attack) == AttackPreview(22, 9, True)  # as without the rule
    for tokens in ((2, 0), (0, 2), (2, 2)):
        assert attack_preview(with_opt(s, tokens=tokens), attack) == AttackPreview(22, 9, True), tokens
