"""The recorded dice of the campaign steps: seeded rolls replay, a start skips rolls made, fixed dice
refuse what a die cannot show, and every roll is recorded with its purpose in both languages."""

from __future__ import annotations

import pytest

from warbands.rules.bilingual import Text
from warbands.rules.warband_dice import FixedDice, SeededDice

PURPOSE = Text("injury severity", "sérülés súlyossága")


def test_seeded_dice_replay_and_go_on_from_start():
    first = SeededDice("league:3:match:7")
    rolls = [first.roll(PURPOSE).result for _ in range(20)]
    again = SeededDice("league:3:match:7")
    assert [again.roll(PURPOSE).result for _ in range(20)] == rolls
    later = SeededDice("league:3:match:7", start=5)
    assert [later.roll(PURPOSE).result for _ in range(15)] == rolls[5:]
    assert later.rolls_made == 20 and [r.index for r in later.records] == list(range(5, 20))
    assert all(1 <= r <= 6 for r in rolls) and len(set(rolls)) > 1


def test_rolls_are_recorded_with_their_purpose():
    dice = FixedDice([3, 1])
    dice.roll(PURPOSE)
    dice.roll(Text("lots", "sorsolás"), 2)
    assert [r.to_dict() for r in dice.records] == [
        {"purpose": "injury severity", "purpose_hu": "sérülés súlyossága", "sides": 6, "result": 3, "index": 0},
        {"purpose": "lots", "purpose_hu": "sorsolás", "sides": 2, "result": 1, "index": 1},
    ]


def test_fixed_dice_refuse_what_a_die_cannot_show_and_running_out():
    with pytest.raises(ValueError):
        FixedDice([7]).roll(PURPOSE)
    dice = FixedDice([1])
    dice.roll(PURPOSE)
    with pytest.raises(ValueError):
        dice.roll(PURPOSE)
    with pytest.raises(ValueError):
        SeededDice(1, start=-1)
    with pytest.raises(ValueError):
        SeededDice(1).roll(PURPOSE, 0)
