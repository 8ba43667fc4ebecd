"""The registry of games (docs/games.md): each game's app registers itself, Viadal is the default,
and the game-neutral pages speak of each game's things in its own words."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.registry import (
    DEFAULT_GAME,
    Feature,
    GameInfo,
    UnknownGameError,
    all_games,
    default_game,
    game_choices,
    games_offering,
    get_game,
    register,
)
from tests.factories import TeamFactory, UserFactory


def test_viadal_is_registered_as_the_default_game():
    viadal = default_game()
    assert viadal.id == DEFAULT_GAME == "viadal" and viadal.is_default
    assert all_games()[0] is viadal
    assert viadal.offers(Feature.HOSTING) and viadal.offers(Feature.BUILDER)
    assert reverse(viadal.list_url) == "/teams/" and reverse(viadal.create_url) == "/teams/new/"


def test_a_game_speaks_the_readers_language():
    viadal = get_game("viadal")
    with translation.override("hu"):
        assert str(viadal.words.your_teams) == "Csapataid"
    with translation.override("en"):
        assert str(viadal.words.your_teams) == "Your teams"
    assert viadal.name_in("hu-HU") == viadal.name_in("en") == "Shuluri Viadal"


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(UnknownGameError, match="no game 'chess'"):
        get_game("chess")


def test_a_game_needs_a_known_id_and_both_names():
    words = default_game().words
    with pytest.raises(ValueError, match="unknown game id 'chess'"):
        GameInfo(id="chess", names={"hu": "Sakk", "en": "Chess"}, words=words, features=frozenset(), list_url="x")
    with pytest.raises(ValueError, match="no name in hu"):
        GameInfo(id="quest", names={"en": "Quest"}, words=words, features=frozenset(), list_url="x")


def test_a_game_id_registers_once():
    viadal = default_game()
    assert register(viadal) is viadal  # the same game again (an app loaded twice) is harmless
    other = GameInfo(
        id="viadal", names={"hu": "Más", "en": "Other"}, words=viadal.words, features=frozenset(), list_url="teams:list"
    )
    with pytest.raises(ValueError, match="registered already"):
        register(other)


def test_choices_and_features_list_the_registered_games():
    assert ("viadal", "Shuluri Viadal") in game_choices()
    assert default_game() in games_offering(Feature.LEAGUES)
    assert all(game.offers(Feature.TRACKER) for game in games_offering(Feature.TRACKER))


@pytest.mark.django_db
def test_viadal_lists_a_players_teams_for_the_neutral_pages(django_assert_num_queries):
    player = UserFactory()
    team = TeamFactory(owner=player, name="Iron Wolves")
    TeamFactory(name="Someone else's")
    with django_assert_num_queries(2):
        things = default_game().owned(player)
    assert [(t.name, t.url, t.ready, t.points) for t in things] == [
        ("Iron Wolves", reverse("teams:detail", args=[team.pk]), team.is_ready, "200 / 200")
    ]


@pytest.mark.django_db
def test_the_home_page_shows_a_card_per_game_in_its_own_words(client):
    html = client.get(reverse("home")).content.decode()
    games = html.split('id="games"')[1].split("</section>")[0]
    for game in all_games():
        assert f'data-game="{game.id}"' in games and str(game.words.summary) in games
    client.force_login(UserFactory())
    html = client.get(reverse("home")).content.decode()
    games = html.split('id="games"')[1].split("</section>")[0]
    assert reverse("teams:list") in games and "Your teams" in games
