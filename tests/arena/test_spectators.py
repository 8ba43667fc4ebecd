"""Issue 15, item 2: spectators. Anyone with the match link follows a match live with the public
view only (``view_json(state, None)``): a logged-in player who holds no seat and an anonymous reader are
sent no secret of either seat over the whole scripted match (full pages, refreshed parts, polling
answers, the log), and cannot act. The "being played now" list shows the match while it runs."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from django.urls import reverse

from arena.engine import action_to_json, is_over, legal_actions, seats_to_move, view_json
from arena.models import AWAY, HOME, Match
from arena.runtime.states import state_of
from arena.screen.reader_words import amulet_name
from arena.services import match_create_against_agent, match_play
from arena.worker import run_until_idle
from teams.models import Character
from tests.arena.hosted import begin, fresh, make_players
from tests.arena.script import DICE, SCRIPT, chosen
from tests.arena.test_secrets import HOME_NAMES, HTMX, SEED, Reader, secret_rows, secrets_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _live_section(body: str) -> str:
    return body.split('id="live-matches"', 1)[1].split("</ul>", 1)[0].split("</p>", 1)[0]


def _shown_by_the_engine(match: Match, seat: int) -> set[str]:
    """What the engine's public view itself shows of a seat's secrets: an amulet once used, and an ME
    token shown by the roll against a mental spell (RB p.7)."""
    public = view_json(state_of(fresh(match)), None)
    ours = [c for c in public["characters"] if c["seat"] == seat]
    amulets = {f"{c['id'].split('.', 1)[1]}: amulet: {amulet_name(c['amulet'])}" for c in ours if c.get("amulet")}
    tokens = {f"{c['id'].split('.', 1)[1]}: ME token {c['me_token']}" for c in ours if c.get("me_token")}
    return amulets | tokens


def _scan(bodies: list[str], match: Match, revealed: set[str]) -> None:
    for seat in (HOME, AWAY):
        for secret in secrets_of(match, seat):
            for body in bodies:
                assert secret not in body, (seat, secret)
        shown = _shown_by_the_engine(match, seat)
        for body in bodies:
            assert [leak for leak in secret_rows(body, seat, revealed) if leak not in shown] == []


def test_a_spectator_follows_a_match_between_two_others_and_never_sees_a_secret():
    players = make_players()
    for character in Character.objects.filter(team=players.home_team):
        character.name = HOME_NAMES[character.slot]
        character.save()
    match = begin(players, dice=DICE, seed=SEED)
    home, away = Client(), Client()
    home.force_login(players.home)
    away.force_login(players.away)
    watcher, anonymous = Reader(Client()), Reader(Client())
    watcher.client.force_login(UserFactory(username="nezo"))
    page = reverse("play:match", args=[match.pk])
    act = reverse("play:act", args=[match.pk])
    live = reverse("play:live")
    first = watcher.client.get(page).content.decode()
    assert "spectator" in first and 'id="action-form"' not in first and 'hx-get="/play/' in first  # it polls
    assert f'href="{page}"' in _live_section(Client().get(live).content.decode())  # being played now
    revealed: set[str] = set()
    for index, step in enumerate(SCRIPT):
        match = fresh(match)
        seen = match.version
        data = json.dumps(chosen(match, step))
        player = home if step.seat == HOME else away
        assert player.post(act, {"version": seen, "action": data}, headers=HTMX).status_code == 200
        match = fresh(match)
        poll = reverse("play:poll", args=[match.pk])
        for reader in (watcher, anonymous):
            reader.get(f"{poll}?v={seen}", headers=HTMX)  # the refreshed parts, as the poller gets them
            reader.get(f"{poll}?v={match.version}", headers=HTMX)  # nothing new
            if index % 5 == 0:
                reader.get(page)
        if index % 7 == 3 and match.is_live:  # a spectator cannot act, for either seat
            assert watcher.post(act, {"version": match.version, "action": data}, headers=HTMX) == 403
            assert not anonymous.post(act, {"version": match.version, "action": data}) == 200
        if any(e["type"] == "GripRevealed" for row in match.actions.all() for e in row.events):
            revealed.add("grip")
        if match.is_live:
            _scan(watcher.bodies + anonymous.bodies, match, revealed)
        watcher.bodies.clear()
        anonymous.bodies.clear()
    assert fresh(match).status == Match.Status.FINISHED
    assert f'href="{page}"' not in _live_section(Client().get(live).content.decode())  # no longer


def test_the_poll_says_nothing_new_in_one_answer_and_the_finished_match_stops_it(players):
    match = begin(players, dice=DICE)
    client = Client()
    poll = reverse("play:poll", args=[match.pk])
    assert client.get(f"{poll}?v={match.version}", headers=HTMX).status_code == 204
    for step in SCRIPT[:3]:
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
    response = client.get(f"{poll}?v=0", headers=HTMX)
    assert response.status_code == 200 and response["HX-Trigger"]
    assert secret_rows(response.content.decode(), HOME, set()) == []


@pytest.mark.parametrize("seed", ["watch-1", "watch-2"])
def test_a_spectator_of_a_match_against_the_computer_sees_neither_sides_secrets(players, monkeypatch, seed):
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", lambda: seed)
    match = match_create_against_agent(creator=players.home, team=players.home_team, round_limit=12)
    watcher = Reader(Client())
    page = reverse("play:match", args=[match.pk])
    rng = random.Random(2)
    for _turn in range(40):
        run_until_idle()
        match = fresh(match)
        state = state_of(match)
        if is_over(state):
            break
        if HOME in seats_to_move(state):
            choices = [a for a in legal_actions(state, HOME) if type(a).__name__ != "Concede"]
            match_play(
                match=match, player=players.home, version=match.version, actions=[action_to_json(rng.choice(choices))]
            )
        watcher.get(page)
        watcher.get(reverse("play:poll", args=[match.pk]) + "?v=0", headers=HTMX)
        _scan(watcher.bodies, fresh(match), {"grip"})
        watcher.bodies.clear()
    assert fresh(match).version > 20
