"""Whole matches between agents, for statistics and benchmarks (issue #3, ``manage.py simulate``)."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from arena.engine.agents import AGENTS, Agent
from arena.engine.match.play import apply, legal_actions, seats_to_move
from arena.engine.match.setup import new_match
from arena.engine.match.state import MatchOptions, Phase, State
from arena.engine.match.words import ArenaMode
from arena.engine.roster import Roster, base_roster
from arena.engine.roster.teamfile import loads

MAX_DECISIONS = 200_000  # a safety net; the round limit ends every match long before


@dataclass(frozen=True)
class SimulationResult:
    """What ``simulate`` reports."""

    matches: int
    home_wins: int
    away_wins: int
    draws: int
    mean_rounds: float
    mean_decisions: float
    seconds: float

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ArenaSimulationResult:
    """What ``simulate_arena`` reports for four seats (HR-8): per seat, the matches its side won
    (pairs: both partners count the side's win) or it won alone (free-for-all)."""

    mode: str
    matches: int
    wins: tuple[int, ...]
    draws: int
    mean_rounds: float
    mean_decisions: float
    seconds: float

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cycle collector for a batch of matches.

    The engine creates no reference cycles (every object is freed by reference counting; the
    property tests check that a batch leaves no cyclic garbage), so the collector would only
    re-scan the live matches' memo tables and the board's tables again and again.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_team(spec: str) -> Roster:
    """``base`` for the base team (HR-2), otherwise the path of a team file
    (:mod:`arena.engine.roster.teamfile`; a malformed file raises its ``TeamFileError``, a ValueError)."""
    if spec == "base":
        return base_roster()
    with open(spec, encoding="utf-8") as handle:
        return loads(handle.read())


def play_match(
    teams: Sequence[Roster],
    seed: int | str,
    agents: Sequence[Agent],
    options: MatchOptions | None = None,
) -> tuple[State, int]:
    """Play one match to its end; returns the final state and the number of decisions."""
    state = new_match(teams, options, seed)
    decisions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        action = agents[seat].choose(state, seat, legal_actions(state, seat))
        state, _ = apply(state, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"match {seed!r} did not end after {MAX_DECISIONS} decisions")
    return state, decisions


def simulate(
    home: Roster,
    away: Roster,
    matches: int,
    seed: int | str = 0,
    agent: str = "random",
    options: MatchOptions | None = None,
) -> SimulationResult:
    """Play ``matches`` whole matches; match ``i`` uses the seed ``"{seed}:{i}"``."""
    factory = AGENTS[agent]
    wins = [0, 0]
    draws = 0
    rounds = 0
    decisions = 0
    start = time.perf_counter()
    with paused_gc():
        for i in range(matches):
            match_seed = f"{seed}:{i}"
            agents = (factory(f"{match_seed}:home"), factory(f"{match_seed}:away"))
            state, made = play_match((home, away), match_seed, agents, options)
            result = state.result
            assert result is not None
            if result.winner is None:
                draws += 1
            else:
                wins[result.winner] += 1
            rounds += result.round
            decisions += made
    seconds = time.perf_counter() - start
    n = max(matches, 1)
    return SimulationResult(matches, wins[0], wins[1], draws, rounds / n, decisions / n, round(seconds, 3))


def simulate_arena(
    teams: Sequence[Roster],
    matches: int,
    seed: int | str = 0,
    agent: str = "random",
    options: MatchOptions | None = None,
) -> ArenaSimulationResult:
    """Play ``matches`` four-seat matches (HR-8, ``options.mode`` pairs or ffa); match ``i`` uses
    the seed ``"{seed}:{i}"`` and seat ``x``'s agent ``"{seed}:{i}:{x}"``."""
    options = options or MatchOptions(mode=ArenaMode.PAIRS)
    if options.mode is ArenaMode.DUEL or len(teams) != 4:
        raise ValueError("a four-seat simulation needs four teams and the pairs or ffa mode (HR-8)")
    factory = AGENTS[agent]
    wins = [0, 0, 0, 0]
    draws = rounds = decisions = 0
    start = time.perf_counter()
    with paused_gc():
        for i in range(matches):
            match_seed = f"{seed}:{i}"
            agents = tuple(factory(f"{match_seed}:{x}") for x in range(4))
            state, made = play_match(teams, match_seed, agents, options)
            result = state.result
            assert result is not None
            if result.winner is None:
                draws += 1
            elif options.mode is ArenaMode.PAIRS:  # the winner is the side's first seat
                wins[result.winner] += 1
                wins[result.winner + 1] += 1
            else:
                wins[result.winner] += 1
            rounds += result.round
            decisions += made
    seconds = time.perf_counter() - start
    n = max(matches, 1)
    return ArenaSimulationResult(
        options.mode.value, matches, tuple(wins), draws, rounds / n, decisions / n, round(seconds, 3)
    )
