"""The rules engine stays ``mypy --strict`` clean (docs/engine.md promises it; this keeps the promise)."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_type_checks_strictly(tmp_path):
    report, errors, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path), str(ROOT / "arena" / "engine")]
    )
    assert status == 0, report + errors
