"""Groups, then knockout (HR-10.2): the group stage is drawn and generated per group, each group has
its own table (HR-10.3's round-robin chain), and once every group match is final the organiser, and
only he, starts the knockout stage seeded from the group tables; it then plays as a knockout.

The pairing rules themselves are tested on the engine (tests/engine/campaign/test_fixtures.py).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from campaigns.forms import LeagueForm
from campaigns.league_errors import LeagueError
from campaigns.models import CampaignEvent, Entry, Fixture, League
from campaigns.selectors.league_tables import group_tables
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_update
from campaigns.services.reports import fixture_report_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
GROUPS = League.Format.GROUPS_KNOCKOUT


def rated_league(teams: int, **settings: object) -> tuple[League, list[Entry]]:
    """A league of groups whose entries are rated 1…n (so the draw follows the rating)."""
    league = LeagueFactory(format=GROUPS, **settings)
    entries = enter_teams(league, teams)
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
        entry.save()
    return league, entries


def win(fixture: Fixture, winner: Entry) -> None:
    """``winner`` takes a Victory in ``fixture``."""
    play(fixture, facts(ResultKind.VICTORY, 20, 2) if fixture.home_id == winner.pk else facts(ResultKind.DEFEAT, 2, 20))


def play_groups_by_seed(league: League) -> None:
    """Every group match: the better-rated team wins."""
    for fixture in league.fixtures.filter(status=Fixture.Status.SCHEDULED).select_related("home", "away"):
        win(fixture, min(fixture.home, fixture.away, key=lambda e: e.seed))


def members(league: League) -> list[list[int]]:
    groups: dict[int, list[int]] = {}
    for entry in league.entries.order_by("seed"):
        groups.setdefault(entry.group, []).append(entry.seed)
    return [groups[g] for g in sorted(groups)]


def snapshot(league: League) -> tuple[object, ...]:
    return (
        list(league.fixtures.values_list("pk", "status")),
        list(league.entries.values_list("pk", "group")),
        league.events.count(),
    )


# --- the group stage ---------------------------------------------------------------------------------


def test_the_group_stage_deals_the_seeds_in_snake_order_and_every_group_plays_its_round_robin():
    league, entries = rated_league(6)

    fixtures = fixtures_generate(league=league, actor=league.organiser)

    assert members(league) == [[1, 4, 5], [2, 3, 6]]  # A B B A A B (HR-10.2, snake)
    played = [f for f in fixtures if not f.is_bye]
    assert len(played) == 6 and len(fixtures) == 12  # 3 rounds of a group of 3: a match and a bye each
    by_pk = {e.pk: e for e in Entry.objects.filter(league=league)}
    pairs = Counter(frozenset((f.home_id, f.away_id)) for f in played)
    in_group = [[e.pk for e in by_pk.values() if e.group == group] for group in (0, 1)]
    expected = {frozenset(pair) for teams in in_group for pair in combinations(teams, 2)}
    assert pairs == Counter(dict.fromkeys(expected, 1))  # every pair of a group once, no pair across groups
    for fixture in fixtures:
        assert fixture.group == by_pk[fixture.home_id].group
        assert fixture.away_id is None or by_pk[fixture.away_id].group == fixture.group
    assert sorted(Counter(f.round for f in fixtures).items()) == [(1, 4), (2, 4), (3, 4)]
    assert sorted(Counter(f.home_id for f in fixtures if f.is_bye).values()) == [1] * 6  # one bye each
    assert [(f.round, f.position) for f in fixtures] == sorted({(f.round, f.position) for f in fixtures})


def test_the_groups_follow_the_organisers_count_or_the_fewest_groups_of_at_most_five():
    automatic, _ = rated_league(11)
    fixtures_generate(league=automatic, actor=automatic.organiser)
    assert [len(group) for group in members(automatic)] == [3, 4, 4]  # ⌈11 / 5⌉ = 3 groups

    chosen, _ = rated_league(10, group_count=2)
    fixtures_generate(league=chosen, actor=chosen.organiser)
    assert members(chosen) == [[1, 4, 5, 8, 9], [2, 3, 6, 7, 10]]


def test_without_ratings_the_group_seeds_are_drawn_by_lots_and_logged():
    league = LeagueFactory(format=GROUPS)
    enter_teams(league, 6)

    fixtures_generate(league=league, actor=league.organiser)

    draw = CampaignEvent.objects.get(league=league, kind="draw")
    assert draw.data["draw"] == "groups_seeds" and draw.summary == "Seeds for the group draw drawn by lots."
    assert sorted(draw.data["seeds"]) == sorted(league.entries.values_list("pk", flat=True))
    assert members(league) != [] and all(e.group is not None for e in league.entries.all())


@pytest.mark.parametrize(("teams", "count"), [(8, 3), (2, None), (5, 2)])
def test_a_group_count_the_teams_cannot_fill_is_refused_and_changes_nothing(teams, count):
    league, _ = rated_league(teams, group_count=count)
    before = snapshot(league)

    with pytest.raises(CampaignRuleError, match="groups of at least 3 teams"):
        fixtures_generate(league=league, actor=league.organiser)

    assert snapshot(league) == before
    assert not league.fixtures.exists() and set(league.entries.values_list("group", flat=True)) == {None}


def test_only_the_organiser_generates_the_group_stage():
    league, entries = rated_league(6)
    before = snapshot(league)

    for intruder in (entries[0].player, UserFactory()):
        with pytest.raises(PermissionDenied):
            fixtures_generate(league=league, actor=intruder)

    assert snapshot(league) == before


def test_a_group_stage_is_generated_once_and_the_number_of_groups_is_then_fixed():
    league, _ = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    before = snapshot(league)

    with pytest.raises(LeagueError, match="group stage is not finished"):
        fixtures_generate(league=league, actor=league.organiser)
    with pytest.raises(LeagueError, match="number of groups can no longer change"):
        league_update(league=league, actor=league.organiser, changes={"group_count": 1})

    assert snapshot(league) == before
    league.refresh_from_db()
    assert league.group_count is None


def test_the_league_form_keeps_a_group_count_only_for_a_league_of_groups():
    data = {
        "name": "Cup",
        "season": "",
        "tier": "standard",
        "group_count": 3,
        "validation_mode": "strict",
        "round_limit": 20,
    }
    groups = LeagueForm({**data, "format": GROUPS})
    other = LeagueForm({**data, "format": "round_robin"})

    assert groups.is_valid() and other.is_valid()
    assert groups.settings()["group_count"] == 3 and other.settings()["group_count"] is None
    assert not LeagueForm({**data, "format": GROUPS, "group_count": 0}).is_valid()


# --- group tables ------------------------------------------------------------------------------------


def test_each_group_has_its_own_table_with_the_round_robin_chain():
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)

    tables = group_tables(league)

    assert [table.letter for table in tables] == ["A", "B"]
    assert [[line.entry.seed for line in table.lines] for table in tables] == [[1, 4, 5], [2, 3, 6]]
    assert [[line.row.points for line in table.lines] for table in tables] == [[6, 3, 0], [6, 3, 0]]
    assert [breaker for breaker, _ in tables[0].chain] == [
        "points",
        "head_to_head",
        "victories",
        "arena_difference",
        "arena_for",
        "fewer_killed",
        "lots",
    ]
    assert all(line.row.byes == 1 and line.row.played == 2 for table in tables for line in table.lines)


# --- the knockout stage ------------------------------------------------------------------------------


def test_the_knockout_waits_for_every_group_match_to_be_final():
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    last = league.fixtures.filter(status=Fixture.Status.SCHEDULED).select_related("home", "away").last()
    for fixture in (
        league.fixtures.filter(status=Fixture.Status.SCHEDULED).exclude(pk=last.pk).select_related("home", "away")
    ):
        win(fixture, min(fixture.home, fixture.away, key=lambda e: e.seed))
    fixture_report_result(fixture=last, actor=last.home.player, facts=facts())  # reported, not confirmed
    before = snapshot(league)

    with pytest.raises(LeagueError, match="group stage is not finished"):
        fixtures_generate(league=league, actor=league.organiser)

    assert snapshot(league) == before


def test_only_the_organiser_starts_the_knockout_stage():
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)
    before = snapshot(league)

    for intruder in (entries[0].player, UserFactory()):
        with pytest.raises(PermissionDenied):
            fixtures_generate(league=league, actor=intruder)

    assert snapshot(league) == before


def test_the_knockout_stage_is_seeded_from_the_group_tables_and_plays_as_a_knockout():
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)  # A: 1, 4, 5; B: 2, 3, 6

    semis = fixtures_generate(league=league, actor=league.organiser)

    seed = {e.pk: e.seed for e in entries}
    # winners are seeds 1–2, runners-up 3–4, crossed: A1 v B2, B1 v A2 (HR-10.2)
    assert [(seed[f.home_id], seed[f.away_id], f.home_seed, f.away_seed) for f in semis] == [(1, 3, 1, 4), (2, 4, 2, 3)]
    assert {f.round for f in semis} == {4} and {f.group for f in semis} == {None}
    # the knockout stage has no draw (HR-10.2); a group match may end in one
    with pytest.raises(CampaignRuleError, match="a knockout match has no draw"):
        fixture_report_result(fixture=semis[0], actor=semis[0].home.player, facts=facts(ResultKind.DRAW, 8, 8, 20))
    win(semis[0], semis[0].away)  # B2 knocks out A1
    win(semis[1], semis[1].home)

    final = fixtures_generate(league=league, actor=league.organiser)

    assert [(seed[f.home_id], seed[f.away_id], f.round) for f in final] == [(2, 3, 5)]
    # the knockout's results never count in the group tables
    assert [[line.row.played for line in table.lines] for table in group_tables(league)] == [[2, 2, 2], [2, 2, 2]]
    win(final[0], final[0].home)
    with pytest.raises(CampaignRuleError, match="the final was the last round"):
        fixtures_generate(league=league, actor=league.organiser)


def test_three_groups_give_the_two_best_winners_a_bye():
    league, entries = rated_league(9, group_count=3)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)  # A: 1, 6, 7; B: 2, 5, 8; C: 3, 4, 9

    first = fixtures_generate(league=league, actor=league.organiser)

    seed = {e.pk: e.seed for e in entries}
    assert [(seed[f.home_id], f.away_id and seed[f.away_id], f.status) for f in first] == [
        (1, None, "bye"),
        (5, 4, "scheduled"),
        (2, None, "bye"),
        (3, 6, "scheduled"),
    ]


# --- the pages ---------------------------------------------------------------------------------------


def test_the_league_page_shows_the_groups_their_tables_and_the_bracket(client):
    league, entries = rated_league(6)
    page = client.get(reverse("campaigns:league", args=[league.pk])).content.decode()
    assert "The teams will be drawn into 2 groups when the fixtures are generated." in page
    assert page.count("to be decided") == 6  # two semi finals and the final, two places each

    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)
    fixtures_generate(league=league, actor=league.organiser)

    response = client.get(reverse("campaigns:league", args=[league.pk]))
    html = response.content.decode()
    assert [table.letter for table in response.context["page"].groups] == ["A", "B"]
    assert 'data-group="A"' in html and 'data-group="B"' in html and html.count("data-qualifies") == 4
    bracket = response.context["page"].bracket
    assert [r.stage for r in bracket.rounds] == ["Semi final", "Final"]
    assert bracket.started and [r.drawn for r in bracket.rounds] == [True, False]
    assert html.count('class="card small bracket-tie"') == 3


def test_the_standings_show_a_table_per_group_and_the_fixtures_the_stages(client):
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)
    client.force_login(league.organiser)

    standings = client.get(reverse("campaigns:standings", args=[league.pk])).content.decode()
    assert 'id="standings-A"' in standings and 'id="standings-B"' in standings
    assert standings.count("data-qualifies") == 4
    fixtures = client.get(reverse("campaigns:fixtures", args=[league.pk]))
    assert [block.title for block in fixtures.context["rounds"]] == [
        "Round 1 · Group stage",
        "Round 2 · Group stage",
        "Round 3 · Group stage",
    ]
    assert "Start the knockout stage" in fixtures.content.decode()
    client.force_login(entries[0].player)
    player_view = client.get(reverse("campaigns:fixtures", args=[league.pk])).content.decode()
    assert "Start the knockout stage" not in player_view

    fixtures_generate(league=league, actor=league.organiser)
    client.force_login(league.organiser)
    page = client.get(reverse("campaigns:fixtures", args=[league.pk]))
    assert page.context["rounds"][-1].title == "Round 4 · Semi final"
    assert "Generate the next round" in page.content.decode()


def test_the_standings_csv_of_a_league_of_groups_lists_each_group(client):
    league, entries = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)

    response = client.get(reverse("campaigns:standings-csv", args=[league.pk]))

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Group", "Rank", "Team"]
    names = {e.seed: e.name for e in entries}
    assert [row[:3] for row in rows[1:]] == [
        ["A", "1", names[1]],
        ["A", "2", names[4]],
        ["A", "3", names[5]],
        ["B", "1", names[2]],
        ["B", "2", names[3]],
        ["B", "3", names[6]],
    ]


@pytest.mark.parametrize("teams", [6, 10])
def test_the_group_pages_need_the_same_queries_for_any_number_of_teams(client, django_assert_num_queries, teams):
    league, _ = rated_league(teams)
    fixtures_generate(league=league, actor=league.organiser)
    for fixture in league.fixtures.filter(round=1, status=Fixture.Status.SCHEDULED):
        play(fixture)
    client.force_login(league.organiser)
    # session, user, league, entries with players, finished fixtures with their results, the header's count (two)
    with django_assert_num_queries(7):
        client.get(reverse("campaigns:standings", args=[league.pk]))
    # from here on the session with its user in one statement (the process has read the session once),
    # league, fixtures with both teams, their players and results, the header's count (two)
    with django_assert_num_queries(5):
        client.get(reverse("campaigns:fixtures", args=[league.pk]))
    # the session with its user, league, can_enter (fixtures exist), entries with players, finished group
    # fixtures, every fixture for the bracket, invitations, has_fixtures, disputed results, the header's
    # count (two)
    with django_assert_num_queries(11):
        response = client.get(reverse("campaigns:league", args=[league.pk]))
    assert sum(len(table.lines) for table in response.context["page"].groups) == teams


def test_the_group_pages_read_in_hungarian(client):
    league, _ = rated_league(6)
    fixtures_generate(league=league, actor=league.organiser)
    play_groups_by_seed(league)
    client.force_login(league.organiser)
    hungarian = {"Accept-Language": "hu"}

    fixtures = client.get(reverse("campaigns:fixtures", args=[league.pk]), headers=hungarian).content.decode()
    league_page = client.get(reverse("campaigns:league", args=[league.pk]), headers=hungarian).content.decode()
    standings = client.get(reverse("campaigns:standings", args=[league.pk]), headers=hungarian).content.decode()

    assert "1. forduló · Csoportkör" in fixtures and "A kieséses szakasz indítása" in fixtures
    assert "A csoport" in fixtures and "B csoport" in fixtures
    assert "Csoportok" in league_page and "A kieséses szakasz ágrajza" in league_page
    assert league_page.count("később dől el") == 6 and "Elődöntő" in league_page and "Döntő" in league_page
    assert "Csoportkör, majd kieséses szakasz" in standings and 'id="standings-B"' in standings


def test_the_report_form_offers_a_draw_in_a_group_match_but_not_in_the_knockout(client):
    """HR-10.2: a knockout match has no draw, so its report form does not offer one."""

    def offers_a_draw(fixture: Fixture) -> bool:
        client.force_login(fixture.home.player)
        page = client.get(reverse("campaigns:report", args=[fixture.pk]), HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        html = page.content.decode()
        assert f'value="{ResultKind.VICTORY.value}"' in html
        return f'value="{ResultKind.DRAW.value}"' in html

    league, _entries = rated_league(6)
    group_match = fixtures_generate(league=league, actor=league.organiser)[0]
    assert offers_a_draw(group_match)
    play_groups_by_seed(league)
    semi = fixtures_generate(league=league, actor=league.organiser)[0]
    assert not offers_a_draw(semi)
