"""Four-seat fixtures through the pages and services: who may report, confirm, dispute and settle; the
report form's bounds; the arena mode fixed once fixtures exist; hosted results; query counts."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from campaigns.league_bounds import ARENA_SEAT_SCORE_MAX
from campaigns.league_errors import LeagueError
from campaigns.models import ArenaResult, Fixture, League, Result
from campaigns.services.arena_results import (
    arena_fixture_confirm_result,
    arena_fixture_dispute_result,
    arena_fixture_report_result,
    arena_fixture_settle_result,
    record_arena_result,
)
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_update
from campaigns.services.reports import fixture_settle_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.four_player_helpers import ffa_facts, pairs_facts, play_table, seats_of
from tests.campaigns.helpers import facts as duel_facts
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def ffa_league(teams: int = 4) -> League:
    league = LeagueFactory(arena_mode=League.Mode.FFA, round_limit=24)
    enter_teams(league, teams)
    fixtures_generate(league=league, actor=league.organiser)
    return league


def first_table(league: League) -> Fixture:
    return league.fixtures.filter(seat_count=4).order_by("round", "position").first()  # type: ignore[return-value]


def a_result(fixture: Fixture):  # type: ignore[no-untyped-def]
    return ffa_facts(
        fixture, 12, Team_A=(1, None, 20, 3), Team_B=(2, 12, 5, 0), Team_C=(3, 9, 0, 0), Team_D=(4, 5, 0, 0)
    )


def test_hr8_only_seated_players_report_and_every_other_seat_confirms() -> None:
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    with pytest.raises(PermissionDenied):
        arena_fixture_report_result(fixture=fixture, actor=UserFactory(), facts=a_result(fixture))
    arena_fixture_report_result(fixture=fixture, actor=seats[1].player, facts=a_result(fixture))
    with pytest.raises(PermissionDenied):  # the reporter does not confirm his own report
        arena_fixture_confirm_result(fixture=fixture, actor=seats[1].player)
    with pytest.raises(PermissionDenied):  # the organiser settles; he does not confirm
        arena_fixture_confirm_result(fixture=fixture, actor=fixture.league.organiser)
    for entry in (seats[0], seats[2]):
        arena_fixture_confirm_result(fixture=fixture, actor=entry.player, dice=RecordedDice.fixed([]))
        fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.REPORTED  # still waiting for the last seat
    with pytest.raises(PermissionDenied):  # a second confirmation by the same player
        arena_fixture_confirm_result(fixture=fixture, actor=seats[0].player)
    arena_fixture_confirm_result(fixture=fixture, actor=seats[3].player, dice=RecordedDice.fixed([]))
    fixture.refresh_from_db()
    assert (fixture.status, fixture.campaign_done) == (Fixture.Status.CONFIRMED, True)
    history = [h.history_change_reason for h in fixture.arena_result.history.order_by("history_id")]
    assert history == ["Reported", "Confirmed by one player", "Confirmed by one player", "Confirmed"]


def test_hr8_dispute_by_a_seat_then_the_organiser_settles() -> None:
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    arena_fixture_report_result(fixture=fixture, actor=seats[0].player, facts=a_result(fixture))
    with pytest.raises(PermissionDenied):
        arena_fixture_dispute_result(fixture=fixture, actor=UserFactory(), reason="no")
    arena_fixture_dispute_result(fixture=fixture, actor=seats[2].player, reason="C placed 2nd")
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.DISPUTED
    with pytest.raises(PermissionDenied):
        arena_fixture_settle_result(fixture=fixture, actor=seats[0].player, facts=a_result(fixture))
    arena_fixture_settle_result(
        fixture=fixture, actor=fixture.league.organiser, facts=a_result(fixture), dice=RecordedDice.fixed([])
    )
    fixture.refresh_from_db()
    assert (fixture.status, fixture.campaign_done) == (Fixture.Status.SETTLED, True)
    assert fixture.arena_result.dispute_reason == "C placed 2nd"


def test_hosted_four_seat_result_is_recorded_confirmed() -> None:
    fixture = first_table(ffa_league())
    result = record_arena_result(fixture=fixture, facts=a_result(fixture), dice=RecordedDice.fixed([]))
    fixture.refresh_from_db()
    assert (fixture.status, result.hosted, fixture.campaign_done) == (Fixture.Status.CONFIRMED, True, True)
    with pytest.raises(LeagueError):
        record_arena_result(fixture=fixture, facts=a_result(fixture))


def test_hr8_impossible_place_set_is_refused_by_the_service() -> None:
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    wrong = ffa_facts(
        fixture, 12, Team_A=(1, None, 20, 0), Team_B=(1, None, 5, 0), Team_C=(3, 9, 0, 0), Team_D=(4, 5, 0, 0)
    )
    with pytest.raises(CampaignRuleError, match="one gladiator"):
        arena_fixture_report_result(fixture=fixture, actor=seats[0].player, facts=wrong)
    assert not ArenaResult.objects.exists()


def test_hr8_pairs_facts_refused_in_a_free_for_all_league() -> None:
    fixture = first_table(ffa_league())
    facts = pairs_facts(fixture, 10, ResultKind.VICTORY, Team_A=1, Team_B=1, Team_C=1, Team_D=1)
    with pytest.raises(LeagueError, match="arena mode"):
        arena_fixture_report_result(fixture=fixture, actor=seats_of(fixture)[0].player, facts=facts)


def test_two_player_services_refuse_a_four_seat_fixture() -> None:
    fixture = first_table(ffa_league())
    with pytest.raises(LeagueError, match="four teams"):
        fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=duel_facts())
    assert not Result.objects.exists()


def test_arena_mode_is_fixed_once_fixtures_exist_and_needs_a_round_robin() -> None:
    league = ffa_league()
    with pytest.raises(LeagueError, match="arena mode"):
        league_update(league=league, actor=league.organiser, changes={"arena_mode": League.Mode.DUEL})
    from django.core.exceptions import ValidationError

    swiss = LeagueFactory(arena_mode=League.Mode.PAIRS, format=League.Format.SWISS)
    with pytest.raises(ValidationError):
        swiss.full_clean()


def test_hr8_fewer_than_four_teams_cannot_start_a_four_player_league() -> None:
    league = LeagueFactory(arena_mode=League.Mode.PAIRS)
    enter_teams(league, 3)
    with pytest.raises(LeagueError, match="at least 4"):
        fixtures_generate(league=league, actor=league.organiser)


def test_hr10_2_six_teams_two_byes_a_round_and_no_points_for_them() -> None:
    league = ffa_league(6)
    assert league.fixtures.count() == 6 * (1 + 2)  # six rounds of one table and two byes
    assert league.fixtures.filter(status=Fixture.Status.BYE).count() == 12


# --- the pages ----------------------------------------------------------------------------------


def report_data(fixture: Fixture, places: list[tuple[int, str, int, int]], rounds: int = 12) -> dict[str, str]:
    """The report form's post: ``(place, fell in round or "", arena score, destroyed)`` per seat, each
    seat's destroyed gladiators credited to its gladiator's deeds (the two counts agree)."""
    data = {"result-rounds_played": str(rounds), "result-notes": ""}
    for seat, (place, fell, score, destroyed) in enumerate(places):
        data |= {
            f"seat{seat}-place": str(place),
            f"seat{seat}-fell_in_round": str(fell),
            f"seat{seat}-ep_percent": "100",
            f"seat{seat}-arena_score": str(score),
            f"seat{seat}-gladiators_destroyed": str(destroyed),
        }
    for entry_seat, entry in enumerate(seats_of(fixture)):
        for member in entry.members.filter(current=True):
            data |= {
                f"seat{entry_seat}-{member.slot}-fate": "unhurt",
                f"seat{entry_seat}-{member.slot}-fighters_killed": "0",
            }
        data[f"seat{entry_seat}-gladiator-gladiators_destroyed"] = str(places[entry_seat][3])
    return data


def test_hr8_report_form_refuses_a_place_set_that_cannot_happen(client) -> None:  # type: ignore[no-untyped-def]
    fixture = first_table(ffa_league())
    client.force_login(seats_of(fixture)[0].player)
    url = reverse("campaigns:table-report", args=[fixture.pk])
    # 1st, then two sharing 3rd and a 4th: nobody 2nd, so not a ranking of four
    response = client.post(url, report_data(fixture, [(1, "", 20, 3), (3, 9, 0, 0), (3, 9, 0, 0), (4, 5, 0, 0)]))
    assert response.status_code == 200
    assert "not a ranking of four" in response.content.decode()
    assert not ArenaResult.objects.exists()


def test_hr8_hr10_6_report_form_refuses_a_seat_count_its_members_deeds_do_not_make(client) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 reports 2 enemy gladiators destroyed (its league points) while its members' deeds (their
    experience) count 1: one count of the same gladiators, so the report is refused beside the seat's
    number, in the reader's language, and nothing is stored. Agreeing, it is recorded."""
    fixture = first_table(ffa_league())
    client.force_login(seats_of(fixture)[0].player)
    url = reverse("campaigns:table-report", args=[fixture.pk])
    data = report_data(fixture, [(1, "", 20, 2), (2, 12, 5, 1), (3, 9, 0, 0), (4, 5, 0, 0)])
    response = client.post(url, data | {"seat0-gladiator-gladiators_destroyed": "1"})
    assert response.status_code == 200
    assert (
        "The seat destroyed 2 enemy gladiators, but its members&#x27; deeds count 1: both count the same "
        "gladiators (HR-8, HR-10.6)." in response.content.decode()
    )
    assert not ArenaResult.objects.exists()
    # the deed moved to another member still sums to the seat's count
    moved = data | {"seat0-gladiator-gladiators_destroyed": "1", "seat0-laeva-gladiators_destroyed": "1"}
    assert client.post(url, moved).status_code == 302
    stored = ArenaResult.objects.get(fixture=fixture).members["0"]
    assert (stored["gladiator"]["gladiators_destroyed"], stored["laeva"]["gladiators_destroyed"]) == (1, 1)


def test_report_form_bounds_arena_score_and_rounds(client) -> None:  # type: ignore[no-untyped-def]
    fixture = first_table(ffa_league())
    client.force_login(seats_of(fixture)[0].player)
    url = reverse("campaigns:table-report", args=[fixture.pk])
    too_much = ARENA_SEAT_SCORE_MAX + 1
    data = report_data(fixture, [(1, "", too_much, 3), (2, 12, 0, 0), (3, 9, 0, 0), (4, 5, 0, 0)], rounds=25)
    response = client.post(url, data)
    content = response.content.decode()
    assert f"Enter a number from 0 to {ARENA_SEAT_SCORE_MAX} (HR-10.1)" in content
    assert "Enter a number from 1 to 24 (HR-10.1)" in content
    assert not ArenaResult.objects.exists()


def test_report_form_records_a_result_and_the_table_page_shows_it(client) -> None:  # type: ignore[no-untyped-def]
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    client.force_login(seats[0].player)
    places = [(1, "", 20, 3), (2, 12, 5, 0), (3, 9, 0, 0), (4, 5, 0, 0)]
    response = client.post(reverse("campaigns:table-report", args=[fixture.pk]), report_data(fixture, places))
    assert response.status_code == 302
    result = ArenaResult.objects.get(fixture=fixture)
    assert [p["place"] for p in result.placings] == [1, 2, 3, 4]
    client.force_login(seats[1].player)
    page = client.get(reverse("campaigns:table", args=[fixture.pk])).content.decode()
    assert 'id="confirm"' in page and "8" in page  # seat 1: 5 + 3 gladiators
    client.post(reverse("campaigns:table-confirm", args=[fixture.pk]))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED


def test_an_outsider_cannot_open_the_report_form(client) -> None:  # type: ignore[no-untyped-def]
    fixture = first_table(ffa_league())
    client.force_login(UserFactory())
    assert client.get(reverse("campaigns:table-report", args=[fixture.pk])).status_code == 403
    assert client.get(reverse("campaigns:table-settle", args=[fixture.pk])).status_code == 403


def test_pages_in_both_languages(client) -> None:  # type: ignore[no-untyped-def]
    league = ffa_league()
    play_table(first_table(league), a_result(first_table(league)))
    client.cookies["django_language"] = "hu"
    standings = client.get(reverse("campaigns:standings", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Mindenki mindenki ellen" in standings
    assert "Holtversenyben döntő szempontok, ebben a sorrendben (HR-10.3, négyfős asztalokra olvasva)" in standings
    client.cookies["django_language"] = "en"
    csv = client.get(reverse("campaigns:standings-csv", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert csv.splitlines()[1].startswith("1,Team A,")


@pytest.mark.parametrize("teams", [4, 8])
def test_the_four_player_standings_page_needs_the_same_queries(client, django_assert_num_queries, teams) -> None:  # type: ignore[no-untyped-def]
    league = ffa_league(teams)
    for fixture in league.fixtures.filter(round=1, seat_count=4):
        seats = [e.name.replace(" ", "_") for e in seats_of(fixture)]
        places = [(1, None, 20, 3), (2, 12, 5, 0), (3, 9, 0, 0), (4, 5, 0, 0)]
        play_table(fixture, ffa_facts(fixture, 12, **dict(zip(seats, places, strict=True))))
    client.force_login(league.organiser)
    # session, user, league, entries with players, finished fixtures with their results, their
    # seats, the header's count (two)
    with django_assert_num_queries(8):
        response = client.get(reverse("campaigns:standings", args=[league.pk]))
    assert len(response.context["standings"].lines) == teams


@pytest.mark.parametrize("teams", [4, 8])
def test_the_four_player_fixtures_page_needs_the_same_queries(client, django_assert_num_queries, teams) -> None:  # type: ignore[no-untyped-def]
    league = ffa_league(teams)
    fixture = first_table(league)
    play_table(fixture, a_result(fixture)) if teams == 4 else None
    client.force_login(league.organiser)
    # session, user, league, fixtures with their results, their seats with entries and players,
    # the header's count (two)
    with django_assert_num_queries(7):
        response = client.get(reverse("campaigns:fixtures", args=[league.pk]))
    assert sum(len(block.lines) for block in response.context["rounds"]) == teams - 1 if teams == 4 else True


def test_an_organiser_creates_a_pairs_league_with_the_form(client) -> None:  # type: ignore[no-untyped-def]
    organiser = UserFactory()
    client.force_login(organiser)
    data = {
        "name": "Négyes",
        "season": "2026",
        "tier": "standard",
        "format": "round_robin",
        "arena_mode": "pairs",
        "validation_mode": "strict",
        "round_limit": "24",
    }
    client.post(reverse("campaigns:create"), data)
    league = League.objects.get(organiser=organiser)
    assert (league.arena_mode, league.is_four_player, league.round_limit) == ("pairs", True, 24)
    page = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    assert 'data-arena-mode="pairs"' in page
    refused = client.post(reverse("campaigns:create"), {**data, "format": "swiss"})
    assert "round robin of tables" in refused.content.decode()


def test_the_inbox_lists_a_four_seat_table_to_report_then_to_confirm() -> None:
    from accounts.inbox import inbox

    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    assert fixture in inbox(seats[3].player).to_report
    arena_fixture_report_result(fixture=fixture, actor=seats[0].player, facts=a_result(fixture))
    assert inbox(seats[0].player).to_confirm == []  # the reporter
    assert [f.pk for f in inbox(seats[2].player).to_confirm] == [fixture.pk]
    arena_fixture_confirm_result(fixture=fixture, actor=seats[2].player)
    assert inbox(seats[2].player).to_confirm == []  # confirmed already
    assert [f.pk for f in inbox(seats[1].player).to_confirm] == [fixture.pk]


def test_a_four_seat_fixture_is_begun_as_a_four_seat_hosted_match() -> None:
    from arena.services.league_fixtures import match_begin_fixture

    fixture = first_table(ffa_league())
    match = match_begin_fixture(fixture=fixture, player=seats_of(fixture)[0].player)
    assert match.mode == "ffa" and match.seats.count() == 4  # tests/arena/test_four_seat_fixtures.py plays one


def test_the_chronicle_match_log_names_the_seats_played_against(client) -> None:  # type: ignore[no-untyped-def]
    league = ffa_league()
    fixture = first_table(league)
    play_table(fixture, a_result(fixture))
    team_a = league.entries.get(name="Team A")
    page = client.get(reverse("campaigns:history", args=[team_a.pk])).content.decode()
    # seats A, D, B, C: A played against the other three; arena score 20 against 5 + 0 + 0
    assert "Team D, Team B, Team C" in page
    assert "20–5" in page


def test_every_league_page_opens_on_a_four_player_league_with_results(client) -> None:  # type: ignore[no-untyped-def]
    league = ffa_league(6)
    fixture = first_table(league)
    seats = seats_of(fixture)
    facts = ffa_facts(
        fixture,
        12,
        **dict(
            zip(
                [e.name.replace(" ", "_") for e in seats],
                [(1, None, 20, 3), (2, 12, 5, 0), (3, 9, 0, 0), (4, 5, 0, 0)],
                strict=True,
            )
        ),
    )
    play_table(fixture, facts)
    client.force_login(seats[0].player)
    urls = [
        reverse("campaigns:league", args=[league.pk]),
        reverse("campaigns:fixtures", args=[league.pk]),
        reverse("campaigns:standings", args=[league.pk]),
        reverse("campaigns:standings-csv", args=[league.pk]),
        reverse("campaigns:table", args=[fixture.pk]),
        reverse("campaigns:entry", args=[seats[0].pk]),
        reverse("campaigns:history", args=[seats[0].pk]),
        "/accounts/inbox/",
    ]
    for url in urls:
        assert client.get(url).status_code == 200, url
    assert client.get(reverse("campaigns:match", args=[fixture.pk])).status_code == 302


def test_report_form_refuses_more_kills_than_the_enemies_field(client) -> None:  # type: ignore[no-untyped-def]
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    client.force_login(seats[0].player)
    data = report_data(fixture, [(1, "", 20, 3), (2, 12, 5, 0), (3, 9, 0, 0), (4, 5, 0, 0)])
    slots = [m.slot for m in seats[0].members.filter(current=True)]
    data |= {f"seat0-{slot}-fighters_killed": "7" for slot in slots[:2]}  # 14 > 3 enemies x 4
    response = client.post(reverse("campaigns:table-report", args=[fixture.pk]), data)
    assert "This side killed 14 non-gladiators in all; the enemy has only 12 (HR-10.1)." in response.content.decode()
    assert not ArenaResult.objects.exists()


def test_hr8_hr10_6_hr10_7_a_member_is_paid_for_each_enemy_gladiator_and_strategist(client) -> None:  # type: ignore[no-untyped-def]
    """Free-for-all: seat 0's gladiator hurt all three enemy gladiators, destroyed two and killed two
    strategists. Counted per enemy: 1 took part + 1 survived + 2 × 3 strategists + 3 × 1 hurt +
    2 × 4 destroyed + 1 won = 20 XP; income 40 (first alone, the only gladiator standing: a
    Victory) + 2 × 10 = 60 gold."""
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    client.force_login(seats[0].player)
    data = report_data(fixture, [(1, "", 20, 2), (2, 12, 5, 1), (3, 9, 0, 0), (4, 5, 0, 0)])
    deeds = {"gladiators_damaged": "3", "gladiators_destroyed": "2", "strategists_killed": "2"}
    data |= {f"seat0-gladiator-{name}": value for name, value in deeds.items()}
    url = reverse("campaigns:table-report", args=[fixture.pk])
    assert client.post(url, data | {"seat0-gladiator-gladiators_destroyed": "4"}).status_code == 200  # 3 enemies
    assert not ArenaResult.objects.exists()
    assert client.post(url, data).status_code == 302
    stored = ArenaResult.objects.get(fixture=fixture).members["0"]["gladiator"]
    assert (stored["gladiators_damaged"], stored["gladiators_destroyed"], stored["strategists_killed"]) == (3, 2, 2)
    entry = seats[0]
    treasury, xp = entry.treasury, entry.members.get(slot="gladiator", current=True).xp
    for other in seats[1:]:
        arena_fixture_confirm_result(fixture=fixture, actor=other.player, dice=RecordedDice.fixed(()))
    entry.refresh_from_db()
    assert entry.members.get(slot="gladiator", current=True).xp - xp == 20
    assert entry.treasury - treasury == 60
