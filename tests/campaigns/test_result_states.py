"""A result says what happened: who reported and confirmed it, or that the organiser settled or
entered it; each deed on its own; the bracket keeps names and scores apart."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import ResultKind
from campaigns.models import Fixture
from campaigns.result_facts import MemberFacts
from campaigns.selectors.reports import deed_texts, result_story
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import (
    fixture_confirm_result,
    fixture_dispute_result,
    fixture_record_forfeit,
    fixture_report_result,
    fixture_settle_result,
)
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play, side

pytestmark = pytest.mark.django_db
NO_DICE = RecordedDice.fixed([])


@pytest.fixture
def fixture() -> Fixture:
    league = LeagueFactory()
    enter_teams(league, 2)
    return fixtures_generate(league=league, actor=league.organiser)[0]


def story(fixture: Fixture) -> list[str]:
    fixture = Fixture.objects.select_related("league", "result__reported_by", "result__confirmed_by").get(pk=fixture.pk)
    return [str(part) for part in result_story(fixture, fixture.result)]


def report_page(client, fixture: Fixture) -> str:
    return client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()


def test_reported_then_confirmed_names_both_players(fixture):
    home, away = fixture.home.player.username, fixture.away.player.username
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    assert story(fixture) == [f"Reported by {home}", "waiting for the opponent to confirm it"]
    fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=NO_DICE)
    assert story(fixture) == [f"Reported by {home}", f"Confirmed by {away}"]


def test_a_settled_dispute_reads_settled_by_the_organiser(client, fixture):
    home = fixture.home.player.username
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="Wrong score")
    assert story(fixture) == [f"Reported by {home}", "Disputed: waiting for the organiser"]
    fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=facts(), dice=NO_DICE)
    assert story(fixture) == [f"Reported by {home}", "Disputed, then settled by the organiser"]
    html = report_page(client, fixture)
    assert "Disputed, then settled by the organiser" in html
    assert (
        "Confirmed by" not in html and fixture.league.organiser.username not in html.split('id="result-story"')[1][:200]
    )


def test_a_report_the_organiser_settles_without_a_dispute(fixture):
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=facts(), dice=NO_DICE)
    assert story(fixture)[1] == "Settled by the organiser"


def test_a_result_the_organiser_entered_reads_so(client, fixture):
    fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=facts(), dice=NO_DICE)
    assert story(fixture) == ["Entered by the organiser"]
    assert '<span id="result-story">Entered by the organiser</span>' in report_page(client, fixture)


def test_a_forfeit_reads_as_recorded_by_the_organiser(fixture):
    fixture_record_forfeit(fixture=fixture, actor=fixture.league.organiser, forfeiting=fixture.away)
    assert story(fixture) == ["Forfeit recorded by the organiser"]


def test_each_deed_is_listed_on_its_own_and_destroying_the_gladiator_also_hurt_him(client, fixture):
    hero = MemberFacts(fighters_killed=2, strategists_killed=1, gladiators_destroyed=1)
    assert deed_texts(hero) == [
        "Killed 2 fighters",
        "Killed the strategist",
        "Hurt the gladiator",
        "Destroyed the gladiator",
    ]
    assert deed_texts(MemberFacts(gladiators_damaged=1)) == ["Hurt the gladiator"]
    assert deed_texts(MemberFacts(fighters_killed=1)) == ["Killed 1 fighter"]
    play(fixture, facts(ResultKind.VICTORY, 20, 0, home=side(gladiator=hero)))
    html = report_page(client, fixture)
    assert (
        '<ul class="list-unstyled mb-0 deeds"><li>Killed 2 fighters</li><li>Killed the strategist</li>'
        "<li>Hurt the gladiator</li><li>Destroyed the gladiator</li></ul>"
    ) in html


def test_the_bracket_keeps_names_and_scores_apart(client):
    league = LeagueFactory(format="knockout")
    enter_teams(league, 4)
    [first, _] = fixtures_generate(league=league, actor=league.organiser)
    play(first, facts(ResultKind.VICTORY, 10, 4))
    html = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    bracket = html.split('id="bracket"')[1].split("</section>")[0]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", bracket))
    assert f"{first.home.name}: 10" in text and f"{first.away.name}: 4" in text
    assert f"{first.home.name}10" not in text


def test_the_states_read_in_hungarian(fixture):
    fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=facts(), dice=NO_DICE)
    with translation.override("hu"):
        assert story(fixture) == ["A szervező rögzítette"]
        assert deed_texts(MemberFacts(gladiators_damaged=1)) == ["Megsebezte a gladiátort"]
