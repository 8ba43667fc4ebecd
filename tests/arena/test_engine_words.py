"""The engine's own short English words in its events (a step's or a state's end, what a die is rolled
for) are said in the reader's language: every one that whole matches write is known to
arena.screen.reader_words, so a Hungarian page never shows the engine's English (issue 32, item 3). A
reason or purpose the engine starts to write, or words anew, fails here until it is translated."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from django.utils import translation

from arena.engine import (
    MatchOptions,
    apply,
    event_to_json,
    legal_actions,
    match_events,
    new_match,
    seats_to_move,
    view,
)
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.words import ArenaMode
from arena.engine.roster import Roster, base_roster
from arena.screen.reader_words import Names, purpose_text, reason_text


def roster_with_everything(seat: int) -> Roster:
    """The base team with extra trap cards, a potion and a poison vial (the optional rules' events)."""
    roster = base_roster(f"Team {seat}")
    extras: dict[str, dict[str, Any]] = {
        "strategist": {"trap_cards_drawn": 5 - seat},
        "crossbowman": {"vial": "potion"},
        "deasta": {"vial": "poison_vial"},
    }
    members = tuple(replace(m, **extras.get(m.slot, {})) for m in roster.members)
    return replace(roster, members=members, options=frozenset({"opt_potion", "opt_poison_vial"}))


def _played(state: Any, rng: random.Random) -> tuple[Names, list[dict[str, Any]]]:
    while not state.over:
        seat = seats_to_move(state)[0]
        actions = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        state, _ = apply(state, rng.choice(actions))
    return Names(view(state, None), None), [event_to_json(e) for e in match_events(state)]


def _unsaid(names: Names, events: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """The engine's reasons and purposes the Hungarian reader would read in the engine's English."""
    found = set()
    with translation.override("hu"):
        for data in events:
            reason = data.get("reason")
            if isinstance(reason, str) and reason_text(reason, names) == reason:
                found.add((data["type"], reason))
            purpose = data.get("purpose")
            if isinstance(purpose, str) and purpose_text(purpose, names) == purpose:
                found.add((data["type"], purpose))
    return found


@pytest.mark.parametrize("seed", range(2))
def test_every_reason_and_purpose_of_whole_matches_is_said_in_hungarian(seed: int) -> None:
    rules = frozenset(rule for rule in OPTIONAL_RULES if rule != "opt_open_information")
    state = new_match((roster_with_everything(0), roster_with_everything(1)), MatchOptions(16, rules), seed)
    names, events = _played(state, random.Random(seed))
    assert _unsaid(names, events) == set()
    assert any(data["type"] == "StepEnded" for data in events)


@pytest.mark.parametrize("mode", ["pairs", "ffa"])
def test_every_reason_and_purpose_of_whole_four_seat_matches_is_said_in_hungarian__hr_8(mode: str) -> None:
    teams = tuple(base_roster(f"Team {seat}") for seat in range(4))
    state = new_match(teams, MatchOptions(12, mode=ArenaMode(mode)), f"four-{mode}")
    names, events = _played(state, random.Random(mode))
    assert _unsaid(names, events) == set()
    if mode == "ffa":  # the places are rolled for (HR-8)
        assert any(data.get("purpose") == "place roll" for data in events)


def _names() -> Names:
    state = new_match((base_roster("Vasfarkasok"), base_roster("Ködlovagok")), seed=1)
    return Names(view(state, None), None)


@pytest.mark.parametrize(
    ("purpose", "english", "hungarian"),
    [
        ("place roll", "the place roll", "helysorsolás"),
        ("trap card for seat 0", "a trap card for Vasfarkasok", "csapdakártya húzása (Vasfarkasok)"),
        ("spell disc for seat 1", "a spell disc for Ködlovagok", "varázslatkorong húzása (Ködlovagok)"),
        (
            "insight card for seat 1",
            "a trap insight card for Ködlovagok",
            "csapdabetekintés, lap húzása (Ködlovagok)",
        ),
    ],
)
def test_the_place_roll_and_the_decks_draws_name_their_team_in_both_languages(
    purpose: str, english: str, hungarian: str
) -> None:
    names = _names()
    with translation.override("en"):
        assert purpose_text(purpose, names) == english
    with translation.override("hu"):
        assert purpose_text(purpose, names) == hungarian


def test_a_step_nobody_can_be_named_in_ends_in_both_languages() -> None:
    with translation.override("en"):
        assert reason_text("nobody can be named") == "nobody can be named"
    with translation.override("hu"):
        assert reason_text("nobody can be named") == "senkit sem lehet megnevezni"
