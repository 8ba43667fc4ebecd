"""Computer players that play through :func:`arena.engine.legal_actions` (docs/agents.md).

The ladder, weakest first: ``random`` (and ``uniform``), ``greedy`` (one look ahead), ``tactical``
(a club player's priorities) and ``search`` (information-set Monte Carlo tree search over sampled
states). Every agent decides for its seat from what that seat may know (:mod:`.seen`).
"""

from __future__ import annotations

from collections.abc import Callable

from arena.engine.agents.basic import Agent, GreedyAgent, RandomAgent, UniformAgent
from arena.engine.agents.search import SearchAgent
from arena.engine.agents.tactical import TacticalAgent

AGENTS: dict[str, Callable[[int | str], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "uniform": UniformAgent,
    "tactical": TacticalAgent,
    "search": SearchAgent,
}

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "SearchAgent", "TacticalAgent", "UniformAgent"]
