"""Every WQ check (WQ-01…WQ-15) with a worked example, citing its WQ section and seed line."""

from __future__ import annotations

import pytest

from quests.rules import quest_checks
from quests.rules.quest_checks import SpellEntry
from quests.rules.quest_content import CardKind, Outcome, Status, WarriorClass
from quests.rules.rolls import Roll

K = CardKind
STATS = {
    "move": 4,
    "weapon_skill": 3,
    "ballistic_skill": 5,
    "strength": 3,
    "toughness": 3,
    "initiative": 3,
    "attacks": 1,
}


def codes(found):
    return [v.code for v in found]


def test_wq01_party_s3_l9_l56_one_to_four_one_of_each_class():
    assert quest_checks.check_party(["barbarian", "dwarf", "elf", "wizard"]) == ()
    assert quest_checks.check_party(["dwarf"]) == ()
    assert codes(quest_checks.check_party([])) == ["WQ-01"]
    assert codes(quest_checks.check_party(["elf", "elf"])) == ["WQ-01"]
    assert codes(quest_checks.check_party(["ranger"])) == ["WQ-01"]
    found = quest_checks.check_party(["barbarian", "dwarf", "elf", "wizard", "elf"])
    assert found[0].field == "warriors" and "one of each class" in found[0].en and "osztályból" in found[0].hu


def test_wq02_sheet_ranges_s3_l9_l33_l63_l188():
    ok = quest_checks.check_sheet("Gimli", "dwarf", STATS, 7, 5, 4, at_creation=True)
    assert ok == ()
    found = quest_checks.check_sheet("Gimli", "dwarf", {**STATS, "strength": 11}, 7, 5, 4, at_creation=True)
    assert codes(found) == ["WQ-02"] and found[0].field == "strength"
    assert found[0].en == "Gimli: Strength 11 is outside 1–10." and "Erő 11" in found[0].hu
    found = quest_checks.check_sheet("Gimli", "dwarf", {**STATS, "attacks": 2}, 7, 5, 4, at_creation=True)
    assert [v.field for v in found] == ["attacks"]  # A = 1 at creation (S3 l.33)
    assert quest_checks.check_sheet("Gimli", "dwarf", {**STATS, "attacks": 2}, 7, 5, 4, at_creation=False) == ()
    assert [v.field for v in quest_checks.check_sheet("Gimli", "dwarf", STATS, 13, 5, 4, at_creation=True)] == [
        "wounds_bonus"
    ]
    assert [v.field for v in quest_checks.check_sheet("Gimli", "dwarf", STATS, 7, 1, 4, at_creation=True)] == [
        "pinning"
    ]
    assert [v.field for v in quest_checks.check_sheet("Gimli", "dwarf", STATS, 7, None, 4, at_creation=True)] == [
        "pinning"
    ]
    # the Elf cannot be pinned (S3 l.281)
    assert quest_checks.check_sheet("Aranel", "elf", STATS, 7, None, 4, at_creation=True) == ()
    assert [v.field for v in quest_checks.check_sheet("Aranel", "elf", STATS, 7, 4, 4, at_creation=True)] == ["pinning"]
    assert [v.field for v in quest_checks.check_sheet("x" * 41, "elf", STATS, 7, None, 4, at_creation=True)] == ["name"]


def test_wq03_starting_wounds_rolled_s3_l63():
    assert quest_checks.check_starting_wounds("Gimli", Roll("wounds", (4,), 11, 7)) == ()
    assert quest_checks.check_starting_wounds("Gimli", Roll("wounds", (1, 3), 10, 7)) == ()
    assert codes(quest_checks.check_starting_wounds("Gimli", None, typed=12)) == ["WQ-03"]
    assert codes(quest_checks.check_starting_wounds("Gimli", Roll("wounds", (4, 3), 10, 7))) == ["WQ-03"]  # no 1 first
    assert codes(quest_checks.check_starting_wounds("Gimli", Roll("wounds", (1,), 8, 7))) == [
        "WQ-03"
    ]  # a 1 not re-rolled
    assert codes(quest_checks.check_starting_wounds("Gimli", Roll("wounds", (5,), 14, 7))) == ["WQ-03"]  # wrong sum
    assert quest_checks.check_starting_wounds("Gimli", None)[0].en == "Gimli: starting Wounds are rolled by the app."


def test_wq04_current_wounds_s3_l63_l625():
    assert quest_checks.check_current_wounds("Gimli", 0, 11) == ()
    assert quest_checks.check_current_wounds("Gimli", 12, 11)[0].en == "Gimli: Wounds must stay 0–11 (12)."
    assert codes(quest_checks.check_current_wounds("Gimli", -1, 11)) == ["WQ-04"]


def test_wq05_starting_items_s3_l45():
    assert quest_checks.check_starting_item("Conan", WarriorClass.BARBARIAN, ["Lantern"]) == ()
    assert quest_checks.check_starting_item("Gimli", WarriorClass.DWARF, ["Kötél"]) == ()
    found = quest_checks.check_starting_item("Aranel", WarriorClass.ELF, ["Rope"])
    assert found[0].code == "WQ-05" and found[0].en == "Aranel: the Elf starts with the Healing potion."


def test_wq06_leader_s3_l59_l175():
    classes = {"1": WarriorClass.BARBARIAN, "2": WarriorClass.ELF}
    assert quest_checks.check_leader(["1"], classes, at_setup=True) == ()
    assert codes(quest_checks.check_leader(["2"], classes, at_setup=True)) == ["WQ-06"]
    assert quest_checks.check_leader(["2"], classes, at_setup=False) == ()  # after the Barbarian died (S3 l.175)
    assert codes(quest_checks.check_leader([], classes, at_setup=True)) == ["WQ-06"]
    assert codes(quest_checks.check_leader(["1", "2"], classes, at_setup=True)) == ["WQ-06"]
    assert quest_checks.check_leader(["2"], {"2": WarriorClass.ELF, "3": WarriorClass.DWARF}, at_setup=True) == ()


SPELLS = [
    SpellEntry("attack", "Fireball", 6, 2),
    SpellEntry("defence", "Shield", 5, 1),
    SpellEntry("healing", "Heal", 4, 1),
]


def test_wq07_wizard_s3_l67_l69_l677():
    tokens = Roll("power_tokens", (4,), 4)
    assert quest_checks.check_wizard("Merlin", WarriorClass.WIZARD, SPELLS, tokens) == ()
    found = quest_checks.check_wizard("Merlin", WarriorClass.WIZARD, SPELLS[:2], tokens)
    assert [v.field for v in found] == ["spells"]
    assert found[0].en == "Merlin: the Wizard has 3 spells, one per deck, and at most 6 tokens."
    two_attacks = [SPELLS[0], SPELLS[0], SPELLS[2]]
    assert codes(quest_checks.check_wizard("Merlin", WarriorClass.WIZARD, two_attacks, tokens)) == ["WQ-07"]
    assert [
        v.field for v in quest_checks.check_wizard("Merlin", WarriorClass.WIZARD, SPELLS, None, typed_tokens=6)
    ] == ["power_tokens"]
    assert codes(quest_checks.check_wizard("Merlin", WarriorClass.WIZARD, SPELLS, Roll("power_tokens", (6,), 7))) == [
        "WQ-07"
    ]
    assert codes(quest_checks.check_wizard("Conan", WarriorClass.BARBARIAN, SPELLS, None)) == ["WQ-07"]
    assert quest_checks.check_wizard("Conan", WarriorClass.BARBARIAN, [], None) == ()


def test_wq08_adventure_deck_s3_l83_l84_l319():
    seven = [K.ENTRANCE, K.ROOM, K.CORRIDOR, K.ROOM, K.CORRIDOR, K.ROOM, K.OBJECTIVE]
    assert quest_checks.check_deck(seven) == ()
    assert quest_checks.check_deck([K.ROOM])[0].en == "Adventure deck: the first card is the entrance."
    assert codes(quest_checks.check_deck([K.ENTRANCE, K.ROOM, K.OBJECTIVE])) == ["WQ-08"]  # before the 7th card
    assert quest_checks.check_deck([K.ENTRANCE, K.T_JUNCTION, K.OBJECTIVE]) == ()  # the deck was split (S3 l.319)
    assert codes(quest_checks.check_deck([*seven, K.OBJECTIVE])) == ["WQ-08"]  # two objectives
    assert codes(quest_checks.check_deck([K.ENTRANCE] + [K.ROOM] * 13)) == ["WQ-08"]  # 14 cards


def test_wq09_treasure_no_more_than_events_s3_l653():
    assert quest_checks.check_event_treasure(2, 2) == ()
    assert quest_checks.check_event_treasure(3, 2)[0].en == "3 treasure cards, but only 2 Events."


def test_wq10_treasure_shared_evenly_s3_l655():
    assert quest_checks.check_treasure_share("a", "Conan", {"a": 0, "b": 0}) == ()
    assert quest_checks.check_treasure_share("b", "Aranel", {"a": 1, "b": 0}) == ()
    found = quest_checks.check_treasure_share("a", "Conan", {"a": 1, "b": 0})
    assert found[0].code == "WQ-10" and found[0].en == "Treasure is shared evenly: Conan must wait."


def test_wq11_monster_gold_to_the_killer_s3_l619_l649():
    assert quest_checks.check_kill("a", "a", 15) == ()
    assert codes(quest_checks.check_kill("a", "b", 15)) == ["WQ-11"]
    assert codes(quest_checks.check_kill("a", "a", -5)) == ["WQ-11"]
    assert codes(quest_checks.check_kill("a", "a", 2.5)) == ["WQ-11"]


def test_wq12_no_survivor_at_zero_wounds_s3_l625():
    assert quest_checks.check_outcome("Gimli", Outcome.SURVIVED, 1) == ()
    assert quest_checks.check_outcome("Gimli", Outcome.DIED, 0) == ()
    assert (
        quest_checks.check_outcome("Gimli", Outcome.SURVIVED, 0)[0].en == "Gimli ended at 0 Wounds: record him as died."
    )


def test_wq13_the_dead_and_the_lost_s3_l179_l661():
    assert quest_checks.check_living("Gimli", Status.ACTIVE) == ()
    assert quest_checks.check_living("Gimli", Status.DEAD)[0].en == "Gimli is dead."
    assert quest_checks.check_living("Gimli", Status.LOST)[0].hu == "Gimli elveszett."


def test_wq14_sales_s3_l657():
    assert quest_checks.check_sale(ended=True, survived=True, held_value=40, price=40) == ()
    for kwargs in (
        {"ended": False, "survived": True, "held_value": 40, "price": 40},
        {"ended": True, "survived": False, "held_value": 40, "price": 40},
        {"ended": True, "survived": True, "held_value": None, "price": 40},
        {"ended": True, "survived": True, "held_value": 40, "price": 50},
    ):
        assert codes(quest_checks.check_sale(**kwargs)) == ["WQ-14"]


@pytest.mark.parametrize("field", ["starting_wounds", "power_tokens", "adventure_number", "dice"])
def test_wq15_no_typed_rolls_house(field):
    found = quest_checks.check_not_typed({field: "6", "name": "x"})
    assert [(v.code, v.field) for v in found] == [("WQ-15", field)]
    assert found[0].en == "This roll is made and recorded by the app."
