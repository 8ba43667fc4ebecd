"""Headless chromium (Debian's headless shell, or its browser) driven by Playwright against pytest-django's
live server.

`make test` installs chromium's headless shell when it is missing. Without it these tests are skipped locally and fail
in CI (CI=true), where a missing browser is a broken set-up, not a reason to skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls from that thread
# (fixtures, assertions) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def chromium_path() -> str | None:
    """Debian's chromium headless shell first (the engine without the browser's windowing layer: a
    quarter less CPU over the same pages, and what Playwright itself runs headless), else the browser;
    ``VIADAL_CHROMIUM`` names another."""
    for name in (os.environ.get("VIADAL_CHROMIUM", ""), "chromium-headless-shell", "chromium", "chromium-browser"):
        if not name:
            continue
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    executable = chromium_path()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; `make test` installs it (Debian package chromium-headless-shell)")
        pytest.skip("chromium is not installed; run `make test` to install it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    opened = context.new_page()
    yield opened
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
