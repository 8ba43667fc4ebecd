"""Issue 13: the test dice. A match's scripted d10s are rolled only under the test settings; in
production (``VIADAL_TEST_DICE`` off) a script on the row is ignored and every die comes from the
secret seed. Deck shuffles always come from the seed."""

from __future__ import annotations

import pytest
from django.test import override_settings

from arena.engine import SeededDice, match_events
from arena.runtime.hosted_dice import ScriptedD10s, dice_for
from arena.runtime.states import state_of
from tests.arena.hosted import begin, fresh
from tests.arena.script import DICE, SCRIPT, chosen

pytestmark = pytest.mark.django_db


def side_rolls(players, **options):  # type: ignore[no-untyped-def]
    from arena.services import match_play

    match = begin(players, **options)
    for step in SCRIPT[:10]:
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
    events = match_events(state_of(fresh(match)))
    return [e.result for e in events if type(e).__name__ == "DiceRolled" and e.purpose == "side roll"]


def test_the_test_settings_roll_a_matchs_scripted_d10s(players):
    assert side_rolls(players, dice=DICE, seed="x") == [9, 3]


@override_settings(VIADAL_TEST_DICE=False)
def test_without_the_test_setting_a_script_is_ignored_and_the_seed_rolls(players):
    seeded = SeededDice("a-seed")
    rolls = side_rolls(players, dice=[1, 1, 1, 1], seed="a-seed")
    assert rolls[-2:] != [1, 1] and all(1 <= r <= 10 for r in rolls)
    assert dice_for([1, 1], "a-seed", None) is None
    assert rolls[0] == seeded.roll(10, _first_d10(players))


def _first_d10(players) -> int:  # type: ignore[no-untyped-def]
    """The roll number of the side roll: the deck shuffles come first."""
    from arena.models import Match

    rolls = [e for e in match_events(state_of(Match.objects.latest("pk"))) if type(e).__name__ == "DiceRolled"]
    return next(i for i, e in enumerate(rolls) if e.purpose == "side roll")


def test_scripted_d10s_leave_the_deck_to_the_seed():
    dice = ScriptedD10s([7], 0, "s")
    assert dice.roll(16, 0) == SeededDice("s").roll(16, 0)
    assert dice.roll(10, 1) == 7
    assert dice.roll(10, 2) == SeededDice("s").roll(10, 2)
    with pytest.raises(ValueError):
        ScriptedD10s([11], 0, "s").roll(10, 0)
