"""Issue 29: the arena app laid out by job. Its root keeps at most a dozen modules; hosted play's
presenters live in ``screen/``, what a process keeps at run time in ``runtime/``, writes in
``services/`` (docs/architecture.md, "The arena app")."""

from __future__ import annotations

from pathlib import Path

import arena

ARENA = Path(arena.__file__).parent


def test_the_arena_apps_root_keeps_at_most_a_dozen_modules():
    modules = sorted(p.name for p in ARENA.glob("*.py"))
    assert len(modules) <= 12, modules


def test_each_job_has_its_package():
    for package in ("engine", "screen", "runtime", "services", "views", "templatetags", "management"):
        assert (ARENA / package / "__init__.py").is_file(), package
    assert (ARENA / "worker.py").is_file() and (ARENA / "urls.py").is_file()
    assert not list(ARENA.glob("*urls*.py"))[1:], "one URL module"
