"""WB-2's price formula and WB-1.1's totals and shares, as worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.warbands.rules.helpers import SAMPLE, full_warband
from warbands.rules import warband_content as c
from warbands.rules.army_list import army_figure
from warbands.rules.figure_prices import combat_value, cost_sum, figure_price, price_of, warband_totals
from warbands.rules.model import Figure, Pool


def test_wb2_example_q4_c3_no_rules_is_23():
    # 5 × 3 × 3 / 2 = 22.5 → 23 (half up)
    assert figure_price(Figure("Warrior", 4, 3)) == 23


def test_wb2_example_q6_c0_animal_is_at_least_1():
    # (1 − 3) × 1 / 2 = −1 → 1
    assert figure_price(Figure("Rat", 6, 0, rules=(c.ANIMAL,))) == 1


def test_wb2_combat_0_counts_as_one_fifth():
    assert combat_value(0) == 1 and combat_value(1) == 5 and combat_value(6) == 30
    assert figure_price(Figure("Child", 6, 0)) == 1  # 1 × 1 / 2 = 0.5 → 1


@pytest.mark.parametrize(("quality", "multiplied"), [(2, 25), (3, 20), (4, 15), (5, 10), (6, 5)])
def test_wb2_quality_multiplier(quality, multiplied):
    # (7 − Q)/2: Q2 ×2.5, Q3 ×2, Q4 ×1.5, Q5 ×1, Q6 ×0.5 of 5C′ + S = 10
    assert price_of(quality, 2, 0) == multiplied
    assert price_of(quality, 1, 0) == (5 * (7 - quality) + 1) // 2  # halves rounded up: Q4 7.5 → 8


def test_wb2_costs_add_and_each_id_counts_once():
    wizard = Figure("Wizard", 3, 1, rules=(c.MAGIC_USER,), spells=(c.SIMPLE_COMBAT_SPELL, c.BINDING))
    assert cost_sum(wizard) == 28 and figure_price(wizard) == 66  # (5 + 28) × 4 / 2
    twice = replace(wizard, spells=(c.BINDING, c.BINDING))
    assert cost_sum(twice) == 21  # WB-02 refuses the repeat; the price counts it once


def test_wb2_unknown_ids_cost_nothing():
    assert cost_sum(Figure("X", 4, 3, rules=("berserk",))) == 0


def test_wb3_3_magic_skill_costs_add_to_magic_users():
    # Necromancer (WB-6): Magic-user 15 + Necromancer 15 + Curse 5 + Villain 0 → (5 + 35) × 3 / 2 = 60
    assert figure_price(army_figure("necromancer")) == 60


def test_wb5_sample_totals():
    totals = warband_totals(SAMPLE)
    assert totals.figure_prices == (66, 50, 23, 23, 26)
    assert totals.minion_prices == ((12,), (), (), (), ())
    assert (totals.total, totals.figures, totals.pools, totals.unspent) == (200, 200, 0, 0)
    assert (totals.personality, totals.personality_cap, totals.animal, totals.animal_cap) == (66, 66, 12, 100)


@pytest.mark.parametrize(
    ("points", "third", "half", "quarter"),
    [(150, 50, 75, 37), (200, 66, 100, 50), (250, 83, 125, 62), (300, 100, 150, 75)],
)
def test_wb1_1_caps(points, third, half, quarter):
    totals = warband_totals(SAMPLE, points)
    assert (totals.personality_cap, totals.animal_cap, totals.pool_cap) == (third, half, quarter)


def test_wb4_2_borrowed_points_count_in_t_not_in_the_shares():
    warband = full_warband()
    totals = warband_totals(warband)
    assert (totals.figures, totals.pools, totals.total) == (223, 25, 248)
    assert totals.personality == 75  # the Mage alone; the pool is in no share
    bad = replace(warband, pools=(Pool(c.SUMMONER, -5),))
    assert warband_totals(bad).pools == 0  # refused by WB-10, counted as nothing
