"""The hosted hard computer under load (issue #33, item 4; ``make bench-agents-hosted``). Not a test.

``--matches`` hosted matches against the hard computer (the search agent at ``--budget`` iterations,
``VIADAL_AGENT_HARD_BUDGET``) run at once, played by ``--workers`` real ``manage.py run_agents
--shard K/N`` processes as docs/hosting.md says (one per core), on a throwaway database: a SQLite file
in a temporary folder, or with ``DATABASE_URL`` naming a PostgreSQL server a database of its own on it
(made and dropped here). This process plays every human seat at once with random legal actions (never
a concession), so each match owes the computer a decision again as soon as it has answered: the
worst case of ``--matches`` players who never stop to think.

Per computer decision it reports the **wall time from the row of the action before it (which made
the decision owed) to the computer's own row** (``MatchAction.created_at``, both written by the
database's clock): the player's wait, queueing behind the worker's other matches included. Median,
90th and 99th percentile and the worst, over every computer decision and over those of the rounds
(where the hard level searches; set-up decisions are the tactical agent's and take milliseconds).

``--restart-after S`` kills worker 0 with SIGKILL S seconds in (in the middle of whatever it was
doing) and starts it again; at the end every match is checked: its actions numbered without a gap,
its state rebuilt from the database equal to the live one, a match still live owing its decisions to the
seats the engine says, and the restarted worker playing its share again. The run ends when every
match is over or after ``--seconds``.

    python bench/agents_hosted_bench.py --matches 10 --workers 2            # the hosted figure
    python bench/agents_hosted_bench.py --matches 10 --budget 10 --seconds 60 --restart-after 20
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load_run import drop_database, postgres_database  # noqa: E402

SETUP_KINDS = frozenset(
    {"AssignAmulet", "AssignMeToken", "ChooseRole", "ChooseHalf", "ChooseQuarter", "RecordGrip", "Deploy", "KeepTraps"}
)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<40} none"
    return (
        f"{name:<40} n={len(values):>5}  median {statistics.median(values):6.3f} s  p90 "
        f"{percentile(values, 0.9):6.3f} s  p99 {percentile(values, 0.99):6.3f} s  worst {max(values):6.3f} s"
    )


def start_worker(env: dict[str, str], index: int, count: int, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-u", "manage.py", "run_agents", "--shard", f"{index}/{count}"],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )


def wait_ready(log: Path, count: int, timeout: float = 300.0) -> None:
    """Until ``count`` workers have said they are polling (a loaded machine starts Django slowly)."""
    deadline = time.monotonic() + timeout
    while log.read_text().count("Playing the computer's seats") < count:
        if time.monotonic() > deadline:
            sys.exit(f"the run_agents processes did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="run_agents processes, one shard each")
    parser.add_argument("--budget", type=int, default=120, help="the hard level's iterations per decision")
    parser.add_argument("--round-limit", type=int, default=20, help="the lobby's default for a computer match")
    parser.add_argument("--seconds", type=float, default=1800.0, help="stop then, if matches are still live")
    parser.add_argument("--restart-after", type=float, default=0.0, help="kill and restart worker 0 then")
    parser.add_argument("--seed", type=int, default=0, help="the human seats' random choices")
    args = parser.parse_args()
    if not 1 <= args.matches <= 200 or not 1 <= args.workers <= 16 or not 1 <= args.budget <= 100_000:
        parser.error("--matches 1-200, --workers 1-16, --budget 1-100000")

    tmp = Path(tempfile.mkdtemp(prefix="viadal-agents-hosted-"))
    database = os.environ.get("DATABASE_URL", "")
    admin = ""
    if database.startswith("postgres"):
        database, admin = postgres_database(database)
    else:
        database = f"sqlite:///{tmp / 'agents.sqlite3'}"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DJANGO_SETTINGS_MODULE="viadal_site.settings.base",
        DATABASE_URL=database,
        CACHE_DIR=str(tmp / "cache"),
        VIADAL_AGENT_HARD_BUDGET=str(args.budget),
    )
    os.environ.update(env)
    import django

    django.setup()
    try:
        run(args, env, tmp)
    finally:
        from django.db import connections

        connections.close_all()
        if admin:
            drop_database(database, admin)
        shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace, env: dict[str, str], tmp: Path) -> None:
    from django.core.management import call_command
    from django.utils import timezone

    from arena.engine import action_to_json, is_over, legal_actions, seats_to_move, state_hash
    from arena.models import AWAY, HOME, Agent, Match, MatchAction, MatchSeat
    from arena.play_errors import MatchError
    from arena.runtime.states import forget_all, rebuild, state_of
    from arena.services import match_create_against_agent, match_play
    from teams.models import Team
    from tests.factories import TeamFactory, UserFactory

    call_command("migrate", "--noinput", verbosity=0)
    log = tmp / "workers.log"
    log.touch()
    workers = [start_worker(env, k, args.workers, log) for k in range(args.workers)]
    wait_ready(log, args.workers)  # the matches begin once the workers poll: no start-up in the figures
    matches = []
    for _ in range(args.matches):
        player = UserFactory()
        team = TeamFactory(owner=player, status=Team.Status.READY)
        matches.append(
            match_create_against_agent(
                creator=player, team=team, agent=Agent.SEARCH, seat=HOME, round_limit=args.round_limit
            )
        )
    ids = [m.pk for m in matches]
    print(
        f"{args.matches} matches against the hard computer ({args.budget} iterations a decision), "
        f"{args.workers} run_agents processes (--shard K/{args.workers}), round limit {args.round_limit}, "
        f"database {env['DATABASE_URL'].split(':', 1)[0]}",
        flush=True,
    )
    rng = random.Random(args.seed)
    started = time.monotonic()
    restarted = args.restart_after <= 0
    restart_version: dict[int, int] = {}
    restart_at: list[datetime] = []
    human_actions = 0
    try:
        while time.monotonic() - started < args.seconds:
            if not restarted and time.monotonic() - started >= args.restart_after:
                workers[0].kill()  # SIGKILL: no clean-up, whatever it was doing
                workers[0].wait()
                restart_at.append(timezone.now())
                restart_version = dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))
                workers[0] = start_worker(env, 0, args.workers, log)
                wait_ready(log, args.workers + 1)
                restart_at.append(timezone.now())
                restarted = True
                print(f"worker 0 killed and started again at {time.monotonic() - started:.1f} s", flush=True)
            live = list(Match.objects.filter(pk__in=ids, status__in=(Match.Status.SETUP, Match.Status.PLAYING)))
            if not live:
                break
            acted = 0
            for match in live:
                state = state_of(match)
                if is_over(state) or HOME not in seats_to_move(state):
                    continue
                choices = [a for a in legal_actions(state, HOME) if type(a).__name__ != "Concede"]
                try:
                    match_play(
                        match=match,
                        player=match.seats.get(seat=HOME).player,
                        version=match.version,
                        actions=[action_to_json(rng.choice(choices))],
                    )
                except MatchError:
                    continue  # the position moved meanwhile: looked at again next pass
                human_actions += 1
                acted += 1
            for w in workers:
                if w.poll() is not None:
                    sys.exit(f"a run_agents process stopped (exit {w.returncode}):\n{log.read_text()[-3000:]}")
            if not acted:
                time.sleep(0.05)
    finally:
        for w in workers:
            if w.poll() is None:
                w.send_signal(signal.SIGINT)
        for w in workers:
            try:
                w.wait(timeout=30)
            except subprocess.TimeoutExpired:
                w.kill()
    elapsed = time.monotonic() - started
    report(ids, elapsed, human_actions, restart_at, log)

    # Nothing lost: numbered without a gap, the rebuilt state the live one, the owed seats flagged.
    forget_all()
    problems = []
    for pk in ids:
        match = Match.objects.get(pk=pk)
        seqs = list(MatchAction.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
        if seqs != list(range(match.version + 1)):
            problems.append(f"match {pk}: actions {seqs[:3]}… do not run 0..{match.version}")
        live = state_of(match)
        if state_hash(rebuild(match)) != state_hash(live):
            problems.append(f"match {pk}: the state rebuilt from the database differs")
        if match.is_live:
            flags = set(MatchSeat.objects.filter(match=match, to_move=True).values_list("seat", flat=True))
            if flags != set(seats_to_move(live)):
                problems.append(f"match {pk}: to_move {flags} but the engine owes {set(seats_to_move(live))}")
    killed_share = [pk for pk in ids if pk % args.workers == 0]
    # The restarted worker must have played its share again, where its share went on: a match of the
    # share that ended at (or just after) the kill owes it nothing. A match that took two or more actions
    # after the restart went through a human move, so the computer owed it an answer.
    went_on = [
        pk
        for pk in killed_share
        if pk in restart_version and Match.objects.get(pk=pk).version >= restart_version[pk] + 2
    ]
    if went_on:
        agent_rows_of = MatchAction.objects.filter(seat=AWAY)
        if not any(agent_rows_of.filter(match_id=pk, seq__gt=restart_version[pk]).exists() for pk in went_on):
            problems.append("the restarted worker took no decision of its share")
    agent_rows = MatchAction.objects.filter(match_id__in=ids, seat=AWAY).count()
    print(
        f"checked {len(ids)} matches ({agent_rows} computer actions): {'nothing lost' if not problems else 'PROBLEMS'}"
    )
    for line in problems:
        print("  " + line)
    if problems:
        sys.exit(1)


def report(ids: list[int], elapsed: float, human_actions: int, restart_at: list[datetime], log: Path) -> None:
    from arena.models import AWAY, Match, MatchAction

    every: list[float] = []
    rounds: list[float] = []
    after_restart: list[float] = []
    for pk in ids:
        rows = list(
            MatchAction.objects.filter(match_id=pk).order_by("seq").values_list("seq", "seat", "action", "created_at")
        )
        in_rounds = False
        for (_, _, _, before), (_, seat, action, at) in zip(rows, rows[1:], strict=False):
            kind = (action or {}).get("type", "")
            in_rounds = in_rounds or kind not in SETUP_KINDS  # the first action after the set-up
            if seat != AWAY:
                continue
            wait = (at - before).total_seconds()
            if restart_at and at >= restart_at[0] and before <= restart_at[1]:
                after_restart.append(wait)  # owed while worker 0 was down or starting again
                continue
            every.append(wait)
            if in_rounds:
                rounds.append(wait)
    finished = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED).count()
    print(f"{elapsed:.0f} s: {finished} of {len(ids)} matches finished, {human_actions} human actions")
    print("the computer's answer, from the action that made it owed to its own row:")
    print(summary("every computer decision", every))
    print(summary("the decisions of the rounds (searched)", rounds))
    if restart_at:
        down = (restart_at[1] - restart_at[0]).total_seconds()
        print(f"worker 0 down and starting again for {down:.1f} s; the decisions owed across it are apart:")
        print(summary("owed across the restart", after_restart))
    errors = [line for line in log.read_text().splitlines() if "Traceback" in line or "ERROR" in line]
    print(f"worker log: {len(errors)} error line(s)")


if __name__ == "__main__":
    main()
