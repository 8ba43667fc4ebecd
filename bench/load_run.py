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
import threading
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


SEED_MATCHES = """
import json
from django.contrib.auth import get_user_model
from arena.engine.roster import base_roster
from arena.services import match_accept, match_create
from teams.services import team_create_from_roster, team_mark_ready
users = get_user_model().objects
users.create_user("load-bare", password={password!r})  # the user the bare view reads (pk 1)
plan = {{"players": [], "browsers": []}}
for index in range({matches}):
    people = []
    for side in (0, 1):
        user = users.create_user(f"load{{index:03d}}{{side}}", password={password!r})
        team = team_create_from_roster(owner=user, roster=base_roster(name=f"Load team {{index:03d}}{{side}}"))
        team_mark_ready(team=team)
        people.append((user, team))
    (home, home_team), (away, away_team) = people
    match = match_create(creator=home, team=home_team, round_limit=30, trap_insight=False)
    match_accept(match=match, player=away, team=away_team)
    plan["players"] += [
        {{"username": home.username, "team": home_team.pk, "match": match.pk}},
        {{"username": away.username, "team": away_team.pk, "match": match.pk}},
    ]
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


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of a process and of its children now alive (gunicorn's master and
    its workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def mark(timer: dict[str, float], name: str, pid: int) -> None:
    """The server's CPU seconds and the clock now, under ``name``."""
    timer[name] = cpu_seconds(pid)
    timer[name + "-at"] = time.monotonic()


def machine_pace() -> float:
    """The CPU milliseconds one fixed piece of pure-Python work takes now (the median of five), taken
    after each N's run with the load stopped. On a shared machine the same code's CPU per action moves
    with it (the code of one commit gave 9.1 and 13.9 ms within an hour): a run beside a slow pace
    was slowed by the machine, not by the code."""
    times = []
    for _ in range(5):
        started = time.process_time()
        total = 0
        for number in range(500_000):
            total += number * number % 7
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


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


def start_server(
    env: dict[str, str], tmp: Path, workers: int, threads: int, push: bool
) -> tuple[subprocess.Popen[bytes], int]:
    """gunicorn on a free port of 127.0.0.1: sync workers (WSGI), or with ``push`` the ASGI application
    under uvicorn in gunicorn's workers (as ``make serve``)."""
    port = free_port()
    log = (tmp / "gunicorn.log").open("a")
    app = ["--worker-class", "viadal_site.workers.AsgiWorker", "viadal_site.asgi"] if push else ["viadal_site.wsgi"]
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", str(workers), "--threads", str(threads), *app],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit("gunicorn did not start:\n" + (tmp / "gunicorn.log").read_text())
            time.sleep(0.2)


def run_locust(
    tmp: Path, port: int, plan: Path, classes: list[str], users: int, warm_up: int, seconds: int, **extra: str
) -> tuple[subprocess.CompletedProcess[str], list[float]]:
    seen_file = tmp / "seen.json"
    seen_file.unlink(missing_ok=True)
    (tmp / "stats_stats.csv").unlink(missing_ok=True)
    locust_env = dict(
        os.environ,
        VIADAL_LOAD_PLAN=str(plan),
        VIADAL_LOAD_SEEN_FILE=str(seen_file),
        VIADAL_LOAD_PASSWORD=PASSWORD,
        VIADAL_LOAD_WARM_UP=str(warm_up),
        **extra,
    )
    run = subprocess.run(
        [sys.executable, "-m", "locust", "-f", str(ROOT / "bench/load/locustfile.py"), "--headless"]
        + ["-u", str(users), "-r", str(max(1, users // 5)), "--run-time", f"{seconds + warm_up}s"]
        + ["--host", f"http://127.0.0.1:{port}", "--csv", str(tmp / "stats"), "--only-summary"]
        + ["--stop-timeout", "10", "--loglevel", "WARNING", *classes],
        cwd=ROOT,
        env=locust_env,
        capture_output=True,
        text=True,
        timeout=seconds + warm_up + 600,
    )
    (tmp / "locust.log").write_text(run.stdout + run.stderr)
    seen = json.loads(seen_file.read_text()) if seen_file.exists() else []
    return run, seen


def settings_env(tmp: Path, database: str, settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}}
    env.update(
        DJANGO_SETTINGS_MODULE=settings,
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database,
        STATIC_ROOT=str(tmp / "static"),
        CACHE_DIR=str(tmp / "cache"),
        SHEET_PDF_RENDER_LIMIT="1000",
    )
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50, help="concurrent players (5 to 98), the mixed load")
    parser.add_argument(
        "--matches",
        default="",
        help="the table of issue 35 instead of the mixed load: N matches for each N of this list (10,50,100,200), "
        "two players to a match, and the bare view",
    )
    parser.add_argument("--push", default="off", help="with --matches: off, on, or on,off (push needs ASGI)")
    parser.add_argument("--time", default=60, type=int, help="seconds of steady load measured")
    parser.add_argument("--warm-up", default=15, type=int, help="seconds of arrivals and sign-ins not measured")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "3")))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("GUNICORN_THREADS", "1")))
    args = parser.parse_args()
    if args.matches:
        try:
            sizes = [int(n) for n in args.matches.split(",")]
        except ValueError:
            parser.error("--matches is a list of numbers: 10,50,100,200")
        modes = [mode.strip() for mode in args.push.split(",")]
        if not sizes or min(sizes) < 1 or any(mode not in ("on", "off") for mode in modes):
            parser.error("--matches N,… (each at least 1) and --push on, off or on,off")
        return table_mode(args, sizes, modes)
    if not 5 <= args.users <= 98:
        parser.error("--users must be from 5 to 98")
    return mixed_mode(args)


def throwaway_database(tmp: Path) -> tuple[str, str]:
    database = os.environ.get("DATABASE_URL", "")
    if database.startswith("postgres"):
        return postgres_database(database)
    return f"sqlite:///{tmp / 'load.sqlite3'}", ""


def mixed_mode(args: argparse.Namespace) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="viadal-load-"))
    database, admin = throwaway_database(tmp)
    env = settings_env(tmp, database, "viadal_site.settings.prod")
    server = None
    try:
        print(f"database {urlsplit(database).scheme}; seeding {args.users} players", flush=True)
        manage(env, "collectstatic", "--noinput", "-v", "0")
        manage(env, "migrate", "--noinput", "-v", "0")
        plan = tmp / "plan.json"
        seeded = manage(env, "shell", "-c", SEED.format(users=args.users, password=PASSWORD))
        plan.write_text(seeded.strip().splitlines()[-1])  # the shell prints its own lines first
        server, port = start_server(env, tmp, args.workers, args.threads, push=False)
        print(
            f"gunicorn: {args.workers} workers × {args.threads} threads on 127.0.0.1:{port}; locust: "
            f"{args.users} players, {args.warm_up} s of arrivals, then {args.time} s measured",
            flush=True,
        )
        run, seen = run_locust(tmp, port, plan, ["Builder", "MatchPlayer"], args.users, args.warm_up, args.time)
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


RESENT = "resent on a new connection (as a browser does)"  # the load client's count (bench/load/locustfile.py)


def _row(rows: list[dict[str, str]], name: str) -> dict[str, str]:
    return next((row for row in rows if row["Name"] == name), {"Request Count": "0", "50%": "-", "99%": "-"})


def table_mode(args: argparse.Namespace, sizes: list[int], modes: list[str]) -> int:
    """Issue 35's table: for each push mode and each N, N matches played by two players each (polling
    every VIADAL_MATCH_POLL_MS, or listening to the push stream), acting after 1-4 s of thought, and one
    client asking the bare view four times a second; per N: action p50/p99, the move seen on the other
    screen p50/p99, the bare view's p50/p99, the server's CPU (cores, and per action, all-in: the polls
    and streams included), errors, and the machine's pace once the load has stopped (``machine_pace``)."""
    tmp = Path(tempfile.mkdtemp(prefix="viadal-load-"))
    database, admin = throwaway_database(tmp)
    env = settings_env(tmp, database, "bench.load.load_settings")
    redis = bool(os.environ.get("REDIS_URL"))
    server = None
    lines = [
        f"{'push':<5} {'N':>4} {'actions':>7} {'act p50/p99 ms':>15} {'seen p50/p99 s':>15} "
        f"{'bare p50/p99 ms':>16} {'CPU cores':>9} {'CPU ms/action':>13} {'errors':>6} {'resent':>6} {'pace ms':>7}"
    ]
    failed = False
    try:
        cache = "Redis" if redis else "per process"
        print(f"database {urlsplit(database).scheme}, cache {cache}; seeding; files in {tmp}", flush=True)
        manage(env, "collectstatic", "--noinput", "-v", "0")
        manage(env, "migrate", "--noinput", "-v", "0")
        seeded = manage(env, "shell", "-c", SEED_MATCHES.format(matches=max(sizes), password=PASSWORD))
        everyone = json.loads(seeded.strip().splitlines()[-1])
        for mode in modes:
            push = mode == "on"
            workers = args.workers
            if push and not redis and workers > 1:
                print("push without REDIS_URL: one worker (the in-process broker tells only its own streams)")
                workers = 1
            server_env = dict(env, VIADAL_PUSH=mode, VIADAL_PUSH_STREAMS_PER_CLIENT="100000")
            server, port = start_server(server_env, tmp, workers, args.threads, push=push)
            print(
                f"push {mode}: gunicorn {'ASGI' if push else 'WSGI'}, {workers} workers on 127.0.0.1:{port}", flush=True
            )
            for size in sizes:
                plan = tmp / f"plan-{size}.json"
                plan.write_text(json.dumps({"players": everyone["players"][: 2 * size], "browsers": []}))
                player = "TablePlayer" if push else "MatchPlayer"
                timer: dict[str, float] = {}

                threading.Timer(args.warm_up, mark, args=(timer, "start", server.pid)).start()
                run, seen = run_locust(
                    tmp,
                    port,
                    plan,
                    [player, "BareSelect"],
                    2 * size + 1,
                    args.warm_up,
                    args.time,
                    VIADAL_LOAD_PUSH=mode,
                )
                mark(timer, "end", server.pid)
                if not (tmp / "stats_stats.csv").exists() or "start" not in timer:
                    print(run.stdout[-4000:], run.stderr[-4000:], file=sys.stderr)
                    return 1
                rows = list(csv.DictReader((tmp / "stats_stats.csv").open()))
                act = _row(rows, "/play/N/act/ (an action)")
                bare = _row(rows, "/load/bare/ (one SELECT)")
                errors = sum(int(row["Failure Count"]) for row in rows if row["Name"] != "Aggregated")
                resent = int(_row(rows, RESENT)["Request Count"])
                actions = int(act["Request Count"])
                spent = timer["end"] - timer["start"]
                cores = spent / max(timer["end-at"] - timer["start-at"], 1e-9)
                per_action = f"{spent / actions * 1000:.1f}" if actions else "-"
                seen_text = f"{percentile(seen, 0.5):.2f} / {percentile(seen, 0.99):.2f}" if seen else "-"
                lines.append(
                    f"{mode:<5} {size:>4} {actions:>7} {act['50%'] + ' / ' + act['99%']:>15} {seen_text:>15} "
                    f"{bare['50%'] + ' / ' + bare['99%']:>16} {cores:>9.2f} {per_action:>13} {errors:>6} {resent:>6} "
                    f"{machine_pace():>7.1f}"
                )
                print(lines[-1], flush=True)
                if errors or run.returncode:
                    failed = True
                    failures = tmp / "stats_failures.csv"
                    if failures.exists():
                        print(failures.read_text()[-2000:], file=sys.stderr)
            server.terminate()
            server.wait(timeout=30)
            server = None
        print("\n".join(lines))
        return 1 if failed else 0
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        if admin:
            drop_database(database, admin)


if __name__ == "__main__":
    sys.exit(main())
