"""The search agent's opponent models (docs/agents.md, "The search agent"): with ``mixed`` (the
default) the other camps play the tactical and the greedy agent in its rollouts, sample by sample in
turn, or, with ``tactical``, the tactical agent only. Either is deterministic for a seed and a
budget, and an unknown model is refused."""

from __future__ import annotations

import pytest

from arena.engine.agents import SearchAgent
from arena.engine.agents.seen import observe
from arena.engine.match.actions import Concede
from arena.engine.match.play import legal_actions, seats_to_move
from arena.engine.match.words import ArenaMode
from tests.engine.test_agents_information import _position


def _playing_positions() -> list:
    found = []
    for seed in range(40):
        s = _position(2, ArenaMode.DUEL, seed, 120)
        seat = seats_to_move(s)[0]
        if len([a for a in legal_actions(s, seat) if type(a) is not Concede]) > 2:
            found.append(s)
        if len(found) == 3:
            break
    assert found, "no position with a real choice among 40 seeds"
    return found


def test_an_unknown_opponent_model_is_refused():
    with pytest.raises(ValueError, match="no opponent model 'nobody'"):
        SearchAgent("x", budget=8, opponents="nobody")


def test_the_mixed_model_decides_the_same_way_for_a_seed_and_a_budget():
    for s in _playing_positions():
        seat = seats_to_move(s)[0]
        actions = legal_actions(s, seat)
        first = SearchAgent("same", budget=12, opponents="mixed").choose(s, seat, actions)
        again = SearchAgent("same", budget=12, opponents="mixed").choose(s, seat, actions)
        assert first == again
        assert first in actions


def test_the_mixed_model_plays_other_rollouts_than_the_tactical_one():
    """The models differ where it matters: on some position the candidates' estimates differ."""
    differs = False
    for s in _playing_positions():
        seat = seats_to_move(s)[0]
        obs = observe(s, seat)
        actions = legal_actions(s, seat)
        tactical = SearchAgent("same", budget=16, opponents="tactical").analyse(obs, actions)
        mixed = SearchAgent("same", budget=16, opponents="mixed").analyse(obs, actions)
        differs |= {a: v for a, _, v in tactical.options} != {a: v for a, _, v in mixed.options}
    assert differs
