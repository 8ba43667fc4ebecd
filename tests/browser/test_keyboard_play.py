"""Issue 32: whole steps of a hosted match played with key presses only (never a focus() or a click()
from the test), counted per action: median ≤ 6, worst ≤ 20. After every move of the opponent the
focus is where it was. The figures go to test-artifacts/keyboard-presses.json."""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest

from arena.engine import action_to_json, is_over, legal_actions, seats_to_move
from arena.runtime.states import state_of
from tests.arena.hosted import fresh, make_players, play
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import LAPTOP, live_server  # noqa: F401 (the serialised live server)
from tests.browser.test_keyboard import board_step

pytestmark = pytest.mark.browser

# what the focused element is, in words a test can compare across refreshes
FOCUS_KEY = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  if (e.dataset && e.dataset.piece) return 'piece:' + e.dataset.piece;
  if (e.classList && e.classList.contains('target')) return 'target:' + e.dataset.char + '@' + e.dataset.hex;
  if (e.id) return '#' + e.id;
  if (e.tagName === 'BUTTON') return 'button:' + e.value + ':' + e.textContent.trim();
  return e.tagName + ':' + e.textContent.trim().slice(0, 40);
}"""
CENTRE = """(sel) => { const e = sel ? document.querySelector(sel) : document.activeElement;
  if (!e) return null; const b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; }"""
SEATS = 0  # the home player plays from the keyboard


class Keys:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def focus(self) -> str:
        return str(self.page.evaluate(FOCUS_KEY))

    def on(self, selector: str) -> bool:
        return bool(
            self.page.evaluate("s => { const e = document.activeElement; return !!(e && e.matches(s)); }", selector)
        )

    def tab_to(self, selector: str, most: int = 120) -> None:
        """Tab, or Shift+Tab when the wanted element comes before the focus (the reader sees where it is)."""
        backwards = self.page.evaluate(
            "s => { const e = document.querySelector(s), f = document.activeElement;"
            " return !!(e && f && f !== document.body"
            " && (e.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING)); }",
            selector,
        )
        for _ in range(most):
            if self.on(selector):
                return
            self.press("Shift+Tab" if backwards else "Tab")
        raise AssertionError(f"Tab never reached {selector}; focus on {self.focus()}")

    def arrows_to(self, selector: str, most: int = 30) -> None:
        """On the board: the arrow key toward the wanted piece or hex, as a sighted player would press;
        where the arrows go round in circles, Tab."""
        seen: set[str] = set()
        for _ in range(most):
            if self.on(selector):
                return
            if self.focus() in seen:
                self.tab_to(selector)
                return
            seen.add(self.focus())
            here = self.page.evaluate(CENTRE, None)
            there = self.page.evaluate(CENTRE, selector.split(", ")[0])
            dx, dy = there[0] - here[0], there[1] - here[1]
            # the arrows whose 60-degree cone holds the goal, the straightest first (static/js/viadal.js)
            cones = []
            for key, (ux, uy) in (
                ("ArrowRight", (1, 0)),
                ("ArrowLeft", (-1, 0)),
                ("ArrowDown", (0, 1)),
                ("ArrowUp", (0, -1)),
            ):
                along, across = dx * ux + dy * uy, abs(dx * uy - dy * ux)
                if along > 0:
                    cones.append((across / along, key))
            before = self.focus()
            for _slope, key in sorted(cones):
                self.press(key)
                if self.focus() != before:
                    break
        around = self.page.evaluate(
            "s => [...document.querySelectorAll(s)].map(e => [e.dataset.hex, e.getAttribute('class'),"
            " JSON.stringify(e.getBoundingClientRect())])",
            selector,
        )
        raise AssertionError(
            f"the arrows never reached {selector}; focus on {self.focus()} {self.page.evaluate(CENTRE, None)} {around}"
        )

    def to_board(self, selector: str) -> None:
        if not self.on(".board-layer .piece, .board-layer .target"):
            self.tab_to(".board-layer .piece, .board-layer .target")
        self.arrows_to(selector)


def _version(page: Any) -> int:
    return int(page.get_attribute("#match-status", "data-version"))


def _wait_version(page: Any, above: int) -> None:
    page.wait_for_function(
        "v => +document.querySelector('#match-status').dataset.version > v", arg=above, timeout=10_000
    )


def _focus_after_refresh(page: Any, before: str) -> str:
    """Where the focus is once the refresh has settled: the same element, or (on a slow machine) after
    the restore has run; waits up to 3 s for it to come back to ``before``."""
    for _ in range(30):
        now = page.evaluate(FOCUS_KEY)
        if now == before:
            return now
        page.wait_for_timeout(100)
    return page.evaluate(FOCUS_KEY)


def _still_on_board(page: Any, key: str) -> bool:
    """Whether the piece of a ``piece:`` key is still shown (a fallen or hidden one cannot keep the focus)."""
    if not key.startswith("piece:"):
        return True
    return bool(
        page.evaluate(
            'k => { const e = document.querySelector(`.board-layer .piece[data-piece="${k}"]`);'
            " return !!e && e.getClientRects().length > 0 && !e.closest('.is-hidden'); }",
            key.removeprefix("piece:"),
        )
    )


def _choose(state: Any, rng: random.Random) -> Any:
    actions = [a for a in legal_actions(state, SEATS) if type(a).__name__ != "Concede"]
    on_board = [a for a in actions if type(a).__name__ in ("Deploy", "Move")]
    if on_board and rng.random() < 0.75:
        return rng.choice(on_board)
    simple = [a for a in actions if type(a).__name__ in ("EndStep", "EndActivation", "Name", "Deploy", "Move")]
    return rng.choice(simple or actions)


def _play_by_keys(keys: Keys, action: Any) -> None:
    """The key presses of one action, from wherever the focus is."""
    page = keys.page
    data = action_to_json(action)
    kind = data["type"]
    value = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    button = f'form.play-form button.choice[value="{value.replace(chr(34), chr(92) + chr(34))}"]'
    if kind in ("Deploy", "Move"):
        char = data["char"]
        goal = data["hex"] if kind == "Deploy" else data["path"][-1]
        place = f"{goal[0]},{goal[1]}"
        piece = f'.board-layer .piece[data-piece="{char}"]'
        if page.locator(piece).count() and not page.locator(piece + ".selected").count():
            keys.to_board(piece)
            keys.press("Enter")
        # the lit hex, or a piece standing on it (Enter on him acts on his hex, as a tap does)
        target = (
            f'.board-layer .target[data-char="{char}"][data-hex="{place}"], .board-layer .piece[data-hex="{place}"]'
        )
        keys.to_board(target)
        keys.press("Enter")
        page.wait_for_timeout(250)
        if keys.on("button.choice"):
            keys.tab_to(button)
            keys.press("Enter")
        return
    summary = page.evaluate(
        "s => { const b = document.querySelector(s); const d = b && b.closest('details:not([open])');"
        " return d && d.id ? '#' + d.id + ' > summary' : ''; }",
        button,
    )
    if summary:
        keys.tab_to(summary)
        keys.press("Enter")
    keys.tab_to(button)
    keys.press("Enter")


def test_whole_steps_are_played_with_key_presses_only(browser, live_server, artifacts):  # noqa: F811
    with live_server.lock:
        players = make_players()
        match = board_step(players)
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    log_in(page, live_server, "hazai")
    page.goto(f"{live_server.url}/play/{match.pk}/")
    page.wait_for_selector("#match-status")
    rng = random.Random("keys")
    presses: list[int] = []
    kept: list[tuple[str, str]] = []
    for _ in range(40):
        with live_server.lock:
            state = state_of(fresh(match))
        if is_over(state) or len(presses) >= 14:
            break
        movers = seats_to_move(state)
        if SEATS not in movers:  # the opponent moves (from his own device): the focus stays put
            if not Keys(page).on(".board-layer .piece, .board-layer .target"):
                page.keyboard.press("Tab")  # onto the board (its one Tab stop): the refresh must keep it there
            before, version = page.evaluate(FOCUS_KEY), _version(page)
            if not kept and before.startswith("piece:"):  # the focus ring on a piece, to look at
                page.locator("#board-scroll").screenshot(path=str(artifacts / "play-focus-ring.png"))
            with live_server.lock:
                other = movers[0]
                choices = [a for a in legal_actions(state, other) if type(a).__name__ != "Concede"]
                match = play(match, players, rng.choice(choices))
            _wait_version(page, version)
            kept.append((before, _focus_after_refresh(page, before)))
            continue
        action = _choose(state, rng)
        keys = Keys(page)
        version = _version(page)
        _play_by_keys(keys, action)
        _wait_version(page, version)
        page.wait_for_timeout(100)
        presses.append(keys.count)
    figures = {
        "actions": len(presses),
        "median": statistics.median(presses),
        "worst": max(presses),
        "presses": presses,
        "focus_after_opponent": kept,
    }
    (artifacts / "keyboard-presses.json").write_text(json.dumps(figures, indent=2))
    assert len(presses) >= 8, figures
    assert figures["median"] <= 6 and figures["worst"] <= 20, figures
    assert kept and all(after != "body" for _, after in kept), kept
    assert all(before == after for before, after in kept if _still_on_board(page, before)), kept
    context.close()
