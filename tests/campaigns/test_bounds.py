"""Issue 11: every number of a league is bounded by the rules (``campaigns.league_bounds``).

The report, the league settings, the healer and the fixture dates refuse a number beyond its bound
beside its field with a 200 (or a message), never a 500, and store nothing; the services refuse the
same numbers from anything else (a hosted match); the database's CHECK constraints hold the bounds.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.db import IntegrityError, transaction
from django.urls import reverse

from campaigns.league_bounds import ARENA_SCORE_MAX, EP_MAX, FIGHTERS_MAX, ROUNDS_PLAYED_MAX
from campaigns.league_errors import LeagueError
from campaigns.models import Entry, Fixture, League, MatchPreparation, MemberRecord, Result
from campaigns.record_forms import HealForm
from campaigns.result_facts import Fate, MemberFacts
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_record_hosted_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, side
from tests.campaigns.test_pages import report_data
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
HUGE = 10**9
SLOTS = ("gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist")


@pytest.fixture
def fixture(client) -> Fixture:
    """A scheduled fixture of a 20-round round robin, its home player logged in."""
    league = LeagueFactory()
    enter_teams(league, 2)
    match = fixtures_generate(league=league, actor=league.organiser)[0]
    client.force_login(match.home.player)
    return match


def report(client, fixture: Fixture, **changes: object):  # type: ignore[no-untyped-def]
    return client.post(reverse("campaigns:report", args=[fixture.pk]), report_data(fixture, **changes), headers=HTMX)


def errors_of(response, prefix: str, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The errors beside one field of the report: ``result`` or a member's ``home-gladiator``."""
    result_report = response.context["report"]
    if prefix == "result":
        return list(result_report.form.errors.get(name, []))
    member_form = next(form for _e, forms, _b in result_report.sides for form in forms if form.prefix == prefix)
    return list(member_form.errors.get(name, []))


def assert_nothing_reported(fixture: Fixture) -> None:
    fixture.refresh_from_db()
    assert (fixture.status, Result.objects.filter(fixture=fixture).exists()) == (Fixture.Status.SCHEDULED, False)


# --- the report --------------------------------------------------------------------------------------


def test_a_report_with_more_kills_than_fighters_is_refused(client, fixture):
    response = report(client, fixture, **{"home-gladiator-fighters_killed": 3, "home-deasta-fighters_killed": 2})

    assert response.status_code == 200
    message = "This side killed 5 non-gladiators in all; the enemy has only 4 (HR-10.1)."
    assert errors_of(response, "home-gladiator", "fighters_killed") == [message]
    assert errors_of(response, "home-deasta", "fighters_killed") == [message]
    assert message in response.content.decode()
    assert_nothing_reported(fixture)


def test_a_million_kills_by_one_member_are_refused_beside_his_line(client, fixture):
    response = report(client, fixture, **{"home-crossbowman-fighters_killed": 1_000_000})

    assert errors_of(response, "home-crossbowman", "fighters_killed") == ["Enter a number from 0 to 4 (HR-10.1)."]
    assert_nothing_reported(fixture)


def test_a_score_beyond_smallint_is_a_form_error_not_a_500(client, fixture):
    response = report(client, fixture, **{"result-home_score": 40000})

    assert response.status_code == 200
    assert errors_of(response, "result", "home_score") == [f"Enter a number from 0 to {ARENA_SCORE_MAX} (HR-10.1)."]
    assert_nothing_reported(fixture)


def test_a_score_one_beyond_what_a_side_can_score_is_refused(client, fixture):
    response = report(client, fixture, **{"result-away_score": ARENA_SCORE_MAX + 1})

    assert errors_of(response, "result", "away_score") == ["Enter a number from 0 to 45 (HR-10.1)."]


def test_more_rounds_than_the_league_plays_are_refused_beside_the_field(client, fixture):
    response = report(client, fixture, **{"result-rounds_played": 21})  # a round robin of 20 rounds

    assert errors_of(response, "result", "rounds_played") == ["Enter a number from 1 to 20 (HR-10.1)."]
    assert_nothing_reported(fixture)


def test_the_one_strategist_and_the_one_gladiator_fall_to_one_member_each(client, fixture):
    response = report(
        client,
        fixture,
        **{
            "home-gladiator-strategists_killed": "on",
            "home-deasta-strategists_killed": "on",
            "home-gladiator-gladiators_destroyed": "on",
            "home-laeva-gladiators_destroyed": "on",
        },
    )

    assert errors_of(response, "home-deasta", "strategists_killed") == [
        "Only one member can kill the enemy strategist."
    ]
    assert errors_of(response, "home-laeva", "gladiators_destroyed") == [
        "Only one member can destroy the enemy gladiator."
    ]
    assert "Only one member can destroy the enemy gladiator." in response.content.decode()
    assert_nothing_reported(fixture)


def test_a_dead_members_final_ep_is_bounded_by_the_rules(client, fixture):
    far_below = report(client, fixture, **{"away-laeva-fate": "dead", "away-laeva-final_ep": -HUGE})
    above_his_own = report(client, fixture, **{"away-laeva-fate": "wounded", "away-laeva-final_ep": 11})

    assert errors_of(far_below, "away-laeva", "final_ep") == [f"Enter a number from -{EP_MAX} to 10 (HR-10.5)."]
    assert errors_of(above_his_own, "away-laeva", "final_ep") == [f"Enter a number from -{EP_MAX} to 10 (HR-10.5)."]
    assert_nothing_reported(fixture)


def test_the_report_refusal_reads_in_hungarian(client, fixture):
    response = client.post(
        reverse("campaigns:report", args=[fixture.pk]),
        report_data(fixture, **{"home-gladiator-fighters_killed": 4, "home-laeva-fighters_killed": 4}),
        headers={**HTMX, "Accept-Language": "hu"},
    )

    html = response.content.decode()
    assert "Ez az oldal összesen 8 nem gladiátort ölt meg, de az ellenfélnek csak 4 nem gladiátora van" in html


def report_fields() -> list[str]:
    fields = ["result-rounds_played", "result-home_score", "result-away_score"]
    for home_or_away in ("home", "away"):
        for slot in SLOTS:
            fields += [f"{home_or_away}-{slot}-final_ep", f"{home_or_away}-{slot}-fighters_killed"]
    return fields


@pytest.mark.parametrize("field", report_fields())
@pytest.mark.parametrize("value", [HUGE, -HUGE])
def test_a_huge_number_in_any_report_field_is_a_form_error_not_a_500(client, fixture, field, value):
    changes: dict[str, object] = {field: value}
    if field.endswith("final_ep"):
        changes[field.replace("final_ep", "fate")] = "dead"

    response = report(client, fixture, **changes)

    assert response.status_code == 200
    prefix, name = field.rsplit("-", 1)
    assert errors_of(response, prefix, name), f"{field}={value} was taken"
    assert_nothing_reported(fixture)


def test_a_hosted_match_with_impossible_numbers_is_refused(fixture):
    impossible = [
        facts(home_score=ARENA_SCORE_MAX + 1),
        facts(home=side(gladiator=MemberFacts(fighters_killed=FIGHTERS_MAX + 1))),
        facts(home=side(gladiator=MemberFacts(fighters_killed=3), laeva=MemberFacts(fighters_killed=2))),
        facts(away=side(gladiator=MemberFacts(fate=Fate.DEAD, final_ep=-1_000_000))),
        facts(home=side(deasta=MemberFacts(strategists_killed=1), laeva=MemberFacts(strategists_killed=1))),
    ]
    for match_facts in impossible:
        with pytest.raises(LeagueError):
            fixture_record_hosted_result(fixture=fixture, match_facts=match_facts)
    assert_nothing_reported(fixture)


# --- the league's other forms ------------------------------------------------------------------------


def post_league(client, **changes: object):  # type: ignore[no-untyped-def]
    data = {
        "name": "Shulur Cup",
        "season": "2025",
        "tier": "standard",
        "format": "groups_knockout",
        "validation_mode": "strict",
        "round_limit": 20,
        **changes,
    }
    return client.post(reverse("campaigns:create"), data)


def test_the_league_form_bounds_the_round_limit_by_the_rules(client):
    client.force_login(UserFactory())

    response = post_league(client, round_limit=99999)

    assert response.status_code == 200
    assert response.context["form"].errors["round_limit"] == ["Enter a number from 12 to 30 (HR-10.1)."]
    assert "Round limit (12–30)" in response.content.decode()
    assert not League.objects.exists()


@pytest.mark.parametrize("field", ["round_limit", "group_count"])
@pytest.mark.parametrize("value", [HUGE, -HUGE])
def test_a_huge_number_in_a_league_setting_is_a_form_error_not_a_500(client, field, value):
    client.force_login(UserFactory())

    response = post_league(client, **{field: value})

    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert not League.objects.exists()


def test_a_start_date_at_the_end_of_the_calendar_is_a_message_not_a_500(client):
    league = LeagueFactory()
    enter_teams(league, 3)  # three rounds: the later ones would run past the last date there is
    client.force_login(league.organiser)

    response = client.post(
        reverse("campaigns:generate", args=[league.pk]), {"start": "9999-12-31", "interval_days": 60}
    )

    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Give a valid date and a number of days between rounds."
    ]
    assert not Fixture.objects.exists()


@pytest.mark.parametrize("value", ["9999-12-31", "1066-10-14"])
def test_a_date_no_league_is_played_on_is_refused_when_rescheduling(client, fixture, value):
    client.force_login(fixture.league.organiser)

    row = client.post(
        reverse("campaigns:reschedule", args=[fixture.pk]), {"scheduled_for": value}, headers=HTMX
    ).content.decode()

    assert "That is not a date." in row
    fixture.refresh_from_db()
    assert fixture.scheduled_for is None


@pytest.mark.parametrize("value", [3, HUGE, 0])
def test_the_healer_removes_no_more_matches_than_an_injury_gives(value):
    form = HealForm({"slot": "crossbowman", "matches": value})

    assert not form.is_valid()
    assert form.errors["matches"] == ["Enter a number from 1 to 2 (HR-10.5)."]


@pytest.mark.parametrize("value", [HUGE, -HUGE])
def test_a_huge_number_of_days_between_rounds_is_a_message_not_a_500(client, value):
    league = LeagueFactory()
    enter_teams(league, 2)
    client.force_login(league.organiser)

    response = client.post(reverse("campaigns:generate", args=[league.pk]), {"interval_days": value})

    assert response.status_code == 302 and not Fixture.objects.exists()


# --- the database --------------------------------------------------------------------------------


def refused(model: type, pk: int, **changes: object) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        model.objects.filter(pk=pk).update(**changes)


def test_the_database_refuses_league_numbers_beyond_the_rules(fixture):
    league, entry = fixture.league, fixture.home
    record = MemberRecord.objects.filter(entry=entry).first()
    result = Result.objects.create(fixture=fixture, home_result="victory", rounds_played=9)
    prep = MatchPreparation.objects.create(fixture=fixture, entry=entry)

    refused(League, league.pk, round_limit=31)
    refused(League, league.pk, round_limit=11)
    refused(League, league.pk, group_count=17)
    refused(Entry, entry.pk, treasury=-1)
    refused(MemberRecord, record.pk, training=3)
    refused(MemberRecord, record.pk, matches_missed=3)
    refused(Result, result.pk, rounds_played=ROUNDS_PLAYED_MAX + 1)
    refused(Result, result.pk, home_score=ARENA_SCORE_MAX + 1)
    refused(Result, result.pk, away_score=ARENA_SCORE_MAX + 1)
    refused(MatchPreparation, prep.pk, patronage=21)
    # and the bounds themselves are stored
    League.objects.filter(pk=league.pk).update(round_limit=30, group_count=16)
    Result.objects.filter(pk=result.pk).update(rounds_played=ROUNDS_PLAYED_MAX, home_score=45, away_score=45)
    MemberRecord.objects.filter(pk=record.pk).update(training=2, matches_missed=2)
    MatchPreparation.objects.filter(pk=prep.pk).update(patronage=20)


@pytest.mark.parametrize(("mode", "expected"), [("duel", 20), ("pairs", 24), ("ffa", 24)])
def test_a_new_league_left_without_a_round_limit_takes_its_modes__hr10_1_hr8(client, mode, expected):
    client.force_login(UserFactory())

    response = post_league(client, round_limit="", arena_mode=mode, format="round_robin")

    assert response.status_code == 302, response.context["form"].errors
    assert League.objects.get().round_limit == expected


def test_a_new_league_keeps_the_round_limit_its_organiser_chose(client):
    client.force_login(UserFactory())

    post_league(client, round_limit=20, arena_mode="ffa", format="round_robin")

    assert League.objects.get().round_limit == 20
