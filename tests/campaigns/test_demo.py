"""The demo league: created by ``load_demo`` once, with a live table, and never reset afterwards."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from campaigns.demo import DEMO_LEAGUE
from campaigns.models import CampaignEvent, Fixture, League
from campaigns.selectors.league_tables import league_standings
from campaigns.services.leagues import league_update

pytestmark = pytest.mark.django_db


def test_load_demo_creates_the_league_with_one_confirmed_result_and_keeps_later_changes(capsys):
    call_command("load_demo")
    league = League.objects.get()
    assert (league.name, league.organiser.username, league.format) == (DEMO_LEAGUE, "organiser", "double_round_robin")
    assert sorted(league.entries.values_list("player__username", flat=True)) == ["aurelia", "balint"]
    assert list(league.fixtures.order_by("round").values_list("status", flat=True)) == ["confirmed", "scheduled"]
    table = [(line.entry.player.username, line.row.points) for line in league_standings(league).lines]
    assert table == [("aurelia", 3), ("balint", 0)]
    assert CampaignEvent.objects.filter(league=league, kind="roll").count() == 2  # Bálint's two fallen
    assert "Created the demo league Shulur Spring League" in capsys.readouterr().out

    league_update(league=league, actor=league.organiser, changes={"season": "Spring 2025, extended"})
    call_command("load_demo")

    league = League.objects.get()
    assert league.season == "Spring 2025, extended"
    assert (league.entries.count(), league.fixtures.count(), Fixture.objects.count()) == (2, 2, 2)
    assert "Created the demo league" not in capsys.readouterr().out
