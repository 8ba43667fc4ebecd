"""Golden fingerprints: a few hundred seeded matches, the state hash after every action.

Each entry of ``golden/fingerprints.json`` names a match (seed, agent, optional rules, trap insight)
and holds the number of actions, the final state hash, and a SHA-256 chained over the state hash
after every action. Moving or restructuring the engine must leave every one unchanged; a rule
change that alters a match is reviewed, then regenerated deliberately with
``REGENERATE_FINGERPRINTS=1 pytest tests/engine/test_fingerprints.py``.

`make test` plays every third match (one seed of every agent, optional-rule set and insight: each
group holds at least three consecutive seeds); the thorough run (``.ci/run``) plays them all
(tests/budget.py).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from arena.engine import apply, legal_actions, new_match, seats_to_move, state_hash
from arena.engine.agents import AGENTS
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.state import MatchOptions, Phase
from arena.engine.roster import Roster, base_roster
from tests.budget import THOROUGH

GOLDEN = Path(__file__).parent / "golden" / "fingerprints.json"
OPEN_INFORMATION = "opt_open_information"


def _insight_roster(drawn: int) -> Roster:
    r = base_roster()
    members = tuple(replace(m, trap_cards_drawn=drawn) if m.slot == "strategist" else m for m in r.members)
    return replace(r, members=members)


def cases() -> list[dict]:
    """The matches: every agent, with no optional rule, each one alone, all together, and insight."""
    option_sets: list[list[str]] = [[]] + [[rule] for rule in sorted(OPTIONAL_RULES)] + [sorted(OPTIONAL_RULES)]
    found = []
    for agent in ("random", "greedy", "uniform"):
        for options in option_sets:
            for insight in (None, 4, 5):
                seeds = range(8) if not options and insight is None else range(3)
                for seed in seeds:
                    found.append({"agent": agent, "options": options, "insight": insight, "seed": seed})
    return found


def play(case: dict) -> dict:
    home = away = base_roster() if case["insight"] is None else _insight_roster(case["insight"])
    seed = f"golden:{case['agent']}:{case['seed']}:{','.join(case['options'])}:{case['insight']}"
    options = MatchOptions(optional=frozenset(case["options"]))
    state = new_match((home, away), options, seed)
    factory = AGENTS[case["agent"]]
    agents = (factory(f"{seed}:0"), factory(f"{seed}:1"))
    chain = hashlib.sha256()
    actions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        state, _ = apply(state, agents[seat].choose(state, seat, legal_actions(state, seat)))
        chain.update(state_hash(state).encode())
        actions += 1
    return {**case, "actions": actions, "final": state_hash(state), "chain": chain.hexdigest()}


def test_the_golden_fingerprints_are_unchanged() -> None:
    every = THOROUGH or bool(os.environ.get("REGENERATE_FINGERPRINTS"))
    step = 1 if every else 3
    found = [play(case) for case in cases()[::step]]
    if os.environ.get("REGENERATE_FINGERPRINTS"):
        GOLDEN.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
        pytest.skip("regenerated")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(cases()) == len(expected) >= 200
    expected = expected[::step]
    assert [(e["agent"], e["seed"], e["options"], e["insight"]) for e in expected] == [
        (f["agent"], f["seed"], f["options"], f["insight"]) for f in found
    ]
    changed = [
        f"{e['agent']} seed {e['seed']} {e['options']} insight {e['insight']}"
        for e, f in zip(expected, found, strict=True)
        if e != f
    ]
    assert not changed, f"{len(changed)} matches changed, first: {changed[:5]}"
