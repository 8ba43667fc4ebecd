"""A match's set-up as JSON (``setup_to_json`` / ``setup_from_json``): what a stored match is rebuilt from."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from arena.engine import SetupError, apply, legal_actions, new_match, seats_to_move, setup_from_json, setup_to_json
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.setup_json import options_from_json, options_to_json
from arena.engine.match.state import MatchOptions, MatchSetup, Phase, state_hash
from arena.engine.roster import base_roster


def a_setup() -> MatchSetup:
    home = replace(base_roster("Iron Wolves"), notes="léptek a homokban")
    away = base_roster("Vörös Sólymok")
    return MatchSetup((home, away), MatchOptions(round_limit=24, optional=frozenset(OPTIONAL_RULES)), "match:7")


def test_a_setup_survives_json_text_and_plays_the_same_match():
    setup = a_setup()
    text = json.dumps(setup_to_json(setup), ensure_ascii=False)
    again = setup_from_json(json.loads(text))
    assert again == setup
    one, two = new_match(setup.teams, setup.options, setup.seed), new_match(again.teams, again.options, again.seed)
    for _ in range(40):
        if one.phase is Phase.OVER:
            break
        seat = seats_to_move(one)[0]
        action = legal_actions(one, seat)[0]
        one, _ = apply(one, action)
        two, _ = apply(two, action)
        assert state_hash(one) == state_hash(two)


def test_options_round_trip_with_their_rules_sorted():
    options = MatchOptions(round_limit=12, optional=frozenset({"opt_potion", "opt_ammo_recovery"}))
    assert options_to_json(options) == {"round_limit": 12, "optional": ["opt_ammo_recovery", "opt_potion"]}
    assert options_from_json(options_to_json(options)) == options
    assert options_from_json({}) == MatchOptions()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "viadal-team"}, "format: expected 'viadal-match-setup'"),
        ({"version": 2}, "version: this reader knows version 1"),
        ({"seed": 1.5}, "seed: an integer or a string"),
        ({"seed": True}, "seed: an integer or a string"),
        (
            {"options": {"round_limit": 11, "optional": []}},
            "options.round_limit: the round limit is 12-30, not 11 (HR-10.1)",
        ),
        ({"options": {"round_limit": "20"}}, "options.round_limit: a whole number of rounds"),
        ({"options": {"optional": ["opt_dragons"]}}, "options.optional: unknown optional rule opt_dragons (HR-7)"),
        ({"options": {"extra": 1}}, "options.extra: unexpected field"),
        ({"teams": []}, "teams: a list of the two teams' documents"),
        ({"colour": "red"}, "colour: unexpected field"),
    ],
)
def test_a_bad_setup_document_is_refused_naming_the_problem(change, message):
    document = {**setup_to_json(a_setup()), **change}
    with pytest.raises(SetupError) as refused:
        setup_from_json(document)
    assert any(message in problem for problem in refused.value.problems), refused.value.problems


def test_a_team_s_problems_are_reported_with_its_place():
    document = setup_to_json(a_setup())
    document["teams"][1] = {**document["teams"][1], "tier": "legendary"}
    with pytest.raises(SetupError, match=r"teams\[1\]: "):
        setup_from_json(document)


def test_a_setup_document_is_not_an_object():
    with pytest.raises(SetupError, match="a match set-up is a JSON object"):
        setup_from_json([1, 2])
