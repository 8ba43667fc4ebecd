"""How much of each long check `make test` runs, and how much the thorough run does.

`make test` is what a developer runs on his machine (six minutes on two cores is the aim): every property
and every whole-match check runs there, with fewer examples or matches, and every browser journey in one
of its variants (``variants``). The thorough run
(``VIADAL_TESTS=thorough``, which ``.ci/run`` sets) runs each one in full. Hypothesis's own profile
follows the same switch (tests/conftest.py): ``viadal`` for `make test`, ``thorough`` for CI.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

THOROUGH = os.environ.get("VIADAL_TESTS", "").strip().lower() == "thorough"
THOROUGH_ONLY = "one variant in `make test`, every one in the thorough run (tests/budget.py)"


def examples(full: int, quick: int | None = None) -> int:
    """A property's examples: ``full`` in the thorough run, else ``quick`` (a third of it, at least 3)."""
    if THOROUGH:
        return full
    return quick if quick is not None else max(3, full // 3)


def matches(full: int, quick: int) -> int:
    """How many whole matches a check plays: ``full`` in the thorough run, else ``quick``."""
    return full if THOROUGH else quick


def steps(full: int, quick: int) -> int:
    """How many actions a check that follows one match's course takes: ``full`` in the thorough run,
    else ``quick``."""
    return full if THOROUGH else quick


def decisions(quick: int) -> int | None:
    """How far a browser test of a whole match plays: to the match's own end (``None``) in the thorough
    run, else ``quick`` decisions, after which a seat concedes and the end screen is checked as at any
    end (the result, the dice check's link, the pages updated without a reload)."""
    return None if THOROUGH else quick


def share(items: Sequence[T], part: int, parts: int) -> list[T]:
    """The items one of ``parts`` sibling tests checks (``part`` counts from 0): every item in the
    thorough run, else every ``parts``-th item from the ``part``-th, so that the siblings (one per
    language, say) check each item once between them."""
    if THOROUGH:
        return list(items)
    return list(items[part::parts])


def variants(params: Sequence[Any], quick: int) -> list[Any]:
    """A browser journey's variants (a language at a screen width, a computer player's level), as
    ``pytest.mark.parametrize`` takes them: every one in the thorough run; in `make test` the ``quick``-th
    alone, the others listed as skipped with the reason. The journeys' variants walk the same pages,
    and each costs the browser as much as the first: `make test` keeps to its six minutes by running
    one, chosen so that the suite still reads both languages at both widths between its journeys."""
    chosen = []
    for index, param in enumerate(params):
        values = param if isinstance(param, tuple) else (param,)
        marks = () if index == quick else (pytest.mark.skipif(not THOROUGH, reason=THOROUGH_ONLY),)
        chosen.append(pytest.param(*values, marks=marks))
    return chosen
