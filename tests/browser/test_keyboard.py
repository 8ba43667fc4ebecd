"""Played with the keyboard alone (issue 20): a team is changed and marked ready in the builder, and a
step of a hosted match is taken on the board, with Tab, the arrow keys, Enter and typing, never a click.
What a screen reader would hear is checked too: the builder's live region, the board's hex line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.engine import is_over, legal_actions, seats_to_move
from arena.runtime.states import state_of
from teams.models import Team
from tests.arena.hosted import begin, fresh, make_players, play
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import LAPTOP, live_server  # noqa: F401 (the serialised live server)
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser

FOCUSED = "() => { const e = document.activeElement; return e ? (e.id || e.textContent.trim()) : ''; }"


def tab_to(page: Any, wanted: str, *, backwards: bool = False, most: int = 300) -> int:
    """Tab (or Shift+Tab) until the focused element's id or text is ``wanted``: how many presses."""
    for presses in range(1, most + 1):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if page.evaluate(FOCUSED) == wanted:
            return presses
    raise AssertionError(f"{wanted!r} not reached in {most} presses")


def test_a_team_is_changed_and_marked_ready_with_the_keyboard_alone(browser, live_server):  # noqa: F811
    with live_server.lock:
        owner = UserFactory(username="billentyu")
        team = TeamFactory(owner=owner, name="Iron Wolves")  # a draft of 200 points that keeps every rule
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    log_in(page, live_server, "billentyu")
    page.goto(f"{live_server.url}/teams/{team.pk}/edit/")

    # every page's first Tab stop skips the header; the builder's own skip link leads past the status
    assert tab_to(page, "skip-to-content") == 1
    tab_to(page, "skip-to-fields")
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#team-fields"
    # "Mark ready" comes early: before the first field
    page.goto(f"{live_server.url}/teams/{team.pk}/edit/")
    assert tab_to(page, "Mark ready") < 25

    # one point too many: the rule broken is read out, then the change undone is read out as valid
    tab_to(page, "id_gladiator-ep")
    page.keyboard.press("Control+A")
    page.keyboard.type("21")
    page.keyboard.press("Tab")
    page.wait_for_function(
        "() => document.querySelector('#builder-announcement').textContent.includes('1 rule broken')"
    )
    assert "Team value is 201 points" in page.inner_text("#builder-announcement")
    assert page.get_attribute("#builder-announcement", "aria-live") == "polite"
    tab_to(page, "id_gladiator-ep", backwards=True)
    page.keyboard.press("Control+A")
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.querySelector('#builder-announcement').textContent.includes('Valid')")
    assert page.inner_text("#builder-announcement").strip() == "Valid, 200 points."

    # back up to "Mark ready" (the status panel comes before the form) and press it
    presses = tab_to(page, "Mark ready", backwards=True)
    # the team's own fields, each optional rule's and the tier's link to its rule (issue 34: explained
    # where it is chosen), then the status panel
    assert presses < 30, presses
    with page.expect_navigation():
        page.keyboard.press("Enter")
    with live_server.lock:
        team.refresh_from_db()
        assert team.status == Team.Status.READY
    context.close()


def board_step(players: Any) -> Any:
    """A match played at random (never a concession) until the home seat may deploy or move."""
    with_hex = ("Deploy", "Move")
    match = begin(players, seed="keyboard")
    rng = random.Random("keyboard")
    for _ in range(600):
        state = state_of(fresh(match))
        assert not is_over(state)
        seat = seats_to_move(state)[0]
        actions = legal_actions(state, seat)
        if seat == 0 and any(type(a).__name__ in with_hex for a in actions):
            return fresh(match)
        choices = [a for a in actions if type(a).__name__ != "Concede"]
        match = play(match, players, rng.choice(choices))
    raise AssertionError("the home seat never got a move on the board")


def test_a_step_of_a_hosted_match_is_played_from_the_keyboard(browser, live_server):  # noqa: F811
    with live_server.lock:
        players = make_players()
        match = board_step(players)
        version = match.version
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    log_in(page, live_server, "hazai")
    page.goto(f"{live_server.url}/play/{match.pk}/")
    page.wait_for_selector("#match-status")
    on_load = page.inner_text("#hex-info")  # a character chosen for the reader is read out with his hexes
    piece = page.locator(".board-layer .piece.seat-0").first
    assert piece.count()

    # Tab reaches the board (one Tab stop); a character with choices is chosen with Enter, his hexes light up
    from tests.browser.test_keyboard_play import Keys

    keys = Keys(page)
    keys.tab_to(".board-layer .piece, .board-layer .target", most=400)
    assert page.evaluate("() => document.querySelectorAll('.board-layer [tabindex=\"0\"]').length") == 1
    chooser = page.evaluate(
        """() => {
          const mine = [...document.querySelectorAll('form.play-form button.choice')]
            .filter(b => b.dataset.hex).map(b => b.dataset.char);
          return mine[0];
        }"""
    )
    assert page.inner_text("#hex-info").strip()  # what the focused piece is, read out
    if page.locator(f'.board-layer .piece[data-piece="{chooser}"]').count():
        # a character on the board: reached with the arrow keys and chosen with Enter (one who is not
        # yet on the board, deploying, is chosen already: his hexes are lit)
        keys.arrows_to(f'.board-layer .piece[data-piece="{chooser}"]')
        if not page.locator(f'.board-layer .piece[data-piece="{chooser}"].selected').count():
            page.keyboard.press("Enter")
        assert "Lit hexes:" in page.inner_text("#hex-info")  # his hexes and their MAN, read out
    else:
        assert "Lit hexes:" in on_load and "→" in on_load, on_load
    lit = page.locator(f'.board-layer .target[data-char="{chooser}"]:not(.is-hidden)')
    lit.first.wait_for()
    # the arrow keys move between the pieces and the lit hexes
    before = page.evaluate("() => document.activeElement.outerHTML")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => !!document.activeElement.closest('.board-layer')"), before
    # his lit hexes come right after him: Tab from him (or the arrows) reaches the first
    if not keys.on(".board-layer .target"):
        keys.arrows_to(f'.board-layer .piece[data-piece="{chooser}"]')
        page.keyboard.press("Tab")
    assert keys.on(".board-layer .target"), keys.focus()
    named = page.inner_text("#hex-info")
    assert "→" in named, named
    page.keyboard.press("Enter")
    # a single choice there acts at once; several are offered as buttons, the first taken with Enter
    offered = page.locator("button.choice.offered")
    page.wait_for_timeout(300)
    if _version(page) == version and offered.count():
        assert keys.on("button.choice.offered")  # the board's Enter brought the reader to the first choice
        page.keyboard.press("Enter")
    page.wait_for_function(
        "v => +document.querySelector('#match-status').dataset.version > v", arg=version, timeout=10_000
    )
    # what the step did is read out from the live region as the log grows
    page.wait_for_function("() => document.querySelector('#match-events').textContent.trim() !== ''")
    assert page.get_attribute("#match-events", "aria-live") == "polite"
    with live_server.lock:
        assert fresh(match).version > version
    context.close()


def _version(page: Any) -> int:
    return int(page.get_attribute("#match-status", "data-version"))


def test_the_arena_board_is_read_hex_by_hex_from_the_keyboard(page, live_server):  # noqa: F811
    page.goto(f"{live_server.url}/arena/board/")
    assert page.get_attribute("#arena-board", "role") == "group"
    # one Tab stop for the whole board: the first hex; the others wait for the arrow keys
    assert page.locator('#arena-board polygon.hex[tabindex="0"]').count() == 1
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('polygon.hex')"):
            break
    else:
        raise AssertionError("Tab never reached the board")
    first = page.inner_text("#hex-info")
    assert first.startswith("(")  # the focused hex described as hovering describes it
    page.keyboard.press("ArrowRight")
    second = page.inner_text("#hex-info")
    assert second != first
    assert page.evaluate("() => document.activeElement.getAttribute('tabindex')") == "0"  # the Tab stop moved along
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#hex-info") == first
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # as a tap: the hex stays marked
    assert page.locator("#arena-board polygon.hex.is-tapped").count() == 1
    assert page.evaluate("() => document.activeElement.classList.contains('is-tapped')")
