"""The agents' decisions in two-player and pairs matches, fingerprinted (issue #33).

The tactical agent's free-for-all priorities (docs/agents.md) must not change a single decision of
a duel or of a pairs match: the 200-match bench and every table measured before them stay valid.
Each case plays one seeded match between named agents (as the tournament seats them) and chains a
SHA-256 over every decision taken (``action_to_json``); the expected chains were taken before the
free-for-all priorities were written (the search cases' again when the search became paired,
2026-12-06; the 8-iteration cases added when the mixed opponent model became the default, the same
day: the smaller budgets search one sample, which both models play against the tactical agent). A
deliberate change of the duel or pairs play regenerates them with ``REGENERATE_DECISIONS=1 pytest
tests/engine/test_agents_decisions.py`` (and says so in docs/agents.md, whose measured tables it
invalidates).
"""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from arena.engine import action_to_json, apply, legal_actions, new_match, seats_to_move
from arena.engine.agents.tournament import make_agent
from arena.engine.match.state import MatchOptions, Phase
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster

# (mode, seat agents, seed, search budget) -> (decisions, chain)
EXPECTED: dict[tuple[str, tuple[str, ...], str, int], tuple[int, str]] = {
    ("duel", ("tactical", "greedy"), "decisions:d0", 0): (
        267,
        "d464f82d2e8b5236711595a0b1725003caf0790144503aea1396ed5ad0d31a66",
    ),
    ("duel", ("greedy", "tactical"), "decisions:d1", 0): (
        158,
        "90e88c666fb5e7dcb23577d184fd34f2e369778bd84049b460dcf86248db32ed",
    ),
    ("duel", ("tactical", "tactical"), "decisions:d2", 0): (
        181,
        "45028b04f667e9d25b264492322ea72ac408274fc4b9d899196e9adce4f5f995",
    ),
    ("duel", ("search", "tactical"), "decisions:d3", 6): (
        145,
        "6640e0340942f5321fb1730127bc456ed8b604462e6ce26cc81281b83ebb5dfb",
    ),
    ("duel", ("search", "tactical"), "decisions:d4", 8): (
        113,
        "f73eaa2286617bcb6396bbe8e805e0e41b0fbdaa4fa4c1b79779c7530ea51476",
    ),
    ("duel", ("search-tactical", "tactical"), "decisions:d4", 8): (
        115,
        "703d1bcfaaff56b8d482bc61920ab795ab201444ef308e300b9429c32c65b74a",
    ),
    ("pairs", ("tactical", "greedy", "greedy", "tactical"), "decisions:p0", 0): (
        524,
        "8499018643e70b8db49a28aa8244f330a7be57d62ee0480824ac95c3b5c23681",
    ),
    ("pairs", ("tactical", "tactical", "tactical", "tactical"), "decisions:p1", 0): (
        379,
        "b22079069269e27fe3e6682c92920294bc6d6d4057f195f8af965a8af56e3d37",
    ),
    ("pairs", ("search", "search", "tactical", "tactical"), "decisions:p2", 3): (
        292,
        "a851f9d6e8654e7e07026941214012737a800623de0b31dd5de0ff89732893c6",
    ),
}


def cases() -> list[tuple[str, tuple[str, ...], str, int]]:
    return [
        ("duel", ("tactical", "greedy"), "decisions:d0", 0),
        ("duel", ("greedy", "tactical"), "decisions:d1", 0),
        ("duel", ("tactical", "tactical"), "decisions:d2", 0),
        ("duel", ("search", "tactical"), "decisions:d3", 6),
        # 8 iterations are two samples of four candidates: the mixed model's second sample plays
        # the opponent as greedy, so these two differ where the search's opponent model does
        ("duel", ("search", "tactical"), "decisions:d4", 8),
        ("duel", ("search-tactical", "tactical"), "decisions:d4", 8),
        ("pairs", ("tactical", "greedy", "greedy", "tactical"), "decisions:p0", 0),
        ("pairs", ("tactical", "tactical", "tactical", "tactical"), "decisions:p1", 0),
        ("pairs", ("search", "search", "tactical", "tactical"), "decisions:p2", 3),
    ]


def play(mode: str, names: tuple[str, ...], seed: str, budget: int) -> tuple[int, str]:
    """Play the match to its end; the number of decisions and the chained hash of them."""
    arena = ArenaMode(mode)
    teams = tuple(base_roster() for _ in names)
    options = MatchOptions() if arena is ArenaMode.DUEL else MatchOptions(mode=arena)
    state = new_match(teams, options, seed)
    agents = [make_agent(n, f"{seed}:seat{x}", max(1, budget)) for x, n in enumerate(names)]
    chain = hashlib.sha256()
    decisions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        action = agents[seat].choose(state, seat, legal_actions(state, seat))
        chain.update(json.dumps(action_to_json(action), sort_keys=True).encode())
        state, _ = apply(state, action)
        decisions += 1
    return decisions, chain.hexdigest()


@pytest.mark.parametrize("case", cases(), ids=lambda c: f"{c[0]}-{'-'.join(c[1])}-{c[2]}")
def test_duel_and_pairs_decisions_are_unchanged(case: tuple[str, tuple[str, ...], str, int]) -> None:
    found = play(*case)
    if os.environ.get("REGENERATE_DECISIONS"):
        print(f"    {case!r}: {found!r},")
        pytest.skip("printed")
    assert found == EXPECTED[case]
