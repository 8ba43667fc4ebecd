"""Benchmark of the web pages under gunicorn and the production settings (issue 14; ``make bench-web``).
Not a test.

Sets up a throwaway site (``collectstatic``, ``migrate`` and the demo data on a SQLite file in a
temporary folder, or on ``DATABASE_URL``), starts gunicorn with ``bench.web_settings`` (the production
settings plus the yardstick page) on a free port of 127.0.0.1, signs in a demo player through the login
form, and measures with wrk, each for ``BENCH_SECONDS`` at 1, 16 and 50 connections:

- the builder's live check: ``POST /teams/N/edit/`` under htmx, the changed field's card as the page
  sends it, one field changed (the gladiator's Ép, a different value each request: every request saves);
- the builder page (``GET /teams/N/edit/``);
- the league's standings;
- the sheet PDF once rendered (the first request, timed alone, renders it);
- the bare page: a 50-item template through the same middleware, the yardstick;
- a hosted match's play parts (``play``): the refresh the play page sends for a newer version
  (``GET /play/N/poll/?v=0`` under htmx: every part of the seat's page, from the shared cache of
  rendered parts after the first), and the idle poll (``poll``: "nothing new", 204), in a match
  between the two demo players made for the run.

Every request says it came through the HTTPS proxy (``X-Forwarded-Proto: https``), as in production.
Prints req/s, p50 and p99 per request, and the live check's req/s over the bare page's, measured apart
with the two in turn for short rounds so that the machine's load moves both alike; exits non-zero
when any measurement saw an error (a non-2xx answer, a socket error or a timeout).

On PostgreSQL (``DATABASE_URL``, or ``make bench-web-postgres`` with the local server) the site gets a
throwaway database of its own on that server, created empty and dropped at the end, so a run never
touches a database in use. ``BENCH_ONLY`` measures only some requests (``bare``, ``pdf``,
``standings``, ``page``, ``play``, ``poll``, ``live``, comma-separated) and ``BENCH_CONNECTIONS`` only some connection
counts; the last line says the live check's p99 at the most connections beside the bare page's.
``BENCH_SERVER=asgi`` serves the ASGI application under uvicorn's worker, as ``make serve`` does
(gunicorn's sync workers and the WSGI application otherwise): compare the two by the workers' CPU
per request, which holds on a busy machine where the latencies do not.

    .venv/bin/python bench/web_bench.py                      # SQLite in a temporary folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/web_bench.py
    make bench-web-postgres                                  # the live check and the bare page, 50 connections
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import quote_plus, urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
CONNECTIONS = tuple(int(n) for n in os.environ.get("BENCH_CONNECTIONS", "1,16,50").split(","))
ONLY = {name.strip() for name in os.environ.get("BENCH_ONLY", "").split(",") if name.strip()}
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
# The live check ÷ bare page ratio is measured apart, the two in turn for short rounds (the median
# ratio of RATIO_ROUNDS): on a shared machine the load moves between two measurements a minute apart.
RATIO_ROUNDS = 3
RATIO_SECONDS = 3
WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))
# "wsgi": gunicorn's sync workers (viadal_site.wsgi); "asgi": the ASGI application under uvicorn's worker,
# as `make serve` runs it (each request's connection from psycopg's pool on PostgreSQL).
SERVER = os.environ.get("BENCH_SERVER", "wsgi")
USERNAME, PASSWORD = "aurelia", "viadal-demo"  # a demo player of load_demo (README)
# A hosted match between the two demo players, for the play page's requests; prints its id.
MATCH = """
from django.contrib.auth import get_user_model
from arena.engine.roster import base_roster
from arena.services import match_accept, match_create
from teams.services import team_create_from_roster, team_mark_ready
teams = []
for name in ("aurelia", "balint"):
    user = get_user_model().objects.get(username=name)
    team = team_create_from_roster(owner=user, roster=base_roster(name=f"Bench team {name}"))
    team_mark_ready(team=team)
    teams.append((user, team))
(home, home_team), (away, away_team) = teams
match = match_create(creator=home, team=home_team, round_limit=30, trap_insight=False)
match_accept(match=match, player=away, team=away_team)
print(match.pk)
"""
CHANGED_FIELD = "gladiator-ep"
CHANGED_VALUES = (18, 19, 20, 21, 22)  # within his range; one over the budget breaks a rule (TB-02)


def site_env(tmp: Path, database_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "SECURE_SSL_REDIRECT", "TRUSTED_PROXY_COUNT"}}
    env.update(
        DJANGO_SETTINGS_MODULE="bench.web_settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database_url or f"sqlite:///{tmp / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp / "staticfiles"),
        CACHE_DIR=str(tmp / "cache"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


@contextmanager
def throwaway_database() -> Iterator[str | None]:
    """``DATABASE_URL`` when it is not PostgreSQL (None: SQLite); on PostgreSQL, the URL of a new empty
    database on the same server, dropped (with its connections) when the run ends."""
    url = os.environ.get("DATABASE_URL")
    if not url or urlsplit(url).scheme not in {"postgres", "postgresql"}:
        yield url
        return
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = f"viadal_bench_{secrets.token_hex(4)}"
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if result.returncode != 0:
        sys.exit(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def machine_yardstick() -> float:
    """Microseconds of one fixed pure-Python loop on one core (the best of seven): this machine's
    speed today, printed beside the figures so that runs on different days or machines compare. The
    absolute targets (milliseconds) move with it; the ratios do not. Printed at the start and the end,
    so that a run during which the machine's speed moved shows it."""
    runs = timeit.repeat("sum(i * i for i in range(10_000))", number=20, repeat=7)
    return min(runs) / 20 * 1e6


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Site:
    port: int
    master: int  # gunicorn's master process
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def origin(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def headers(self, path: str) -> dict[str, str]:
        """What every request carries: the proxy's header, the session, a same-origin Referer."""
        sent = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}", "Referer": self.origin + path}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return sent

    def request(self, path: str, *, body: str | None = None, **headers: str) -> tuple[int, bytes, float]:
        sent = {**self.headers(path), **headers}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            started = time.perf_counter()
            connection.request("POST" if body is not None else "GET", path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
            elapsed = time.perf_counter() - started
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, content, elapsed
        finally:
            connection.close()

    def get_ok(self, path: str) -> str:
        status, content, _ = self.request(path)
        if status != 200:
            sys.exit(f"GET {path} answered {status}")
        return content.decode()

    def sign_in(self) -> None:
        page = self.get_ok("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        body = urlencode({"csrfmiddlewaretoken": token, "username": USERNAME, "password": PASSWORD})
        status, _, _ = self.request("/accounts/login/", body=body)
        if status != 302 or "sessionid" not in self.cookies:
            sys.exit(f"signing in as {USERNAME} failed ({status})")


class FormValues(HTMLParser):
    """The values a browser (and htmx) posts for the form ``form_id``: every named input, checked box,
    selected option and textarea, in document order."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside, self.values = form_id, False, []
        self.select: str | None = None
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") in {"checkbox", "radio"} and "checked" not in a:
                return
            if a.get("type") not in {"submit", "button"}:
                self.values.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.values.append((self.select, a.get("value", "")))
        elif tag == "textarea":
            self.textarea, self.text = a.get("name"), ""

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea:
            self.values.append((self.textarea, self.text.removeprefix("\n")))
            self.textarea = None


@dataclass
class Result:
    name: str
    connections: int
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: str
    # The workers' CPU time per request: what the request costs, whatever else the machine runs. At 16
    # and 50 connections it includes the requests wrk left queued, so it reads a little high there.
    cpu_ms: float = 0.0


def workers_cpu_seconds(master: int) -> float:
    """The CPU time (user and system) gunicorn's workers have used so far, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    children = Path(f"/proc/{master}/task/{master}/children")
    for pid in children.read_text().split() if children.exists() else []:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


LUA = """
local counter = 0
local values = {%(values)s}
local template = nil
local file = io.open(%(body_file)s, "rb")
if file then template = file:read("*a"); file:close() end
wrk.method = %(method)s
%(headers)s
request = function()
  if template == nil then return wrk.format() end
  counter = counter + 1
  local body = template:gsub("__VALUE__", values[(counter %% #values) + 1])
  return wrk.format(nil, nil, nil, body)
end
"""


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk(
    site: Site,
    tmp: Path,
    name: str,
    path: str,
    connections: int,
    body: str | None,
    extra: dict[str, str],
    seconds: int = SECONDS,
) -> Result:
    headers = {**site.headers(path), **extra}
    headers.pop("Host")
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    body_file = tmp / "body.txt"
    body_file.write_text(body or "")
    script = tmp / "bench.lua"
    script.write_text(
        LUA
        % {
            "values": ", ".join(f'"{value}"' for value in CHANGED_VALUES),
            "body_file": lua_string(str(body_file)) if body is not None else '"/nonexistent"',
            "method": lua_string("POST" if body is not None else "GET"),
            "headers": "\n".join(f"wrk.headers[{lua_string(k)}] = {lua_string(v)}" for k, v in headers.items()),
        }
    )
    threads = min(2, connections)
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    output = subprocess.run(
        [*command, "-s", str(script), f"http://127.0.0.1:{site.port}{path}"],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    done = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    errors = []
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non_2xx:
        errors.append(f"{non_2xx.group(1)} non-2xx")
    sockets = re.search(r"Socket errors: (.*)", output)
    if sockets:
        errors.append(sockets.group(1).strip())
    result = Result(name, connections, rps, percentile(output, "50"), percentile(output, "99"), "; ".join(errors))
    result.cpu_ms = done  # the caller turns it into CPU per request
    return result


def percentile(output: str, which: str) -> float:
    value, unit = re.search(rf"^\s+{which}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def drain(site: Site) -> None:
    """Wait until gunicorn has answered what wrk left queued (its connections close with requests
    still in the workers' backlog), so that the next measurement starts on idle workers."""
    time.sleep(0.5)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if site.request("/bench/bare/")[2] < 0.1 and site.request("/bench/bare/")[2] < 0.1:
            return
        time.sleep(0.2)


def live_check_body(site: Site, edit_path: str) -> str:
    """The builder form as the page posts it, with the changed field's value left as ``__VALUE__``."""
    parser = FormValues("team-builder")
    parser.feed(site.get_ok(edit_path))
    values = parser.values
    if not any(name == CHANGED_FIELD for name, _ in values):
        sys.exit(f"the builder page has no {CHANGED_FIELD} field")
    if not any(name == "builder-shown" for name, _ in values):
        print("The builder page has no builder-shown input: its live check answers with the whole editor.")
    return card_body(values)


def card_body(values: list[tuple[str, str]]) -> str:
    """What the page's live check posts (static/js/viadal.js): the changed field's card (the gladiator's
    fields), the CSRF token, what the page shows and the card's name, the changed value left as
    ``__VALUE__``."""
    part = CHANGED_FIELD.split("-")[0]
    kept = [
        (name, value)
        for name, value in values
        if name.startswith(f"{part}-") or name in {"csrfmiddlewaretoken", "builder-shown"}
    ]
    return "&".join(
        f"{quote_plus(name)}=__VALUE__" if name == CHANGED_FIELD else f"{quote_plus(name)}={quote_plus(value)}"
        for name, value in [*kept, ("builder-part", part)]
    )


def main() -> None:
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: `make bench-web` installs Debian's package")
    with throwaway_database() as database_url:
        bench(database_url)


def bench(database_url: str | None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="viadal-bench-web-"))
    env = site_env(tmp, database_url)
    database = "SQLite in a temporary folder" if database_url is None else urlsplit(database_url).path.lstrip("/")
    print(
        f"Machine yardstick: {machine_yardstick():.0f} µs for a fixed pure-Python loop on one core (smaller is faster)",
        flush=True,
    )
    knobs = ("CONN_MAX_AGE", "CONN_HEALTH_CHECKS", "VIADAL_DB_POOL")
    settings = "".join(f"; {name}={os.environ[name]}" for name in knobs if name in os.environ)
    print(f"Setting up the site ({database}; {WORKERS} gunicorn workers, {SERVER.upper()}{settings}) …", flush=True)
    manage(env, "collectstatic", "--noinput", "-v", "0")
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "load_demo", "--allow-production")
    match = int(manage(env, "shell", "-c", MATCH).strip().splitlines()[-1])
    port = free_port()
    log = (tmp / "gunicorn.log").open("w")
    if SERVER not in {"wsgi", "asgi"}:
        sys.exit("BENCH_SERVER is wsgi or asgi")
    application = (
        ["--worker-class", "viadal_site.workers.AsgiWorker", "viadal_site.asgi"]
        if SERVER == "asgi"
        else ["viadal_site.wsgi"]
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", str(WORKERS), *application],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(server, port, tmp / "gunicorn.log")
        run(Site(port, server.pid), tmp, match)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


def wait_for(server: subprocess.Popen[bytes], port: int, log: Path | None = None) -> None:
    """Until the server takes connections on ``port``; exits, with its ``log`` when given, if it
    stops or has not started within a minute."""
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit("the server did not start" + (":\n" + log.read_text() if log else ""))
            time.sleep(0.2)


def run(site: Site, tmp: Path, match: int) -> None:
    site.sign_in()
    teams = site.get_ok("/teams/")
    team = re.search(r'href="/teams/(\d+)/"', teams).group(1)  # type: ignore[union-attr]
    leagues = site.get_ok("/leagues/")
    league = re.search(r'href="/leagues/(\d+)/"', leagues).group(1)  # type: ignore[union-attr]
    edit, pdf, standings = f"/teams/{team}/edit/", f"/teams/{team}/sheets.pdf", f"/leagues/{league}/standings/"
    body = live_check_body(site, edit)
    htmx = {"HX-Request": "true", "HX-Trigger": "team-builder", "X-CSRFToken": site.cookies["csrftoken"]}
    play_page = site.get_ok(f"/play/{match}/")
    version = re.search(r"[?&]v=(\d+)", play_page).group(1)  # type: ignore[union-attr]
    poller = {"HX-Request": "true", "HX-Trigger": "poller"}

    status, content, first_pdf = site.request(pdf)
    if status != 200 or not content.startswith(b"%PDF-"):
        sys.exit(f"GET {pdf} answered {status}")
    second = sorted(site.request(pdf)[2] for _ in range(20))
    print(
        f"Sheet PDF: first request {first_pdf * 1000:.0f} ms (rendered), "
        f"then {second[10] * 1000:.1f} ms (cached, p50 of 20)"
    )

    # The live check last: it changes the team, and with it the sheet PDF's cache key.
    every = {
        "bare": ("bare 50-item page", "/bench/bare/", None, {}),
        "pdf": ("sheet PDF (cached)", pdf, None, {}),
        "standings": ("league standings", standings, None, {}),
        "page": ("builder page (GET)", edit, None, {}),
        "play": ("play parts (refresh)", f"/play/{match}/poll/?v=0", None, poller),
        "poll": ("idle poll (204)", f"/play/{match}/poll/?v={version}", None, poller),
        "live": ("builder live check (POST)", edit, body, htmx),
    }
    unknown = ONLY - set(every)
    if unknown:
        sys.exit(f"BENCH_ONLY names no such request: {', '.join(sorted(unknown))} (of {', '.join(every)})")
    # the bare page always: the live check's ratio is over it
    requests = [request for key, request in every.items() if not ONLY or key in ONLY or key == "bare"]
    results = []
    for name, path, data, extra in requests:
        for index in range(2 * WORKERS + 2):  # every worker warmed up, every answer a 200
            posted = data.replace("__VALUE__", str(CHANGED_VALUES[index % len(CHANGED_VALUES)])) if data else None
            status, _, _ = site.request(path, body=posted, **extra)
            if status != (204 if path.endswith(f"v={version}") else 200):
                sys.exit(f"{name}: {path} answered {status}")
        for connections in CONNECTIONS:
            cpu = workers_cpu_seconds(site.master)
            result = wrk(site, tmp, name, path, connections, data, extra)
            drain(site)  # the requests wrk left queued are answered (and counted) before the CPU is read
            result.cpu_ms = (workers_cpu_seconds(site.master) - cpu) * 1000 / max(result.cpu_ms, 1)
            results.append(result)
            print(
                f"{name:<28} {connections:>2} conn  {result.requests_per_second:8.1f} req/s  "
                f"p50 {result.p50_ms:8.2f} ms  p99 {result.p99_ms:8.2f} ms  "
                f"CPU {result.cpu_ms:6.2f} ms/req  {result.errors or 'no errors'}",
                flush=True,
            )
    by = {(r.name, r.connections): r for r in results}
    if requests[-1][0] != every["live"][0]:
        finish(results)
        return
    for connections in CONNECTIONS:
        ratios = []
        for _round in range(RATIO_ROUNDS):
            side_by_side = []
            for name, path, data, extra in (requests[0], requests[-1]):
                side_by_side.append(wrk(site, tmp, name, path, connections, data, extra, seconds=RATIO_SECONDS))
                drain(site)
            results.extend(side_by_side)
            bare_round, live_round = side_by_side
            ratios.append(live_round.requests_per_second / bare_round.requests_per_second)
        print(
            f"live check ÷ bare page at {connections:>2} connections: {statistics.median(ratios):.2f}× "
            f"(the median of {RATIO_ROUNDS} rounds of {RATIO_SECONDS} s each in turn: "
            f"{', '.join(f'{ratio:.2f}' for ratio in ratios)})",
            flush=True,
        )
    # At one connection nothing is left queued when wrk stops, so the count is exact.
    fewest, most = min(CONNECTIONS), max(CONNECTIONS)
    live, bare = by[("builder live check (POST)", fewest)], by[("bare 50-item page", fewest)]
    print(
        f"Workers' CPU per request ({fewest} connection{'s' if fewest > 1 else ''}): live check {live.cpu_ms:.2f} ms, "
        f"bare page {bare.cpu_ms:.2f} ms; bare ÷ live check {bare.cpu_ms / live.cpu_ms:.2f}× "
        "(the req/s ratio once the workers have the cores)"
    )
    live, bare = by[("builder live check (POST)", most)], by[("bare 50-item page", most)]
    print(
        f"Live check at {most} connections: p99 {live.p99_ms:.1f} ms, p50 {live.p50_ms:.1f} ms, "
        f"{live.requests_per_second:.0f} req/s; the bare page beside it: p99 {bare.p99_ms:.1f} ms, "
        f"p50 {bare.p50_ms:.1f} ms, {bare.requests_per_second:.0f} req/s"
    )
    finish(results)


def finish(results: list[Result]) -> None:
    print(f"Machine yardstick at the end: {machine_yardstick():.0f} µs (as at the start, smaller is faster)")
    failed = [r for r in results if r.errors]
    if failed:
        sys.exit("Errors: " + "; ".join(f"{r.name} at {r.connections} connections: {r.errors}" for r in failed))


if __name__ == "__main__":
    main()
