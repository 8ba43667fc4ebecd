"""Types are part of the build: the rules engine stays ``mypy --strict`` clean and the Django apps
type-check with django-stubs (pyproject.toml's [tool.mypy] says which strictness applies where)."""

from __future__ import annotations

import gc
from pathlib import Path

from mypy import api

from tests.budget import THOROUGH

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_and_the_apps_type_check(tmp_path):
    # `make test` keeps mypy's incremental cache where `make check` keeps it (.mypy_cache, not committed):
    # a second run re-checks only the modules changed since, and their dependants. The thorough run
    # checks from an empty cache.
    cache = tmp_path if THOROUGH else ROOT / ".mypy_cache"
    threshold = gc.get_threshold()
    try:
        report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache)])
    finally:
        gc.set_threshold(*threshold)  # mypy raises the collector's threshold for its own run and leaves it
    assert status == 0, report + errors
    assert "Success" in report
