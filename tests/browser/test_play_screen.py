"""The play screen as players meet it (issue 32): every refusal shown where the player looks, the
choices beside the board on a phone, the page in one language, and no console error."""

from __future__ import annotations

from typing import Any

import pytest

from tests.arena.hosted import begin, fresh, make_players
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import LAPTOP, PHONE, live_server  # noqa: F401 (the serialised live server)
from tests.browser.test_phone_layout import demo  # noqa: F401 (the demo league, for its Krónika)
from tests.budget import share

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


def test_on_a_phone_the_chosen_characters_choices_are_right_under_the_board(browser, live_server, artifacts):  # noqa: F811
    """Issue 32, item 2: at 390×844 the step's buttons are a bar fixed under the board: the board,
    the chosen character and his choices are all in the window without scrolling, and a move is
    played there."""
    from tests.browser.test_keyboard import board_step

    with live_server.lock:
        players = make_players()
        match = board_step(players)
        version = match.version
    errors: list[str] = []
    page = _open(browser, live_server, "hazai", PHONE, errors)
    page.goto(f"{live_server.url}/play/{match.pk}/")
    page.wait_for_selector("#choices.has-actions")
    mine = page.evaluate(
        "() => [...document.querySelectorAll('#action-form button.choice')]"
        ".filter(b => b.dataset.hex).map(b => b.dataset.char)[0]"
    )
    piece = page.locator(f'.board-layer .piece[data-piece="{mine}"]')
    if piece.count():
        piece.tap()
    page.wait_for_selector(f'.board-layer .target[data-char="{mine}"]:not(.is-hidden)')
    page.screenshot(path=str(artifacts / "play-phone-chosen.png"))
    assert page.evaluate("window.scrollY") == 0
    bar = page.locator("#choices").bounding_box()
    board = page.locator("#board-scroll").bounding_box()
    assert bar is not None and board is not None
    assert bar["y"] + bar["height"] <= PHONE["height"] + 1, bar
    assert board["y"] < bar["y"] and board["y"] + 150 < bar["y"], (board, bar)  # the board shows above the bar
    shown = page.locator(f'#action-form .choice-group[data-char="{mine}"] button.choice').first
    at = shown.bounding_box()
    assert at is not None and bar["y"] <= at["y"] and at["y"] + at["height"] <= PHONE["height"], at
    # a lit hex in the window is tapped: the move is played without a scroll of the page
    lit = page.locator(f'.board-layer .target[data-char="{mine}"]:not(.is-hidden)').first
    lit.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") == 0
    before = _version(page)
    hexes = lit.get_attribute("data-hex")
    covering = page.locator(f'.board-layer .piece[data-hex="{hexes}"]')
    (covering.first if covering.count() else lit).tap()
    page.wait_for_timeout(300)
    if _version(page) == before and page.locator("button.choice.offered").count():
        page.locator("button.choice.offered").first.tap()
    page.wait_for_function("v => +document.querySelector('#match-status').dataset.version > v", arg=version)
    assert page.evaluate("window.scrollY") == 0
    assert errors == [], errors


def test_on_a_phone_the_set_ups_choices_are_the_bar_under_the_board(browser, live_server):  # noqa: F811
    """Issue 32, item 2 in set-up: the step offers nothing but the prompt's answers (amulets and ME
    tokens), so at 390×844 they are the bar at the foot of the window, the board above them (not
    "Concede…" alone there and the answers above the board); one is played by a tap without a scroll.
    On a laptop they stay under the prompt."""
    with live_server.lock:
        match = begin(make_players(), seed="setup-bar")
        version = match.version
    errors: list[str] = []
    page = _open(browser, live_server, "hazai", PHONE, errors)
    page.goto(f"{live_server.url}/play/{match.pk}/")
    page.wait_for_selector("#answer-form.answers-bar")
    assert page.locator("#choices.has-actions").count() == 0  # conceding is no step's choice: not in the bar
    bar = page.locator("#answer-form").bounding_box()
    board = page.locator("#board-scroll").bounding_box()
    assert bar is not None and board is not None
    assert abs(bar["y"] + bar["height"] - PHONE["height"]) <= 1, bar  # at the foot of the window
    assert board["y"] + 150 < bar["y"], (board, bar)  # the board shows above it
    answer = page.locator("#answer-form button.choice").first
    at = answer.bounding_box()
    assert at is not None and bar["y"] <= at["y"] and at["y"] + at["height"] <= PHONE["height"], at
    assert page.evaluate("window.scrollY") == 0
    answer.tap()
    page.wait_for_function("v => +document.querySelector('#match-status').dataset.version > v", arg=version)
    assert page.evaluate("window.scrollY") == 0
    assert errors == [], errors
    laptop = _open(browser, live_server, "hazai", LAPTOP, errors)
    laptop.goto(f"{live_server.url}/play/{match.pk}/")
    laptop.wait_for_selector("#answer-form")
    assert laptop.evaluate("getComputedStyle(document.querySelector('#answer-form')).position") == "static"
    prompt = laptop.locator("#match-prompt").bounding_box()
    form = laptop.locator("#answer-form").bounding_box()
    assert prompt is not None and form is not None and form["y"] > prompt["y"]  # under the prompt
    laptop.context.close()
    page.context.close()


ATTACKS = ("MeleeAttack", "RangedAttack", "Throw")


def attack_step(players: Any) -> Any:
    """A match played by the greedy agent (it closes in and attacks) until the home seat may attack."""
    from arena.engine import action_to_json, is_over, legal_actions, seats_to_move
    from arena.engine.agents import AGENTS
    from arena.runtime.states import state_of
    from arena.services import match_play

    match = begin(players, seed="attacks")
    for _ in range(1500):
        state = state_of(fresh(match))
        assert not is_over(state)
        seat = seats_to_move(state)[0]
        actions = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        if seat == 0 and any(type(a).__name__ in ATTACKS for a in actions):
            return fresh(match)
        action = AGENTS["greedy"](f"axe:{match.version}:{seat}").choose(state, seat, actions)
        match_play(match=match, player=players.user(seat), version=match.version, actions=[action_to_json(action)])
        match = fresh(match)
    raise AssertionError("the home seat never got an attack")


def kronika(demo: dict[str, int]) -> list[str]:  # noqa: F811
    """The demo league's Krónika: a confirmed fixture's entry (its campaign sheet and its history, the
    match log filled in) and an entry still without a match."""
    from campaigns.models import Entry, Fixture

    played = Fixture.objects.get(pk=demo["confirmed"]).home
    fresh_entry = Entry.objects.filter(league_id=demo["league"]).exclude(pk=played.pk).order_by("pk").last()
    assert fresh_entry is not None
    return [
        f"/leagues/entries/{played.pk}/",
        f"/leagues/entries/{played.pk}/history/",
        f"/leagues/entries/{fresh_entry.pk}/",
    ]


LANGUAGES = ["en", "hu"]
WIDTHS = [("1280", LAPTOP), ("390", PHONE)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_play_screens_states_pass_axe(browser, live_server, settings, language, demo):  # noqa: F811
    """axe-core (WCAG 2.1 A/AA) over the play screen's dynamic states, at 1280 and 390 px in both
    languages in the thorough run (`make test`: each width once, English at 1280 and Hungarian at 390,
    tests/budget.py): set-up (its answers the phone's bar), deployment with a character chosen and his
    hexes lit, a refusal shown, attacks offered on an enemy, the replay at a step, and the campaign log
    (Krónika) of a played entry and of one not yet played. One page load per state; the matches are
    made once."""
    from arena.engine import legal_actions
    from arena.runtime.states import state_of
    from tests.arena.hosted import finished, play
    from tests.browser.test_accessibility import problems_on
    from tests.browser.test_keyboard import board_step

    settings.VIADAL_MATCH_POLL_MS = 600_000  # the refusal below needs a page older than the match
    with live_server.lock:
        players = make_players()
        setup = begin(players, seed="axe-setup")
        deploy = board_step(players)
        attack = attack_step(players)
        over = finished(players, seed="axe-replay", steps=60)
        krónika = kronika(demo)
    found: dict[str, list[str]] = {}
    widths = share(WIDTHS, LANGUAGES.index(language), len(LANGUAGES))
    assert widths
    for width, viewport in widths:
        errors: list[str] = []
        page = _open(browser, live_server, "hazai", viewport, errors)
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])

        def check(state: str, page: Any = page, width: str = width) -> None:
            assert page.get_attribute("html", "lang") == language
            problems = problems_on(page)
            if problems:
                found[f"{width} {state}"] = problems

        page.goto(f"{live_server.url}/play/{setup.pk}/")
        page.wait_for_selector("#answer-form")
        check("set-up")

        page.goto(f"{live_server.url}/play/{deploy.pk}/")
        page.wait_for_selector("#match-status")
        check("deployment")
        mine = page.evaluate(
            "() => [...document.querySelectorAll('#action-form button.choice')]"
            ".filter(b => b.dataset.hex).map(b => b.dataset.char)[0]"
        )
        piece = page.locator(f'.board-layer .piece[data-piece="{mine}"]')
        if piece.count():
            piece.click()
        page.wait_for_selector(f'.board-layer .target[data-char="{mine}"]:not(.is-hidden)')
        check("deployment, a character chosen")
        with live_server.lock:  # the same seat acts from another device: this page is now stale
            state = state_of(fresh(deploy))
            action = next(a for a in legal_actions(state, 0) if type(a).__name__ in ("Deploy", "Move"))
            deploy = play(deploy, players, action)
        page.locator("#action-form button.choice").first.dispatch_event("click")
        page.wait_for_selector("#play-message")
        check("a refusal shown")

        page.goto(f"{live_server.url}/play/{attack.pk}/")
        page.wait_for_selector("#match-status")
        target = page.evaluate(
            "kinds => [...document.querySelectorAll('#action-form button.choice')]"
            ".filter(b => kinds.includes(b.dataset.kind) && b.dataset.target).map(b => b.dataset.target)[0]",
            list(ATTACKS),
        )
        assert target, "no attack on the page"
        page.locator(f'.board-layer .piece[data-piece="{target}"]').first.click()
        page.wait_for_selector("#action-form button.choice.offered")
        check("attacks offered")

        page.goto(f"{live_server.url}/play/{over.pk}/replay/?at={over.version // 2}")
        page.wait_for_selector(f'#replay[data-at="{over.version // 2}"]')
        check("the replay at a step")

        for url in krónika:
            page.goto(live_server.url + url)
            page.wait_for_selector("main")
            check(f"Krónika {url}")
        assert [e for e in errors if "status of 409" not in e] == [], errors
        page.context.close()
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())


def test_a_replay_steps_by_action_step_and_round_jumps_and_plays_with_the_keys(browser, live_server):  # noqa: F811
    """Issue 32, item 8: a long match is not one page load per action: the arrow keys step an action,
    with Shift a step, Page Down a round; the number field jumps anywhere; Play goes on by itself."""
    from tests.arena.hosted import finished

    with live_server.lock:
        match = finished(make_players(), steps=300)
        last = match.version
        rows = list(match.actions.order_by("seq").values_list("seq", "events"))
    steps = [seq for seq, events in rows if any(e["type"] == "StepStarted" for e in events)]
    rounds: dict[int, int] = {}
    for seq, events in rows:
        for event in events:
            if event["type"] == "RoundStarted":
                rounds.setdefault(event["round"], seq)
    errors: list[str] = []
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{live_server.url}/play/{match.pk}/replay/?at=0")
    page.wait_for_selector('#replay[data-at="0"]')
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#replay[data-at="1"]')
    page.keyboard.press("Shift+ArrowRight")
    after = min(s for s in steps if s > 1)
    page.wait_for_selector(f'#replay[data-at="{after}"]')
    page.keyboard.press("PageDown")
    page.wait_for_selector(f'#replay[data-at="{min(s for s in rounds.values() if s > after)}"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'#replay[data-at="{last}"]')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#replay[data-at="{last - 1}"]')
    page.fill("#replay-jump-at", "40")
    page.press("#replay-jump-at", "Enter")
    page.wait_for_selector('#replay[data-at="40"]')
    page.click("#replay-play")  # it plays on by itself, then is paused
    page.wait_for_selector('#replay[data-at="42"]', timeout=6000)
    page.click("#replay-play")
    stopped = int(page.get_attribute("#replay", "data-at"))
    page.wait_for_timeout(1500)
    assert int(page.get_attribute("#replay", "data-at")) == stopped
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    assert errors == [], errors
    context.close()
