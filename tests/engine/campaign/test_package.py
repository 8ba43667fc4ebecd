"""The package's own promises: stdlib only, no Django, no module-level randomness, and the
examples in its docstrings hold."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

import arena.engine.campaign

PACKAGE = Path(arena.engine.campaign.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("module", MODULES)
def test_no_django_and_no_random_module(module: str) -> None:
    roots = imported_roots(PACKAGE / f"{module}.py")
    assert not roots & {"django", "random", "secrets", "numpy"}, roots
    assert roots <= {
        "__future__",
        "ast",
        "collections",
        "dataclasses",
        "enum",
        "hashlib",
        "itertools",
        "types",
        "typing",
        "arena",
    }


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"arena.engine.campaign.{module}"))
    assert result.failed == 0


def test_modules_stay_small() -> None:
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 420, path.name
