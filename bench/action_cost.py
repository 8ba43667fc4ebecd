"""An action's server CPU, request by request (issue 35; ``make bench-action``). Not a test.

Plays whole matches between two random players (a fixed seed per match, so every run plays the same
actions) through the views, as two browsers would: the acting seat posts ``/play/<id>/act/`` under
htmx and gets its refreshed parts; the other seat's poll (``/play/<id>/poll/?v=<the old version>``)
then gets its own; and an idle poll at the new version gets "nothing new". With ``--push`` the other
seat's parts are built as its push stream builds them (``arena.views.parts.stream_parts``: the session
checked, the match read, every part with the header's count), and there is no idle poll. Each client keeps the
parts' fingerprints it was sent and reports them (``have``), as the play page's script does.

Times are the process's CPU (``time.process_time``), the figure that matters on a shared machine:
another process's work does not count. A throwaway test database of ``DATABASE_URL`` (SQLite when
unset) in this single process. Prints the median and mean per action of the acting seat's answer, the
other seat's refresh, the idle poll and their sum (what one action costs, net of the idle polls
between actions), the bytes sent and the queries. Templates render as a server renders them (the
test environment's wrapper, which hands each template's context to the test client, is taken off).
``--profile FILE`` writes a cProfile of the act and refresh requests and prints the functions that
took most of it; ``--most-actions N`` stops each match after N actions (a shorter profile). The
database file is one per process, so two runs (main and a branch) can be measured side by side.

    .venv/bin/python bench/action_cost.py --matches 3
    .venv/bin/python bench/action_cost.py --matches 1 --profile /tmp/action.prof
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import re
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "viadal_site.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.template import Template  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, _TestState, setup_test_environment  # noqa: E402

FORM = "application/x-www-form-urlencoded"  # as htmx posts the play page's forms (the test client's own is multipart)
FINGERPRINT = re.compile(r'<[^>]*\bdata-fp="([0-9a-f]+)"')


class Screen:
    """One seat's browser: a signed-in client and the parts' fingerprints its page holds."""

    def __init__(self, user: Any) -> None:
        self.client = Client()
        self.client.force_login(user)
        self.have: list[str] = []

    def keep(self, text: str) -> None:
        found = FINGERPRINT.findall(text)
        if found:  # a part not sent is kept as it was; one sent replaces its old fingerprint
            kept = {fp.split(".")[0]: fp for fp in self.have}
            kept.update({fp.split(".")[0]: fp for fp in found})
            self.have = sorted(kept.values())

    def params(self) -> dict[str, str]:
        return {"have": " ".join(self.have)} if self.have else {}


def main() -> None:
    warnings.filterwarnings("ignore", "Limit for query logging exceeded")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--round-limit", type=int, default=12)
    parser.add_argument("--most-actions", type=int, default=0, help="stop each match after this many (0: play it out)")
    parser.add_argument("--profile", default="", help="write a cProfile of the act and refresh requests here")
    parser.add_argument("--push", action="store_true", help="the other seat's parts as its push stream builds them")
    args = parser.parse_args()
    setup_test_environment()
    # The test environment wraps every template's rendering to hand its context to the test client (a
    # copy of the context per template and partial): the client's bookkeeping, which a server never
    # does. Rendered as a server renders.
    Template._render = _TestState.saved_data.template_render  # type: ignore[method-assign]
    if connection.vendor == "sqlite":  # a file, as the project's own database is, not the test runner's memory
        # (one per process: two runs at once do not share it)
        connection.settings_dict.setdefault("TEST", {})["NAME"] = str(
            Path(__file__).resolve().parent / f"action-{os.getpid()}.sqlite3"
        )
    else:  # a database of its own, as above
        connection.settings_dict.setdefault("TEST", {})["NAME"] = f"test_action_cost_{os.getpid()}"
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        run(args.matches, args.round_limit, args.profile, args.most_actions, args.push)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def timed(profile: cProfile.Profile | None, call: Callable[[], Any]) -> tuple[Any, float, int]:
    with CaptureQueriesContext(connection) as queries:
        started = time.process_time()
        if profile is not None:
            profile.enable()
        result = call()
        if profile is not None:
            profile.disable()
        spent = time.process_time() - started
    return result, spent, len(queries.captured_queries)


def run(matches: int, round_limit: int, profile_to: str, most_actions: int = 0, push: bool = False) -> None:
    from arena.engine import action_to_json, is_over, legal_actions, seats_to_move
    from arena.models import Match
    from arena.runtime.states import state_of
    from arena.services import match_accept, match_create
    from arena.views.parts import Reader, stream_parts
    from teams.models import Team
    from tests.factories import TeamFactory, UserFactory

    profile = cProfile.Profile() if profile_to else None
    rows: dict[str, list[float]] = {"act": [], "refresh": [], "idle": []}
    sent: dict[str, list[int]] = {"act": [], "refresh": []}
    queries: dict[str, list[int]] = {"act": [], "refresh": [], "idle": []}
    htmx = {"HX-Request": "true"}
    for number in range(matches):
        home, away = UserFactory(), UserFactory()
        home_team = TeamFactory(owner=home, status=Team.Status.READY)
        away_team = TeamFactory(owner=away, status=Team.Status.READY)
        match = match_create(creator=home, team=home_team, round_limit=round_limit)
        Match.objects.filter(pk=match.pk).update(seed=f"action-cost-{number:04d}")
        match.refresh_from_db()
        match = match_accept(match=match, player=away, team=away_team)
        screens = (Screen(home), Screen(away))
        for screen in screens:
            screen.keep(screen.client.get(f"/play/{match.pk}/").content.decode())
        readers = [
            Reader(user.pk, screen.client.session.session_key, "hu", "bench-csrf-token")
            for user, screen in zip((home, away), screens, strict=True)
        ]
        rng = random.Random(number)
        played = 0
        while True:
            match.refresh_from_db()
            state = state_of(match)
            if is_over(state) or (most_actions and played == most_actions):
                break
            played += 1
            seat = seats_to_move(state)[0]
            offered = sorted(
                (a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"), key=lambda a: repr(a)
            )
            choice = rng.choice(offered)
            before = match.version
            me, other = screens[seat], screens[1 - seat]
            data = {"version": str(before), "action": __import__("json").dumps(action_to_json(choice)), **me.params()}
            body = urlencode(data)
            answer, spent, count = timed(
                profile,
                lambda: me.client.post(f"/play/{match.pk}/act/", body, FORM, headers=htmx),  # noqa: B023
            )
            assert answer.status_code == 200, answer.content[:400]
            me.keep(answer.content.decode())
            rows["act"].append(spent)
            sent["act"].append(len(answer.content))
            queries["act"].append(count)
            match.refresh_from_db()
            if push:
                streamed, spent, count = timed(profile, lambda: stream_parts(match.pk, readers[1 - seat]))  # noqa: B023
                assert streamed is not None and streamed.version == match.version
                rows["refresh"].append(spent)
                sent["refresh"].append(len(streamed.html.encode()))
                queries["refresh"].append(count)
                continue
            url = f"/play/{match.pk}/poll/"
            refreshed, spent, count = timed(
                profile,
                lambda: other.client.get(url, {"v": before, **other.params()}, headers=htmx),  # noqa: B023
            )
            assert refreshed.status_code in (200, 286), refreshed.status_code
            other.keep(refreshed.content.decode())
            rows["refresh"].append(spent)
            sent["refresh"].append(len(refreshed.content))
            queries["refresh"].append(count)
            idle, spent, count = timed(None, lambda: other.client.get(url, {"v": match.version}, headers=htmx))  # noqa: B023
            assert idle.status_code in (204, 286), idle.status_code
            rows["idle"].append(spent)
            queries["idle"].append(count)
        print(f"match {number}: {Match.objects.get(pk=match.pk).result}")
    actions = len(rows["act"])
    print(f"database: {connection.vendor}, {actions} actions in {matches} matches (round limit {round_limit})")
    print(f"{'per action (CPU)':<36} {'median ms':>9} {'mean ms':>8} {'p90 ms':>7} {'KB sent':>8} {'queries':>7}")
    for name, label in (
        ("act", "the acting seat's answer (POST act)"),
        ("refresh", "the other seat's stream build" if push else "the other seat's refresh (poll)"),
        ("idle", "an idle poll (204)"),
    ):
        if not rows[name]:
            continue
        values = sorted(rows[name])
        kilobytes = statistics.mean(sent[name]) / 1024 if name in sent else 0.0
        print(
            f"{label:<36} {statistics.median(values) * 1000:>9.2f} {statistics.mean(values) * 1000:>8.2f} "
            f"{values[int(len(values) * 0.9)] * 1000:>7.2f} {kilobytes:>8.1f} {statistics.median(queries[name]):>7.0f}"
        )
    both = [a + r for a, r in zip(rows["act"], rows["refresh"], strict=True)]
    print(
        f"{'an action: answer + refresh':<36} {statistics.median(both) * 1000:>9.2f} "
        f"{statistics.mean(both) * 1000:>8.2f} {sorted(both)[int(len(both) * 0.9)] * 1000:>7.2f}"
    )
    if profile is not None:
        profile.dump_stats(profile_to)
        stats = pstats.Stats(profile_to)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
