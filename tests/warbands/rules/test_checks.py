"""The building checks WB-01 … WB-15 (WB-5, "Validator checklist"): for each, a valid warband and one
worked example per way to break it, each citing its WB section."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.warbands.rules.helpers import (
    SAMPLE,
    adding,
    broken,
    codes,
    elementalist_warband,
    full_warband,
    with_figure,
)
from warbands.rules import warband_content as c
from warbands.rules.army_list import army_figure, army_minion
from warbands.rules.figure_prices import warband_totals
from warbands.rules.model import Figure, Minion, Pool, Warband
from warbands.rules.warband_checks import BUILDING_CODES, VALIDATORS, check_warband

ROOMY = replace(SAMPLE, points=300)  # the sample at L 300: room for a figure made dearer by its fault
WIZARD = 0  # the sample's figures: Wizard (+ Raven), Knight, Warrior 1, Warrior 2, Archer
KNIGHT = 1
WARRIOR = 2


def raven(**changes: object) -> Minion:
    minion = army_minion("raven")
    return replace(minion, figure=replace(minion.figure, **changes))  # type: ignore[arg-type]


def only(warband: Warband, code: str, **options: object) -> list[str]:
    """The fields of the violations of ``code``, asserting that nothing else is broken."""
    found = check_warband(warband, **options)  # type: ignore[arg-type]
    assert {v.code for v in found} == {code}, [v.line() for v in found]
    return [v.field for v in found]


# --- Valid warbands ----------------------------------------------------------------------------------


def test_wb5_sample_is_valid_and_costs_exactly_200():
    totals = warband_totals(SAMPLE)
    assert (totals.total, totals.personality, totals.animal) == (200, 66, 12)
    assert check_warband(SAMPLE) == ()


def test_wb5_sample_with_a_necromancer_breaks_exactly_wb06_wb07_wb13():
    with_necromancer = adding(SAMPLE, army_figure("necromancer"))
    assert sorted(codes(with_necromancer)) == ["WB-06", "WB-07", "WB-13"]
    lines = [v.line() for v in check_warband(with_necromancer)]
    assert lines == [
        "WB-06 figures: Warband costs 260; limit 200.",
        "WB-07 figures: Personalities cost 126; at most 66.",
        "WB-13 figures[5]: Paladin (Knight) and Villain (Necromancer) cannot serve together.",
    ]
    hungarian = [v.text("hu") for v in check_warband(with_necromancer)]
    assert hungarian[0] == "Az osztag ára 260; a keret 200."


def test_wb5_sample_with_a_necromancer_and_the_switch_off_breaks_wb06_wb07_only():
    assert sorted(codes(adding(SAMPLE, army_figure("necromancer")), incompatible=False)) == ["WB-06", "WB-07"]


def test_wb4_full_warband_with_pool_and_illusions_is_valid():
    warband = full_warband()
    assert warband_totals(warband).total == 248
    assert check_warband(warband) == ()


def test_wb4_2_elementalist_warband_is_valid():
    assert check_warband(elementalist_warband()) == ()


def test_every_building_check_has_a_validator_with_its_id():
    assert tuple(VALIDATORS) == BUILDING_CODES == tuple(f"WB-{n:02d}" for n in range(1, 16))


# --- WB-01 Quality and Combat (WB-1.2, S4 l.171–191) -------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("quality", 1), ("quality", 7), ("combat", -1), ("combat", 7)])
def test_wb01_profile_out_of_range(field, value):
    assert only(with_figure(ROOMY, KNIGHT, **{field: value}), "WB-01", points=300) == [f"figures[1].{field}"]


def test_wb01_profile_must_be_a_whole_number_not_a_boolean():
    # WB-1.2: whole numbers; True is not a Quality (it would price as 1)
    assert "WB-01" in broken(with_figure(ROOMY, WARRIOR, quality=True))


def test_wb01_bounds_are_accepted():
    edges = with_figure(ROOMY, WARRIOR, quality=6, combat=0)
    assert "WB-01" not in broken(edges)


def test_wb01_applies_to_minions():
    warband = with_figure(ROOMY, WIZARD, minions=(raven(quality=1),))
    assert only(warband, "WB-01") == ["figures[0].minions[0].quality"]


def test_wb01_message_names_the_figure_and_the_field_in_both_languages():
    (violation,) = check_warband(with_figure(ROOMY, WARRIOR, combat=9))
    assert violation.text("en") == "Warrior 1: Combat 9 is out of range; it must be a whole number from 0 to 6."
    assert "Harc" in violation.text("hu") and "Warrior 1" in violation.text("hu")


# --- WB-02 Unknown or repeated rules, spells, skills (WB-3, S4 l.19, l.167) ---------------------------


def test_wb02_unknown_rule():
    assert only(with_figure(ROOMY, WARRIOR, rules=("berserk",)), "WB-02") == ["figures[2].rules[0]"]


def test_wb02_unknown_spell():
    warband = with_figure(ROOMY, WIZARD, spells=(c.SIMPLE_COMBAT_SPELL, "fireball"))
    assert only(warband, "WB-02") == ["figures[0].spells[1]"]


def test_wb02_unknown_magic_skill_and_a_skill_listed_as_a_rule():
    warband = with_figure(ROOMY, WIZARD, skills=("alchemist",), rules=(c.MAGIC_USER, c.NECROMANCER))
    assert set(only(warband, "WB-02")) == {"figures[0].skills[0]", "figures[0].rules[1]"}


def test_wb02_rule_listed_twice():
    warband = with_figure(ROOMY, KNIGHT, rules=(c.HEAVY_ARMOUR, c.PALADIN, c.HEAVY_ARMOUR))
    assert only(warband, "WB-02") == ["figures[1].rules[2]"]


def test_wb02_spell_listed_twice():
    warband = with_figure(ROOMY, WIZARD, spells=(c.BINDING, c.BINDING), minions=())
    assert only(warband, "WB-02") == ["figures[0].spells[1]"]


def test_wb02_unknown_elemental_tag():
    assert only(with_figure(ROOMY, WARRIOR, element="lava"), "WB-02") == ["figures[2].element"]


# --- WB-03 Magic needs Magic-user (WB-1.2, S4 l.11, l.19, l.67, l.81, l.115) --------------------------


def test_wb03_spell_without_magic_user():
    assert only(with_figure(ROOMY, WARRIOR, spells=(c.BINDING,)), "WB-03") == ["figures[2].spells[0]"]


def test_wb03_magic_skill_without_magic_user():
    # S4 l.81: only a personality may be a Necromancer
    warband = with_figure(ROOMY, WARRIOR, skills=(c.NECROMANCER,))
    assert only(warband, "WB-03") == ["figures[2].skills[0]"]


def test_wb03_and_wb09_minion_on_a_figure_without_magic_user():
    # WB-5: "a minion on a figure without Magic-user breaks WB-03 and WB-09"
    warband = replace(with_figure(ROOMY, WIZARD, minions=()), figures=SAMPLE.figures[1:2] + SAMPLE.figures[2:])
    warband = with_figure(warband, 0, minions=(army_minion("raven"),))
    assert sorted(codes(warband)) == ["WB-03", "WB-09"]


# --- WB-04 Refused combinations on one figure (WB-4.4) -----------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        (c.BIG, c.GIGANTIC),
        (c.SHOOTER_SHORT, c.SHOOTER_LONG),
        (c.LONG_MOVE, c.SLOW),
        (c.SHORT_MOVE, c.SLOW),
        (c.UNDEAD, c.ARTIFICIAL),
    ],
)
def test_wb04_pair_on_one_figure(rules):
    assert only(with_figure(ROOMY, WARRIOR, rules=rules), "WB-04") == ["figures[2].rules"]


def test_wb04_animal_magic_user():
    warband = with_figure(ROOMY, WIZARD, rules=(c.MAGIC_USER, c.ANIMAL))
    assert "WB-04" in broken(warband)


def test_wb04_and_wb13_paladin_villain_on_one_figure():
    # WB-5: Paladin and Villain on one figure break WB-04 and, with the switch on, WB-13
    warband = with_figure(ROOMY, KNIGHT, rules=(c.HEAVY_ARMOUR, c.PALADIN, c.VILLAIN))
    assert sorted(codes(warband)) == ["WB-04", "WB-13"]
    assert sorted(codes(warband, incompatible=False)) == ["WB-04"]


def test_wb04_message():
    (violation,) = check_warband(with_figure(ROOMY, WARRIOR, rules=(c.BIG, c.GIGANTIC)), points=300)
    assert violation.text("en") == "Warrior 1 cannot have both Big and Gigantic."


# --- WB-05 Game size (WB-1.1, S4 l.159) --------------------------------------------------------------


@pytest.mark.parametrize("points", [149, 301, 0])
def test_wb05_game_size_outside_150_300(points):
    assert "WB-05" in broken(SAMPLE, points=points)


@pytest.mark.parametrize("points", [200, 250, 300])
def test_wb05_game_size_inside(points):
    assert check_warband(SAMPLE, points=points) == ()


def test_wb05_game_size_in_the_warband():
    assert only(replace(SAMPLE, points=400), "WB-05") == ["points"]


# --- WB-06 T ≤ L (WB-1.1, WB-2) ----------------------------------------------------------------------


def test_wb06_one_point_over():
    warband = with_figure(SAMPLE, WARRIOR, combat=4)  # Warrior Q4 C4: 30, T = 207
    assert warband_totals(warband).total == 207
    assert only(warband, "WB-06") == ["figures"]


def test_wb06_pool_points_count_in_t():
    warband = replace(full_warband(), pools=(Pool(c.SUMMONER, 75, ()),))  # 223 + 75 = 298 ≤ 300
    assert check_warband(warband) == ()
    over = adding(warband, army_figure("militia"))  # + 3 = 301
    assert only(over, "WB-06") == ["figures"]


def test_wb06_lapses_after_registration():
    # WB-8.1: after registration, T ≤ L lapses
    warband = with_figure(SAMPLE, WARRIOR, combat=4)
    assert check_warband(warband, registered=True) == ()


# --- WB-07 Personalities ≤ ⌊L/3⌋ (WB-1.1, S4 l.159, A3) -----------------------------------------------


def test_wb07_personalities_over_a_third():
    # 66 + Sergeant 45 = 111 > 66 (T would also break: check at L 300, cap 100)
    warband = adding(SAMPLE, army_figure("sergeant"))
    assert only(warband, "WB-07", points=300) == ["figures"]
    (violation,) = check_warband(warband, points=300)
    assert violation.text("en") == "Personalities cost 111; at most 100."


def test_wb07_the_cap_is_rounded_down():
    # ⌊200/3⌋ = 66: the Wizard at 66 passes, at 67 does not (Wizard Q3 C1 + Binding + Beam = 68)
    wizard = replace(SAMPLE.figures[WIZARD], spells=(c.SIMPLE_COMBAT_SPELL, c.BEAM_OF_POWER))  # 5+27=32×4 → 64
    assert "WB-07" not in broken(with_figure(SAMPLE, WIZARD, spells=wizard.spells), points=300)
    heavy = with_figure(SAMPLE, WIZARD, spells=(c.SIMPLE_COMBAT_SPELL, c.BINDING, c.BARRIER))  # 36×4 → 72
    assert "WB-07" in broken(heavy)


def test_wb07_minions_do_not_count():
    # WB-4.1: the Raven (12) is not in the personality share
    assert warband_totals(SAMPLE).personality == 66


# --- WB-08 Animals ≤ ⌊L/2⌋ (WB-1.1, pub.) --------------------------------------------------------------


def test_wb08_animals_over_half():
    wolves = tuple(army_figure("wolf", f"Wolf {n}") for n in range(4))  # 4 × 26 = 104 > 100
    warband = Warband("Pack", wolves)
    assert only(warband, "WB-08") == ["figures"]


def test_wb08_minions_count():
    # the Raven counts: 3 wolves 78 + Raven 12 = 90 ≤ 100; a 4th wolf makes 116
    wolves = tuple(army_figure("wolf", f"Wolf {n}") for n in range(3))
    warband = Warband("Pack", (SAMPLE.figures[WIZARD], *wolves))
    assert warband_totals(warband).animal == 90 and check_warband(warband) == ()
    assert "WB-08" in broken(adding(warband, army_figure("wolf", "Wolf 3")), points=300) | broken(
        adding(warband, army_figure("wolf", "Wolf 3"))
    )


# --- WB-09 Minion (WB-4.1, S4 l.11–13) ----------------------------------------------------------------


def test_wb09_second_minion():
    warband = with_figure(SAMPLE, WIZARD, minions=(army_minion("raven"), army_minion("raven", "Crow")))
    assert "figures[0].minions[1]" in only(warband, "WB-09", points=300)


def test_wb09_minion_combat_over_2():
    warband = with_figure(SAMPLE, WIZARD, minions=(raven(combat=3),))
    assert only(warband, "WB-09", points=300) == ["figures[0].minions[0].combat"]


@pytest.mark.parametrize("rule", [c.HERO, c.BIG, c.GIGANTIC])
def test_wb09_minion_with_a_personality_rule_or_a_size(rule):
    warband = with_figure(SAMPLE, WIZARD, minions=(raven(rules=(c.ANIMAL, c.FLYING, rule)),))
    assert only(warband, "WB-09", points=300) == ["figures[0].minions[0].rules[2]"]


def test_wb09_and_wb03_minion_with_a_spell():
    warband = with_figure(SAMPLE, WIZARD, minions=(raven(spells=(c.BINDING,)),))
    assert sorted(codes(warband, points=300)) == ["WB-03", "WB-09"]


def test_wb09_minion_with_a_minion():
    warband = with_figure(SAMPLE, WIZARD, minions=(raven(minions=(army_minion("raven", "Chick"),)),))
    assert "WB-09" in broken(warband, points=300)


def test_wb09_grant_must_be_a_grantable_skill():
    warband = with_figure(SAMPLE, WIZARD, minions=(Minion(army_minion("raven").figure, c.ANIMAL),))
    assert only(warband, "WB-09") == ["figures[0].minions[0].grant"]


def test_wb09_grant_the_minion_does_not_have():
    warband = with_figure(SAMPLE, WIZARD, minions=(Minion(army_minion("raven").figure, c.HEAVY_ARMOUR),))
    assert only(warband, "WB-09") == ["figures[0].minions[0].grant"]


def test_wb09_grant_the_master_already_has():
    wizard = replace(SAMPLE.figures[WIZARD], rules=(c.MAGIC_USER, c.FLYING))
    warband = with_figure(SAMPLE, WIZARD, rules=wizard.rules)
    assert only(warband, "WB-09", points=300) == ["figures[0].minions[0].grant"]


def test_wb09_no_grant_is_fine():
    assert check_warband(with_figure(SAMPLE, WIZARD, minions=(Minion(army_minion("raven").figure),))) == ()


# --- WB-10 Pools (WB-4.2, S4 l.91, l.105) -------------------------------------------------------------


def _pools(*pools: Pool) -> Warband:
    return replace(full_warband(), pools=pools)


def test_wb10_negative_borrowing():
    assert only(_pools(Pool(c.SUMMONER, -5)), "WB-10") == ["pools[0].borrowed"]


def test_wb10_borrowing_that_is_not_a_whole_number():
    assert only(_pools(Pool(c.SUMMONER, True)), "WB-10") == ["pools[0].borrowed"]  # type: ignore[arg-type]


def test_wb10_borrowing_without_the_skill():
    assert only(_pools(Pool(c.ELEMENTALIST, 10)), "WB-10") == ["pools[0].borrowed"]


def test_wb10_an_empty_pool_without_the_skill_is_fine():
    assert check_warband(_pools(Pool(c.ELEMENTALIST, 0))) == ()


def test_wb10_two_pools_of_one_skill():
    assert only(_pools(Pool(c.SUMMONER, 10), Pool(c.SUMMONER, 10)), "WB-10") == ["pools[1]"]


def test_wb10_borrowing_over_a_quarter():
    # ⌊300/4⌋ = 75: 76 is over (and T = 223 + 76 = 299 stays within L)
    assert only(_pools(Pool(c.SUMMONER, 76)), "WB-10") == ["pools"]


def test_wb10_unknown_pool_skill():
    assert only(_pools(Pool("necromancer", 5)), "WB-10") == ["pools[0].skill"]


# --- WB-11 Summons (WB-4.2, S4 l.93, l.105) -----------------------------------------------------------


def test_wb11_summon_over_twice_the_borrowing():
    # B 25 holds 50: an Ogre (47) fits, a Hero (53) does not
    warband = _pools(Pool(c.SUMMONER, 25, (army_figure("ogre"), army_figure("hero"))))
    assert only(warband, "WB-11") == ["pools[0].summons[1].price"]
    (violation,) = check_warband(warband)
    assert violation.text("en") == "Hero costs 53; pool holds 50."


def test_wb11_illegal_summon_profile():
    warband = _pools(Pool(c.SUMMONER, 25, (replace(army_figure("skeleton"), quality=9),)))
    assert only(warband, "WB-11") == ["pools[0].summons[0].quality"]


def test_wb11_summon_with_a_minion_or_a_pool_skill():
    conjurer = replace(army_figure("conjurer"), minions=(army_minion("raven"),))
    warband = _pools(Pool(c.SUMMONER, 75, (conjurer,)))
    assert set(only(warband, "WB-11")) == {"pools[0].summons[0].minions", "pools[0].summons[0].skills[0]"}


def test_wb11_elementalist_summon_needs_an_elemental_tag():
    warband = elementalist_warband()
    pool = warband.pools[0]
    untagged = replace(warband, pools=(replace(pool, summons=(army_figure("warrior"),)),))
    assert only(untagged, "WB-11") == ["pools[0].summons[0].element"]


# --- WB-12 Illusions (WB-4.3, S4 l.121–129) -----------------------------------------------------------


def test_wb12_illusion_over_half_the_illusionist():
    # the Mage costs 75: illusions up to 37; a Hero (53) is over
    warband = replace(full_warband(), illusions=(army_figure("hero"),))
    assert only(warband, "WB-12") == ["illusions[0].price"]
    assert check_warband(warband)[0].text("en") == "Hero costs 53; it may cost at most 37."


def test_wb12_illusion_list_without_an_illusionist():
    assert only(replace(SAMPLE, illusions=(army_figure("militia"),)), "WB-12") == ["illusions"]


def test_wb12_illegal_illusion_profile():
    warband = replace(full_warband(), illusions=(replace(army_figure("militia"), rules=(c.BIG, c.GIGANTIC)),))
    assert only(warband, "WB-12") == ["illusions[0].rules"]


def test_wb12_undead_illusionist_may_cast():
    # S4 l.129: Undead and Artificial figures may be Illusionists
    warband = full_warband()
    lich = replace(warband.figures[0], rules=(c.MAGIC_USER, c.UNDEAD))  # 5 + 48 = 53 × 3 → 80, limit 40
    assert check_warband(with_figure(warband, 0, rules=lich.rules)) == ()


# --- WB-13 Incompatible figures in one warband (WB-4.4, S4 l.163, pub.) ---------------------------------


def test_wb13_paladin_beside_a_villain():
    villain = replace(army_figure("warrior", "Brute"), rules=(c.VILLAIN,))
    warband = adding(with_figure(SAMPLE, WARRIOR, combat=0), villain)  # keep T under 200
    warband = replace(warband, figures=warband.figures[:2] + warband.figures[3:])
    assert only(warband, "WB-13") == ["figures[4]"]


def test_wb13_sorcerer_beside_a_cleric():
    sorcerer = replace(army_figure("hedge_mage", "Sorcerer"), quality=5, skills=(c.SORCERER,))  # 42
    warband = Warband("Cult", (sorcerer, army_figure("warrior"), army_figure("priest")))
    assert only(warband, "WB-13", points=300) == ["figures[2]"]


def test_wb13_switch_off():
    sorcerer = replace(army_figure("hedge_mage", "Sorcerer"), quality=5, skills=(c.SORCERER,))
    warband = Warband("Cult", (sorcerer, army_figure("priest")))
    assert check_warband(warband, points=300, incompatible=False) == ()


# --- WB-14 Names (WB-1.2, house) ----------------------------------------------------------------------


def test_wb14_no_warband_name():
    assert only(replace(SAMPLE, name="   "), "WB-14") == ["name"]


def test_wb14_warband_name_over_80_characters():
    assert only(replace(SAMPLE, name="n" * 81), "WB-14") == ["name"]
    assert check_warband(replace(SAMPLE, name="n" * 80)) == ()


def test_wb14_no_figure():
    assert only(Warband("Empty"), "WB-14") == ["figures"]


def test_wb14_figure_without_a_name():
    assert only(with_figure(SAMPLE, WARRIOR, name=""), "WB-14") == ["figures[2].name"]


def test_wb14_figure_name_over_40_characters():
    assert only(with_figure(SAMPLE, WARRIOR, name="x" * 41), "WB-14") == ["figures[2].name"]
    assert check_warband(with_figure(SAMPLE, WARRIOR, name="x" * 40)) == ()


def test_wb14_repeated_name_ignoring_case_and_spaces():
    assert only(with_figure(SAMPLE, WARRIOR, name=" warrior 2 "), "WB-14") == ["figures[3].name"]


def test_wb14_minion_name_repeats_a_figure():
    warband = with_figure(
        SAMPLE, WIZARD, minions=(Minion(replace(army_minion("raven").figure, name="Knight"), c.FLYING),)
    )
    assert only(warband, "WB-14") == ["figures[1].name"]


def test_wb14_summon_needs_a_name():
    warband = _pools(Pool(c.SUMMONER, 25, (replace(army_figure("skeleton"), name=""),)))
    assert only(warband, "WB-14") == ["pools[0].summons[0].name"]


# --- WB-15 Stated prices (WB-2, house) ----------------------------------------------------------------


def test_wb15_stated_price_differs():
    warband = with_figure(SAMPLE, KNIGHT, price=45)
    assert only(warband, "WB-15") == ["figures[1].price"]
    assert check_warband(warband)[0].text("en") == "Knight: price 45 ≠ computed 50."


def test_wb15_stated_price_right():
    assert check_warband(with_figure(SAMPLE, KNIGHT, price=50)) == ()


def test_wb15_minion_price():
    warband = with_figure(SAMPLE, WIZARD, minions=(raven(price=10),))
    assert only(warband, "WB-15") == ["figures[0].minions[0].price"]


def test_an_empty_figure_breaks_without_crashing():
    warband = Warband("", (Figure("", 0, -4, rules=("?",), minions=(Minion(Figure("", 0, 0), "?"),)),), points=5)
    assert broken(warband) >= {"WB-01", "WB-02", "WB-03", "WB-05", "WB-09", "WB-14"}
