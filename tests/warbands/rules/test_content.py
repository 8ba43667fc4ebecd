"""The WB-3 tables and the WB-6 army list as data: every entry cites its section and seed lines,
has both languages and the seed's term where the seed names it, and WB-6's prices are WB-2's."""

from __future__ import annotations

import pytest

from warbands.rules import warband_content as c
from warbands.rules.army_list import ARMY_LIST, army_figure
from warbands.rules.figure_prices import figure_price

SEED_LINES = 191  # seed 004 has 191 lines


@pytest.mark.parametrize("entry", list(c.ALL_ENTRIES.values()), ids=list(c.ALL_ENTRIES))
def test_every_entry_cites_wb_and_the_seed_in_both_languages(entry):
    assert entry.wb in ("WB-3.1", "WB-3.2", "WB-3.3")
    assert all(1 <= n <= SEED_LINES for n in entry.seed_lines)
    assert entry.name.en and entry.name.hu and entry.effect.en and entry.effect.hu
    assert entry.source in ("pub.", "house")
    if entry.seed_lines and entry.category is not c.Category.RULE:
        assert entry.russian  # every spell and skill is named in the seed


def test_wb3_costs():
    costs = {i: e.cost for i, e in c.ALL_ENTRIES.items()}
    assert [costs[r] for r in (c.HERO, c.TOUGH, c.LEADER, c.TERROR, c.ASSASSIN, c.CLERIC, c.MAGIC_USER)] == [15] * 7
    assert [costs[r] for r in (c.VILLAIN, c.PALADIN, c.UNDEAD, c.ARTIFICIAL, c.BIG, c.GIGANTIC)] == [0, 2, 3, 3, 3, 5]
    assert [costs[r] for r in (c.ANIMAL, c.SAVAGE, c.SHOOTER_SHORT, c.SHOOTER_MEDIUM, c.SHOOTER_LONG)] == [
        -3,
        3,
        2,
        4,
        7,
    ]
    assert [costs[r] for r in (c.HEAVY_ARMOUR, c.LONG_MOVE, c.SHORT_MOVE, c.SLOW, c.FLYING)] == [3, 10, -3, -5, 10]
    spells = (c.SIMPLE_COMBAT_SPELL, c.BEAM_OF_POWER, c.FORCE_BLAST, c.BINDING, c.BARRIER, c.CURSE, c.ENCHANTMENT)
    assert [costs[s] for s in spells] == [7, 5, 4, 6, 3, 5, 15]
    skills = (c.SORCERER, c.NECROMANCER, c.SUMMONER, c.ELEMENTALIST, c.ILLUSIONIST)
    assert [costs[s] for s in skills] == [15] * 5
    assert [costs[s] for s in (c.MAGIC_VAMPIRE, c.TELEPATH, c.DRUID, c.TELEKINETIC)] == [8, 15, 10, 12]


def test_wb1_2_personality_rules_are_the_seeds_seven():
    # S4 l.159: Герой, Крепкий, Лидер, Ужас, Убийца, Священник, Пользователь магией
    russian = {c.RULES[r].russian for r in c.PERSONALITY_RULES}
    assert russian == {"Герой", "Крепкий", "Лидер", "Ужас", "Убийца", "Священник", "Пользователь магией"}


@pytest.mark.parametrize("profile", list(ARMY_LIST.values()), ids=list(ARMY_LIST))
def test_wb6_army_list_prices_are_wb2(profile):
    assert figure_price(army_figure(profile.id)) == profile.listed_price


def test_wb6_personalities_and_summons():
    personalities = {p.id for p in ARMY_LIST.values() if p.personality}
    expected = {"sergeant", "hero", "wizard", "hedge_mage", "priest", "necromancer", "conjurer"}
    assert personalities == expected
    assert [p.id for p in ARMY_LIST.values() if not p.summonable] == ["conjurer"]
    assert {p.element for p in ARMY_LIST.values() if p.element} == {"earth", "fire", "air", "water"}


@pytest.mark.parametrize(("price", "ap"), [(1, 1), (35, 1), (36, 2), (100, 2), (101, 3)])
def test_wb4_2_summon_tiers(price, ap):
    # S4 l.93: 1 AP up to 35, 2 AP up to 100, 3 AP any
    assert c.summon_tier(price) == ap


def test_army_figure_names_in_both_languages():
    assert army_figure("knight", language="hu").name == "Lovag"
    assert army_figure("knight", "Sir Bors").name == "Sir Bors"
