"""Migration 0008: every league made before there was a second game stays a Shuluri Viadal league,
its results gain an empty game report, and nothing else of it changes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("campaigns", "0007_four_player_leagues")]
AFTER = [("campaigns", "0008_games")]


def test_existing_leagues_stay_viadal():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    League = old.get_model("campaigns", "League")
    organiser = User.objects.create(username="organiser")
    league = League.objects.create(organiser=organiser, name="Old league", format="swiss", tier="standard")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    migrated = new.get_model("campaigns", "League").objects.get(pk=league.pk)
    assert (migrated.game, migrated.game_settings, migrated.format) == ("viadal", {}, "swiss")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
