"""Golden replays (style.md: OpenSpiel's playthroughs) and the replay fold.

Each ``replays/*.json`` holds a seed, the teams, every action of a whole match, and a digest of
the events the engine must produce. A rule change that alters any event breaks the test: review
the change, then regenerate deliberately with ``REGENERATE_REPLAYS=1 pytest tests/engine/test_match_replay.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from arena.engine import (
    action_from_json,
    action_to_json,
    apply,
    event_from_json,
    event_to_json,
    match_events,
    new_match,
    replay,
    replay_actions,
    state_hash,
)
from arena.engine.agents import AGENTS
from arena.engine.agents.simulate import play_match
from arena.engine.match.state import MatchSetup
from arena.engine.roster import base_roster

REPLAYS = Path(__file__).parent / "replays"
GOLDEN = {
    "greedy_base_vs_base_seed_2024.json": {"seed": 2024, "agents": "greedy"},
    "random_base_vs_base_seed_7.json": {"seed": 7, "agents": "random"},
}


def digest(events) -> str:
    text = json.dumps([event_to_json(e) for e in events], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def record(seed: int, agents: str) -> dict:
    teams = (base_roster(), base_roster())
    factory = AGENTS[agents]
    actions = []

    class Recorder:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, state, seat, options):
            action = self.inner.choose(state, seat, options)
            actions.append(action_to_json(action))
            return action

    state, _ = play_match(teams, seed, (Recorder(factory(f"{seed}:0")), Recorder(factory(f"{seed}:1"))))
    events = match_events(state)
    return {
        "seed": seed,
        "home": "base",
        "away": "base",
        "agents": agents,
        "result": state.result._asdict(),
        "actions": actions,
        "event_count": len(events),
        "event_digest": digest(events),
        "state_hash": state_hash(state),
    }


def dump(golden: dict) -> str:
    """One action per line, so that a regenerated file reviews as a readable diff."""
    head = {k: v for k, v in golden.items() if k != "actions"}
    lines = [json.dumps(a, ensure_ascii=False) for a in golden["actions"]]
    body = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    return body + ',\n "actions": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replay_reproduces_every_event(name):
    path = REPLAYS / name
    if os.environ.get("REGENERATE_REPLAYS") or not path.exists():
        path.write_text(dump(record(**GOLDEN[name])))
    golden = json.loads(path.read_text())
    state = new_match((base_roster(), base_roster()), seed=golden["seed"])
    for data in golden["actions"]:
        state, _ = apply(state, action_from_json(data))
    events = match_events(state)
    assert json.loads(json.dumps(state.result._asdict())) == golden["result"]
    assert len(events) == golden["event_count"]
    assert digest(events) == golden["event_digest"]
    assert state_hash(state) == golden["state_hash"]


def test_replay_is_a_fold_of_evolve_that_never_rolls():
    golden = json.loads((REPLAYS / "greedy_base_vs_base_seed_2024.json").read_text())
    setup = MatchSetup((base_roster(), base_roster()), seed=golden["seed"])
    live = replay_actions(setup, [action_from_json(a) for a in golden["actions"]])
    stored = [event_from_json(event_to_json(e)) for e in match_events(live)]
    assert stored == match_events(live)  # events survive JSON
    again = replay(setup, stored)
    assert state_hash(again) == state_hash(live) == golden["state_hash"]


def test_clone_copies_every_list_and_fork_shares_them():
    """``State.fork`` (what ``apply`` evolves) shares the lists; ``State.clone`` copies each one."""
    from arena.engine.match.state import MUTABLE_FIELDS, State

    state = new_match((base_roster(), base_roster()), seed=1)
    lists = {name for name in State.__slots__ if isinstance(getattr(state, name), list)}
    assert lists == set(MUTABLE_FIELDS)
    fork, clone = state.fork(), state.clone()
    for name in lists:
        assert getattr(fork, name) is getattr(state, name)
        assert getattr(clone, name) == getattr(state, name) and getattr(clone, name) is not getattr(state, name)
    assert state_hash(clone) == state_hash(fork) == state_hash(state)
