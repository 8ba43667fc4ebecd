"""How much of each long check `make test` runs, and how much the thorough run does.

`make test` is what a developer runs on his machine (six minutes on two cores at most): every property
and every whole-match check runs there, with fewer examples or matches. The thorough run
(``VIADAL_TESTS=thorough``, which ``.ci/run`` sets) runs each one in full. Hypothesis's own profile
follows the same switch (tests/conftest.py): ``viadal`` for `make test`, ``thorough`` for CI.
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("VIADAL_TESTS", "").strip().lower() == "thorough"


def examples(full: int, quick: int | None = None) -> int:
    """A property's examples: ``full`` in the thorough run, else ``quick`` (a third of it, at least 3)."""
    if THOROUGH:
        return full
    return quick if quick is not None else max(3, full // 3)


def matches(full: int, quick: int) -> int:
    """How many whole matches a check plays: ``full`` in the thorough run, else ``quick``."""
    return full if THOROUGH else quick
