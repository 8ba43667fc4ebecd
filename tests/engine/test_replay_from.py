"""``replay_from``: a cached state caught up with the events stored after it is the position a whole
replay gives (arena.runtime.states catches a cached match up this way, issue 35)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine import apply, legal_actions, match_events, new_match, replay, replay_from, seats_to_move, state_hash
from arena.engine.roster import base_roster


def _log(seed: int, actions: int):  # type: ignore[no-untyped-def]
    s = new_match((base_roster(), base_roster()), None, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = seats_to_move(s)[0]
        s, _events = apply(s, rng.choice([a for a in legal_actions(s, seat) if type(a).__name__ != "Concede"]))
    return s


LIVE = _log(11, 150)
EVENTS = match_events(LIVE)


@settings(max_examples=12, deadline=None)
@given(split=st.integers(min_value=0, max_value=len(EVENTS)), again=st.integers(min_value=0, max_value=len(EVENTS)))
def test_caught_up_from_any_point_is_the_whole_replay(split, again):
    first, second = sorted((split, again))
    older = replay(LIVE.setup, EVENTS[:first])
    before = state_hash(older)
    caught = replay_from(replay_from(older, EVENTS[first:second]), EVENTS[second:])
    assert state_hash(caught) == state_hash(LIVE)
    assert match_events(caught) == EVENTS
    assert state_hash(older) == before  # the cached state stays as it was
    seat = seats_to_move(LIVE)[0]
    assert legal_actions(caught, seat) == legal_actions(LIVE, seat)
