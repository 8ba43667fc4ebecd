"""Issue 15, item 5: table mode. The engine referees a match played with the physical board and
dice on one device: it acts for both seats and asks for each d10 as the engine needs it (who rolls
it and what for); everything else is the hosted match. Done when: the scripted match, its d10s
entered by hand, ends in the same state as the engine playing the same actions with ``FixedDice``
of the same numbers."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from django.urls import reverse

from arena.engine import FixedDice, action_from_json, apply, is_over, new_match, state_hash
from arena.models import AWAY, HOME, Match
from arena.play_errors import ActionRefusedError, DiceNeededError
from arena.runtime.states import rebuild, state_of
from arena.services import match_begin_fixture, match_confirm_table_fixture, match_create_table, match_play
from arena.services.match_records import verify
from campaigns.models import Fixture
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_confirm_result
from teams.models import Team
from tests.arena.hosted import begin, fresh, legal, play_at_the_table
from tests.arena.script import DICE, SCRIPT, chosen
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def device():  # type: ignore[no-untyped-def]
    user = UserFactory(username="asztal")
    home = TeamFactory(owner=user, name="Vasfarkasok", status=Team.Status.READY)
    away = TeamFactory(owner=user, name="Ködlovagok", status=Team.Status.READY)
    return user, home, away


def test_the_scripted_match_with_dice_entered_by_hand_ends_as_the_engine_with_fixed_dice(device):
    user, home, away = device
    match = match_create_table(creator=user, home_team=home, away_team=away, round_limit=12)
    client = Client()
    client.force_login(user)
    act = reverse("play:act", args=[match.pk])
    rolled = list(DICE)
    per_action: list[list[int]] = []
    asked: list[str] = []
    for step in SCRIPT:
        match = fresh(match)
        seen = match.version
        data = json.dumps(chosen(match, step))
        entered: list[int] = []
        response = client.post(act, {"version": seen, "action": data}, headers=HTMX)
        while 'id="dice-form"' in response.content.decode():
            body = response.content.decode()
            asked.append(body.split('id="dice-wanted">', 1)[1].split("</p>", 1)[0])
            entered.append(rolled.pop(0))
            posted = {"version": seen, "actions": json.dumps([json.loads(data)])}
            posted |= {"dice": json.dumps(entered[:-1]), "die": entered[-1]}
            response = client.post(act, posted, headers=HTMX)
        assert response.status_code == 200 and fresh(match).version == seen + 1, step
        per_action.append(entered)
    assert rolled == [] and len(asked) == len(DICE)
    assert "Roll a d10 for" in asked[0] and "What did it show?" in asked[0]
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.winner_seat == HOME
    # the engine alone, each action with FixedDice of the numbers entered for it
    setup = state_of(match).setup
    state = new_match(setup.teams, setup.options, setup.seed)
    rows = list(match.actions.filter(seq__gt=0).order_by("seq").values_list("action", flat=True))
    for action, dice in zip(rows, per_action, strict=True):
        state, _events = apply(state, action_from_json(action), FixedDice(dice))
    assert is_over(state) and state_hash(state) == state_hash(rebuild(match))


def test_the_device_asks_for_each_die_and_refuses_what_is_not_a_die(device):
    user, home, _away = device
    match = match_create_table(creator=user, home_team=home, away_team=None, round_limit=12)
    assert match.commitment == "" and {s.team_name for s in match.seats.all()} >= {"Vasfarkasok"}
    for step in SCRIPT[:11]:  # the secret set-up of both seats and the side roll's request
        match = fresh(match)
        try:
            match_play(match=match, player=user, version=match.version, actions=[chosen(match, step)])
        except DiceNeededError as needed:
            assert needed.purpose and needed.who and needed.dice == []
            with pytest.raises(ActionRefusedError, match="from 1 to 10"):
                match_play(match=match, player=user, version=match.version, actions=needed.actions, dice=[11])
            with pytest.raises(ActionRefusedError, match="needed 2 dice, not 3"):
                match_play(match=match, player=user, version=match.version, actions=needed.actions, dice=[9, 3, 4])
            assert fresh(match).version == match.version  # nothing stored meanwhile
            match_play(match=match, player=user, version=match.version, actions=needed.actions, dice=[9, 3])
            break
    else:
        raise AssertionError("the side roll was never asked for")


def test_only_the_device_acts_and_the_dice_are_not_checkable(device):
    user, home, away = device
    match = match_create_table(creator=user, home_team=home, away_team=away, round_limit=12)
    action = json.dumps(chosen(match, SCRIPT[0]))
    other = Client()
    other.force_login(UserFactory())
    assert other.post(reverse("play:act", args=[match.pk]), {"version": 0, "action": action}).status_code == 403
    mine = Client()
    mine.force_login(user)
    page = mine.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="table-mode"' in page and "now Vasfarkasok decides" in page and 'id="dice-commitment"' not in page
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert "played at the table" in verify(fresh(match)).problem


def test_dice_are_entered_only_at_the_table(players):
    match = begin(players)
    first = legal(match, HOME)[0]
    from arena.engine import action_to_json

    with pytest.raises(ActionRefusedError, match="only in a match played at the table"):
        match_play(match=match, player=players.home, version=0, actions=[action_to_json(first)], dice=[5])


def test_a_league_fixture_played_at_the_table_is_reported_and_waits_for_the_opponent(db):
    league = LeagueFactory(round_limit=12)
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    holder, opponent = fixture.home.player, fixture.away.player
    match = match_begin_fixture(fixture=fixture, player=holder, table=True)
    assert match.table_played and match.status == Match.Status.OPEN  # waits for the opponent's confirmation
    match = match_confirm_table_fixture(match=match, player=opponent)
    rng = random.Random(7)
    from arena.engine import action_to_json, legal_actions, seats_to_move

    for _ in range(120):
        match = fresh(match)
        state = state_of(match)
        if is_over(state):
            break
        seat = seats_to_move(state)[0]
        options = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        play_at_the_table(match, holder, rng.choice(options), rng)
    match = fresh(match)
    if match.is_live:
        state = state_of(match)
        seat = seats_to_move(state)[0]
        concede = next(a for a in legal_actions(state, seat) if type(a).__name__ == "Concede")
        conceder = holder if seat == 0 else opponent  # each concedes only his own seat
        match_play(match=match, player=conceder, version=match.version, actions=[action_to_json(concede)])
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED and fixture.result.hosted
    assert fixture.result.reported_by == holder
    fixture_confirm_result(fixture=fixture, actor=opponent)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.CONFIRMED
    assert fresh(match).table_played and AWAY in {s.seat for s in match.seats.all()}


def test_the_lobby_and_the_fixture_page_start_a_match_at_the_table(device):
    user, home, _away = device
    client = Client()
    client.force_login(user)
    assert 'id="play-table"' in client.get(reverse("play:lobby")).content.decode()
    response = client.post(
        reverse("play:table"), {"table-home_team": home.pk, "table-away_team": "", "table-round_limit": 12}
    )
    match = Match.objects.get()
    assert response.url == reverse("play:match", args=[match.pk]) and match.table_played
    league = LeagueFactory(round_limit=12)
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    client.force_login(fixture.home.player)
    assert 'id="play-fixture-table"' in client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    client.post(reverse("play:fixture", args=[fixture.pk]), {"table": "1"})
    assert Match.objects.get(fixture=fixture).table_played
