"""Issue 32, item 4: no stale or misplaced text on the play screen. A match against the computer
offers no forfeit claim, a spectator gets no player's help or tools, and four seats never speak of
"your opponent"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.engine import action_to_json, legal_actions, seats_to_move
from arena.models import Match
from arena.runtime.states import state_of
from arena.services import match_create_against_agent, match_play
from teams.models import Team
from tests.arena.hosted import begin, begin_four, make_players
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_match_against_the_computer_offers_no_forfeit_claim(client):
    player = UserFactory(username="egyedul")
    team = TeamFactory(owner=player, name="Vasfarkasok", status=Team.Status.READY)
    match = match_create_against_agent(creator=player, team=team, round_limit=12)
    seat = match.seats.get(player=player).seat
    # the player sets up; the computer (its worker is not running) owes its set-up, long overdue
    for _ in range(20):
        match.refresh_from_db()
        state = state_of(match)
        if seat not in seats_to_move(state):
            break
        action = next(a for a in legal_actions(state, seat) if type(a).__name__ != "Concede")
        match_play(match=match, player=player, version=match.version, actions=[action_to_json(action)])
    assert list(seats_to_move(state)) == [1 - seat]
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(days=30))
    client.force_login(player)
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="claim"' not in page, seat
    assert "Claim the match" not in page


def test_a_spectator_gets_no_players_help_or_board_tools(client):
    players = make_players()
    match = begin(players, seed="spectator")
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Tap one of your characters" not in page
    assert 'id="board-zoom"' not in page and 'id="board-clear"' not in page
    assert "Blue is the home team, red the away team." in page
    client.force_login(players.home)
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Tap one of your characters" in page and 'id="board-zoom"' in page


def test_the_four_seat_set_up_speaks_of_the_other_players():
    from django.test import Client

    match, four = begin_four("ffa", seed="four-words")
    reader = Client()
    reader.force_login(four.user(0))
    page = reader.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "The other players do not see whom you choose." in page
    assert "your opponent" not in page.lower()


def test_no_template_comment_reaches_the_page(client):
    players = make_players()
    match = begin(players, seed="comments")
    client.force_login(players.home)
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "{#" not in page and "#}" not in page
