"""Issue 35, done when: two players, each in his own browser context, and a spectator in a third; the
home player acts and the away player's page (and the spectator's) shows it **through push with
polling switched off**, and again **through polling with push switched off**; and through the
fallback, polling every 700 ms when the stream is refused or the browser has no EventSource.

The site runs under uvicorn (ASGI, as ``make serve`` runs it) in a thread of the test process, on a
free port, against the test database: on SQLite the test database is an in-memory one that every
connection of this process shares (``cache=shared``), and every synchronous view under ASGI runs in
one thread, so the server uses one connection; the test's own queries wait until the browsers are
done. The broker is the local one, or Redis where the environment names it (``make test-postgres``).

Each run writes the time from the click to the other pages' change to test-artifacts/push-latency.json.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from arena.models import Match
from tests.arena.hosted import begin, fresh, make_players
from tests.browser.actions import SEEN, log_in
from tests.budget import THOROUGH

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 900}


class AsgiServer:
    """uvicorn serving the site's ASGI application in a thread, on a free port of 127.0.0.1."""

    def __init__(self) -> None:
        import uvicorn

        from viadal_site.asgi_handler import SiteAsgiHandler

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        config = uvicorn.Config(
            SiteAsgiHandler(),  # as viadal_site/asgi.py serves the site
            lifespan="off",
            loop="asyncio",  # with httptools, as the production worker runs them (viadal_site/workers.py)
            http="auto",
            log_level="warning",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()


@pytest.fixture
def asgi_server(transactional_db: Any) -> Iterator[AsgiServer]:
    """The server's thread for synchronous code closes its connection at each request's end (no
    persistent connection), so that nothing of it outlives the test's database."""
    from django.db import connections

    kept = connections.settings["default"]["CONN_MAX_AGE"]
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    server = AsgiServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        connections.settings["default"]["CONN_MAX_AGE"] = kept


def _watch(
    browser: Any, server: AsgiServer, username: str | None, match: Match, *, no_event_source: bool = False
) -> tuple[Any, list[tuple[float, str]]]:
    """A context of its own, signed in as ``username`` (a spectator when None), on the match's page;
    with the requests it sends to the match's refresh and stream endpoints."""
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sent: list[tuple[float, str]] = []
    page.on(
        "request",
        lambda request: (
            sent.append((time.monotonic(), request.url))
            if f"/play/{match.pk}/poll/" in request.url or f"/play/{match.pk}/stream/" in request.url
            else None
        ),
    )
    if username is not None:
        log_in(page, server, username)
    page.add_init_script(SEEN)
    if no_event_source:
        page.add_init_script("delete window.EventSource;")
    page.goto(f"{server.url}/play/{match.pk}/")
    page.wait_for_selector("#match-status")
    return page, sent


def _refreshes(sent: list[tuple[float, str]], after: float = 0.0) -> list[str]:
    return [url for at, url in sent if "/poll/" in url and at >= after]


def _streams(sent: list[tuple[float, str]]) -> list[str]:
    return [url for _at, url in sent if "/stream/" in url]


def _record(kind: str, figures: dict[str, int], artifacts: Any) -> None:
    path = artifacts / "push-latency.json"
    found = json.loads(path.read_text()) if path.exists() else {}
    found[kind] = figures
    path.write_text(json.dumps(found, indent=2))


def _the_move(
    browser: Any, server: AsgiServer, *, wait_for_push: bool, spectator_without_event_source: bool = False
) -> dict[str, Any]:
    """The home player hands out his secrets ("as in the team file", one request); the away player and
    a spectator watch. Returns what each page sent, the versions and the times from the click."""
    players = make_players()
    match = begin(players, seed="push")
    before = match.version
    home, _home_sent = _watch(browser, server, "hazai", match)
    away, away_sent = _watch(browser, server, "vendeg", match)
    spectator, spectator_sent = _watch(browser, server, None, match, no_event_source=spectator_without_event_source)
    if wait_for_push:
        for page in (away, spectator):
            page.wait_for_selector("#play-screen[data-push=open]", timeout=10_000)
    home.wait_for_selector("#as-team-file")
    clicked_at = time.monotonic()
    clicked = home.evaluate("Date.now()")
    home.click("#as-team-file")
    shown = {}
    for name, page in (("away", away), ("spectator", spectator), ("home", home)):
        page.wait_for_function(
            "v => +document.querySelector('#match-status').dataset.version > v", arg=before, timeout=10_000
        )
        version = page.evaluate("() => document.querySelector('#match-status').dataset.version")
        shown[name] = page.evaluate("v => window.__seen[v]", version) - clicked
    time.sleep(0.5)  # a duplicate refresh would be sent by now
    if not wait_for_push:  # polling: the next poll after the move's (700 ms apart), however fast the move was
        for page in (away, spectator):
            with page.expect_request(lambda r: "/poll/" in r.url, timeout=5_000):
                pass
    stored = fresh(match).version
    versions = {
        name: int(page.get_attribute("#match-status", "data-version"))
        for name, page in (("away", away), ("spectator", spectator), ("home", home))
    }
    states = {
        name: page.get_attribute("#play-screen", "data-push")
        for name, page in (("away", away), ("spectator", spectator))
    }
    for page in (home, away, spectator):
        page.context.close()
    return {
        "before": before,
        "stored": stored,
        "versions": versions,
        "shown_ms": shown,
        "states": states,
        "away_sent": away_sent,
        "spectator_sent": spectator_sent,
        "clicked_at": clicked_at,
    }


@pytest.mark.parametrize(
    "parts",
    [
        pytest.param(True, id="parts"),
        pytest.param(
            False, id="versions", marks=pytest.mark.skipif(not THOROUGH, reason="thorough run only (tests/budget.py)")
        ),
    ],
)
def test_the_other_pages_see_the_move_through_push_with_polling_switched_off(
    browser: Any, asgi_server: AsgiServer, settings: Any, artifacts: Any, parts: bool
) -> None:
    """With ``VIADAL_PUSH_PARTS`` the stream carries each page's refreshed parts: no page sends a
    request to see the move. Without, it tells the version and each page sends one refresh."""
    settings.VIADAL_PUSH = "on"  # one process: the local broker serves it when there is no Redis
    settings.VIADAL_PUSH_PARTS = parts
    settings.VIADAL_MATCH_POLL_MS = 600_000  # no polling, not even while the stream would be down
    settings.VIADAL_PUSH_SAFETY_POLL_MS = 0  # and no safety net while it is open
    run = _the_move(browser, asgi_server, wait_for_push=True)
    assert run["stored"] > run["before"]
    assert run["versions"] == {"away": run["stored"], "spectator": run["stored"], "home": run["stored"]}
    assert run["states"] == {"away": "open", "spectator": "open"}
    for sent in (run["away_sent"], run["spectator_sent"]):
        assert len(_streams(sent)) == 1  # one stream, never reopened
        if parts:
            assert _refreshes(sent) == [], sent  # the move came with the stream
            continue
        # no poll before the move; after it, exactly one refresh: the one the pushed version asked for
        assert _refreshes(sent) == _refreshes(sent, after=run["clicked_at"])
        assert len(_refreshes(sent)) == 1, sent
        assert f"?v={run['before']}" in _refreshes(sent)[0]
    _record("push" if parts else "push-versions", run["shown_ms"], artifacts)


def test_the_other_pages_see_the_move_through_polling_with_push_switched_off(
    browser: Any, asgi_server: AsgiServer, settings: Any, artifacts: Any
) -> None:
    settings.VIADAL_PUSH = "off"
    run = _the_move(browser, asgi_server, wait_for_push=False)
    assert run["versions"] == {"away": run["stored"], "spectator": run["stored"], "home": run["stored"]}
    assert run["states"] == {"away": None, "spectator": None}  # the script left push alone
    for sent in (run["away_sent"], run["spectator_sent"]):
        assert _streams(sent) == []
        assert _refreshes(sent)  # the page polled
    _record("poll", run["shown_ms"], artifacts)


def test_a_refused_stream_or_a_browser_without_event_source_polls(
    browser: Any, asgi_server: AsgiServer, settings: Any, artifacts: Any
) -> None:
    """Push offered, but the away player's stream is refused (429: no stream for his address) and the
    spectator's browser has no EventSource: both pages poll every 700 ms and see the move."""
    settings.VIADAL_PUSH = "on"
    settings.VIADAL_PUSH_STREAMS_PER_CLIENT = 0
    run = _the_move(browser, asgi_server, wait_for_push=False, spectator_without_event_source=True)
    assert run["versions"] == {"away": run["stored"], "spectator": run["stored"], "home": run["stored"]}
    assert run["states"] == {"away": "polling", "spectator": "polling"}
    assert _streams(run["away_sent"])  # asked for, refused
    assert _streams(run["spectator_sent"]) == []  # nothing to ask with
    for sent in (run["away_sent"], run["spectator_sent"]):
        assert len(_refreshes(sent, after=0)) >= 2  # polling, not one refresh per version
    _record("refused-or-no-event-source", run["shown_ms"], artifacts)
