"""Issue 13: two app-server processes (here two threads, each with its own database connection)
submit actions at the same moment. The match row lock serialises them and the version check lets
exactly one action through per version. Real row locks need PostgreSQL: on SQLite these tests skip."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from arena.engine import action_to_json
from arena.models import Match, MatchAction
from arena.play_errors import StaleBoardError
from arena.runtime.states import state_of
from arena.services import match_play
from tests.arena.hosted import begin, first, fresh, make_players

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks (select_for_update) need PostgreSQL"),
]


def race(calls: list[Any]) -> list[Any]:
    """Run the calls in threads released together; each returns its result or its exception."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        from django.db import connections

        barrier.wait()
        try:
            results[index] = calls[index]()
        except Exception as error:  # noqa: BLE001 - the outcome is what the test looks at
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("attempt", range(5))
def test_two_concurrent_actions_on_one_version_apply_exactly_one(attempt):
    players = make_players()
    match = begin(players)
    action = action_to_json(first(legal_of(match, 0), "AssignAmulet"))
    other = action_to_json([a for a in legal_of(match, 0) if type(a).__name__ == "AssignAmulet"][1])
    results = race(
        [
            lambda: match_play(match=match, player=players.home, version=0, actions=[action]),
            lambda: match_play(match=match, player=players.home, version=0, actions=[other]),
        ]
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert isinstance(refused[0], StaleBoardError)
    assert fresh(match).version == 1
    assert list(MatchAction.objects.filter(match=match).values_list("seq", flat=True)) == [0, 1]


def test_both_seats_secret_choices_at_the_same_moment_are_both_applied():
    players = make_players()
    match = begin(players)
    home = action_to_json(first(legal_of(match, 0), "AssignAmulet"))
    away = action_to_json(first(legal_of(match, 1), "AssignAmulet"))
    results = race(
        [
            lambda: match_play(match=match, player=players.home, version=0, actions=[home]),
            lambda: match_play(match=match, player=players.away, version=0, actions=[away]),
        ]
    )
    assert not any(isinstance(r, Exception) for r in results), results
    assert fresh(match).version == 2
    assert sorted(MatchAction.objects.filter(match=match, seq__gt=0).values_list("seat", flat=True)) == [0, 1]


def legal_of(match: Match, seat: int) -> list[Any]:
    from arena.engine import legal_actions

    return legal_actions(state_of(fresh(match)), seat)


@pytest.mark.parametrize("attempt", range(3))
def test_four_challenges_at_once_one_below_the_limit_make_exactly_one__issue_28(attempt):
    """The limits per account lock the player's row first: simultaneous requests cannot all pass."""
    from django.test.utils import override_settings

    from arena.services import match_create
    from arena.services.account_limits import LimitError
    from viadal_site.settings import base

    players = make_players()
    team = players.home_team
    with override_settings(VIADAL_HOSTED_LIMITS=base.VIADAL_HOSTED_LIMITS):
        for _ in range(base.VIADAL_HOSTED_LIMITS["open_challenges"] - 1):
            match_create(creator=players.home, team=team, round_limit=12)
        results = race([lambda: match_create(creator=players.home, team=team, round_limit=12) for _ in range(4)])
    made = [r for r in results if not isinstance(r, Exception)]
    assert len(made) == 1 and all(isinstance(r, LimitError) for r in results if r not in made), results
    assert Match.objects.filter(created_by=players.home, status=Match.Status.OPEN).count() == 5
