"""The play screen as players meet it (issue 32): every refusal shown where the player looks, the
choices beside the board on a phone, the page in one language, and no console error."""

from __future__ import annotations

from typing import Any

import pytest

from tests.arena.hosted import begin, fresh, make_players
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import LAPTOP, PHONE, live_server  # noqa: F401 (the serialised live server)

pytestmark = pytest.mark.browser


def _version(page: Any) -> int:
    return int(page.get_attribute("#match-status", "data-version"))


def _open(browser: Any, live_server: Any, username: str, viewport: dict[str, int], errors: list[str]) -> Any:  # noqa: F811
    context = browser.new_context(viewport=viewport, is_mobile=viewport == PHONE, has_touch=viewport == PHONE)
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    log_in(page, live_server, username)
    return page


def test_a_stale_page_shows_that_the_board_changed_and_the_current_board(browser, live_server, settings, artifacts):  # noqa: F811
    """Issue 32, item 1: the same match open twice; an action in the first, then one in the second
    before it polls: the 409's reason is shown at the top and the board is the current one."""
    settings.VIADAL_MATCH_POLL_MS = 600_000  # the second tab must not refresh by itself first
    with live_server.lock:
        players = make_players()
        match = begin(players, seed="stale")
        version = match.version
    errors: list[str] = []
    first = _open(browser, live_server, "hazai", LAPTOP, errors)
    second = _open(browser, live_server, "hazai", PHONE, errors)
    for page in (first, second):
        page.goto(f"{live_server.url}/play/{match.pk}/")
        page.wait_for_selector("#as-team-file")
    first.click("#as-team-file")
    first.wait_for_function("v => +document.querySelector('#match-status').dataset.version > v", arg=version)
    assert _version(second) == version
    second.tap("#as-team-file")
    second.wait_for_selector("#play-message")
    assert "The board has changed" in second.inner_text("#play-message")
    with live_server.lock:
        assert _version(second) == fresh(match).version  # the answer brought the position as it stands
    assert second.locator("#as-team-file").count() == 0
    # where the player looks: in the window, without scrolling
    box = second.locator("#play-message").bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"], box
    second.screenshot(path=str(artifacts / "play-refusal-phone.png"))
    # the browser's own line for the answer's status, nothing from the page
    assert [e for e in errors if "status of 409" not in e] == [], errors
