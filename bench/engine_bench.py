"""Benchmark of the match engine (issue #3; ``make bench``). Not a test.

Prints, on one core: full random matches per second, decisions (applied actions) per second,
mean decisions per match, the cost of ``legal_actions`` and of ``view`` per call, and the same
play loop on python-chess (list the legal moves, pick one at random, apply it, check for the end)
with the ratio of our decisions per second to its moves per second. Both loops run with Python's
cycle collector on, as a web worker runs them (like for like); the engine's figure with the
collector paused, as ``manage.py simulate`` plays, is printed beside it.

Then it plays ``--memory-matches`` matches (default 5,000; ``BENCH_MEMORY_MATCHES`` in the
environment too, 0 skips it) one after another in this process and prints the resident memory
(``/proc/self/statm``) every 500: every memo table belongs to a match, so it levels off.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from arena.engine import apply, legal_actions, new_match, seats_to_move, view
from arena.engine.agents import RandomAgent
from arena.engine.agents.simulate import paused_gc
from arena.engine.match.state import MatchOptions, Phase, State
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster


def play_random(seed: int, sample: list[tuple[State, int]] | None = None, mode: ArenaMode = ArenaMode.DUEL) -> int:
    teams = (base_roster(),) * mode.seats
    state = new_match(teams, MatchOptions(mode=mode), seed=seed)
    agents = tuple(RandomAgent(f"{seed}:{x}") for x in range(mode.seats))
    decisions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        options = legal_actions(state, seat)
        if sample is not None and decisions % 7 == 0:
            sample.append((state, seat))
        state, _ = apply(state, agents[seat].choose(state, seat, options))
        decisions += 1
    return decisions


def bench_engine(
    seconds: float, first: int = 0, mode: ArenaMode = ArenaMode.DUEL
) -> tuple[float, float, float, list[tuple[State, int]]]:
    sample: list[tuple[State, int]] = []
    for seed in range(10):  # warm up (and take a sample of positions for the per-call figures)
        play_random(10_000 + first + seed, sample, mode)
    matches = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += play_random(first + matches, None, mode)
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


def resident_mb() -> float:
    """The resident memory of this process, in MB (Linux: /proc/self/statm)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def bench_memory(matches: int, every: int = 500) -> list[tuple[int, float]]:
    """Play ``matches`` random matches in this process, the collector on; the resident memory
    after each ``every``."""
    found = []
    start = time.process_time()
    for n in range(1, matches + 1):
        play_random(2_000_000 + n)
        if n % every == 0 or n == matches:
            found.append((n, resident_mb()))
            print(
                f"  {n:6d} matches: {found[-1][1]:7.1f} MB resident ({time.process_time() - start:.0f} s)", flush=True
            )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each loop")
    parser.add_argument(
        "--memory-matches",
        type=int,
        default=int(os.environ.get("BENCH_MEMORY_MATCHES", "5000")),
        help="matches played for the resident-memory check (0: skip it)",
    )
    args = parser.parse_args()
    gc_mps, gc_dps, per_match, sample = bench_engine(args.seconds)  # the collector on, as in a web worker
    with paused_gc():  # as `manage.py simulate` plays (the engine makes no reference cycles)
        mps, dps, _, _ = bench_engine(args.seconds / 2, first=1_000_000)
    legal_us = per_call(legal_actions, sample)
    view_us = per_call(view, sample)
    apply_sample = []
    for state, seat in sample:
        apply_sample.append((state, legal_actions(state, seat)[0]))
    print("Viadal engine, random agents, base team against base team (one core, CPU time;")
    print("Python's cycle collector on)")
    print(f"  full random matches per second : {gc_mps:10.1f}")
    print(f"  decisions per second           : {gc_dps:10.0f}")
    print(f"  mean decisions per match       : {per_match:10.1f}")
    print(f"  with the collector paused (as `manage.py simulate`): {mps:.1f} matches/s, {dps:.0f} decisions/s")
    print(f"  legal_actions                  : {legal_us:10.1f} µs per call")
    print(f"  view                           : {view_us:10.1f} µs per call")
    print(f"  apply                          : {per_call(apply, apply_sample):10.1f} µs per call")
    try:
        chess_mps, chess_gps = bench_chess(args.seconds)
    except ImportError:
        print("python-chess is not installed: pip install '.[bench]'")
        chess_mps = chess_gps = 0.0
    if chess_mps:
        report_chess(chess_mps, chess_gps, gc_dps, dps)
    median_actions = statistics.median(len(legal_actions(s, x)) for s, x in sample[:500])
    print(f"(median legal actions per sampled state: {median_actions:.0f})")
    for mode in (ArenaMode.PAIRS, ArenaMode.FFA):
        report_four(mode, args.seconds)
    if args.memory_matches > 0:
        print(f"Resident memory while playing {args.memory_matches} matches in this process (the collector on)")
        gc.collect()
        bench_memory(args.memory_matches)


def report_four(mode: ArenaMode, seconds: float) -> None:
    """The same loop for four seats (HR-8), beside the two-player figures above."""
    mps, dps, per_match, sample = bench_engine(seconds, mode=mode)
    apply_sample = [(state, legal_actions(state, seat)[0]) for state, seat in sample]
    print(f"Four seats, {mode.value} (HR-8), random agents, four base teams (the collector on)")
    print(f"  full random matches per second : {mps:10.1f}")
    print(f"  decisions per second           : {dps:10.0f}")
    print(f"  mean decisions per match       : {per_match:10.1f}")
    print(f"  legal_actions                  : {per_call(legal_actions, sample):10.1f} µs per call")
    print(f"  view                           : {per_call(view, sample):10.1f} µs per call")
    print(f"  apply                          : {per_call(apply, apply_sample):10.1f} µs per call")


def report_chess(chess_mps: float, chess_gps: float, gc_dps: float, dps: float) -> None:
    print("python-chess, the same loop (legal moves, random pick, push, is_game_over), the collector on")
    print(f"  moves per second               : {chess_mps:10.0f}")
    print(f"  games per second               : {chess_gps:10.1f}")
    print(
        f"ratio, our decisions/s to its moves/s, both with the collector on: {gc_dps / chess_mps:.2f}"
        f" ({dps / chess_mps:.2f} with ours paused)"
    )


if __name__ == "__main__":
    main()
