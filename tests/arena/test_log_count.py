"""The play page's log counts what each reader may see from the versions since its last build (issue 35:
not the whole match's log filtered at every build): over whole playouts, for each seat and for the
spectators, built in order, out of order and for a position never built before, the count and the newest
lines are what filtering the whole log gives; and the page's sentences, worded only for the events since
the reader's last build, are those of the whole log's newest lines, in either language."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import (
    State,
    apply,
    event_to_json,
    events_for,
    legal_actions,
    match_events,
    new_match,
    seats_to_move,
    view,
)
from arena.engine.agents import RandomAgent
from arena.engine.match.state import Phase
from arena.screen.log import sentence
from arena.screen.page import LOG_ON_PAGE, _newest_visible, _visible_count, log_lines
from arena.screen.reader_words import Names
from tests.budget import examples
from tests.engine.test_match_properties import TEAMS

READERS = (0, 1, None)


def positions(seed: int) -> list[State]:
    state = new_match(TEAMS, seed=seed)
    agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
    found = [state]
    while state.phase is not Phase.OVER and len(found) < 400:
        seat = seats_to_move(state)[0]
        state, _ = apply(state, agents[seat].choose(state, seat, legal_actions(state, seat)))
        found.append(state)
    return found


def assert_as_filtered(state: State, reader: int | None, last: int = LOG_ON_PAGE) -> None:
    whole = events_for(match_events(state), reader)
    assert _visible_count(state.log, reader) == len(whole)
    assert _newest_visible(state.log, reader, last) == whole[-last:]


@settings(max_examples=examples(12, 4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), shuffle=st.integers(min_value=0, max_value=2**31))
def test_each_readers_count_and_newest_lines_are_the_whole_logs(seed, shuffle):
    states = positions(seed)
    for state in states:  # as a match is played: each build a version newer than the last
        for reader in READERS:
            assert_as_filtered(state, reader)
    random.Random(shuffle).shuffle(states)  # a replay's or a reloaded page's older positions
    for state in states[:40]:
        assert_as_filtered(state, random.Random(shuffle).choice(READERS), last=7)


@pytest.mark.parametrize("reader", READERS)
def test_a_position_nobody_built_before_counts_its_whole_log(reader):
    state = positions(3)[-1]
    assert_as_filtered(state, reader, last=1)


def assert_worded_as_the_whole_log(state: State, reader: int | None, language: str) -> None:
    with translation.override(language):
        names = Names.of(view(state, reader), reader)
        count, lines = log_lines(state, reader, names)
        whole = events_for(match_events(state), reader)
        assert count == len(whole)
        assert lines == [sentence(event_to_json(e), names) for e in reversed(whole[-LOG_ON_PAGE:])]


@settings(max_examples=examples(6, 2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), shuffle=st.integers(min_value=0, max_value=2**31))
def test_each_readers_sentences_are_the_whole_logs_newest(seed, shuffle):
    states = positions(seed)[:160]
    rng = random.Random(shuffle)
    for state in states:  # in order: each build words only the events since the reader's last one
        for reader in READERS:
            assert_worded_as_the_whole_log(state, reader, "hu")
    picked = rng.sample(states, min(30, len(states)))  # out of order, and the other language between
    for state in picked:
        reader = rng.choice(READERS)
        assert_worded_as_the_whole_log(state, reader, rng.choice(("hu", "en")))
