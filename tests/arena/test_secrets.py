"""Issue 13: secrets stay on the server. Over the scripted match, every body sent to the away seat
and to an anonymous reader (full pages, refreshed parts, polling answers, answers to refused,
stale and forbidden actions, the log page) is scanned for the home seat's unrevealed secrets:
the seed, its trap cards, its spell discs, its amulet and ME-token holders and its gladiator's grip
(every sentence of its private events), the secret facts of its rows, its own legal actions.
The same scan of the home seat's own pages finds them, so the scan looks where a leak would be."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from arena.engine import event_to_json, events_for, match_events, view, view_json
from arena.models import Match
from arena.runtime.states import state_of
from arena.screen.log import sentence
from arena.screen.reader_words import Names, cards_text
from teams.models import Character
from tests.arena.hosted import begin, fresh, make_players
from tests.arena.script import DICE, SCRIPT, chosen

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
SEED = "sentinel-seed-5eed-0f-the-home-side"
HOME_NAMES = {
    "gladiator": "Aquilonius",
    "witch_master": "Bellatrixa",
    "crossbowman": "Corvinius",
    "deasta": "Dracontia",
    "laeva": "Erythraea",
    "strategist": "Faustinus",
}


class Reader:
    """One browser: its client and every body it was sent."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.bodies: list[str] = []

    def get(self, url: str, **kw: Any) -> None:
        self.bodies.append(self.client.get(url, **kw).content.decode())

    def post(self, url: str, data: dict[str, Any], **kw: Any) -> int:
        response = self.client.post(url, data, **kw)
        self.bodies.append(response.content.decode())
        return response.status_code


def secrets_of(match: Match, seat: int) -> list[str]:
    """What a leak of ``seat``'s unrevealed secrets would put in a body (as the app renders them)."""
    state = state_of(fresh(match))
    own = view_json(state, seat)
    names = Names(view(state, None), None)
    found = [match.seed]
    if own["seats"][seat]["traps"]:  # an empty hand reads "–", which any page holds
        found += [cards_text(own["seats"][seat]["traps"]), f"Trap cards: {cards_text(own['seats'][seat]['traps'])}"]
    found += [f"Spell discs (levels): {', '.join(str(x) for x in own['seats'][seat]['disc_levels'])}"]
    private = [e for e in events_for(match_events(state), seat) if e.visible_to == seat]
    found += [str(sentence(event_to_json(e), names)) for e in private]
    found.append(f"&quot;seat&quot;:{seat},")  # any of his own legal actions
    return found


def secret_rows(body: str, seat: int, revealed: set[str]) -> list[str]:
    """The secret facts shown in ``seat``'s rows of the characters' table, less the revealed ones."""
    leaks = []
    for row in re.findall(rf'<tr class="[^"]*" id="row-{seat}\.(\w+)"(.*?)</tr>', body, re.S):
        slot, html = row
        for secret in re.findall(r'<div class="secret">(.*?)</div>', html, re.S):
            shown = [part.strip() for part in secret.split("·")]
            leaks += [
                f"{slot}: {part}"
                for part in shown
                if not (slot == "gladiator" and part.startswith("grip:") and "grip" in revealed)
            ]
    return leaks


def test_no_secret_of_the_home_seat_reaches_the_away_seat_or_an_anonymous_reader(client):
    players = make_players()
    for character in Character.objects.filter(team=players.home_team):
        character.name = HOME_NAMES[character.slot]
        character.save()
    match = begin(players, dice=DICE, seed=SEED)
    home, away, anonymous = Reader(Client()), Reader(Client()), Reader(Client())
    home.client.force_login(players.home)
    away.client.force_login(players.away)
    page = reverse("play:match", args=[match.pk])
    act = reverse("play:act", args=[match.pk])
    log = reverse("play:log", args=[match.pk])
    revealed: set[str] = set()
    for index, step in enumerate(SCRIPT):
        match = fresh(match)
        seen = match.version
        data = json.dumps(chosen(match, step))
        actor = home if step.seat == 0 else away
        assert actor.post(act, {"version": seen, "action": data}, headers=HTMX) == 200
        match = fresh(match)
        poll = reverse("play:poll", args=[match.pk])
        for reader in (away, anonymous):  # the scanned readers (the home seat's own pages are the control below)
            reader.get(page)
            reader.get(f"{poll}?v={seen}", headers=HTMX)  # the refreshed parts
            reader.get(f"{poll}?v={match.version}", headers=HTMX)  # nothing new
        if index % 6 == 2 and match.is_live:  # the away seat's refusals: stale, for the other seat, garbage
            away.post(act, {"version": seen, "action": data}, headers=HTMX)
            away.post(act, {"version": match.version, "action": data.replace('"seat":1', '"seat":0')}, headers=HTMX)
            away.post(act, {"version": match.version, "action": '{"type": "Teleport"}'}, headers=HTMX)
            anonymous.post(act, {"version": match.version, "action": data})
        if any(e["type"] == "GripRevealed" for e in _last_events(match)):
            revealed.add("grip")
        home_secrets = secrets_of(match, 0)
        away_secrets = secrets_of(match, 1)
        for body in away.bodies + anonymous.bodies:
            for secret in home_secrets:
                assert secret not in body, (step, secret)
            assert secret_rows(body, 0, revealed) == [], step
        for body in anonymous.bodies:
            for secret in away_secrets:
                assert secret not in body, (step, secret)
            assert secret_rows(body, 1, revealed) == [], step
        away.bodies.clear()
        anonymous.bodies.clear()
        home.bodies.clear()
    for reader in (away, anonymous):
        reader.get(log)
        for body in reader.bodies:
            assert SEED not in body
            assert "Aquilonius starts with Greatsword (secret)." not in body


def _last_events(match: Match) -> list[dict[str, Any]]:
    row = match.actions.order_by("-seq").first()
    return row.events if row is not None else []


def test_the_scan_looks_where_a_leak_would_be(client):
    """The home seat's own page carries all that the scan looks for in the others' (a control)."""
    players = make_players()
    match = begin(players, dice=DICE, seed=SEED)
    client.force_login(players.home)
    body = client.get(reverse("play:match", args=[match.pk])).content.decode()
    secrets = secrets_of(match, 0)
    assert secrets[0] == SEED and SEED not in body  # the seed reaches nobody, not even its own side
    assert [s for s in secrets[1:] if s not in body] == []
    for step in SCRIPT[:16]:  # secrets, role, half, grips
        match = fresh(match)
        client.force_login(players.user(step.seat))
        data = json.dumps(chosen(match, step))
        client.post(reverse("play:act", args=[match.pk]), {"version": match.version, "action": data})
    client.force_login(players.home)
    body = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "starts with Greatsword (secret)." in body
    assert secret_rows(body, 0, set())  # his own rows show his amulets, tokens and grip
