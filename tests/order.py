"""The order the suite's tests start in, so that two xdist workers end together.

`make test` runs one worker per core with ``--dist worksteal``: the controller hands each worker an equal,
contiguous share of the collected tests, and a worker whose share is done takes the back half of the
longest queue left. A long test near the end of a share would hold the run's end alone (a browser test
of a whole match takes a minute or more), and several long tests in one share would make that worker
the last by minutes. So each worker's share starts with its long tests: the tests that took a second or
more in a kept run (tests/durations.json) are dealt out longest first, each to the share with the least
work so far, and put at the head of their share; every other test keeps its place in the collection.

``pytest --keep-durations`` writes tests/durations.json again from the run it ends (only tests of a
second or more, rounded to tenths): run it after adding or slowing down a long test. A test missing
from the file runs where it was collected, as before.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

DURATIONS = Path(__file__).resolve().parent / "durations.json"
LONG = 1.0  # seconds: a test at least this long is dealt out first


def read_durations(path: Path = DURATIONS) -> dict[str, float]:
    if not path.exists():
        return {}
    return {str(k): float(v) for k, v in json.loads(path.read_text(encoding="utf-8")).items()}


def shares(count: int, workers: int) -> list[int]:
    """How many tests xdist's work-stealing scheduler first hands each of ``workers`` (in order)."""
    sizes, left = [], count
    for index in range(workers):
        size = left // (workers - index)
        sizes.append(size)
        left -= size
    return sizes


def arrange(ids: list[str], seconds: dict[str, float], workers: int) -> list[int]:
    """The collection's indices in the order to run them on ``workers`` work-stealing workers.

    The long tests (``seconds`` at least ``LONG``) go, longest first, to the share with the least
    known work, at the head of that share, longest first; the other tests fill the shares in their
    collected order. With one worker (or no long test) the order is the collection's."""
    if workers < 2:
        return list(range(len(ids)))
    sizes = shares(len(ids), workers)
    long_tests = sorted(
        (i for i, nodeid in enumerate(ids) if seconds.get(nodeid, 0.0) >= LONG),
        key=lambda i: (-seconds[ids[i]], i),
    )
    heads: list[list[int]] = [[] for _ in sizes]
    work = [0.0 for _ in sizes]
    for index in long_tests:
        open_shares = [s for s in range(workers) if len(heads[s]) < sizes[s]]
        target = min(open_shares, key=lambda s: (work[s], s))
        heads[target].append(index)
        work[target] += seconds[ids[index]]
    placed = {i for head in heads for i in head}
    rest = iter(i for i in range(len(ids)) if i not in placed)
    order: list[int] = []
    for head, size in zip(heads, sizes, strict=True):
        order += head
        order += [next(rest) for _ in range(size - len(head))]
    return order


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--keep-durations",
        action="store_true",
        help="write tests/durations.json from this run: the tests of a second or more (tests/order.py)",
    )


def scheduler(argv: list[str]) -> str:
    """The ``--dist`` the run was started with (an xdist worker's own option says "no")."""
    for index, arg in enumerate(argv):
        if arg.startswith("--dist="):
            return arg.split("=", 1)[1]
        if arg == "--dist" and index + 1 < len(argv):
            return argv[index + 1]
    return "load"  # xdist's default with -n


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", {})
    workers = int(workerinput.get("workercount", 1))
    if workers < 2 or scheduler(list(workerinput.get("mainargv", []))) != "worksteal":
        return
    order = arrange([item.nodeid for item in items], read_durations(), workers)
    items[:] = [items[i] for i in order]


class _Keeper:
    """Adds up each test's set-up, call and tear-down as the reports reach the controller."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if session.testsfailed or session.shouldfail:
            return  # a failed run's times are not the suite's
        kept = {k: round(v, 1) for k, v in sorted(self.seconds.items()) if v >= LONG}
        DURATIONS.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def pytest_configure(config: Any) -> None:
    if config.getoption("keep_durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Keeper(), "viadal-keep-durations")
