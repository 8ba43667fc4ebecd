"""Every example in the engine's docstrings holds: each module of ``arena.engine`` is run through
doctest, so an example written anywhere in the engine is collected by the suite."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import arena.engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(arena.engine.__path__, "arena.engine."))


def test_the_walk_finds_the_engine():
    assert "arena.engine.match.setup_json" in MODULES and "arena.engine.campaign.league_dice" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_examples_are_there():
    """Guard against a walk that silently imports nothing: the engine has examples to run."""
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted for name in MODULES)
    assert attempted >= 20
