"""The order the suite's tests start in (tests/order.py): the long tests first, dealt out between the
workers' shares, every test run once."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.order import DURATIONS, arrange, read_durations, scheduler, shares


def test_xdist_hands_each_worker_these_shares():
    assert shares(10, 2) == [5, 5]
    assert shares(11, 2) == [5, 6]
    assert shares(10, 3) == [3, 3, 4]
    assert shares(1, 2) == [0, 1]


def test_the_long_tests_head_the_shares_longest_first_dealt_to_the_lighter_share():
    ids = [f"t{i}" for i in range(10)]
    seconds = {"t1": 3.0, "t4": 100.0, "t7": 40.0, "t8": 50.0, "t9": 0.5}
    order = arrange(ids, seconds, workers=2)
    first, second = order[:5], order[5:]
    assert first[:1] == [4]  # 100 s alone
    assert second[:3] == [8, 7, 1]  # 50 + 40 + 3 s
    assert [i for i in first if i != 4] == [0, 2, 3, 5]  # the others in their collected order
    assert [i for i in second[3:]] == [6, 9]


def test_one_worker_or_no_known_times_keep_the_collected_order():
    ids = [f"t{i}" for i in range(7)]
    assert arrange(ids, {"t3": 60.0}, workers=1) == list(range(7))
    assert arrange(ids, {}, workers=2) == list(range(7))


@given(
    st.lists(st.floats(min_value=0, max_value=200, allow_nan=False), min_size=0, max_size=60),
    st.integers(min_value=1, max_value=6),
)
def test_every_test_runs_once_and_each_share_keeps_its_size(times, workers):
    ids = [f"t{i}" for i in range(len(times))]
    seconds = dict(zip(ids, times, strict=True))
    order = arrange(ids, seconds, workers)
    assert sorted(order) == list(range(len(ids)))
    if workers >= 2:
        start = 0
        for size in shares(len(ids), workers):
            share = order[start : start + size]
            long_ones = [i for i in share if times[i] >= 1.0]
            assert share[: len(long_ones)] == sorted(long_ones, key=lambda i: (-times[i], i))
            start += size


def test_the_kept_file_names_tests_of_the_suite_with_their_seconds():
    kept = read_durations()
    assert kept, f"{DURATIONS.name} is empty: run the suite with --keep-durations"
    assert all(nodeid.startswith("tests/") and "::" in nodeid for nodeid in kept)
    assert all(seconds >= 1.0 for seconds in kept.values())
    assert json.loads(DURATIONS.read_text(encoding="utf-8")) == kept


def test_the_scheduler_is_read_from_the_command_line_the_workers_were_started_with():
    assert scheduler(["pytest", "-n", "auto", "--dist", "worksteal"]) == "worksteal"
    assert scheduler(["pytest", "-n", "2", "--dist=loadgroup"]) == "loadgroup"
    assert scheduler(["pytest", "-n", "2"]) == "load"
