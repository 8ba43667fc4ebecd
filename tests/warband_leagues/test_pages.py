"""A warband league's pages as a browser uses them: the new-league form with the game's settings,
the league page with its entries and the enter form, the report form and the match page, the
standings with WB-7.3's chain and the CSV in the reader's language, the campaign sheet and its
choices; who may see which button; and the query counts of the league pages."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from campaigns.models import CampaignEvent, Entry, Fixture, League
from campaigns.services.reports import fixture_confirm_result, fixture_report_result
from tests.campaigns.factories import LeagueFactory
from tests.factories import UserFactory
from warbands.league_forms import WarbandReport
from warbands.rules.warband_dice import FixedDice

from .helpers import enter, first_fixture, make_warband, warband_league, warriors
from .test_report import side

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():  # type: ignore[no-untyped-def]
    league = warband_league(points=200)
    enter(league, name="Sample")
    enter(league, warriors(8), name="Eight")
    enter(league, warriors(6, "Soldier"), name="Six")
    return league


def test_a_new_warband_league_takes_the_games_settings(client):
    organiser = UserFactory()
    client.force_login(organiser)
    page = client.get(reverse("campaigns:create") + "?game=warband")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="points"' in html and 'name="tier"' not in html and 'name="round_limit"' not in html
    response = client.post(
        reverse("campaigns:create"),
        {
            "game": "warband",
            "name": "Skirmish cup",
            "season": "2026",
            "format": "swiss",
            "validation_mode": "strict",
            "sign_up_open": "on",
            "points": 250,
            "result": "vp",
            "incompatible": "on",
        },
    )
    league = League.objects.get(name="Skirmish cup")
    assert response.status_code == 302
    assert league.game == "warband" and league.game_settings == {"points": 250, "result": "vp", "incompatible": True}


def test_wb_05_a_game_size_outside_150_300_is_refused(client):
    client.force_login(UserFactory())
    response = client.post(
        reverse("campaigns:create"),
        {
            "game": "warband",
            "name": "Big",
            "format": "round_robin",
            "validation_mode": "strict",
            "points": 400,
            "result": "vp",
        },
    )
    assert response.status_code == 200
    assert "WB-05" in response.content.decode()
    assert not League.objects.filter(name="Big").exists()


def test_the_league_page_lists_warbands_and_enters_a_ready_one(client, league):
    player = UserFactory()
    warband = make_warband(player, warriors(5), name="Newcomers")
    make_warband(player, warriors(5), name="Unfinished", ready=False)
    client.force_login(player)
    page = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    assert "Newcomers" in page and "Unfinished" not in page
    assert "L 200" in page
    response = client.post(reverse("campaigns:enter", args=[league.pk]), {"source": warband.pk})
    assert response.status_code == 302
    entry = Entry.objects.get(league=league, player=player)
    assert entry.source_ref == warband.pk and entry.treasury == 200 - 5 * 23
    # the league keeps its copy: the builder's later edits do not reach it
    warband.figures = warband.figures[:1]
    warband.save()
    entry.refresh_from_db()
    assert len(entry.roster["warband"]["figures"]) == 5


def test_wb_06_a_strict_league_refuses_a_warband_over_l(client, league):
    player = UserFactory()
    warband = make_warband(player, warriors(9), name="Too many")  # 9 × 23 = 207 > 200
    client.force_login(player)
    response = client.post(reverse("campaigns:enter", args=[league.pk]), {"source": warband.pk}, follow=True)
    assert "WB-06" in response.content.decode()
    assert not Entry.objects.filter(league=league, player=player).exists()


def test_nobody_enters_another_players_warband(client, league):
    thief = UserFactory()
    stolen = make_warband(UserFactory(), warriors(5), name="Not yours")
    client.force_login(thief)
    client.post(reverse("campaigns:enter", args=[league.pk]), {"source": stolen.pk})
    assert not Entry.objects.filter(league=league, player=thief).exists()


def report_post(fixture: Fixture, home: dict[str, str], away: dict[str, str]) -> dict[str, str]:
    data = {"scenario": "Bridge", "played_on": "2026-12-05", "conceded": ""}
    for prefix, names, states in (("home", fixture.home.roster, home), ("away", fixture.away.roster, away)):
        figures = [f["name"] for f in names["warband"]["figures"]]
        minions = {f["name"]: [m["name"] for m in f["minions"]] for f in names["warband"]["figures"]}
        ordered = [n for f in figures for n in (f, *minions[f])]
        for number, name in enumerate(ordered):
            data[f"{prefix}-{number}-state"] = states.get(name, "in")
            data[f"{prefix}-{number}-by"] = ""
    return data


def test_report_confirm_and_the_match_page(client, league):
    fixture = first_fixture(league)
    client.force_login(fixture.home.player)
    form = client.get(reverse("campaigns:report", args=[fixture.pk]))
    assert form.status_code == 200 and "home-0-state" in form.content.decode()
    posted = report_post(fixture, {}, {})
    first_away = fixture.away.roster["warband"]["figures"][0]["name"]
    posted["away-0-state"] = "killed"
    response = client.post(reverse("campaigns:report", args=[fixture.pk]), posted)
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert first_away in page and "Bridge" in page
    # the opponent sees the confirm button; the reporter does not
    confirm = reverse("campaigns:confirm", args=[fixture.pk])
    assert confirm not in page
    client.force_login(fixture.away.player)
    assert confirm in client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    response = client.post(reverse("campaigns:confirm", args=[fixture.pk]))
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.CONFIRMED and fixture.campaign_done
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert 'data-kind="roll"' in page  # the severity roll of the figure taken out, on the match page


def test_the_report_page_speaks_hungarian(client, league):
    fixture = first_fixture(league)
    client.force_login(fixture.home.player)
    page = client.get(reverse("campaigns:report", args=[fixture.pk]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "megölve" in page and "Szörnyű halál".lower() in page.lower()


def test_only_the_organiser_settles(client, league):
    fixture = first_fixture(league)
    client.force_login(fixture.home.player)
    assert client.get(reverse("campaigns:settle", args=[fixture.pk])).status_code == 403
    client.force_login(league.organiser)
    assert client.get(reverse("campaigns:settle", args=[fixture.pk])).status_code == 200


def play_round_one(league: League) -> None:
    for fixture in league.fixtures.filter(round=1).exclude(away=None):
        names = lambda entry: [  # noqa: E731
            n for f in entry.roster["warband"]["figures"] for n in (f["name"], *(m["name"] for m in f["minions"]))
        ]
        home, away = names(fixture.home), names(fixture.away)
        report = WarbandReport(home=side({}, home), away=side({away[0]: "killed"}, away))
        fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=report)
        fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=FixedDice([3]))


def test_the_standings_show_wb_7_3s_chain_and_the_csv_follows_the_reader(client, league):
    first_fixture(league)
    play_round_one(league)
    page = client.get(reverse("campaigns:standings", args=[league.pk])).content.decode()
    assert "WB-7.3" in page and "VP difference" in page and 'data-breaker="wins"' in page
    english = client.get(reverse("campaigns:standings-csv", args=[league.pk])).content.decode()
    rows = list(csv.reader(io.StringIO(english)))
    assert rows[0][:4] == ["Rank", "Name", "Player", "Played"] and "VP for" in rows[0]
    assert len(rows) == 4
    hungarian = client.get(reverse("campaigns:standings-csv", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="hu")
    text = hungarian.content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("Helyezés;")


def test_the_campaign_sheet_offers_its_player_the_choices(client, league):
    first_fixture(league)
    play_round_one(league)
    entry = Entry.objects.filter(league=league).order_by("pk").first()
    client.force_login(entry.player)
    page = client.get(reverse("campaigns:entry", args=[entry.pk])).content.decode()
    assert 'id="buy-figure"' in page and 'id="warband-figures"' in page
    client.force_login(UserFactory())
    other = client.get(reverse("campaigns:entry", args=[entry.pk])).content.decode()
    assert 'id="buy-figure"' not in other
    response = client.post(
        reverse("campaigns:entry-action", args=[entry.pk, "buy-figure"]), {"profile": "militia", "name": "X"}
    )
    assert response.status_code == 403


def test_a_purchase_from_the_sheet(client, league):
    entry = Entry.objects.get(league=league, name="Six")  # 62 gold
    client.force_login(entry.player)
    response = client.post(
        reverse("campaigns:entry-action", args=[entry.pk, "buy-figure"]),
        {"profile": "militia", "name": "Helper"},
        follow=True,
    )
    assert response.status_code == 200
    entry.refresh_from_db()
    assert entry.treasury == 62 - 3
    assert CampaignEvent.objects.filter(entry=entry, kind="purchase").count() == 1


@pytest.mark.parametrize("count", [3, 6])
def test_the_league_pages_need_the_same_queries_for_any_number_of_warbands(
    client, django_assert_max_num_queries, count
):
    league = warband_league(points=200)
    for i in range(count):
        enter(league, warriors(6, f"W{i}"), name=f"Band {i}")
    first_fixture(league)
    play_round_one(league)
    for name, limit in (("campaigns:league", 12), ("campaigns:fixtures", 10), ("campaigns:standings", 8)):
        with django_assert_max_num_queries(limit):
            assert client.get(reverse(name, args=[league.pk])).status_code == 200
    fixture = league.fixtures.filter(status=Fixture.Status.CONFIRMED).first()
    entry = fixture.home
    client.force_login(entry.player)
    for url, limit in (
        (reverse("campaigns:match", args=[fixture.pk]), 14),
        (reverse("campaigns:entry", args=[entry.pk]), 10),
        (reverse("campaigns:history", args=[entry.pk]), 10),
        (reverse("campaigns:standings-csv", args=[league.pk]), 8),
    ):
        with django_assert_max_num_queries(limit):
            assert client.get(url).status_code == 200


def test_the_inbox_names_the_game_and_speaks_of_victory_points(client, league):
    fixture = first_fixture(league)
    away = [
        n for f in fixture.away.roster["warband"]["figures"] for n in (f["name"], *(m["name"] for m in f["minions"]))
    ]
    home = [
        n for f in fixture.home.roster["warband"]["figures"] for n in (f["name"], *(m["name"] for m in f["minions"]))
    ]
    report = WarbandReport(home=side({}, home), away=side({away[0]: "killed"}, away))
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=report)
    client.force_login(fixture.away.player)
    page = client.get(reverse("inbox")).content.decode()
    assert 'data-game="warband"' in page and "in victory points" in page


def test_the_history_and_the_settings_pages_of_a_warband_league(client, league):
    first_fixture(league)
    play_round_one(league)
    entry = Entry.objects.filter(league=league).order_by("pk").first()
    assert client.get(reverse("campaigns:history", args=[entry.pk])).status_code == 200
    client.force_login(league.organiser)
    page = client.get(reverse("campaigns:edit", args=[league.pk])).content.decode()
    assert 'name="points"' in page and 'value="200"' in page
    response = client.post(
        reverse("campaigns:edit", args=[league.pk]),
        {"name": "Renamed", "format": "round_robin", "validation_mode": "strict", "points": 250, "result": "vp"},
    )
    assert response.status_code == 200  # warbands have entered: the game's settings are fixed
    league.refresh_from_db()
    assert league.game_settings["points"] == 200 and league.name != "Renamed"


def test_the_match_page_offers_hirelings_to_the_lower_wv_side_only(client):
    league = warband_league(points=200)
    few = enter(league, warriors(6), name="Few")
    many = enter(league, warriors(8, "Soldier"), name="Many")
    fixture = first_fixture(league)
    client.force_login(few.player)
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert f'id="hire-{few.pk}"' in page and "46 points, 46 left" in page
    client.post(
        reverse("campaigns:entry-action", args=[few.pk, "hire"]),
        {"fixture": fixture.pk, "profile": "warrior", "name": "Sellsword"},
    )
    client.force_login(many.player)
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert f'id="hire-{many.pk}"' not in page and 'data-hireling="Sellsword"' in page
    report = client.get(reverse("campaigns:report", args=[fixture.pk])).content.decode()
    assert 'data-figure="Sellsword"' in report  # the hireling is on the table in the report


def test_the_league_list_names_each_league_s_game_and_counts_entries_not_teams(client) -> None:  # type: ignore[no-untyped-def]
    viadal = LeagueFactory(name="Arena Cup")
    warband_league(name="Border Feud")
    html = client.get(reverse("campaigns:list")).content.decode()
    head = html.split("<thead>")[1].split("</thead>")[0]
    assert "Entries" in head and "Game and tier" in head and ">Teams<" not in head
    for name, game in (("Arena Cup", viadal.game_info.name), ("Border Feud", "warband")):
        row = html.split(f">{name}</a>")[1].split("</tr>")[0]
        assert 'data-game="' in row and (game in row)
