"""What one request of the builder costs, in this process, on the real request path: the production
settings (``bench.web_settings``), Django's WSGI handler with every middleware, the body as the page
posts it (urlencoded). Not a test. The companion of ``make bench-web`` (bench/web_bench.py): that one
measures gunicorn from outside, this one tells where a request's CPU goes.

Sets up a throwaway site as the bench does (SQLite in a temporary folder, or a throwaway database on
``DATABASE_URL``'s PostgreSQL server), signs
in the demo player through the login form, then replays each request ``--requests`` times a round, five
rounds, each request in turn with the bare page, and prints the CPU per request (``time.process_time``,
the median round) and the bare page's over it. The bare page, the builder page (``GET``) and the cached
sheet PDF first; then the live check (the gladiator's Ép cycling, every request saves) and the live
check posting the form as saved (nothing to write), which move the PDF's cache key on. ``--profile
NAME`` then profiles that request (cProfile, or ``--sample``: the stack every tick of CPU). On
PostgreSQL it also prints the database server's CPU per request. ``--queries`` prints the statements
of one request of each kind instead (on PostgreSQL, every round trip to the server).

On a machine shared with other work the CPU time moves with the load; the instructions a request
executes do not. ``--instructions FOLDER``, run under valgrind's callgrind (Debian's ``valgrind``),
counts them instead: callgrind counts only while each request kind is replayed, and the script prints
the millions of instructions per request and the bare page's count over each one's. Slow (about fifty
times), so use few requests.

    .venv/bin/python bench/web_profile.py
    .venv/bin/python bench/web_profile.py --profile live --sample --top 60
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg/out.%p \
        .venv/bin/python bench/web_profile.py --instructions /tmp/cg --requests 40
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.web_bench import (  # noqa: E402
    CHANGED_VALUES,
    PASSWORD,
    USERNAME,
    FormValues,
    card_body,
    manage,
    site_env,
    throwaway_database,
)

Application = Callable[[dict[str, Any], Callable[..., Any]], Any]


class Browser:
    """A signed-in reader calling the WSGI application directly, cookies kept."""

    def __init__(self, application: Application) -> None:
        self.application = application
        self.cookies: dict[str, str] = {}

    def request(self, path: str, body: str | None = None, **headers: str) -> tuple[int, bytes]:
        data = (body or "").encode()
        environ: dict[str, Any] = {
            "REQUEST_METHOD": "POST" if body is not None else "GET",
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1:8000",
            "HTTP_X_FORWARDED_PROTO": "https",
            "HTTP_REFERER": f"https://127.0.0.1:8000{path}",
            "wsgi.input": io.BytesIO(data),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }
        if body is not None:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
            environ["CONTENT_LENGTH"] = str(len(data))
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for name, value in headers.items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        answer: dict[str, Any] = {}

        def start_response(status: str, response_headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            answer["status"] = int(status.split()[0])
            for key, value in response_headers:
                if key.lower() == "set-cookie":
                    for name, morsel in SimpleCookie(value).items():
                        self.cookies[name] = morsel.value

        chunks = self.application(environ, start_response)
        try:
            content = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        return answer["status"], content

    def sign_in(self) -> None:
        page = self.request("/accounts/login/")[1].decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        body = urlencode({"csrfmiddlewaretoken": token, "username": USERNAME, "password": PASSWORD})
        status, _ = self.request("/accounts/login/", body)
        if status != 302:
            sys.exit(f"signing in as {USERNAME} failed ({status})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per round (five rounds)")
    parser.add_argument("--profile", choices=["bare", "page", "live", "live-same", "pdf"], help="profile this request")
    parser.add_argument("--sample", action="store_true", help="sample the stack (little overhead) instead of cProfile")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--save-to", type=Path, help="write each request's last answer into this folder")
    parser.add_argument(
        "--instructions", type=Path, metavar="FOLDER", help="under callgrind: count instructions (its output folder)"
    )
    parser.add_argument(
        "--queries", action="store_true", help="print the statements of one request of each kind, then stop"
    )
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="viadal-web-profile-"))
    try:
        with throwaway_database() as database_url:
            env = site_env(tmp, database_url)
            manage(env, "collectstatic", "--noinput", "-v", "0")
            manage(env, "migrate", "--noinput", "-v", "0")
            manage(env, "load_demo", "--allow-production")
            os.environ.update(env)
            measure(args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure(args: argparse.Namespace) -> None:
    from django.core.wsgi import get_wsgi_application

    browser = Browser(get_wsgi_application())
    browser.sign_in()
    team = re.search(r'href="/teams/(\d+)/"', browser.request("/teams/")[1].decode()).group(1)  # type: ignore[union-attr]
    edit = f"/teams/{team}/edit/"
    form = FormValues("team-builder")
    form.feed(browser.request(edit)[1].decode())
    template = card_body(form.values)
    htmx = {"HX-Request": "true", "HX-Trigger": "team-builder", "X-CSRFToken": browser.cookies["csrftoken"]}
    counter = iter(range(10**9))

    def live() -> tuple[int, bytes]:
        value = CHANGED_VALUES[next(counter) % len(CHANGED_VALUES)]
        return browser.request(edit, template.replace("__VALUE__", str(value)), **htmx)

    def live_same() -> tuple[int, bytes]:
        return browser.request(edit, template.replace("__VALUE__", str(CHANGED_VALUES[0])), **htmx)

    requests: dict[str, Callable[[], tuple[int, bytes]]] = {
        "bare": lambda: browser.request("/bench/bare/"),
        "page": lambda: browser.request(edit),
        "live": live,
        "live-same": live_same,
        "pdf": lambda: browser.request(f"/teams/{team}/sheets.pdf"),
    }
    last: dict[str, bytes] = {}
    # The requests that change the team come last: a change moves the sheet PDF's cache key on.
    for phase in (("bare", "page", "pdf"), ("bare", "live", "live-same")):
        for name in phase:
            for _ in range(20):
                status, last[name] = requests[name]()
                if status != 200:
                    sys.exit(f"{name} answered {status}: {last[name][:500]!r}")
            if args.queries and (name != "bare" or "page" in phase):  # the bare page once
                print_queries(name, requests[name])
        if args.queries:
            continue
        if args.instructions:
            count_instructions(requests, phase, args.requests, args.instructions)
            continue
        # Round after round, each request in turn: a busy machine slows them alike, so the ratios hold.
        rounds: dict[str, list[float]] = {name: [] for name in phase}
        server: dict[str, list[float]] = {name: [] for name in phase}
        for _ in range(5):
            for name in phase:
                started, served = time.process_time(), database_cpu_seconds()
                for _ in range(args.requests):
                    requests[name]()
                rounds[name].append((time.process_time() - started) * 1000 / args.requests)
                server[name].append((database_cpu_seconds() - served) * 1000 / args.requests)
        for name in phase:
            ratio = statistics.median(b / r for b, r in zip(rounds["bare"], rounds[name], strict=True))
            served = statistics.median(server[name])
            database = f"  database server CPU {served:5.2f} ms/request" if served else ""
            print(
                f"{name:<10} CPU {statistics.median(rounds[name]):6.2f} ms/request  bare ÷ this {ratio:4.2f}×  "
                f"({len(last[name]):,} bytes){database}",
                flush=True,
            )
            if args.save_to:
                (args.save_to / f"{name}.html").write_bytes(last[name])
    if args.profile and args.sample:
        sample(requests[args.profile], args.requests, args.top)
    elif args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.requests):
            requests[args.profile]()
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)
        print(out.getvalue())


def database_cpu_seconds() -> float:
    """On PostgreSQL on this machine, the CPU time of the server processes of this database so far (from
    /proc, in nanoseconds: a query's share is far below the clock tick of /proc's stat); 0 elsewhere."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        pids = [pid for (pid,) in cursor.fetchall()]
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):  # gone, or another machine's server
            continue
    return total / 1e9


def print_queries(name: str, call: Callable[[], tuple[int, bytes]]) -> None:
    """The statements one request runs: Django's (``CaptureQueriesContext``) and, on PostgreSQL, every
    message the driver sends the server (libpq's trace), which also shows what Django does not log: the
    transaction's ``BEGIN`` and ``COMMIT`` and the connection's health check. A round trip is a
    simple query or an extended one's ``Sync``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    trace = None
    if connection.vendor == "postgresql":
        from psycopg.pq import Trace

        connection.ensure_connection()
        trace = tempfile.TemporaryFile("w+")
        connection.connection.pgconn.trace(trace.fileno())
        connection.connection.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
    try:
        with CaptureQueriesContext(connection) as queries:
            status, _ = call()
    finally:
        if trace is not None and connection.connection is not None:
            connection.connection.pgconn.untrace()
    statements = [query["sql"] for query in queries.captured_queries]
    print(f"{name}: {status}, {len(statements)} statements logged by Django", flush=True)
    for sql in statements:
        print(f"    {sql[:150]}")
    if trace is not None:
        trace.seek(0)
        sent = [line.split("\t") for line in trace.read().splitlines() if line.startswith("F\t")]
        trips = [fields for fields in sent if fields[2] in {"Query", "Sync"}]
        print(f"  {len(trips)} round trips to PostgreSQL:")
        texts = [" ".join(fields[2:]) for fields in sent if fields[2] in {"Query", "Parse"}]
        for text in texts:
            print(f"    {text[:150]}")


def count_instructions(
    requests: dict[str, Callable[[], tuple[int, bytes]]], names: tuple[str, ...], count: int, folder: Path
) -> None:
    """Under callgrind (``--instr-atstart=no``): count the instructions of ``count`` requests of each
    kind, callgrind told to count and to write its total through ``callgrind_control``."""
    pid = str(os.getpid())
    totals: dict[str, float] = {}
    for name in names:
        subprocess.run(["callgrind_control", "--zero", pid], check=True, capture_output=True)
        subprocess.run(["callgrind_control", "--instr=on", pid], check=True, capture_output=True)
        for _ in range(count):
            requests[name]()
        subprocess.run(["callgrind_control", "--instr=off", pid], check=True, capture_output=True)
        before = set(folder.glob(f"*.{pid}.*"))
        subprocess.run(["callgrind_control", f"--dump={name}", pid], check=True, capture_output=True)
        (dump,) = set(folder.glob(f"*.{pid}.*")) - before
        found = re.search(r"^totals: (\d+)", dump.read_text(), re.MULTILINE)
        if found is None:
            sys.exit(f"no totals in {dump}: is this running under callgrind with --callgrind-out-file in {folder}?")
        totals[name] = int(found.group(1)) / count
    for name in names:
        print(
            f"{name:<10} {totals[name] / 1e6:7.2f} M instructions/request  bare ÷ this "
            f"{totals['bare'] / totals[name]:4.2f}×",
            flush=True,
        )


def sample(call: Callable[[], tuple[int, bytes]], count: int, top: int) -> None:
    """Every half millisecond of CPU, note the functions on the stack: each one's share of the time
    inside it (inclusive) and at the top (its own), with far less overhead than cProfile."""
    inside: Counter[str] = Counter()
    own: Counter[str] = Counter()
    taken = 0

    def take(signum: int, frame: FrameType | None) -> None:
        nonlocal taken
        taken += 1
        seen = set()
        first = True
        while frame is not None:
            code = frame.f_code
            where = code.co_filename.replace(str(ROOT) + "/", "").replace(".venv/lib/python3.11/site-packages/", "")
            name = f"{where}:{code.co_name}"
            if first:
                own[name] += 1
                first = False
            if name not in seen:
                inside[name] += 1
                seen.add(name)
            frame = frame.f_back

    signal.signal(signal.SIGPROF, take)
    signal.setitimer(signal.ITIMER_PROF, 0.0005, 0.0005)
    try:
        for _ in range(count):
            call()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    print(f"{taken} samples; per request: share of the time inside (inclusive)")
    for name, n in inside.most_common(top):
        print(f"{100 * n / taken:6.1f}%  {name}")
    print("own time")
    for name, n in own.most_common(top):
        print(f"{100 * n / taken:6.1f}%  {name}")


if __name__ == "__main__":
    main()
