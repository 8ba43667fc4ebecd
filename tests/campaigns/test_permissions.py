"""Only the organiser changes a league, generates and reschedules fixtures, settles and forfeits;
players report, confirm and dispute only their own fixtures and manage only their own team.
Every refused action answers 403 (or sends a visitor to log in) and leaves every row as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from campaigns.models import CampaignEvent, Entry, Fixture, Invitation, League, MatchPreparation, MemberRecord, Result
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_report_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every campaign row, field by field, and the size of the result's audit trail."""
    models = (League, Invitation, Entry, MemberRecord, Fixture, Result, CampaignEvent, MatchPreparation)
    state = {m.__name__: sorted(map(tuple, m.objects.values_list().order_by("pk"))) for m in models}
    state["history"] = [(Result.history.count(),)]
    return state


@pytest.fixture
def world() -> dict[str, Any]:
    league = LeagueFactory()
    enter_teams(league, 3)
    fixtures_generate(league=league, actor=league.organiser)
    match = league.fixtures.exclude(status=Fixture.Status.BYE).order_by("round", "position").first()
    fixture_report_result(fixture=match, actor=match.home.player, facts=facts())
    outsider = league.entries.exclude(pk__in=[match.home_id, match.away_id]).get()
    return {
        "league": league,
        "match": match,
        "home": match.home,
        "users": {
            "organiser": league.organiser,
            "reporter": match.home.player,
            "opponent": match.away.player,
            "outsider": outsider.player,
            "stranger": UserFactory(),
        },
    }


W = dict[str, Any]
REPORT = {"result-home_result": "defeat", "result-rounds_played": 5, "result-home_score": 0, "result-away_score": 9}
CASES: list[tuple[str, str, Callable[[W], str], dict[str, Any]]] = [
    (
        "change the league's settings",
        "opponent",
        lambda w: reverse("campaigns:edit", args=[w["league"].pk]),
        {"name": "Hijacked", "tier": "standard", "format": "swiss", "validation_mode": "strict", "round_limit": 20},
    ),
    (
        "invite a player",
        "opponent",
        lambda w: reverse("campaigns:invite", args=[w["league"].pk]),
        {"username": "player0"},
    ),
    (
        "generate fixtures",
        "opponent",
        lambda w: reverse("campaigns:generate", args=[w["league"].pk]),
        {"interval_days": 7},
    ),
    (
        "reschedule a fixture",
        "opponent",
        lambda w: reverse("campaigns:reschedule", args=[w["match"].pk]),
        {"scheduled_for": "2025-05-01"},
    ),
    ("settle a result", "opponent", lambda w: reverse("campaigns:settle", args=[w["match"].pk]), REPORT),
    ("record a forfeit", "opponent", lambda w: reverse("campaigns:forfeit", args=[w["match"].pk]), {"side": "home"}),
    ("report another pair's fixture", "outsider", lambda w: reverse("campaigns:report", args=[w["match"].pk]), REPORT),
    ("confirm one's own report", "reporter", lambda w: reverse("campaigns:confirm", args=[w["match"].pk]), {}),
    ("confirm another pair's result", "outsider", lambda w: reverse("campaigns:confirm", args=[w["match"].pk]), {}),
    (
        "dispute another pair's result",
        "outsider",
        lambda w: reverse("campaigns:dispute", args=[w["match"].pk]),
        {"reason": "I was not there"},
    ),
    ("settle as a stranger", "stranger", lambda w: reverse("campaigns:settle", args=[w["match"].pk]), REPORT),
    (
        "take another team's advance",
        "opponent",
        lambda w: reverse("campaigns:advance", args=[w["home"].pk, "gladiator"]),
        {"advance-gladiator-choice": "stat:te"},
    ),
    (
        "spend another team's gold",
        "opponent",
        lambda w: reverse("campaigns:spend", args=[w["home"].pk, "training"]),
        {"slot": "gladiator"},
    ),
    (
        "pay another team's healer",
        "opponent",
        lambda w: reverse("campaigns:heal", args=[w["home"].pk]),
        {"slot": "gladiator", "matches": 1},
    ),
    (
        "repair another team's weapon",
        "opponent",
        lambda w: reverse("campaigns:spend", args=[w["home"].pk, "repair"]),
        {"item": "shield"},
    ),
    (
        "buy one-match items for the opponent",
        "opponent",
        lambda w: reverse("campaigns:buy-item", args=[w["match"].pk, "home"]),
        {"home-item": "disc:1", "home-slot": "", "home-paid": "gold"},
    ),
    (
        "buy one-match items for a player's side as organiser",
        "organiser",
        lambda w: reverse("campaigns:buy-item", args=[w["match"].pk, "away"]),
        {"away-item": "disc:1", "away-slot": "", "away-paid": "gold"},
    ),
]


@pytest.mark.parametrize(("action", "who", "url", "data"), CASES, ids=[case[0] for case in CASES])
def test_a_refused_action_answers_403_and_changes_nothing(client, world, action, who, url, data):
    client.force_login(world["users"][who])
    before = snapshot()

    response = client.post(url(world), data)

    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("name", ["report", "confirm", "dispute", "settle", "forfeit"])
def test_a_visitor_is_sent_to_log_in_and_nothing_changes(client, world, name):
    before = snapshot()
    response = client.post(reverse(f"campaigns:{name}", args=[world["match"].pk]), REPORT)
    assert (response.status_code, response["Location"].split("?")[0]) == (302, reverse("login"))
    assert snapshot() == before


def test_the_report_form_is_not_shown_to_an_outsider(client, world):
    client.force_login(world["users"]["outsider"])
    assert client.get(reverse("campaigns:report", args=[world["match"].pk])).status_code == 403
