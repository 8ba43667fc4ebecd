"""Benchmark of hosted play (issue 13; ``make bench-hosted``). Not a test.

Plays whole matches between two random players through the service (``match_play``: the locked row,
the version check, the engine, the stored actions and events, the seats' flags) on a throwaway test
database of the configured ``DATABASE_URL`` (SQLite when unset), and times with ``time.perf_counter``:

- the service per action (what a player's click costs the server before its answer is rendered);
- the service and the acting seat's answer together (``match_play``, then ``seat_page`` and the
  refreshed parts for the player who acted, as the ``act`` view answers an htmx request);
- the refreshed parts a poll sends the other seat once the version moved (``seat_page`` and the
  parts' templates, ``arena.views.parts.render_parts``: what a refresh builds when the shared cache
  does not have that position's parts), from the per-process cache, once more at the same version
  (built again: the bench leaves out the shared cache of parts) and after a restart (a full replay
  from the database);
- a poll that finds nothing new (the 204).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wthosted .venv/bin/python bench/hosted_bench.py --matches 3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "viadal_site.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(len(values) * 0.9)]
    return (
        f"{name:<34} n={len(values):>5}  median {statistics.median(values) * 1000:7.2f} ms  "
        f"p90 {p90 * 1000:7.2f} ms  worst {values[-1] * 1000:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--round-limit", type=int, default=12)
    args = parser.parse_args()

    setup_test_environment()
    if connection.vendor == "sqlite":  # a file, as the project's own database is, not the test runner's memory
        connection.settings_dict.setdefault("TEST", {})["NAME"] = str(Path(__file__).resolve().parent / "bench.sqlite3")
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        run(args.matches, args.round_limit)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(matches: int, round_limit: int) -> None:
    from arena.engine import action_to_json, is_over, legal_actions, seats_to_move
    from arena.models import Match
    from arena.runtime.states import forget_all, rebuild, state_of
    from arena.screen.page import seat_page
    from arena.services import match_accept, match_create, match_play
    from arena.views.parts import render_parts
    from teams.models import Team
    from tests.factories import TeamFactory, UserFactory

    service: list[float] = []
    answered: list[float] = []
    again: list[float] = []
    refresh: list[float] = []
    cold: list[float] = []
    replay_only: list[float] = []
    idle: list[float] = []
    actions = 0
    for number in range(matches):
        home, away = UserFactory(), UserFactory()
        home_team = TeamFactory(owner=home, status=Team.Status.READY)
        away_team = TeamFactory(owner=away, status=Team.Status.READY)
        match = match_create(creator=home, team=home_team, round_limit=round_limit)
        match = match_accept(match=match, player=away, team=away_team)
        users = (home, away)
        rng = random.Random(number)
        client = Client()
        while True:
            match.refresh_from_db()
            state = state_of(match)
            if is_over(state):
                break
            seat = seats_to_move(state)[0]
            choice = rng.choice([a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"])
            started = time.perf_counter()
            match_play(match=match, player=users[seat], version=match.version, actions=[action_to_json(choice)])
            service.append(time.perf_counter() - started)
            match.refresh_from_db()
            render_parts(seat_page(match, users[seat]))
            answered.append(time.perf_counter() - started)
            actions += 1
            match.refresh_from_db()
            other = users[1 - seat]
            started = time.perf_counter()
            render_parts(seat_page(match, other))
            refresh.append(time.perf_counter() - started)
            started = time.perf_counter()  # a second tab, or a poll answered again at this version
            render_parts(seat_page(match, other))
            again.append(time.perf_counter() - started)
            if actions % 25 == 0:
                forget_all()  # another process, or a restart: the state is rebuilt from the database
                started = time.perf_counter()
                render_parts(seat_page(match, other))
                cold.append(time.perf_counter() - started)
                started = time.perf_counter()
                rebuild(match)
                replay_only.append(time.perf_counter() - started)
                started = time.perf_counter()
                client.get(f"/play/{match.pk}/poll/?v={match.version}")
                idle.append(time.perf_counter() - started)
        print(f"match {number}: {Match.objects.get(pk=match.pk).result}")
    print(f"database: {connection.vendor}, {actions} actions in {matches} matches (round limit {round_limit})")
    print(summary("service per action (match_play)", service))
    print(summary("service + the acting seat's answer", answered))
    print(summary("refreshed parts for the other seat", refresh))
    print(summary("the same again at that version", again))
    print(summary("the same after a restart (replay)", cold))
    print(summary("replay from the database alone", replay_only))
    print(summary("poll, nothing new (204, anonymous)", idle))


if __name__ == "__main__":
    main()
