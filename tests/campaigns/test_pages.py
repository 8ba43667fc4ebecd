"""The league pages as a browser uses them: forms, htmx partials, the standings with the tie-break
chain and its CSV, the campaign sheet, and the query counts of the list pages."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from arena.engine.campaign.results import ResultKind
from campaigns.models import Entry, Fixture, League
from campaigns.result_facts import Fate, MemberFacts
from campaigns.selectors.league_tables import csv_dialect
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_report_result, fixture_settle_result
from teams.models import Team
from tests.campaigns.factories import LeagueFactory, enter_team, enter_teams
from tests.campaigns.helpers import facts, play, side
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def report_data(fixture: Fixture, **changes: object) -> dict[str, object]:
    """The report form as posted: a Victory 18–4 in 9 rounds, every member unhurt."""
    data: dict[str, object] = {
        "result-home_result": "victory",
        "result-rounds_played": 9,
        "result-home_score": 18,
        "result-away_score": 4,
        "result-thumbs": "",
        "result-notes": "",
    }
    for home_or_away in ("home", "away"):
        for slot in ("gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist"):
            data.update(
                {
                    f"{home_or_away}-{slot}-fate": "unhurt",
                    f"{home_or_away}-{slot}-final_ep": 0,
                    f"{home_or_away}-{slot}-fighters_killed": 0,
                }
            )
    return {**data, **changes}


def test_an_organiser_creates_a_league_and_a_player_enters_a_ready_team(client):
    organiser, player = UserFactory(), UserFactory()
    client.force_login(organiser)
    response = client.post(
        reverse("campaigns:create"),
        {
            "name": "Shulur Cup",
            "season": "2025",
            "tier": "standard",
            "format": "round_robin",
            "validation_mode": "strict",
            "sign_up_open": "on",
            "round_limit": 20,
        },
    )
    league = League.objects.get()
    assert response["Location"] == reverse("campaigns:league", args=[league.pk])

    team = TeamFactory(owner=player, name="Iron Wolves", status=Team.Status.READY)
    client.force_login(player)
    page = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    assert 'id="enter-team"' in page and "Iron Wolves" in page
    client.post(reverse("campaigns:enter", args=[league.pk]), {"team": team.pk})

    entry = Entry.objects.get()
    assert (entry.league, entry.player, entry.source_team, entry.name) == (league, player, team, "Iron Wolves")
    page = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    assert 'id="enter-team"' not in page and f'data-entry="{entry.pk}"' in page


def test_a_strict_refusal_lists_the_problems_on_the_league_page(client):
    league = LeagueFactory(tier="rookie")
    player = UserFactory()
    team = TeamFactory(owner=player, status=Team.Status.READY)
    team.characters.filter(slot="gladiator").update(ep=21)
    client.force_login(player)

    response = client.post(reverse("campaigns:enter", args=[league.pk]), {"team": team.pk}, follow=True)

    assert not league.entries.exists()
    assert (
        "breaks 2 rule(s) of this league. TB-02: Team value is 201 points but the Rookie budget is 200. Remove 1 "
        "points. TB-25: The Rookie tier plays the base team: gladiator Ép differs (21, base 20)."
    ) in response.content.decode()


def test_the_report_form_opens_in_the_fixture_row_and_posting_it_answers_with_the_row(client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    client.force_login(fixture.home.player)
    url = reverse("campaigns:report", args=[fixture.pk])

    opened = client.get(url, headers=HTMX).content.decode()
    assert opened.lstrip().startswith(f'<div class="list-group-item fixture" id="fixture-{fixture.pk}"')
    assert 'id="report-form"' in opened and "<nav" not in opened
    ticks = re.findall(
        r'<input type="checkbox" name="(?:home|away)-\w+-(?:strategists_killed|gladiators_\w+)"[^>]*>', opened
    )
    assert len(ticks) == 36 and not [tick for tick in ticks if "checked" in tick]  # a new report: no deed ticked

    wrong = client.post(url, report_data(fixture, **{"result-home_result": "points_victory"}), headers=HTMX)
    assert wrong.status_code == 200
    assert "arena scores 18–4 at the round limit give" not in wrong.content.decode()  # 9 rounds: not the limit
    assert "a points victory needs the round limit reached (HR-10.1)" in wrong.content.decode()

    done = client.post(url, report_data(fixture), headers=HTMX).content.decode()
    assert 'data-status="reported"' in done and 'id="report-form"' not in done and "<nav" not in done
    assert Fixture.objects.get().status == Fixture.Status.REPORTED


def test_the_organiser_reschedules_in_the_row(client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    client.force_login(league.organiser)

    row = client.post(
        reverse("campaigns:reschedule", args=[fixture.pk]), {"scheduled_for": "2025-04-12"}, headers=HTMX
    ).content.decode()

    assert "Sat 12 Apr 2025" in row and "Rescheduled." in row and "<nav" not in row
    fixture.refresh_from_db()
    assert str(fixture.scheduled_for) == "2025-04-12"


def test_the_opponent_confirms_under_htmx_and_gets_the_row_back(client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.VICTORY, 18, 4))
    client.force_login(fixture.away.player)

    row = client.post(reverse("campaigns:confirm", args=[fixture.pk]), headers=HTMX).content.decode()

    assert 'data-status="confirmed"' in row and ">18–4<" in row and "<nav" not in row


def test_the_organiser_settles_a_dispute_through_the_form(client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.VICTORY, 18, 4))
    client.force_login(fixture.away.player)
    client.post(reverse("campaigns:dispute", args=[fixture.pk]), {"reason": "It was a draw."})
    client.force_login(league.organiser)

    form = client.get(reverse("campaigns:settle", args=[fixture.pk])).content.decode()
    assert "It was a draw." in form and 'value="18"' in form
    client.post(
        reverse("campaigns:settle", args=[fixture.pk]),
        report_data(
            fixture,
            **{
                "result-home_result": "draw",
                "result-rounds_played": 20,
                "result-home_score": 8,
                "result-away_score": 7,
            },
        ),
    )

    fixture.refresh_from_db()
    assert (fixture.status, fixture.result.home_result, fixture.result.home_score) == ("settled", "draw", 8)
    report = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert f"Disputed</strong> by {fixture.away.player.username}" in report
    assert "home result: victory → draw" in report


def level_league() -> tuple[League, list[Entry]]:
    """A, B and C each beat one other and lose to one: all on 3 points, then the arena scores split them."""
    league = LeagueFactory()
    entries = enter_teams(league, 3)
    fixtures_generate(league=league, actor=league.organiser)
    margins = {0: (10, 2), 1: (9, 4), 2: (7, 6)}
    for index, fixture in enumerate(league.fixtures.exclude(status="bye").order_by("round")):
        play(fixture, facts(ResultKind.VICTORY, *margins[index]))
    return league, entries


def test_the_standings_show_the_chain_in_order_and_what_decided_each_row(client):
    league, _ = level_league()

    page = client.get(reverse("campaigns:standings", args=[league.pk]))

    html = page.content.decode()
    chain = [breaker for breaker, _ in page.context["standings"].chain]
    assert chain == ["points", "head_to_head", "victories", "arena_difference", "arena_for", "fewer_killed", "lots"]
    assert html.index("Head-to-head points among the tied teams") < html.index("Fewer own members killed")
    rows = [(line.row.rank, line.row.points, line.row.decided_by) for line in page.context["standings"].lines]
    assert [points for _, points, _ in rows] == [3, 3, 3]
    assert [decided for _, _, decided in rows] == ["arena_difference", "arena_difference", None]
    assert html.count('data-decided-by="arena_difference"') == 2
    assert "League points (HR-10.1):\n    Victory 3 · Points victory 2 · Draw 1 · Defeat 0 · Forfeit 0 · Bye 0." in html


def test_the_standings_follow_a_corrected_result_at_once(client):
    league, entries = level_league()
    before = [
        line.entry for line in client.get(reverse("campaigns:standings", args=[league.pk])).context["standings"].lines
    ]
    first = league.fixtures.exclude(status="bye").order_by("round").first()

    fixture_settle_result(fixture=first, actor=league.organiser, facts=facts(ResultKind.DEFEAT, 2, 10))

    after = client.get(reverse("campaigns:standings", args=[league.pk])).context["standings"].lines
    assert [line.row.points for line in after] == [6, 3, 0]
    assert after[0].entry == first.away and after[2].entry == first.home
    assert before != [line.entry for line in after]


def test_the_standings_csv_has_a_row_per_team_in_rank_order(client):
    league, _ = level_league()
    lines = client.get(reverse("campaigns:standings", args=[league.pk])).context["standings"].lines

    response = client.get(reverse("campaigns:standings-csv", args=[league.pk]))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["Rank", "Team", "Player", "Played"]
    assert [row[:2] + row[11:15] for row in rows[1:]] == [
        [
            str(line.row.rank),
            line.entry.name,
            "3",
            str(line.row.arena_for),
            str(line.row.arena_against),
            str(line.row.arena_difference),
        ]
        for line in lines
    ]


def test_the_standings_csv_dialect_follows_the_language(client):
    """English: commas, a decimal point and no BOM; Hungarian: semicolons, a decimal comma, a BOM."""
    league, _ = level_league()

    english = client.get(reverse("campaigns:standings-csv", args=[league.pk]), headers={"Accept-Language": "en"})
    hungarian = client.get(reverse("campaigns:standings-csv", args=[league.pk]), headers={"Accept-Language": "hu"})

    assert english.content.startswith(b"Rank,Team,Player,Played,")
    assert hungarian.content.startswith("\ufeffHelyezés;Csapat;Játékos;Lejátszott;".encode())
    hungarian_rows = list(csv.reader(io.StringIO(hungarian.content.decode("utf-8-sig")), delimiter=";"))
    english_rows = list(csv.reader(io.StringIO(english.content.decode())))
    assert [row[1:-1] for row in hungarian_rows[1:]] == [row[1:-1] for row in english_rows[1:]]
    assert csv_dialect("hu").row((1, 2.5, Decimal("0.25"), "a.b")) == (1, "2,5", "0,25", "a.b")
    assert csv_dialect("en").row((1, 2.5)) == (1, "2.5") and csv_dialect("en-gb").delimiter == ","


@pytest.mark.parametrize("teams", [4, 8])
def test_the_standings_page_needs_the_same_queries_for_any_number_of_teams(client, django_assert_num_queries, teams):
    league = LeagueFactory()
    enter_teams(league, teams)
    fixtures_generate(league=league, actor=league.organiser)
    for fixture in league.fixtures.filter(round=1):
        play(fixture)
    client.force_login(league.organiser)
    # session, user, league, entries with players, finished fixtures with their results, the header's count (two)
    with django_assert_num_queries(7):
        response = client.get(reverse("campaigns:standings", args=[league.pk]))
    assert len(response.context["standings"].lines) == teams


@pytest.mark.parametrize("teams", [4, 8])
def test_the_fixtures_page_needs_the_same_queries_for_any_number_of_fixtures(client, django_assert_num_queries, teams):
    league = LeagueFactory()
    enter_teams(league, teams)
    fixtures_generate(league=league, actor=league.organiser)
    play(league.fixtures.filter(round=1).first())
    client.force_login(league.organiser)
    # session, user, league, fixtures with both teams, their players and results, the header's count (two)
    with django_assert_num_queries(6):
        response = client.get(reverse("campaigns:fixtures", args=[league.pk]))
    assert sum(len(block.lines) for block in response.context["rounds"]) == teams * (teams - 1) // 2


def test_the_campaign_sheet_prints_the_record_and_shows_the_owner_his_choices(client):
    league = LeagueFactory()
    entry = enter_team(league, name="Iron Wolves")
    enter_team(league)
    client.force_login(entry.player)

    html = client.get(reverse("campaigns:entry", args=[entry.pk])).content.decode()

    assert "Krónika · campaign record sheet (HR-10.4)" in html
    assert 'id="team-value">200<' in html and 'id="treasury">50 gold<' in html
    assert 'href="/static/css/campaign.css"' in html and 'id="record-actions"' in html
    client.force_login(UserFactory())
    assert 'id="record-actions"' not in client.get(reverse("campaigns:entry", args=[entry.pk])).content.decode()


def test_a_knockout_has_a_bracket_instead_of_a_table(client):
    league = LeagueFactory(format="knockout")
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)

    assert client.get(reverse("campaigns:standings", args=[league.pk]))["Location"] == reverse(
        "campaigns:fixtures", args=[league.pk]
    )
    assert client.get(reverse("campaigns:standings-csv", args=[league.pk])).status_code == 404
    page = client.get(reverse("campaigns:fixtures", args=[league.pk]))
    assert [block.title for block in page.context["rounds"]] == ["Round 1 · Semi final"]
    assert "Fixtures and bracket" in page.content.decode()


def test_the_history_page_lists_every_roll_and_change_and_the_match_report_every_roll(client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    fell = facts(ResultKind.VICTORY, 20, 3, away=side(strategist=MemberFacts(fate=Fate.DEAD, final_ep=-3)))
    play(fixture, fell, rolls=(5,))
    loser = fixture.away

    history = client.get(reverse("campaigns:history", args=[loser.pk])).content.decode()
    report = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()

    assert "d10: 5</span>" in history and "injury roll: Strategist (HR-10.5)" in history
    assert "Strategist: injury roll 5 −1 (the last hit took him to −3 Ép or below) = 4, Súlyos seb" in history
    assert report.count('data-kind="roll"') == 1 and "d10: 5</span>" in report
    assert f"<strong>Reported</strong> by {fixture.home.player.username}" in report
