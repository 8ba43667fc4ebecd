"""The board page in a real browser: every gate and trap hex of HR-1 is drawn, hovering names a hex."""

from __future__ import annotations

import pytest

from arena.engine.board.layout import standard_board

pytestmark = pytest.mark.browser


def test_board_page_draws_every_gate_and_trap_hex__hr_1_5_hr_1_6(live_server, page, artifacts):
    board = standard_board()
    page.goto(f"{live_server.url}/arena/board/")
    page.wait_for_selector("#arena-board")

    drawn_gates = sorted(page.eval_on_selector_all("line.gate", "els => els.map(e => e.dataset.gate)"))
    assert drawn_gates == sorted(gate.id for gate in board.gates)
    for gate in board.gates:
        # A wall edge can be axis-aligned, so its box may be zero-wide: measure the stroke drawn instead.
        drawn = page.locator(f"#gate-{gate.id}").evaluate(
            "e => ({length: e.getTotalLength(), width: parseFloat(getComputedStyle(e).strokeWidth),"
            " display: getComputedStyle(e).display})"
        )
        assert drawn["length"] > 0.9 and drawn["width"] > 0.2 and drawn["display"] != "none"

    drawn_traps = sorted(
        page.eval_on_selector_all("polygon[data-trap]", "els => els.map(e => e.dataset.trap)"), key=int
    )
    assert drawn_traps == [str(n) for n in range(1, 9)]
    for trap in board.traps:
        polygon = page.locator(f'polygon[data-q="{trap.hex.q}"][data-r="{trap.hex.r}"]')
        assert polygon.get_attribute("data-trap") == str(trap.number)
        assert polygon.is_visible()

    assert page.locator("polygon.hex").count() == 661
    page.screenshot(path=str(artifacts / "arena-board.png"), full_page=True)


def test_hovering_a_hex_shows_its_coordinates_and_block__hr_1_3(live_server, page):
    page.goto(f"{live_server.url}/arena/board/")
    page.hover('polygon[data-q="4"][data-r="-8"]')
    info = page.locator("#hex-info")
    assert info.text_content().startswith("(4, -8) · M-NE · block (")
    assert "gate hex of G-N-M (1)" in info.text_content()


def test_tapping_a_hex_on_a_phone_names_it_and_the_board_can_be_enlarged(live_server, browser, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/arena/board/")
    assert "Tap or hover a hex" in page.locator("main").inner_text()
    hexagon = page.locator('polygon[data-q="4"][data-r="-8"]')
    hexagon.click()  # a phone's tap reaches the page as a click, without a hover before it
    page.wait_for_selector('polygon.hex.is-tapped[data-q="4"][data-r="-8"]')
    assert page.locator("#hex-info").text_content().startswith("(4, -8) · M-NE · block (")
    before = page.locator("#arena-board").bounding_box()["width"]
    page.locator("#board-zoom").click()
    assert page.locator("#arena-board").bounding_box()["width"] == 900 > before
    assert page.locator("#board-zoom").get_attribute("aria-pressed") == "true"
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]  # the frame scrolls, not the page
    page.screenshot(path=str(artifacts / "arena-board-phone-enlarged.png"))
    page.locator("#board-zoom").click()
    assert page.locator("#arena-board").bounding_box()["width"] == before
    context.close()
