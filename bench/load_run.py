"""``make load``: a bounded, headless load run of real use against gunicorn on 127.0.0.1 (issue 18).

1. A throwaway database: a SQLite file in a temporary folder, or, with ``DATABASE_URL`` naming a
   PostgreSQL server, a database of its own on that server (made and dropped here).
2. The production settings, migrated, and seeded: ``--users`` players (``load00`` …) each with a ready
   base team, a league of eight of them with its fixtures, and a hosted match for every two players.
3. gunicorn with ``--workers`` processes (``WEB_CONCURRENCY``) on a free port of 127.0.0.1, with
   ``REDIS_URL`` passed on when set.
4. locust, headless, ``--users`` players: ``--warm-up`` seconds of arrivals and sign-ins, then ``--time``
   seconds measured (bench/load/locustfile.py), then a table of
   requests per second and p50/p95/p99 per endpoint, the time from a player's action to his opponent's
   screen, and a non-zero exit on any failed request.

    make load                                  # SQLite, 50 players, 15 s + 60 s
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 make load
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "viadal-load"

SEED = """
import json
from django.contrib.auth import get_user_model
from arena.engine.content.points import DEFAULT_TIER
from arena.engine.roster import base_roster
from arena.services import match_accept, match_create
from campaigns.models import League
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_create, league_enter, league_invite
from teams.services import team_create_from_roster, team_mark_ready
users = get_user_model().objects
people = []
for index in range({users}):
    user = users.create_user(f"load{{index:02d}}", password={password!r})
    team = team_create_from_roster(owner=user, roster=base_roster(name=f"Load team {{index:02d}}"))
    team_mark_ready(team=team)
    people.append((user, team))
organiser = people[0][0]
league = league_create(organiser=organiser, name="Load league", season="1", tier=DEFAULT_TIER,
    format=League.Format.ROUND_ROBIN, options=[], validation_mode=League.Validation.STRICT,
    sign_up_open=False, round_limit=20)
for user, team in people[:8]:
    league_invite(league=league, actor=organiser, player=user)
    league_enter(league=league, player=user, team=team)
fixtures_generate(league=league, actor=organiser)
# three in five on the play screen, in pairs (locust's weights: MatchPlayer 3, Builder 2)
players = len(people) * 3 // 5 // 2 * 2
plan = {{"league": league.pk, "players": [], "browsers": []}}
for index in range(0, players, 2):
    (home, home_team), (away, away_team) = people[index], people[index + 1]
    match = match_create(creator=home, team=home_team, round_limit=30, trap_insight=False)
    match_accept(match=match, player=away, team=away_team)
    plan["players"] += [
        {{"username": home.username, "team": home_team.pk, "match": match.pk}},
        {{"username": away.username, "team": away_team.pk, "match": match.pk}},
    ]
for user, team in people[players:]:
    plan["browsers"].append({{"username": user.username, "team": team.pk}})
print(json.dumps(plan))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    if result.returncode:
        sys.exit(f"manage.py {args[0]} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def postgres_database(url: str) -> tuple[str, str]:
    """A new database on the server of ``url``: (its URL, the server's maintenance URL)."""
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    name = f"viadal_load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}")), admin


def drop_database(url: str, admin: str) -> None:
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def table(stats_csv: Path, seen: list[float]) -> tuple[str, int]:
    rows = list(csv.DictReader(stats_csv.open()))
    lines = [
        f"{'endpoint':<42} {'requests':>8} {'fails':>5} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}",
    ]
    failures = 0
    for row in rows:
        if row["Request Count"] == "0":
            continue  # asked only while the players arrived (sign-in, first pages)
        name = row["Name"] if row["Name"] != "Aggregated" else "all requests"
        failures += int(row["Failure Count"]) if row["Name"] != "Aggregated" else 0
        lines.append(
            f"{name[:42]:<42} {row['Request Count']:>8} {row['Failure Count']:>5} {float(row['Requests/s']):>7.1f} "
            f"{row['50%']:>7} {row['95%']:>7} {row['99%']:>7}"
        )
    if seen:
        ordered = sorted(seen)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        lines.append(
            f"an action on the opponent's screen: n={len(seen)}, median {statistics.median(seen):.2f} s, "
            f"p99 {p99:.2f} s, worst {ordered[-1]:.2f} s (polling every "
            f"{os.environ.get('VIADAL_MATCH_POLL_MS', '700')} ms)"
        )
    return "\n".join(lines), failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50, help="concurrent players (5 to 98)")
    parser.add_argument("--time", default=60, type=int, help="seconds of steady load measured")
    parser.add_argument("--warm-up", default=15, type=int, help="seconds of arrivals and sign-ins not measured")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "3")))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("GUNICORN_THREADS", "1")))
    args = parser.parse_args()
    if not 5 <= args.users <= 98:
        parser.error("--users must be from 5 to 98")

    tmp = Path(tempfile.mkdtemp(prefix="viadal-load-"))
    database = os.environ.get("DATABASE_URL", "")
    admin = ""
    if database.startswith("postgres"):
        database, admin = postgres_database(database)
    else:
        database = f"sqlite:///{tmp / 'load.sqlite3'}"
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}}
    env.update(
        DJANGO_SETTINGS_MODULE="viadal_site.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database,
        STATIC_ROOT=str(tmp / "static"),
        CACHE_DIR=str(tmp / "cache"),
        SHEET_PDF_RENDER_LIMIT="1000",
    )
    server = None
    try:
        print(f"database {urlsplit(database).scheme}; seeding {args.users} players", flush=True)
        manage(env, "collectstatic", "--noinput", "-v", "0")
        manage(env, "migrate", "--noinput", "-v", "0")
        plan = tmp / "plan.json"
        seeded = manage(env, "shell", "-c", SEED.format(users=args.users, password=PASSWORD))
        plan.write_text(seeded.strip().splitlines()[-1])  # the shell prints its own lines first
        port = free_port()
        log = (tmp / "gunicorn.log").open("w")
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
            + ["--workers", str(args.workers), "--threads", str(args.threads), "viadal_site.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    sys.exit("gunicorn did not start:\n" + (tmp / "gunicorn.log").read_text())
                time.sleep(0.2)
        print(
            f"gunicorn: {args.workers} workers × {args.threads} threads on 127.0.0.1:{port}; locust: "
            f"{args.users} players, {args.warm_up} s of arrivals, then {args.time} s measured",
            flush=True,
        )
        seen_file = tmp / "seen.json"
        locust_env = dict(
            os.environ,
            VIADAL_LOAD_PLAN=str(plan),
            VIADAL_LOAD_SEEN_FILE=str(seen_file),
            VIADAL_LOAD_PASSWORD=PASSWORD,
            VIADAL_LOAD_WARM_UP=str(args.warm_up),
        )
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "locust",
                "-f",
                str(ROOT / "bench/load/locustfile.py"),
                "--headless",
                "-u",
                str(args.users),
                "-r",
                str(max(1, args.users // 5)),
                "--run-time",
                f"{args.time + args.warm_up}s",
                "--host",
                f"http://127.0.0.1:{port}",
                "--csv",
                str(tmp / "stats"),
                "--only-summary",
                "--stop-timeout",
                "10",
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=locust_env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        seen = json.loads(seen_file.read_text()) if seen_file.exists() else []
        if not (tmp / "stats_stats.csv").exists():
            print(run.stdout[-4000:], run.stderr[-4000:], file=sys.stderr)
            return 1
        text, failures = table(tmp / "stats_stats.csv", seen)
        print(text)
        if failures or run.returncode:
            print(run.stderr[-4000:], file=sys.stderr)
            failed = tmp / "stats_failures.csv"
            if failed.exists():
                print(failed.read_text()[-4000:], file=sys.stderr)
            return 1
        return 0
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        if admin:
            drop_database(database, admin)


if __name__ == "__main__":
    sys.exit(main())
