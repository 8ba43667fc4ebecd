"""Benchmark of the match engine (issue #3; ``make bench``). Not a test.

Prints, on one core: full random matches per second, decisions (applied actions) per second,
mean decisions per match, the cost of ``legal_actions`` and of ``view`` per call, and the same
play loop on python-chess (list the legal moves, pick one at random, apply it, check for the end)
with the ratio of our decisions per second to its moves per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from arena.engine import apply, legal_actions, new_match, seats_to_move, view
from arena.engine.agents import RandomAgent
from arena.engine.agents.simulate import paused_gc
from arena.engine.match.state import Phase, State
from arena.engine.roster import base_roster


def play_random(seed: int, sample: list[tuple[State, int]] | None = None) -> int:
    teams = (base_roster(), base_roster())
    state = new_match(teams, seed=seed)
    agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
    decisions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        options = legal_actions(state, seat)
        if sample is not None and decisions % 7 == 0:
            sample.append((state, seat))
        state, _ = apply(state, agents[seat].choose(state, seat, options))
        decisions += 1
    return decisions


def bench_engine(seconds: float, first: int = 0) -> tuple[float, float, float, list[tuple[State, int]]]:
    sample: list[tuple[State, int]] = []
    for seed in range(10):  # warm the memoised tables (lines of fire, movement balls)
        play_random(10_000 + first + seed, sample)
    matches = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += play_random(first + matches)
        matches += 1
    spent = time.process_time() - start
    return matches / spent, decisions / spent, decisions / matches, sample


def per_call(fn: Callable[..., object], items: Sequence[tuple[Any, ...]], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(*item)
        best = min(best, time.process_time() - start)
    return 1e6 * best / len(items)


def bench_chess(seconds: float) -> tuple[float, float]:
    import chess

    rng = random.Random(1)
    moves = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        board = chess.Board()
        while True:
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
            moves += 1
            if board.is_game_over():
                break
        games += 1
    spent = time.process_time() - start
    return moves / spent, games / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each loop")
    args = parser.parse_args()
    with paused_gc():  # as `manage.py simulate` plays (the engine makes no reference cycles)
        mps, dps, per_match, sample = bench_engine(args.seconds)
    gc_mps, gc_dps, _, _ = bench_engine(args.seconds / 2, first=1_000_000)
    legal_us = per_call(legal_actions, sample)
    view_us = per_call(view, sample)
    apply_sample = []
    for state, seat in sample:
        apply_sample.append((state, legal_actions(state, seat)[0]))
    print("Viadal engine, random agents, base team against base team (one core, CPU time;")
    print("the cycle collector paused as in `manage.py simulate`)")
    print(f"  full random matches per second : {mps:10.1f}")
    print(f"  decisions per second           : {dps:10.0f}")
    print(f"  mean decisions per match       : {per_match:10.1f}")
    print(f"  with Python's cycle collector on: {gc_mps:.1f} matches/s, {gc_dps:.0f} decisions/s")
    print(f"  legal_actions                  : {legal_us:10.1f} µs per call")
    print(f"  view                           : {view_us:10.1f} µs per call")
    print(f"  apply                          : {per_call(apply, apply_sample):10.1f} µs per call")
    try:
        chess_mps, chess_gps = bench_chess(args.seconds)
    except ImportError:
        print("python-chess is not installed: pip install '.[bench]'")
        return
    print("python-chess, the same loop (legal moves, random pick, push, is_game_over)")
    print(f"  moves per second               : {chess_mps:10.0f}")
    print(f"  games per second               : {chess_gps:10.1f}")
    print(
        f"ratio, our decisions/s to its moves/s: {dps / chess_mps:.2f} ({gc_dps / chess_mps:.2f} with the collector on)"
    )
    median_actions = statistics.median(len(legal_actions(s, x)) for s, x in sample[:500])
    print(f"(median legal actions per sampled state: {median_actions:.0f})")


if __name__ == "__main__":
    main()
