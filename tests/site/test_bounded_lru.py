"""The process caches' bounded map (common.bounded_lru): its bound, the order it drops entries in, and
its use from several threads at once; and the two-generation memo of the play screen's pure functions."""

from __future__ import annotations

import threading
from collections.abc import Callable

from common.bounded_lru import BoundedLRU, RecentMemo


def in_four_threads(work: Callable[[int], None]) -> list[BaseException]:
    """``work(0)`` … ``work(3)`` in four threads started together; what any of them raised."""
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def run(offset: int) -> None:
        try:
            start.wait()
            work(offset)
        except BaseException as error:  # reported from the main thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(offset,)) for offset in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_it_keeps_at_most_its_bound_and_drops_the_oldest_first() -> None:
    kept: BoundedLRU[str, int] = BoundedLRU(3)
    for number, key in enumerate("abc"):
        assert kept.put(key, number) == []
    assert kept.put("d", 3) == [("a", 0)]
    assert kept.keys() == ["b", "c", "d"] and len(kept) == 3
    assert kept.get("a") is None and "a" not in kept


def test_a_read_or_a_new_value_makes_an_entry_the_newest() -> None:
    kept: BoundedLRU[str, int] = BoundedLRU(3)
    for number, key in enumerate("abc"):
        kept.put(key, number)
    assert kept.get("a") == 0  # a is now the newest: b goes first
    assert kept.put("d", 3) == [("b", 1)]
    kept.put("c", 20)  # replaced: newest again, nothing dropped
    assert kept.items() == [("a", 0), ("d", 3), ("c", 20)]
    assert kept.put("e", 4) == [("a", 0)]


def test_looking_without_using_leaves_the_order_alone() -> None:
    kept: BoundedLRU[str, int] = BoundedLRU(2)
    kept.put("a", 0)
    kept.put("b", 1)
    assert "a" in kept and kept.items() == [("a", 0), ("b", 1)] and kept.keys() == ["a", "b"]
    assert kept.put("c", 2) == [("a", 0)]


def test_a_missing_key_gives_the_default_and_pop_and_clear_forget() -> None:
    kept: BoundedLRU[str, list[int]] = BoundedLRU(2)
    assert kept.get("a") is None and kept.get("a", []) == []
    kept.put("a", [1])
    assert kept.pop("a") == [1] and kept.pop("a") is None
    kept.put("b", [2])
    kept.clear()
    assert len(kept) == 0 and kept.keys() == []


def test_a_bound_given_by_a_function_is_read_on_each_store() -> None:
    bound = [3]
    kept: BoundedLRU[int, int] = BoundedLRU(lambda: bound[0])
    for number in range(3):
        kept.put(number, number)
    bound[0] = 1
    assert kept.maxsize == 1 and len(kept) == 3  # nothing is dropped before the next store
    assert kept.put(3, 3) == [(0, 0), (1, 1), (2, 2)]
    assert kept.keys() == [3]


def test_a_bound_of_zero_keeps_nothing() -> None:
    kept: BoundedLRU[str, int] = BoundedLRU(0)
    kept.put("a", 1)
    assert len(kept) == 0 and kept.get("a") is None


def test_threads_sharing_it_never_break_the_bound_or_lose_an_entry() -> None:
    """Four threads storing and reading overlapping keys: the map stays within its bound and each key it
    holds maps to the value last stored for it (every thread stores the same value for a key)."""
    kept: BoundedLRU[int, int] = BoundedLRU(50)

    def work(offset: int) -> None:
        for round_ in range(2_000):
            key = (round_ * 7 + offset) % 120
            kept.put(key, key * 10)
            found = kept.get((key + 13) % 120)
            assert found is None or found % 10 == 0
            assert len(kept) <= 50

    assert in_four_threads(work) == []
    assert len(kept) == 50
    assert all(value == key * 10 for key, value in kept.items())
    assert len(set(kept.keys())) == 50


# --- RecentMemo: the play screen's memos of pure functions ------------------------------------------------


def test_a_memo_keeps_two_generations_and_carries_what_is_used_into_the_new_one() -> None:
    memo: RecentMemo[str, int] = RecentMemo(3)
    memo.put("a", 1)
    memo.put("b", 2)
    memo.put("c", 3)  # the third new entry: a turnover, a, b and c are now the older generation
    assert memo.get("a") == 1  # found in the older generation, carried into the new one
    memo.put("d", 4)
    memo.put("e", 5)  # the new generation is full again (a, d, e): b and c are dropped
    assert memo.get("b") is None
    assert memo.get("c") is None
    assert (memo.get("a"), memo.get("d"), memo.get("e")) == (1, 4, 5)
    assert len(memo) <= 6
    memo.clear()
    assert memo.get("a") is None
    assert len(memo) == 0


def test_a_memo_never_holds_more_than_two_generations() -> None:
    memo: RecentMemo[int, int] = RecentMemo(10)
    for key in range(1_000):
        memo.put(key, key)
        assert memo.get(key) == key
        assert len(memo) <= 20
    assert memo.get(0) is None
    assert memo.get(999) == 999


def test_threads_sharing_a_memo_only_ever_find_the_value_of_their_key() -> None:
    """Unlocked by design: threads racing over turnovers may lose entries, never mix them up."""
    memo: RecentMemo[int, int] = RecentMemo(16)

    def work(offset: int) -> None:
        for round_ in range(5_000):
            key = (round_ * 7 + offset) % 100
            found = memo.get(key)
            assert found is None or found == key * 10
            memo.put(key, key * 10)

    assert in_four_threads(work) == []
    assert len(memo) <= 32
