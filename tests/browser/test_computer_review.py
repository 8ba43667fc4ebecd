"""What would the computer have done? (issue #33) in the browser: the player of a finished match
asks on its replay, the worker computes, the page shows the computer's choice and the chances to
win per decision with the three biggest drops, each a link to the position; axe-clean, both
languages, laptop and phone widths."""

from __future__ import annotations

import pytest

from arena.worker import review_pass
from tests.arena.hosted import finished, make_players
from tests.browser.actions import log_in
from tests.browser.test_accessibility import problems_on
from tests.browser.test_hosted_match import LAPTOP, PHONE, live_server  # noqa: F401 (the serialised live server)
from tests.browser.test_phone_layout import switch_language, too_wide
from tests.budget import variants

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("language", "viewport"), variants([("en", LAPTOP), ("hu", PHONE)], quick=1))
def test_the_player_asks_what_the_computer_would_have_done_and_reads_it_on_the_replay(
    browser,
    live_server,  # noqa: F811
    settings,
    language,
    viewport,
):
    settings.VIADAL_REVIEW_BUDGET = 4  # iterations: the test's
    with live_server.lock:
        match = finished(make_players(), seed="reviewed-in-the-browser", steps=200)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    log_in(page, live_server, "hazai")
    switch_language(page, language)
    page.goto(f"{live_server.url}/play/{match.pk}/replay/")
    page.wait_for_selector("#computer-review")
    assert not problems_on(page)
    page.click("#ask-review-0")
    page.wait_for_selector("#review-status-0")
    with live_server.lock:  # the worker's pass (run_agents computes reviews when nothing is owed)
        assert review_pass() == 1
    page.reload()
    page.wait_for_selector("#review-table-0")
    assert page.locator("#review-table-0 tbody tr").count() >= 1
    assert not problems_on(page)
    assert not [wide for wide in too_wide(page) if "review" in wide]  # the board scrolls in its own box
    flagged = page.locator("#review-flagged-0 li a")
    if flagged.count():
        href = flagged.first.get_attribute("href")
        flagged.first.click()
        page.wait_for_selector(f'#replay[data-at="{href.split("=")[1]}"]')
    context.close()
