"""Matches played in 8 threads at once give the same fingerprints (the state hash after every
action) as played one after another: no memo table is shared between matches (docs/engine.md,
"Threads"). One after another they are the golden fingerprints (tests/engine/test_fingerprints.py
plays every golden match so and compares it with the file), so the threads' matches are compared
with the file."""

from __future__ import annotations

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from arena.engine import apply, legal_actions, new_match, state_hash
from arena.engine.match.memo import Memo, Table
from arena.engine.match.state import MatchOptions
from arena.engine.roster import base_roster
from tests.engine.test_fingerprints import GOLDEN, cases, play

THREADS = 8


def _corpus() -> list[dict]:
    """Different seeded matches of the golden corpus: every agent, options and insight, spread out."""
    every = cases()
    return every[:: max(1, len(every) // 24)][:24]


def test_eight_threads_play_the_same_matches_as_one() -> None:
    corpus = _corpus()
    assert len(corpus) >= 16 and len({c["agent"] for c in corpus}) == 3
    start = threading.Barrier(THREADS)

    def in_a_thread(case: dict) -> dict:
        if threading.current_thread() is not threading.main_thread():
            try:
                start.wait(timeout=5)  # the first eight begin together
            except threading.BrokenBarrierError:
                pass
        return play(case)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # hand the interpreter from thread to thread as often as it can
    try:
        with ThreadPoolExecutor(max_workers=THREADS) as pool:
            at_once = list(pool.map(in_a_thread, corpus))
    finally:
        sys.setswitchinterval(switch)
    golden = {
        json.dumps({k: e[k] for k in ("agent", "options", "insight", "seed")}): e
        for e in json.loads(GOLDEN.read_text())
    }
    one_after_another = [
        golden[json.dumps({k: case[k] for k in ("agent", "options", "insight", "seed")})] for case in corpus
    ]
    assert at_once == one_after_another


def test_each_match_has_its_own_memo_and_its_states_share_it() -> None:
    teams = (base_roster(), base_roster())
    a = new_match(teams, MatchOptions(), seed=1)
    b = new_match(teams, MatchOptions(), seed=1)
    assert a.memo is not b.memo and state_hash(a) == state_hash(b)
    seat = 0 if legal_actions(a, 0) else 1
    after, _ = apply(a, legal_actions(a, seat)[0])
    assert after.memo is a.memo  # the states of one match share its tables
    assert a.clone().memo is a.memo


def test_a_memo_table_past_its_limit_starts_again() -> None:
    table: Table[int, int] = Table("sample", limit=2)
    memo = Memo()
    table.of(memo).update({1: 1, 2: 2})
    assert table.of(memo) == {1: 1, 2: 2} and memo.sizes() == {"sample": 2}
    table.of(memo)[3] = 3
    assert table.of(memo) == {} and Memo().sizes() == {}  # emptied; another match has none
