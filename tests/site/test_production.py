"""The production path, as a deploy runs it: collectstatic, check --deploy, migrate, then gunicorn with the
production settings serving real pages over HTTP (issue 11).

One gunicorn for the module, on a free port of 127.0.0.1, over a SQLite file in a temporary folder; the
requests say they came through an HTTPS proxy (``X-Forwarded-Proto: https``), as behind the real one.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
USERNAME, PASSWORD, TEAM = "cassia", "a-production-test-password", "Cassia's Vipers"
SOURCE_MAP = re.compile(rb"sourceMappingURL=([^\s*]+)")


def test_vendored_static_files_name_no_missing_source_map():
    """WhiteNoise's manifest storage refuses a file whose sourceMappingURL names a file that is not there
    (collectstatic fails, and without the manifest every page is a 500)."""
    missing = []
    for path in sorted(STATIC.rglob("*")):
        if path.suffix in {".js", ".css"}:
            for name in SOURCE_MAP.findall(path.read_bytes()):
                if not (path.parent / name.decode()).exists():
                    missing.append(f"{path.relative_to(ROOT)} -> {name.decode()}")
    assert missing == []


def production_env(tmp: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "SECURE_SSL_REDIRECT", "TRUSTED_PROXY_COUNT"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="viadal_site.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp / "staticfiles"),
        CACHE_DIR=str(tmp / "cache"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def manage(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    if check:
        assert result.returncode == 0, f"manage.py {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return result


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    port: int
    env: dict[str, str]
    process: subprocess.Popen[bytes]

    def request(
        self, path: str, *, method: str = "GET", body: dict[str, str] | None = None, cookies: str = "", **headers: str
    ) -> tuple[int, Message, bytes]:
        """One request as the HTTPS proxy would pass it on; redirects are not followed."""
        sent = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}", **headers}
        if cookies:
            sent["Cookie"] = cookies
        data = None
        if body is not None:
            data = urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()


@pytest.fixture
def production(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("production")
    env = production_env(tmp)
    manage(env, "collectstatic", "--noinput", "-v", "0")
    deploy = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert "no issues" in deploy.stdout
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model;"
        "from arena.engine.roster import base_roster;"
        "from teams.services import team_create_from_roster;"
        f"user = get_user_model().objects.create_user({USERNAME!r}, password={PASSWORD!r});"
        f"team_create_from_roster(owner=user, roster=base_roster(name={TEAM!r}))",
    )
    port = free_port()
    log = (tmp / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
        # as `make serve` runs it: the ASGI application under uvicorn in gunicorn's workers (push, issue 35)
        + ["--workers", "2", "--worker-class", "viadal_site.workers.AsgiWorker", "viadal_site.asgi"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 45
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("gunicorn did not start:\n" + (tmp / "gunicorn.log").read_text())
                time.sleep(0.2)
        yield Server(port, env, server)
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def cookies_of(headers: Message) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    for value in headers.get_all("Set-Cookie") or []:
        jar.load(value)
    return jar


def set_cookie_line(headers: Message, name: str) -> str:
    return next(value for value in headers.get_all("Set-Cookie") or [] if value.startswith(f"{name}="))


def assert_hardened(headers: Message) -> None:
    """The headers every production response carries, and the one it must not."""
    assert "Server" not in headers, headers["Server"]  # gunicorn.conf.py leaves gunicorn's header out
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "frame-ancestors 'none'" in policy
    assert "camera=()" in headers["Permissions-Policy"] and "geolocation=()" in headers["Permissions-Policy"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"


def log_in(production: Server) -> str:
    """Logs in through the form, as a browser does; returns the Cookie header of the session."""
    status, headers, body = production.request("/accounts/login/")
    assert status == 200
    csrf_cookie = cookies_of(headers)["csrftoken"].value
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
    status, headers, _ = production.request(
        "/accounts/login/",
        method="POST",
        body={"username": USERNAME, "password": PASSWORD, "csrfmiddlewaretoken": token},
        cookies=f"csrftoken={csrf_cookie}",
        Origin=f"https://127.0.0.1:{production.port}",
    )
    assert status == 302, status
    assert headers["Location"] == "/"
    session = set_cookie_line(headers, "sessionid")
    assert "Secure" in session and "HttpOnly" in session
    return f"sessionid={cookies_of(headers)['sessionid'].value}"


def test_the_production_deploy_serves_the_site_through_gunicorn(production):
    """One test for the whole path (one gunicorn, set up once even when xdist spreads a module's tests)."""
    check_pages_and_security_headers(production)
    check_static_files_through_whitenoise(production)
    check_the_language_cookie(production)
    check_load_demo_is_refused(production)
    check_kept_connections_are_shared_between_the_workers(production)
    check_a_stopping_server_ends_its_streams_and_idle_connections(production)  # last: it stops the server


def check_pages_and_security_headers(production: Server) -> None:
    status, headers, body = production.request("/", **{"Accept-Language": "en"})
    assert status == 200
    assert_hardened(headers)
    assert b"Shuluri Viadal" in body

    status, headers, _ = production.request("/", **{"X-Forwarded-Proto": "http"})
    assert (status, headers["Location"]) == (301, f"https://127.0.0.1:{production.port}/")

    status, headers, body = production.request("/accounts/login/")
    assert status == 200
    assert_hardened(headers)
    assert "Secure" in set_cookie_line(headers, "csrftoken")

    session = log_in(production)
    status, headers, body = production.request("/teams/", cookies=session)
    assert status == 200
    assert_hardened(headers)
    assert TEAM.encode() in body.replace(b"&#x27;", b"'")

    for path in ("/leagues/", "/arena/board/"):
        status, headers, _ = production.request(path)
        assert status == 200, path
        assert_hardened(headers)

    status, headers, body = production.request("/no-such-page/")
    assert status == 404
    assert_hardened(headers)

    status, headers, _ = production.request("/play/999999/stream/")  # the event stream is an async view
    assert status == 404
    assert_hardened(headers)


def check_static_files_through_whitenoise(production: Server) -> None:
    _, _, body = production.request("/")
    stylesheet = re.search(rb'href="(/static/vendor/bootstrap/bootstrap\.min\.[0-9a-f]{12}\.css)"', body)
    assert stylesheet, "the page links the manifest's hashed name"
    status, headers, css = production.request(stylesheet.group(1).decode(), **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Type"].startswith("text/css")
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]
    assert "Server" not in headers
    script = re.search(rb'src="(/static/js/viadal\.[0-9a-f]{12}\.js)"', body)
    assert script and production.request(script.group(1).decode())[0] == 200
    assert production.request("/static/vendor/bootstrap/no-such-file.css")[0] == 404


def check_the_language_cookie(production: Server) -> None:
    """Secure, HttpOnly and SameSite=Lax under the production settings."""
    status, headers, body = production.request("/accounts/login/")
    csrf_cookie = cookies_of(headers)["csrftoken"].value
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
    status, headers, _ = production.request(
        "/i18n/setlang/",
        method="POST",
        body={"language": "en", "next": "/", "csrfmiddlewaretoken": token},
        cookies=f"csrftoken={csrf_cookie}",
        Origin=f"https://127.0.0.1:{production.port}",
    )
    assert status == 302
    cookie = set_cookie_line(headers, "django_language")
    assert cookie.startswith("django_language=en;")
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def established_by_worker(production: Server) -> dict[int, int]:
    """How many established connections to the server's port each worker holds (Linux's /proc)."""
    master = production.process.pid
    workers = [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
    established = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == production.port and fields[3] == "01":
            established.add(fields[9])  # the socket's inode
    held = {}
    for worker in workers:
        inodes = set()
        for fd in Path(f"/proc/{worker}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
        held[worker] = len(inodes & established)
    return held


def check_kept_connections_are_shared_between_the_workers(production: Server) -> None:
    """Forty connections opened at once and kept alive land about twenty on each worker, not all of them
    on whichever woke first (viadal_site/balanced_accept.py; asyncio's own accepting gave 40 and 0). The
    bound leaves room for a worker the machine's load keeps from waking for a while."""
    if not sys.platform.startswith("linux"):
        return
    connections = [http.client.HTTPConnection("127.0.0.1", production.port, timeout=30) for _ in range(40)]
    try:
        for connection in connections:
            connection.connect()
        for connection in connections:
            connection.request("GET", "/accounts/login/", headers={"X-Forwarded-Proto": "https"})
        for connection in connections:
            response = connection.getresponse()
            response.read()
            assert response.status == 200
        held = established_by_worker(production)
        assert sum(held.values()) == 40, held
        assert min(held.values()) >= 12, held
    finally:
        for connection in connections:
            connection.close()


def check_load_demo_is_refused(production: Server) -> None:
    refused = manage(production.env, "load_demo", check=False)
    assert refused.returncode != 0
    assert "Refusing to load the demo data under the production settings" in refused.stderr
    assert "viadal-demo" not in refused.stdout  # no demo login was printed, none was made


LIVE_MATCH = (
    "from django.contrib.auth import get_user_model;"
    "from arena.engine.roster import base_roster;"
    "from arena.services import match_accept, match_create;"
    "from teams.models import Team;"
    "from teams.services import team_create_from_roster, team_mark_ready;"
    "users = get_user_model().objects;"
    f"home = users.get(username={USERNAME!r}); home_team = Team.objects.get(owner=home);"
    "away = users.create_user('brannoc', password='an-away-test-password');"
    "away_team = team_create_from_roster(owner=away, roster=base_roster(name='Brannoc'));"
    "team_mark_ready(team=home_team); team_mark_ready(team=away_team);"
    "match = match_create(creator=home, team=home_team, round_limit=30, trap_insight=False);"
    "match_accept(match=match, player=away, team=away_team);"
    "print(match.pk)"
)


def _raw_get(port: int, path: str) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Forwarded-Proto: https\r\n\r\n".encode())
    return connection


def _read_until(connection: socket.socket, end: bytes) -> bytes:
    got = b""
    while end not in got:
        chunk = connection.recv(65536)
        if not chunk:
            break
        got += chunk
    return got


def check_a_stopping_server_ends_its_streams_and_idle_connections(production: Server) -> None:
    """Issue 35: gunicorn stops its ASGI workers at once, though a push stream is open (for minutes,
    otherwise) and a connection sits idle in its long keep-alive (viadal_site/workers.py): the stream
    ends cleanly (its last chunk, so the browser reconnects after ``retry``), the idle connection is
    closed, and nothing waits for gunicorn's 30 s graceful timeout."""
    match = int(manage(production.env, "shell", "-c", LIVE_MATCH).stdout.split()[-1])
    stream = _raw_get(production.port, f"/play/{match}/stream/?v=-1")
    opened = _read_until(stream, b"data: ")
    assert opened.startswith(b"HTTP/1.1 200") and b"text/event-stream" in opened, opened[:300]
    idle = _raw_get(production.port, "/accounts/login/")
    answered = _read_until(idle, b"</html>")
    assert answered.startswith(b"HTTP/1.1 200"), answered[:300]
    assert b"connection: close" not in answered.lower()  # kept alive, and now idle

    began = time.monotonic()
    production.process.terminate()
    production.process.wait(timeout=25)
    took = time.monotonic() - began
    whole = opened + _read_until(stream, b"\r\n0\r\n\r\n")
    assert whole.endswith(b"\r\n0\r\n\r\n"), whole[-200:]  # the stream's last chunk: it ended, not cut
    assert idle.recv(65536) == b""  # the server closed the idle connection
    assert took < 8, f"gunicorn took {took:.1f} s to stop"
    stream.close()
    idle.close()
