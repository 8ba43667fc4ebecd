"""The mixed load of ``make load`` (issue 18): signed-in players who browse their teams, change a
value in the builder (live validation), open standings and character sheets, and play hosted
matches against each other, polling as the play screen does. Run by ``bench/load_run.py``, which
seeds the users (``load00`` …), their teams, a league and the matches, and reads the figures.

Requests go to 127.0.0.1 as if through the HTTPS proxy (``X-Forwarded-Proto: https``); the session
and CSRF cookies are Secure, so the client sends them itself in a ``Cookie`` header.

Each action a player takes in a hosted match is timed until his opponent's next poll sees it; the
times go to the file named by ``VIADAL_LOAD_SEEN_FILE`` when the run ends.
"""

from __future__ import annotations

import html
import itertools
import json
import os
import random
import re
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from locust import HttpUser, between, constant, events, task
from locust.clients import LocustHttpAdapter
from urllib3.exceptions import ProtocolError
from urllib3.util.retry import Retry

PASSWORD = os.environ.get("VIADAL_LOAD_PASSWORD", "viadal-load")
PLAN = json.loads(Path(os.environ["VIADAL_LOAD_PLAN"]).read_text()) if "VIADAL_LOAD_PLAN" in os.environ else {}
POLL_SECONDS = float(os.environ.get("VIADAL_MATCH_POLL_MS", "700")) / 1000
# with push, the page's safety net: a refresh once the stream has said nothing for this long (static/js/play.js)
SAFETY_SECONDS = float(os.environ.get("VIADAL_PUSH_SAFETY_POLL_MS", "15000")) / 1000

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CHOICE = re.compile(r'name="action" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
FIELD = re.compile(r"<(input|select|textarea)\b([^>]*)>", re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
OPTION = re.compile(r'<option value="([^"]*)"([^>]*)>')
FINGERPRINT = re.compile(r'data-fp="([^"]+)"')

_acted: dict[tuple[int, int], float] = {}  # (match, version) -> when the action's answer came
_seen: list[float] = []  # seconds from an action's answer to the opponent's poll that saw it
# (match, version) -> when the opponent saw it, before the action's own answer came: counted as 0 s
_seen_first: dict[tuple[int, int], float] = {}
_lock = threading.Lock()
RESENT = "resent on a new connection (as a browser does)"


class AsABrowserDoes(Retry):
    """A request that meets its kept-alive connection closed by the server (it was idle for the
    server's keep-alive just as the request left) is sent once more on a new connection, as browsers do
    (Chromium resends when a reused connection is reset or closed before any byte of the answer); a
    timeout, a refused connection or a second failure is still an error. Each resend is counted in the
    table (``RESENT``), not hidden."""

    def __init__(self, **kwargs) -> None:  # type: ignore[no-untyped-def]
        given = dict(total=1, connect=0, read=1, redirect=0, status=0, other=0, allowed_methods=None)
        given.update(kwargs)
        super().__init__(**given)

    def _is_read_error(self, err: Exception) -> bool:
        return isinstance(err, ProtocolError)  # a reset or a closed connection, not a timeout

    def increment(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        again = super().increment(*args, **kwargs)  # raises when nothing is left to try
        events.request.fire(request_type="RESEND", name=RESENT, response_time=0, response_length=0, exception=None)
        return again


def resending_like_a_browser(session) -> None:  # type: ignore[no-untyped-def]
    adapter = LocustHttpAdapter(pool_manager=None, max_retries=AsABrowserDoes())
    session.mount("http://", adapter)


def _cookie_header(jar: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in jar.items())


class Visitor(HttpUser):
    """A signed-in player: the session, the cookies the client sends itself, CSRF on posts."""

    abstract = True
    pool = "browsers"
    counter = itertools.count()

    def on_start(self) -> None:
        people = PLAN[self.pool]
        me = people[next(self.counter) % len(people)]
        self.username, self.team, self.match = me["username"], me["team"], me.get("match")
        self.league = PLAN.get("league")
        self.jar: dict[str, str] = {}
        self.version = -1
        self.choices: list[str] = []
        self.form: list[tuple[str, str]] = []
        resending_like_a_browser(self.client)
        self._log_in()

    # --- plumbing ---------------------------------------------------------------------------

    def _headers(self, **extra: str) -> dict[str, str]:
        headers = {"X-Forwarded-Proto": "https", "Cookie": _cookie_header(self.jar)}
        headers.update(extra)
        return headers

    def _post_headers(self, **extra: str) -> dict[str, str]:
        origin = self.host.replace("http://", "https://")
        token = self.jar.get("csrftoken", "")
        return self._headers(Origin=origin, Referer=origin + "/", **{"X-CSRFToken": token}, **extra)

    def _keep(self, response) -> None:  # type: ignore[no-untyped-def]
        for cookie in response.cookies:  # Secure cookies too: the client sends them itself
            self.jar[cookie.name] = cookie.value

    def _get(self, url: str, name: str, **headers: str):  # type: ignore[no-untyped-def]
        response = self.client.get(url, name=name, headers=self._headers(**headers), allow_redirects=False)
        self._keep(response)
        return response

    def _post(self, url: str, data: object, name: str, ok: tuple[int, ...] = (200, 302), **headers: str):  # type: ignore[no-untyped-def]
        with self.client.post(
            url, data=data, name=name, headers=self._post_headers(**headers), allow_redirects=False, catch_response=True
        ) as response:
            self._keep(response)
            if response.status_code not in ok:
                response.failure(f"{name} answered {response.status_code}")
            else:
                response.success()
        return response

    def _log_in(self) -> None:
        page = self._get("/accounts/login/", "login page")
        token = CSRF_INPUT.search(page.text)
        self._post(
            "/accounts/login/",
            {"username": self.username, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1) if token else ""},
            "log in",
            ok=(302,),
        )


class Builder(Visitor):
    """A player working on his team and reading the league: 1-3 s between steps."""

    weight = 2
    wait_time = between(1, 3)
    pool = "browsers"
    counter = itertools.count()

    @task(2)
    def teams(self) -> None:
        self._get("/teams/", "/teams/ (list)")

    @task(5)
    def builder_live_validation(self) -> None:
        """Change one number of the team in the builder, as a player typing: the page's form is
        posted with one value changed, under htmx (the live check)."""
        if not self.form:
            page = self._get(f"/teams/{self.team}/edit/", "/teams/N/edit/ (builder page)")
            self.form = _form_fields(page.text)
        numbers = [i for i, (_name, value) in enumerate(self.form) if value.lstrip("-").isdigit()]
        data = list(self.form)
        changed = ""
        if numbers:
            index = random.choice(numbers)
            changed, value = data[index]
            data[index] = (changed, str(max(0, int(value) + random.choice((-1, 1)))))
            self.form = data
        self._post(
            f"/teams/{self.team}/edit/",
            data,
            "/teams/N/edit/ (live validation)",
            ok=(200,),
            **{"HX-Request": "true", "HX-Trigger-Name": changed, "HX-Trigger": f"id_{changed}"},
        )

    @task(1)
    def standings(self) -> None:
        if self.league:
            self._get(f"/leagues/{self.league}/standings/", "/leagues/N/standings/")

    @task(1)
    def sheets(self) -> None:
        self._get(f"/teams/{self.team}/sheets/", "/teams/N/sheets/ (print view)")


class PlayScreen(Visitor):
    """What a player on the play screen does besides the way he learns of a move: act, read an answer,
    ask for the refreshed parts. Locust adds a class's tasks to those it inherits, so the two kinds of
    player (polling, push) share this and not each other's task: a push player that inherited the
    polling task polled at its own 20 ms pace and measured a poll storm, not push."""

    abstract = True
    pool = "players"

    def _look(self, *, refresh: bool) -> None:
        """One look at the play screen: the page the first time; then, when ``refresh``, the poll's GET
        of the parts that changed; and a decision once one is owed and thought over."""
        if self.version < 0:
            self._read(self._get(f"/play/{self.match}/", "/play/N/ (match page)").text)
        elif refresh:
            answer = self._get(self._refresh_url(), "/play/N/poll/", **{"HX-Request": "true"})
            if answer.status_code in (200, 286):
                before = self.version
                self._read(answer.text)
                self._seen(before)
        if self.choices and time.monotonic() >= self.ready_at:
            self._act()

    acting = False  # an action is on its way (a stream's parts wait for its answer, as the page's do)

    def _act(self) -> None:
        action = random.choice(self.choices)
        self.acting = True
        try:
            answer = self._post(
                f"/play/{self.match}/act/",
                {"version": str(self.version), "action": action, "have": " ".join(self.held.values())},
                "/play/N/act/ (an action)",
                ok=(200, 409),  # 409: the opponent moved first; the answer shows the new position
                **{"HX-Request": "true"},
            )
        finally:
            self.acting = False
        if answer.status_code in (200, 409):
            before = self.version
            self._read(answer.text)
            with _lock:
                for version in range(before + 1, self.version + 1):
                    if _seen_first.pop((self.match, version), None) is not None:
                        _seen.append(0.0)  # the stream's parts reached the other screen first
                    else:
                        _acted[(self.match, version)] = time.monotonic()

    def _refresh_url(self) -> str:
        """The poll's GET at the page's version, with the parts' fingerprints the page holds (``have``),
        as the play page's script sends them."""
        have = "+".join(self.held.values())
        return f"/play/{self.match}/poll/?v={self.version}" + (f"&have={have}" if have else "")

    def _seen(self, before: int) -> None:
        with _lock:
            for version in range(before + 1, self.version + 1):
                acted = _acted.pop((self.match, version), None)
                if acted is not None:
                    _seen.append(time.monotonic() - acted)
                elif not self.acting and PUSH:
                    _seen_first[(self.match, version)] = time.monotonic()

    ready_at = 0.0
    held: dict[str, str]

    def _read(self, text: str) -> None:
        """The page's version, its choices (when the answer carries them: a part the page holds is left
        out) and the parts' fingerprints."""
        if not hasattr(self, "held"):
            self.held = {}
        self.held.update({fp.split(".")[0]: fp for fp in FINGERPRINT.findall(text)})
        found = VERSION.search(text)
        if found:
            if int(found.group(1)) != self.version:
                self.ready_at = time.monotonic() + random.uniform(1, 4)
            self.version = int(found.group(1))
        if 'id="choices"' not in text:
            return  # the choices the page holds are still the offered ones
        choices = [html.unescape(value) for value in CHOICE.findall(text)]
        self.choices = [c for c in choices if json.loads(c).get("type") not in ("Concede", "EndStep")] or [
            c for c in choices if json.loads(c).get("type") == "EndStep"
        ]


class MatchPlayer(PlayScreen):
    """A player on the play screen: it polls every VIADAL_MATCH_POLL_MS as the page does, and takes
    one of its choices when it owes one, after 1-4 s of thought (a person reads the board first)."""

    weight = 3
    wait_time = constant(POLL_SECONDS)
    counter = itertools.count()

    @task
    def play(self) -> None:
        self._look(refresh=True)


def _form_fields(page: str) -> list[tuple[str, str]]:
    """The builder form's fields as a browser would post them (text, numbers, checked boxes, selects)."""
    fields: list[tuple[str, str]] = []
    for match in FIELD.finditer(page):
        tag, attributes = match.group(1), dict(ATTR.findall(match.group(2)))
        name = attributes.get("name")
        if not name or name == "csrfmiddlewaretoken":
            continue
        if tag == "input":
            kind = attributes.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in match.group(2):
                continue
            if kind in ("submit", "button", "file"):
                continue
            fields.append((name, html.unescape(attributes.get("value", "on" if kind == "checkbox" else ""))))
        elif tag == "select":
            rest = page[match.end() : page.find("</select>", match.end())]
            options = OPTION.findall(rest)
            chosen = next((value for value, extra in options if "selected" in extra), options[0][0] if options else "")
            fields.append((name, html.unescape(chosen)))
        else:
            end = page.find("</textarea>", match.end())
            fields.append((name, html.unescape(page[match.end() : end])))
    return fields


PUSH = os.environ.get("VIADAL_LOAD_PUSH", "") == "on"


class TablePlayer(PlayScreen):
    """``make load --matches``: a player of one of the N matches (two to a match). Without push it polls
    every VIADAL_MATCH_POLL_MS as the page does; with push (``VIADAL_LOAD_PUSH=on``, the server on ASGI)
    it listens to the match's stream (``/play/<id>/stream/``: server-sent events, each a version) and
    sends the page's refresh (the poll's GET at its version) once the stream tells a newer version,
    and once the stream has said nothing for ``SAFETY_SECONDS``, as static/js/play.js does. It acts
    after 1-4 s of thought when it owes a decision."""

    abstract = not PUSH  # without push the poller's behaviour is MatchPlayer's own
    weight = 1
    wait_time = constant(0.02)
    counter = itertools.count()
    told = -1

    def on_start(self) -> None:
        super().on_start()
        import gevent

        self._stream = gevent.spawn(self._listen)

    def on_stop(self) -> None:
        self._stream.kill(block=False)

    def _listen(self) -> None:
        """The stream, reopened when it ends (its lifetime, or a refusal: then a moment later)."""
        import gevent
        import requests

        session = requests.Session()
        resending_like_a_browser(session)
        while True:
            started = time.monotonic()
            try:
                with session.get(
                    f"{self.host}/play/{self.match}/stream/",
                    params={"v": max(self.version, self.told)},
                    headers=self._headers(Accept="text/event-stream"),
                    stream=True,
                    timeout=(10, 60),
                ) as response:
                    if response.status_code != 200:
                        events.request.fire(
                            request_type="SSE",
                            name="/play/N/stream/ (refused)",
                            response_time=(time.monotonic() - started) * 1000,
                            response_length=0,
                            exception=None if response.status_code == 204 else RuntimeError(response.status_code),
                        )
                        gevent.sleep(2)
                        continue
                    self.heard_at = time.monotonic()  # open: the safety net counts from here
                    events.request.fire(
                        request_type="SSE",
                        name="/play/N/stream/ (opened)",
                        response_time=(time.monotonic() - started) * 1000,
                        response_length=0,
                        exception=None,
                    )
                    for data in _event_data(response.iter_content(chunk_size=None, decode_unicode=True)):
                        self.heard_at = time.monotonic()
                        try:
                            told = _told(data)
                        except ValueError as error:  # counted, and the stream read on
                            events.request.fire(
                                request_type="SSE",
                                name="/play/N/stream/ (unreadable message)",
                                response_time=0,
                                response_length=len(data),
                                exception=error,
                            )
                            continue
                        self._hear(told)
            except requests.RequestException:
                gevent.sleep(1)

    def _hear(self, told: dict[str, object]) -> None:
        """A message of the stream: a version, or the page's refreshed parts (``html``), which the page
        swaps in unless its own action is on its way (then the refresh after the answer catches up)."""
        version = int(str(told.get("version", -1)))
        self.told = max(self.told, version)
        if "html" in told and not self.acting and version > self.version:
            before = self.version
            self._read(str(told["html"]))
            self._seen(before)

    heard_at = float("inf")  # when the stream last said something (never: no safety poll yet)

    def listen_and_play(self) -> None:
        quiet = SAFETY_SECONDS > 0 and time.monotonic() - self.heard_at >= SAFETY_SECONDS
        if quiet:
            self.heard_at = time.monotonic()
        self._look(refresh=self.told > self.version or quiet)

    tasks = [listen_and_play]


def _event_data(chunks: Iterable[str]) -> Iterator[str]:
    """Each event's data as a browser's ``EventSource`` reads a stream: lines end at a newline (the
    stream has no other line ends), an event's ``data`` lines are joined with newlines, and a blank line
    ends the event. (requests' ``iter_lines`` also splits at other characters, and takes a chunk that ends
    with a newline for a blank line after it.)"""
    rest = ""
    data: list[str] = []
    for chunk in chunks:
        *lines, rest = (rest + chunk).split("\n")
        for line in lines:
            if line.startswith("data:"):
                data.append(line[6:] if line.startswith("data: ") else line[5:])
            elif not line and data:
                yield "\n".join(data)
                data = []


def _told(data: str) -> dict[str, object]:
    """An event's data as static/js/play.js reads it: the version and the end (JSON) on the first line,
    and for a parts message the parts' HTML on the lines after it."""
    head, newline, html = data.partition("\n")
    told: dict[str, object] = json.loads(head)
    if newline:
        told["html"] = html
    return told


class BareSelect(HttpUser):
    """The bare view (``/load/bare/``, one indexed SELECT) asked four times a second under the same
    load: the stack's own latency beside real play."""

    weight = 1
    fixed_count = 1
    wait_time = constant(0.25)

    @task
    def bare(self) -> None:
        self.client.get("/load/bare/", name="/load/bare/ (one SELECT)", headers={"X-Forwarded-Proto": "https"})


WARM_UP_SECONDS = float(os.environ.get("VIADAL_LOAD_WARM_UP", "15"))


@events.test_start.add_listener
def _forget_the_ramp_up(environment, **kwargs) -> None:  # type: ignore[no-untyped-def]
    """Sign-ins and first pages while the players arrive are not the steady load: the figures start
    again once the warm-up has passed."""
    import gevent

    def reset() -> None:
        gevent.sleep(WARM_UP_SECONDS)
        environment.runner.stats.reset_all()
        with _lock:
            _seen.clear()
            _seen_first.clear()

    gevent.spawn(reset)


@events.quitting.add_listener
def _write_seen(environment, **kwargs) -> None:  # type: ignore[no-untyped-def]
    target = os.environ.get("VIADAL_LOAD_SEEN_FILE")
    if target:
        Path(target).write_text(json.dumps(_seen))
