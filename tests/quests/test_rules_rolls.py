"""The app's rolls (WQ-6): worked examples with fixed dice, and the seeded source replayed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quests.rules.quest_content import WarriorClass
from quests.rules.quest_dice import FixedDice, SeededDice
from quests.rules.rolls import (
    Member,
    choose_leader,
    draw_lot,
    draw_warriors,
    roll_adventure_number,
    roll_power_tokens,
    roll_starting_wounds,
    turn_order,
)


def test_wq2_starting_wounds_s3_l63_die_plus_bonus():
    roll = roll_starting_wounds(FixedDice([4]), bonus=7)
    assert roll.dice == (4,) and roll.total == 11 and not roll.rerolled


def test_wq2_starting_wounds_s3_l63_a_one_is_rerolled_once_and_the_second_die_stands():
    roll = roll_starting_wounds(FixedDice([1, 1]), bonus=9)
    assert roll.dice == (1, 1) and roll.total == 10  # the second 1 stands: no second re-roll
    roll = roll_starting_wounds(FixedDice([1, 5]), bonus=9)
    assert roll.dice == (1, 5) and roll.total == 14


def test_wq2_power_tokens_s3_l69_one_die_at_most_six():
    roll = roll_power_tokens(FixedDice([6]))
    assert roll.dice == (6,) and roll.total == 6


def test_wq3_adventure_number_s3_l82():
    assert roll_adventure_number(FixedDice([3])).total == 3


def test_wq6_lot_s3_l56_highest_wins_and_ties_roll_again():
    lot = draw_lot(FixedDice([5, 5, 2, 3, 6]), ["a", "b", "c"])
    assert lot.rounds == ((("a", 5), ("b", 5), ("c", 2)), (("a", 3), ("b", 6)))
    assert lot.winner == "b" and lot.dice == (5, 5, 2, 3, 6)


def test_wq1_warriors_by_lot_s3_l56_each_class_once():
    # the classes in the seed's order (barbarian, elf, wizard, dwarf); ann: 1, 6, 2, 3 draws the elf
    drawn = draw_warriors(FixedDice([1, 6, 2, 3, 4, 5, 2, 1, 3]), ["ann", "bob", "cy"])
    assert [(p, c) for p, c, _ in drawn] == [
        ("ann", WarriorClass.ELF),
        ("bob", WarriorClass.WIZARD),  # barbarian 4, wizard 5, dwarf 2
        ("cy", WarriorClass.DWARF),  # barbarian 1, dwarf 3
    ]


def test_wq1_leader_s3_l59_the_barbarian_leads_without_a_roll():
    members = [Member("1", WarriorClass.DWARF, 2), Member("2", WarriorClass.BARBARIAN, 3)]
    assert choose_leader(members, FixedDice([])) == ("2", None)


def test_wq1_leader_s3_l59_without_the_barbarian_by_lot():
    members = [Member("1", WarriorClass.DWARF, 2), Member("2", WarriorClass.ELF, 6)]
    leader, lot = choose_leader(members, FixedDice([6, 4]))
    assert leader == "1" and lot is not None and lot.dice == (6, 4)
    with pytest.raises(ValueError):
        choose_leader(members, None)


def test_wq1_turn_order_s3_l175_leader_then_initiative_ties_in_the_seeds_order():
    members = [
        Member("d", WarriorClass.DWARF, 4),
        Member("w", WarriorClass.WIZARD, 4),
        Member("e", WarriorClass.ELF, 6),
        Member("b", WarriorClass.BARBARIAN, 3),
    ]
    assert turn_order(members, "b") == ("b", "e", "w", "d")
    assert turn_order(members, "d") == ("d", "e", "w", "b")


def test_seeded_dice_are_replayable_and_fair_dice():
    first = [SeededDice("party-7:wounds:3").d6() for _ in range(1)]
    source_a, source_b = SeededDice("abc"), SeededDice("abc")
    a = [source_a.d6() for _ in range(200)]
    b = [source_b.d6() for _ in range(200)]
    assert a == b and set(a) == {1, 2, 3, 4, 5, 6} and first[0] in range(1, 7)
    assert a != [SeededDice("abd").d6() for _ in range(200)]


@given(st.text(min_size=1, max_size=20), st.integers(0, 12))
def test_starting_wounds_invariants(seed, bonus):
    roll = roll_starting_wounds(SeededDice(seed), bonus)
    assert bonus + 1 <= roll.total <= bonus + 6
    assert len(roll.dice) == (2 if roll.dice[0] == 1 else 1)
    assert roll == roll_starting_wounds(SeededDice(seed), bonus)
