"""Shared fixtures for the whole suite."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from tests.budget import THOROUGH

LOCALE = Path(__file__).resolve().parents[1] / "locale"

# The long tests start first, dealt out between the xdist workers (tests/order.py).
pytest_plugins = ["tests.order"]


def compile_stale_catalogues() -> None:
    """Compile locale/*/LC_MESSAGES/django.po where the .mo is missing or older (as `make messages`
    does), so that a bare `pytest` reads the current translations. The .mo files are not committed."""
    msgfmt = shutil.which("msgfmt")
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        if msgfmt is None:
            raise pytest.UsageError(f"{mo} is missing or stale and msgfmt is not installed: run `make messages`")
        subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)], check=True)


# Properties without settings of their own: `make test` tries 30 examples each, the thorough run
# (VIADAL_TESTS=thorough, set by .ci/run) Hypothesis's 100 (tests/budget.py). No deadline: speed is
# measured by the benches, and an example that took 300 ms on a loaded machine is not a failure.
settings.register_profile("viadal", max_examples=30, deadline=None)
settings.register_profile("thorough", max_examples=100, deadline=None)
settings.load_profile("thorough" if THOROUGH else "viadal")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # once, in the controller, before any xdist worker starts
        compile_stale_catalogues()


@pytest.fixture(autouse=True)
def _no_language_left_over():  # type: ignore[no-untyped-def]
    """Each test starts in the settings' language: a request in Hungarian activates Hungarian in the
    thread (LocaleMiddleware), and a service called afterwards would otherwise refuse in Hungarian."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_caches():  # type: ignore[no-untyped-def]
    """Each test starts with empty caches: a PDF cached or a render counted by one test never shows up in
    another (the file cache outlives a test's database transaction)."""
    from django.core.cache import caches

    from accounts.context_processors import REST_KEPT

    for cache in caches.all(initialized_only=True):
        cache.clear()
    REST_KEPT.clear()  # what each process keeps of the shared cache's header counts goes with it
    yield
