"""The warband rules are a pure package: importing it loads no Django and no other app, and it
stays ``mypy --strict`` clean (pyproject.toml; the import-linter contract says the same)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import warbands.rules

ROOT = Path(__file__).resolve().parents[3]
MODULES = sorted(m.name for m in pkgutil.iter_modules(warbands.rules.__path__, "warbands.rules."))


def test_importing_the_rules_loads_no_django_and_no_other_app():
    imports = "; ".join(f"import {m}" for m in MODULES)
    script = (
        f"import sys; {imports}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'arena', 'teams', 'campaigns', 'accounts', 'viadal_site', 'common', 'reference', 'games', "
        "'quests') "
        "or (m.startswith('warbands.') and not m.startswith('warbands.rules'))); print(bad)"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
