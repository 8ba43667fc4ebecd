"""Faults that must lose nothing (issue 18): two app servers (gunicorn with the production settings)
on one PostgreSQL database; one is killed with SIGKILL in the middle of a burst of hosted-match
actions, and the players go on through the other. Afterwards every action a player was told had
been applied is in the log, nothing is half-applied, and the match replays from its stored actions
to the position the players last saw. A second test races two app servers on one match version.

PostgreSQL only (the suite's database server, a database of its own made and dropped here): on
SQLite these tests skip, as the race tests do.
"""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connection

from .test_production import ROOT, Server, cookies_of, free_port, manage, production_env

pytestmark = [
    pytest.mark.race,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="app servers sharing a database need PostgreSQL"),
]

PASSWORD = "a-fault-test-password"
CHOICE = re.compile(r'name="action" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')

SEED_SCRIPT = """
from django.contrib.auth import get_user_model
from arena.engine.roster import base_roster
from arena.services import match_accept, match_create
from teams.services import team_create_from_roster, team_mark_ready
users = get_user_model().objects
home = users.create_user("home", password={password!r})
away = users.create_user("away", password={password!r})
teams = []
for user, name in ((home, "Home team"), (away, "Away team")):
    team = team_create_from_roster(owner=user, roster=base_roster(name=name))
    team_mark_ready(team=team)
    teams.append(team)
pks = []
for _ in range({matches}):
    match = match_create(creator=home, team=teams[0], round_limit=12, trap_insight=False)
    pks.append(match_accept(match=match, player=away, team=teams[1]).pk)
print(",".join(map(str, pks)))
"""

CHECK_SCRIPT = """
import json
from arena.engine import action_from_json, replay_actions, seats_to_move, setup_from_json, state_hash
from arena.models import Match, MatchAction, MatchSeat
from arena.runtime.states import rebuild
out = {{}}
for pk in ({pks}):
    match = Match.objects.get(pk=pk)
    rows = list(MatchAction.objects.filter(match=match).order_by("seq"))
    from_events = rebuild(match)
    actions = [action_from_json(row.action) for row in rows if row.action]
    from_actions = replay_actions(setup_from_json(match.setup), actions)
    seats = {{seat.seat: seat.to_move for seat in MatchSeat.objects.filter(match=match)}}
    movers = set(seats_to_move(from_events))
    out[pk] = {{
        "version": match.version,
        "seqs": [row.seq for row in rows],
        "actions": {{row.seq: row.action for row in rows}},
        "events_hash": state_hash(from_events),
        "actions_hash": state_hash(from_actions),
        "seats_agree": all(seats[seat] == (seat in movers) for seat in seats) or match.status == "finished",
    }}
print(json.dumps(out))
"""


@dataclass
class Cluster:
    env: dict[str, str]
    servers: list[Server]
    processes: list[subprocess.Popen[bytes]]
    matches: list[int]


def _database_url(name: str) -> str:
    settings = connection.settings_dict
    user = settings.get("USER") or "postgres"
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{name}"


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(_database_url("postgres"), autocommit=True) as admin:
        admin.execute(sql)


def _start(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    """A gunicorn of two workers in its own process group, so that SIGKILL takes master and workers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "2", "viadal_site.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    import socket

    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("gunicorn did not start:\n" + log.read_text())
            time.sleep(0.2)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    name = f"viadal_faults_{uuid.uuid4().hex[:10]}"
    _admin(f'CREATE DATABASE "{name}"')
    processes: list[subprocess.Popen[bytes]] = []
    try:
        env = production_env(tmp_path)
        env["DATABASE_URL"] = _database_url(name)
        manage(env, "collectstatic", "--noinput", "-v", "0")
        manage(env, "migrate", "--noinput", "-v", "0")
        seeded = manage(env, "shell", "-c", SEED_SCRIPT.format(password=PASSWORD, matches=3))
        matches = [int(pk) for pk in seeded.stdout.strip().splitlines()[-1].split(",")]
        servers = []
        for index in range(2):
            port = free_port()
            processes.append(_start(env, port, tmp_path / f"gunicorn-{index}.log"))
            servers.append(Server(port, env, processes[-1]))
        yield Cluster(env, servers, processes, matches)
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass
class Player:
    """A player's browser, as far as the server can tell: a session, a CSRF token, plain form posts."""

    username: str
    server: Server
    cookies: str = ""
    csrf: str = ""
    # (match, the version the page was built from, action) of every action the server said it applied
    acknowledged: list[tuple[int, int, dict[str, object]]] = field(default_factory=list)

    def log_in(self) -> None:
        status, headers, body = self.server.request("/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
        assert status == 200 and token
        csrf = cookies_of(headers)["csrftoken"].value
        status, headers, _ = self.server.request(
            "/accounts/login/",
            method="POST",
            body={"username": self.username, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1).decode()},
            cookies=f"csrftoken={csrf}",
            Origin=f"https://127.0.0.1:{self.server.port}",
        )
        assert status == 302, status
        jar = cookies_of(headers)
        self.csrf = jar["csrftoken"].value if "csrftoken" in jar else csrf
        self.cookies = f"sessionid={jar['sessionid'].value}; csrftoken={self.csrf}"

    def page(self, match: int, server: Server | None = None) -> tuple[int, list[str]]:
        status, _, body = (server or self.server).request(f"/play/{match}/", cookies=self.cookies)
        assert status == 200, status
        text = body.decode()
        found = VERSION.search(text)
        version = int(found.group(1)) if found else -1
        choices = [html.unescape(value) for value in CHOICE.findall(text)]
        return version, [c for c in choices if json.loads(c)["type"] != "Concede"]

    def act(self, match: int, version: int, action: str, server: Server | None = None) -> int:
        server = server or self.server
        status, _, _ = server.request(
            f"/play/{match}/act/",
            method="POST",
            body={"version": str(version), "action": action},
            cookies=self.cookies,
            Origin=f"https://127.0.0.1:{server.port}",
            **{"X-CSRFToken": self.csrf},
        )
        if status == 302:  # applied: the page says so by showing the new position
            self.acknowledged.append((match, version, json.loads(action)))
        return status


def _play(player: Player, match: int, stop: threading.Event, fallback: Server, errors: list[str]) -> None:
    """Take the first of one's choices whenever there is one; on a dead server, go to the other."""
    server = player.server
    while not stop.is_set():
        try:
            version, choices = player.page(match, server)
            if not choices:
                time.sleep(0.05)
                continue
            status = player.act(match, version, choices[0], server)
            if status not in (302, 409):
                errors.append(f"{player.username}: {status} for {choices[0]}")
        except (OSError, http.client.HTTPException, AssertionError):
            if server is not fallback:
                server = fallback  # the other app server; the session is in the database
                continue
            if not stop.is_set():
                errors.append(f"{player.username}: the surviving server failed")
            return


def _stored(cluster: Cluster) -> dict[str, dict[str, object]]:
    result = manage(cluster.env, "shell", "-c", CHECK_SCRIPT.format(pks=", ".join(map(str, cluster.matches)) + ","))
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_killed_app_server_loses_no_acknowledged_action_and_leaves_nothing_half_applied(cluster):
    first, second = cluster.servers
    players = []
    for name in ("home", "away"):
        player = Player(name, first)
        player.log_in()
        players.append(player)
    stop, errors = threading.Event(), []
    threads = [
        threading.Thread(target=_play, args=(player, match, stop, second, errors))
        for match in cluster.matches
        for player in players
    ]
    for thread in threads:
        thread.start()
    # let the burst run, kill the first server in the middle of it, let it go on through the second
    deadline = time.monotonic() + 60
    while sum(len(p.acknowledged) for p in players) < 30 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(cluster.processes[0].pid, signal.SIGKILL)
    cluster.processes[0].wait()
    before_kill = sum(len(p.acknowledged) for p in players)
    while sum(len(p.acknowledged) for p in players) < before_kill + 30 and time.monotonic() < deadline + 60:
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert sum(len(p.acknowledged) for p in players) >= before_kill + 30

    stored = _stored(cluster)
    for pk in cluster.matches:
        match = stored[str(pk)]
        # contiguous, ending at the match's version: no action half-written, none lost in between
        assert match["seqs"] == list(range(match["version"] + 1))
        # the position from the stored events is the one the stored actions lead to, from the seed
        assert match["events_hash"] == match["actions_hash"]
        assert match["seats_agree"]
    # every acknowledged action is in the log after the version its page showed (a seat's secret set-up
    # choice may come after the other seat's, its prompt unchanged), each stored row answering one
    used: set[tuple[int, int]] = set()
    acknowledged = [a for player in players for a in player.acknowledged]
    for pk, version, action in sorted(acknowledged, key=lambda a: (a[0], a[1])):
        rows = stored[str(pk)]["actions"]
        seq = next((s for s in range(version + 1, len(rows)) if (pk, s) not in used and rows[str(s)] == action), None)
        assert seq is not None, (pk, version, action)
        used.add((pk, seq))


def test_two_app_servers_racing_on_one_version_apply_exactly_one_action(cluster):
    pk = cluster.matches[0]
    home_a, home_b = Player("home", cluster.servers[0]), Player("home", cluster.servers[1])
    home_a.log_in()
    home_b.log_in()
    for _ in range(8):
        version, choices = home_a.page(pk)
        if len(choices) < 2:
            break
        barrier = threading.Barrier(2)
        statuses: list[int] = []

        def post(
            player: Player, action: str, at: int = version, gate: threading.Barrier = barrier, out: list[int] = statuses
        ) -> None:
            gate.wait()
            out.append(player.act(pk, at, action))

        racers = [
            threading.Thread(target=post, args=(home_a, choices[0])),
            threading.Thread(target=post, args=(home_b, choices[1])),
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(statuses) == [302, 409], statuses  # one applied; the late one sees the board changed
        assert home_b.page(pk)[0] == version + 1
    stored = _stored(cluster)[str(pk)]
    assert stored["seqs"] == list(range(stored["version"] + 1))
    assert stored["events_hash"] == stored["actions_hash"]


LEAGUE_SCRIPT = """
from django.contrib.auth import get_user_model
from arena.engine.campaign.results import ResultKind
from arena.engine.content.points import DEFAULT_TIER
from arena.engine.roster import base_roster
from campaigns.demo import LOSER, WINNER
from campaigns.result_facts import MatchFacts, Thumbs
from campaigns.models import League
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_create, league_enter, league_invite
from campaigns.services.reports import fixture_report_result
from teams.services import team_create_from_roster, team_mark_ready
users = get_user_model().objects
organiser = users.create_user("organiser", password={password!r})
league = league_create(organiser=organiser, name="Fault league", season="1", tier=DEFAULT_TIER,
    format=League.Format.DOUBLE_ROUND_ROBIN, options=[], validation_mode=League.Validation.STRICT,
    sign_up_open=False, round_limit=20)
for index in range({players}):
    user = users.create_user(f"player{{index}}", password={password!r})
    team = team_create_from_roster(owner=user, roster=base_roster(name=f"Team {{index}}"))
    team_mark_ready(team=team)
    league_invite(league=league, actor=organiser, player=user)
    league_enter(league=league, player=user, team=team)
fixtures = fixtures_generate(league=league, actor=organiser)
reported = []
for fixture in fixtures:
    if fixture.is_bye:
        continue
    facts = MatchFacts(home_result=ResultKind.VICTORY, rounds_played=14, home_score=23, away_score=3,
        home=WINNER, away=LOSER, thumbs=Thumbs.UP, notes="")
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts)
    reported.append(f"{{fixture.pk}}:{{fixture.away.player.username}}")
print(" ".join(reported))
"""

LEAGUE_CHECK = """
import json
from campaigns.models import CampaignEvent, Fixture
out = {}
for fixture in Fixture.objects.exclude(away=None):
    results = CampaignEvent.objects.filter(fixture=fixture, kind="result").count()
    out[fixture.pk] = {"status": fixture.status, "done": fixture.campaign_done, "results": results,
                       "events": CampaignEvent.objects.filter(fixture=fixture).count()}
print(json.dumps(out))
"""

CONFIRMED = ("Result confirmed", "Eredmény megerősítve")


def test_a_killed_app_server_leaves_no_confirmation_half_done(cluster):
    """A burst of result confirmations, each running the campaign sequence (injuries, experience,
    gold) in one transaction; the first server dies with SIGKILL in the middle of it."""
    seeded = manage(cluster.env, "shell", "-c", LEAGUE_SCRIPT.format(password=PASSWORD, players=6))
    todo: dict[str, list[int]] = {}
    for item in seeded.stdout.strip().splitlines()[-1].split():
        pk, username = item.split(":")
        todo.setdefault(username, []).append(int(pk))
    first, second = cluster.servers
    confirmed: list[int] = []
    errors: list[str] = []

    def confirm_all(username: str, fixtures: list[int]) -> None:
        player = Player(username, first)
        player.log_in()
        server = first
        for pk in fixtures:
            for _attempt in range(3):
                try:
                    status, _, body = server.request(
                        f"/leagues/fixtures/{pk}/confirm/",
                        method="POST",
                        body={},
                        cookies=player.cookies,
                        Origin=f"https://127.0.0.1:{server.port}",
                        **{"X-CSRFToken": player.csrf, "HX-Request": "true"},
                    )
                except (OSError, http.client.HTTPException):
                    server = second  # not acknowledged: ask again through the other server
                    continue
                if status == 200 and any(text.encode() in body for text in CONFIRMED):
                    confirmed.append(pk)
                elif status != 200:
                    errors.append(f"{username}: {status} confirming {pk}")
                break

    threads = [threading.Thread(target=confirm_all, args=item) for item in todo.items()]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while len(confirmed) < 8 and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(cluster.processes[0].pid, signal.SIGKILL)
    cluster.processes[0].wait()
    at_kill = len(confirmed)
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    total = sum(len(fixtures) for fixtures in todo.values())
    assert 8 <= at_kill < len(confirmed) <= total  # the burst went on through the second server

    stored = json.loads(manage(cluster.env, "shell", "-c", LEAGUE_CHECK).stdout.strip().splitlines()[-1])
    for pk, fixture in stored.items():
        if fixture["status"] == "confirmed":
            # the whole campaign sequence or nothing: both sides' results logged, the fixture marked done
            assert fixture["done"] and fixture["results"] == 2, (pk, fixture)
        else:
            assert fixture["status"] == "reported" and not fixture["done"] and fixture["events"] == 0, (pk, fixture)
    for pk in confirmed:
        assert stored[str(pk)]["status"] == "confirmed", pk
    # a confirmation retried through the second server after the first died is applied once at most
    assert sum(1 for fixture in stored.values() if fixture["status"] == "confirmed") >= len(set(confirmed))
