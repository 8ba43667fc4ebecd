"""Issue 17 part 2, hosted play with four seats (HR-8): the match begins when its last seat is
filled; only a seat's player acts for it; each seat's pages hold its own secrets and none of
another seat's beyond what the engine's view of that seat shows (partners in pairs see what HR-8
lets them); spectators see none; the computer plays its seats through ``run_agents``' code;
records replay and the dice check."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import (
    action_to_json,
    event_to_json,
    events_for,
    is_over,
    legal_actions,
    match_events,
    seats_to_move,
    setup_from_json,
    state_hash,
    view,
    view_json,
)
from arena.models import Match, MatchSeat
from arena.runtime.states import forget_all, rebuild, state_of
from arena.screen.log import sentence
from arena.screen.reader_words import Names, cards_text
from arena.services import match_play
from arena.services.match_records import check, parse_record, record_json, verify
from arena.worker import run_until_idle
from tests.arena.hosted import Four, begin_four, fresh
from tests.budget import examples, steps

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
SEATS = (0, 1, 2, 3)


def clients(four: Four) -> list[Client]:
    found = []
    for user in four.users:
        client = Client()
        client.force_login(user)
        found.append(client)
    return found


def act(match: Match, four: Four, rng: random.Random) -> Match:
    """One random legal action (never a concession) of the first seat to move, by its player."""
    state = state_of(fresh(match))
    seat = seats_to_move(state)[0]
    choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
    action = rng.choice(choices)
    match_play(match=match, player=four.user(seat), version=match.version, actions=[action_to_json(action)])
    return fresh(match)


class Seen:
    """The match's state as the scan reads it, with each seat's view and log worked out once for the
    scan's twenty pairs of owner and reader."""

    def __init__(self, match: Match) -> None:
        self.seed = match.seed
        self.state = state_of(fresh(match))
        self.names = Names(view(self.state, None), None)
        self.views = {reader: view_json(self.state, reader) for reader in (*SEATS, None)}
        events = match_events(self.state)
        self.logs = {reader: events_for(events, reader) for reader in (*SEATS, None)}


def hidden_from(seen: Seen, owner: int, reader: int | None) -> list[str]:
    """What a leak of ``owner``'s secrets to ``reader`` would put in a body: what ``owner``'s own
    view and log hold and ``reader``'s (the engine's) do not."""
    own, theirs = seen.views[owner], seen.views[reader]
    found = [seen.seed, f"&quot;seat&quot;:{owner},"]
    if theirs["seats"][owner]["traps"] is None and own["seats"][owner]["traps"]:
        found.append(f"Trap cards: {cards_text(own['seats'][owner]['traps'])}")
    if theirs["seats"][owner]["disc_levels"] is None and own["seats"][owner]["disc_levels"]:
        found.append(f"Spell discs (levels): {', '.join(str(x) for x in own['seats'][owner]['disc_levels'])}")
    readable = set(map(id, seen.logs[reader]))
    private = [e for e in seen.logs[owner] if e.visible_to is not None and id(e) not in readable]
    found += [str(sentence(event_to_json(e), seen.names)) for e in private]
    return found


def scan(match: Match, bodies: dict[int | None, list[str]]) -> None:
    seen = Seen(match)
    for reader, sent in bodies.items():
        for owner in SEATS:
            if owner == reader:
                continue
            for secret in hidden_from(seen, owner, reader):
                for body in sent:
                    assert secret not in body, (owner, reader, secret)


@pytest.mark.parametrize("mode", ["pairs", "ffa"])
def test_the_match_begins_when_the_last_seat_is_filled__hr_8(mode):
    match, four = begin_four(mode)
    assert match.status == Match.Status.SETUP and match.version == 0
    setup = setup_from_json(match.setup)
    assert len(setup.teams) == 4 and str(setup.options.mode) == mode and setup.options.round_limit == 12
    assert [t.name for t in setup.teams] == [t.name for t in four.teams]
    movers = set(seats_to_move(state_of(match)))
    flags = set(MatchSeat.objects.filter(match=match, to_move=True).values_list("seat", flat=True))
    assert flags == movers and movers


def test_only_a_seats_player_acts_for_it():
    match, four = begin_four("pairs")
    browsers = clients(four)
    state = state_of(match)
    seat = seats_to_move(state)[0]
    action = json.dumps(action_to_json(legal_actions(state, seat)[0]))
    url = reverse("play:act", args=[match.pk])
    for other in SEATS:
        if other == seat:
            continue
        response = browsers[other].post(url, {"version": match.version, "action": action}, headers=HTMX)
        assert response.status_code == 403, other
    assert fresh(match).version == 0
    response = browsers[seat].post(url, {"version": match.version, "action": action}, headers=HTMX)
    assert response.status_code == 200 and fresh(match).version == 1


@pytest.mark.parametrize("mode", ["pairs", "ffa"])
def test_a_seats_pages_hold_no_other_seats_secrets_and_spectators_none(mode):
    match, four = begin_four(mode, seed=f"four-secrets-{mode}")
    browsers: dict[int | None, Client] = dict(enumerate(clients(four)))
    browsers[None] = Client()
    rng = random.Random(mode)
    bodies: dict[int | None, list[str]] = {reader: [] for reader in browsers}
    page, log = reverse("play:match", args=[match.pk]), reverse("play:log", args=[match.pk])
    for step in range(steps(120, 60)):  # a scan every 10 actions: 12 in the thorough run, 6 in `make test`
        if is_over(state_of(fresh(match))):
            break
        if step % 10 == 0:
            for reader, client in browsers.items():
                bodies[reader] += [client.get(page).content.decode(), client.get(log).content.decode()]
                poll = client.get(reverse("play:poll", args=[match.pk]), {"v": max(0, match.version - 1)})
                bodies[reader].append(poll.content.decode())
            scan(match, bodies)
            for reader in browsers:
                bodies[reader].clear()
        match = act(match, four, rng)
    own = browsers[0].get(page).content.decode()
    assert "&quot;seat&quot;:0," in own or not fresh(match).is_live or 0 not in seats_to_move(state_of(match))


def test_the_page_shows_four_teams_and_whose_step_it_is():
    match, four = begin_four("pairs", seed="four-page")
    rng = random.Random(4)
    while view_json(state_of(fresh(match)), None)["phase"] not in ("naming", "acting"):
        match = act(match, four, rng)
    client = clients(four)[0]
    body = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert body.count('class="seat-line') == 4
    for team in four.teams:
        assert team.name in body
    assert 'id="whose-step"' in body and "side A" in body and "side B" in body


def test_the_computer_plays_its_seats_through_the_workers_code():
    match, four = begin_four("ffa", computer=(1, 2, 3))
    rng = random.Random(7)
    for _turn in range(3000):
        match = fresh(match)
        if match.is_over:
            break
        if MatchSeat.objects.get(match=match, seat=0).to_move:
            match = act(match, four, rng)
        else:
            assert run_until_idle(limit=50)
    match = fresh(match)
    assert match.status == Match.Status.FINISHED
    assert set(match.actions.exclude(seat=None).values_list("seat", flat=True)) == set(SEATS)
    assert rebuild(match) is not None and is_over(rebuild(match))
    report = check(parse_record(record_json(match)))
    assert report.ok, report.problem
    assert verify(match).ok
    record: dict[str, Any] = json.loads(record_json(match))
    assert len(record["teams"]) == 4


@settings(
    max_examples=examples(6),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(mode=st.sampled_from(["pairs", "ffa"]), picks=st.lists(st.integers(0, 10_000), min_size=20, max_size=60))
def test_after_every_action_the_seats_flags_and_the_rebuilt_state_are_the_engines(mode, picks):
    """Invariants of hosted four-seat play: after each action the seats' "your move" flags are the
    engine's ``seats_to_move``, every seat's prompt version is at most the match's version, and the
    state rebuilt from the database alone has the live state's hash."""
    with transaction.atomic():
        forget_all()
        match, four = begin_four(mode)
        for pick in picks:
            state = state_of(fresh(match))
            if is_over(state):
                break
            seat = seats_to_move(state)[0]
            choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
            action = choices[pick % len(choices)]
            match_play(match=match, player=four.user(seat), version=match.version, actions=[action_to_json(action)])
            match = fresh(match)
            live = state_of(match)
            rows = MatchSeat.objects.filter(match=match)
            assert {r.seat for r in rows if r.to_move} == set(seats_to_move(live))
            assert all(r.prompt_version <= match.version for r in rows)
            assert state_hash(rebuild(match)) == state_hash(live)
        transaction.set_rollback(True)
