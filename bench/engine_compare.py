"""The engine against an earlier revision, like for like: the same loop of random matches (the same
seeds, so the same decisions) with this tree's engine and with the revision's, alternating, in one run.

    .venv/bin/python bench/engine_compare.py 1483dbd --pairs 5 --matches 40

The revision is checked out into a temporary git worktree (removed afterwards); each side runs in a
fresh process with the collector on, as a web worker runs, and prints decisions per second of CPU.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LOOP = """
import random, sys, time
from arena.engine import MatchOptions, apply, is_over, legal_actions, new_match, seats_to_move
from arena.engine.roster import base_roster

def play(seed):
    rng = random.Random(seed)
    state = new_match((base_roster(), base_roster()), MatchOptions(), seed=seed)
    decisions = 0
    while not is_over(state):
        seat = seats_to_move(state)[0]
        offered = legal_actions(state, seat)
        choices = [a for a in offered if type(a).__name__ != "Concede"] or offered
        state, _ = apply(state, rng.choice(choices))
        decisions += 1
    return decisions

start = time.process_time()
total = sum(play(seed) for seed in range(int(sys.argv[1])))
print(total, total / (time.process_time() - start))
"""


def run(tree: Path, matches: int) -> tuple[int, float]:
    out = subprocess.run(
        [sys.executable, "-c", LOOP, str(matches)],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(out[0]), float(out[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the git revision to compare with")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--matches", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="viadal-compare-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.revision], cwd=ROOT, check=True)
        try:
            ratios = []
            for pair in range(1, args.pairs + 1):
                then_decisions, then = run(base, args.matches)
                now_decisions, now = run(ROOT, args.matches)
                same = "same decisions" if then_decisions == now_decisions else "DIFFERENT decisions"
                ratios.append(now / then)
                change = f"{now / then - 1:+.1%}"
                print(f"pair {pair}: {args.revision} {then:8.0f}/s, this tree {now:8.0f}/s ({change}; {same})")
            print(f"median: this tree at {statistics.median(ratios):.1%} of {args.revision}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
