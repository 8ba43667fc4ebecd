from __future__ import annotations

import pytest

from arena.runtime.states import forget_all
from tests.arena.hosted import begin, make_players


@pytest.fixture(autouse=True)
def _fresh_state_cache():  # type: ignore[no-untyped-def]
    """Every test starts with an empty per-process state cache (a test database reuses ids)."""
    forget_all()
    yield
    forget_all()


@pytest.fixture
def players(db):  # type: ignore[no-untyped-def]
    return make_players()


@pytest.fixture
def match(players):  # type: ignore[no-untyped-def]
    return begin(players)
