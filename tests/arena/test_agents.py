"""Issue 15, item 1: the computer opponent. A seat played by the engine's agent, chosen at
creation; the agent moves from the ``run_agents`` worker through the same service, lock and
version check as a player's action, so a restart loses nothing."""

from __future__ import annotations

import random
import time

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.urls import reverse

from arena.engine import action_to_json, is_over, legal_actions, seats_to_move, state_hash
from arena.engine.agents import AGENTS, SearchAgent
from arena.engine.match.state import Phase
from arena.forms import ComputerForm
from arena.models import AWAY, HOME, Agent, Match, MatchAction, MatchSeat
from arena.play_errors import MatchError, StaleBoardError
from arena.runtime.states import forget_all, rebuild, state_of
from arena.selectors import live_matches, matches_of
from arena.services import match_create_against_agent, match_play, match_play_agent
from arena.worker import Shard, agent_move, hard_budget, make_agent, owed, poll_seconds, run_forever, run_until_idle
from tests.arena.hosted import fresh

pytestmark = pytest.mark.django_db


def against_computer(players, seat: int = HOME, **options) -> Match:  # type: ignore[no-untyped-def]
    return match_create_against_agent(
        creator=players.home, team=players.home_team, seat=seat, round_limit=options.pop("round_limit", 12), **options
    )


def human_moves(match: Match, players, rng: random.Random, seat: int = HOME) -> int:  # type: ignore[no-untyped-def]
    """The human seat's decisions owed now, chosen at random (never a concession)."""
    taken = 0
    while True:
        match = fresh(match)
        state = state_of(match)
        if is_over(state) or seat not in seats_to_move(state):
            return taken
        choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        match_play(
            match=match, player=players.home, version=match.version, actions=[action_to_json(rng.choice(choices))]
        )
        taken += 1


def test_two_clicks_from_the_lobby_start_a_match_against_the_computer(client, players):
    client.force_login(players.home)
    page = client.get(reverse("play:lobby")).content.decode()
    assert 'id="play-computer"' in page and 'name="computer-agent"' in page
    response = client.post(
        reverse("play:computer"),
        {
            "computer-team": players.home_team.pk,
            "computer-agent": "greedy",
            "computer-seat": HOME,
            "computer-round_limit": 12,
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == reverse("play:match", args=[match.pk])
    assert match.status == Match.Status.SETUP and match.commitment
    seats = {s.seat: s for s in match.seats.all()}
    assert seats[HOME].player == players.home and seats[HOME].agent == ""
    assert seats[AWAY].player is None and seats[AWAY].agent == "greedy"
    assert "(computer)" in seats[AWAY].team_name
    assert client.get(reverse("play:match", args=[match.pk])).status_code == 200
    line = matches_of(players.home)["your_move"][0]
    assert line.opponent_name == "the computer, easy"


def test_only_the_agents_that_exist_are_offered_and_an_unknown_one_is_refused(players):
    offered = [value for value, _label in ComputerForm(teams=players.home.teams.all()).fields["agent"].choices]
    assert offered == ["greedy", "tactical", "search"] and set(offered) <= set(AGENTS)
    with pytest.raises(MatchError, match="Unknown computer opponent"):
        against_computer(players, agent="grandmaster")
    with pytest.raises(MatchError, match="your own teams"):
        match_create_against_agent(creator=players.home, team=players.away_team, round_limit=12)
    assert not Match.objects.exists()


def test_the_worker_takes_the_agents_decisions_through_the_service(players):
    match = against_computer(players)
    assert (match.pk, AWAY, "greedy") in owed()  # the secret set-up: both seats owe at once
    out = call_command_output("--once")
    assert "action(s) taken" in out
    match = fresh(match)
    away = MatchSeat.objects.get(match=match, seat=AWAY)
    assert not away.to_move and away.prompt_version == match.version
    taken = MatchAction.objects.filter(match=match, seat=AWAY)
    assert taken.count() == match.version >= 5  # three amulets and two ME tokens at least
    assert MatchSeat.objects.get(match=match, seat=HOME).to_move  # the human's set-up is his own
    assert owed() == []


def call_command_output(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command("run_agents", *args, stdout=out)
    return out.getvalue()


def test_a_whole_match_against_the_computer_with_restarts_in_between(players):
    """The human plays at random, the worker answers; the worker's process keeps nothing (the state
    cache is emptied before every pass), and the rebuilt state always equals the live one."""
    rng = random.Random(15)
    match = against_computer(players, seat=AWAY)
    for _turn in range(4000):
        forget_all()  # a restart of the worker and of the web process
        run_until_idle()
        match = fresh(match)
        if match.is_over:
            break
        assert human_moves(match, players, rng, seat=AWAY)
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.result["kind"] in ("victory", "points_victory", "draw")
    assert state_hash(rebuild(match)) == state_hash(state_of(match))
    agent_rows = MatchAction.objects.filter(match=match, seat=HOME).count()
    assert agent_rows > 20


def test_the_agent_passes_the_same_version_check_as_a_player(players):
    match = against_computer(players)
    state = state_of(match)
    action = action_to_json(legal_actions(state, AWAY)[0])
    match_play_agent(match=match, seat=AWAY, version=match.version, actions=[action])
    stale = action_to_json(legal_actions(state_of(fresh(match)), AWAY)[0])
    with pytest.raises(StaleBoardError):
        match_play_agent(match=match, seat=AWAY, version=0, actions=[stale])
    with pytest.raises(PermissionDenied):  # a player's seat is not the computer's
        match_play_agent(
            match=match, seat=HOME, version=match.version, actions=[action_to_json(legal_actions(state, HOME)[0])]
        )
    with pytest.raises(PermissionDenied):  # nobody acts for the computer's seat from a browser
        match_play(match=fresh(match), player=players.home, version=fresh(match).version, actions=[stale])
    with pytest.raises(PermissionDenied):
        match_play(match=fresh(match), player=players.away, version=fresh(match).version, actions=[stale])


def test_the_agent_answers_the_same_position_the_same_way(players):
    first = against_computer(players)
    assert agent_move(first.pk, AWAY, "greedy")
    chosen = MatchAction.objects.get(match=first, seq=1).action
    forget_all()
    MatchAction.objects.filter(match=first, seq__gt=0).delete()  # the position again (a test's rewind)
    Match.objects.filter(pk=first.pk).update(version=0)
    MatchSeat.objects.filter(match=first).update(prompt_version=0)
    assert agent_move(first.pk, AWAY, "greedy")
    assert MatchAction.objects.get(match=first, seq=1).action == chosen


def test_the_agent_answers_within_a_second_and_the_worker_polls_at_most_every_half_second(players, settings):
    match = against_computer(players)
    started = time.perf_counter()
    assert agent_move(match.pk, AWAY, "greedy")
    assert time.perf_counter() - started < 1.0
    assert poll_seconds() <= 0.5
    settings.VIADAL_AGENT_POLL_SECONDS = 0.1
    slept: list[float] = []
    passes = iter(range(12))
    run_forever(sleep=slept.append, stop=lambda: next(passes, None) is None, tidy=lambda: None)
    assert fresh(match).version > 1 and slept and set(slept) == {0.1}  # it acted, then idled


def test_an_agent_match_is_listed_as_being_played_now(players):
    match = against_computer(players)
    lines = live_matches()
    assert [line.match.pk for line in lines] == [match.pk]
    assert "the computer, easy" in lines[0].away


def test_agent_choices_match_the_model(players):
    assert set(Agent.values) <= set(AGENTS)


def test_the_lobby_offers_three_strengths_each_with_its_line_in_the_readers_language(client, players):
    client.force_login(players.home)
    page = client.get(reverse("play:lobby")).content.decode()
    for value in ("greedy", "tactical", "search"):
        assert f'name="computer-agent" value="{value}"' in page
    assert "Easy: attacks whenever it can" in page and "Hard: plays the normal level" in page
    client.cookies["django_language"] = "hu"
    page = client.get(reverse("play:lobby")).content.decode()
    assert "Könnyű: támad, amikor csak tud" in page and "Nehéz:" in page


@pytest.mark.parametrize("level", ["tactical", "search"])
def test_the_worker_plays_the_normal_and_the_hard_level_the_same_way_after_a_restart(players, settings, level):
    settings.VIADAL_AGENT_HARD_BUDGET = 4  # iterations: the test's, not the hosted level's
    match = against_computer(players, agent=level)
    assert fresh(match).seats.get(seat=AWAY).agent == level
    rng = random.Random(3)
    for _ in range(400):  # into the rounds, where the hard level searches
        match = fresh(match)
        state = state_of(match)
        assert not is_over(state)
        if AWAY in seats_to_move(state):
            if state.phase in (Phase.NAMING, Phase.ACTING):
                break
            assert agent_move(match.pk, AWAY, level)
        else:
            choices = [a for a in legal_actions(state, HOME) if type(a).__name__ not in ("Concede", "EndStep")]
            choices = choices or legal_actions(state, HOME)[:1]
            match_play(
                match=match, player=players.home, version=match.version, actions=[action_to_json(rng.choice(choices))]
            )
    version = match.version
    assert agent_move(match.pk, AWAY, level)
    chosen = MatchAction.objects.get(match=match, seq=version + 1).action
    forget_all()  # a restart: nothing kept in the worker
    MatchAction.objects.filter(match=match, seq__gt=version).delete()
    Match.objects.filter(pk=match.pk).update(version=version)
    MatchSeat.objects.filter(match=match).update(prompt_version=0)
    assert agent_move(match.pk, AWAY, level)
    assert MatchAction.objects.get(match=match, seq=version + 1).action == chosen


def test_the_hard_level_searches_with_the_hosted_budget(settings):
    settings.VIADAL_AGENT_HARD_BUDGET = 7
    agent = make_agent("search", "seed")
    assert isinstance(agent, SearchAgent) and agent.budget == 7 == hard_budget()


def test_workers_split_the_matches_by_shard_and_a_bad_shard_is_refused(players):
    matches = [against_computer(players) for _ in range(3)]
    ids = {m.pk for m in matches}
    first = {row[0] for row in owed(Shard(0, 2))}
    second = {row[0] for row in owed(Shard(1, 2))}
    assert first | second == ids and not first & second
    assert all(pk % 2 == 0 for pk in first) and all(pk % 2 == 1 for pk in second)
    assert Shard.parse("1/2") == Shard(1, 2)
    for bad in ("2/2", "x", "1/0", "0/65"):
        with pytest.raises(ValueError, match="shard"):
            Shard.parse(bad)
    out = call_command_output("--once", "--shard", "0/2")
    assert "action(s) taken" in out


class Killed(BaseException):
    """A worker process killed in the middle of a search (SIGKILL: nothing after it runs)."""


def test_a_worker_killed_in_the_middle_of_a_hard_search_loses_nothing(players, settings, monkeypatch):
    """The worker dies inside the search: nothing was written, the seat still owes the decision, the
    match is not held, and the next worker answers it exactly as an undisturbed worker would have."""
    settings.VIADAL_AGENT_HARD_BUDGET = 6
    match = against_computer(players, agent="search")
    rng = random.Random(5)
    for _ in range(400):  # into the rounds, where the hard level searches
        match = fresh(match)
        state = state_of(match)
        if AWAY in seats_to_move(state):
            real = [a for a in legal_actions(state, AWAY) if type(a).__name__ != "Concede"]
            if state.phase in (Phase.NAMING, Phase.ACTING) and len(real) > 1:
                break  # a decision the search searches (one real choice is answered without it)
            assert agent_move(match.pk, AWAY, "search")
        else:
            choices = [a for a in legal_actions(state, HOME) if type(a).__name__ not in ("Concede", "EndStep")]
            choices = choices or legal_actions(state, HOME)[:1]
            match_play(
                match=match, player=players.home, version=match.version, actions=[action_to_json(rng.choice(choices))]
            )
    match = fresh(match)
    state = state_of(match)
    assert state.phase in (Phase.NAMING, Phase.ACTING) and AWAY in seats_to_move(state)
    undisturbed = make_agent("search", f"{match.seed}:{match.version}:{AWAY}").choose(
        state, AWAY, legal_actions(state, AWAY)
    )
    version, rows = match.version, MatchAction.objects.filter(match=match).count()
    calls = {"n": 0}
    rollout = SearchAgent._rollout

    def dying(self, *args):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:  # a searched decision plays at least four rollouts (docs/agents.md)
            raise Killed
        return rollout(self, *args)

    monkeypatch.setattr(SearchAgent, "_rollout", dying)
    with pytest.raises(Killed):
        run_until_idle()
    assert calls["n"] == 3  # it died mid-search, before its answer
    monkeypatch.setattr(SearchAgent, "_rollout", rollout)
    forget_all()  # a new process: nothing of the dead one's
    match = fresh(match)
    assert (match.version, MatchAction.objects.filter(match=match).count()) == (version, rows)
    assert MatchSeat.objects.get(match=match, seat=AWAY).to_move
    assert (match.pk, AWAY, "search") in owed()
    assert agent_move(match.pk, AWAY, "search")
    stored = MatchAction.objects.get(match=match, seq=version + 1)
    assert stored.seat == AWAY and stored.action == action_to_json(undisturbed)
    assert state_hash(rebuild(fresh(match))) == state_hash(state_of(fresh(match)))
