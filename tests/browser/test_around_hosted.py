"""Issue 15, done when: a player plays a whole match against the computer to its end in the
browser (two clicks from the lobby; the worker's code answers between his moves); a spectator
follows a match between two others live and no response he is sent holds a secret of either seat;
a replay is stepped backwards and forwards and jumped to a round."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from arena.engine import view_json
from arena.models import AWAY, HOME, Match, MatchSeat
from arena.runtime.states import state_of
from arena.services import match_play
from arena.worker import run_until_idle
from teams.models import Team
from tests.arena.hosted import begin, finished, fresh, make_players, mover
from tests.arena.script import DICE, SCRIPT, Step, chosen
from tests.arena.test_secrets import secrets_of
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import LAPTOP, PHONE, live_server  # noqa: F401 (the serialised live server)
from tests.budget import decisions, steps, variants
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser


# The pages of these whole-match tests poll every 200 ms instead of the site's 700: each of the
# computer's (or the script's) moves is then seen sooner, and a match of many moves ends sooner. A poll
# that finds nothing new is one query (arena/views/hosted_play.py), so the server keeps up.
FAST_POLL_MS = 200


def _version(page: Any) -> int:
    return int(page.get_attribute("#match-status", "data-version"))


def _wait_version(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => +document.querySelector('#match-status').dataset.version >= v", arg=version, timeout=10_000
    )


def _past_set_up(match: Match) -> bool:
    """The set-up is over: a seat names its characters or they act."""
    return view_json(state_of(match), None)["phase"] in ("naming", "acting")


def _concede(page: Any) -> None:
    """The seat's player concedes through his page (the match ends: the other side wins)."""
    page.click("#concede summary")
    page.click('#concede button[type="submit"]')


def _human_turn(page: Any) -> None:
    """One decision as a hurried player makes it: the team file's set-up, the first answer to a
    prompt, otherwise end the step (or, while deploying, the first hex offered)."""
    if page.locator("#as-team-file").count():
        page.click("#as-team-file")
    elif page.locator("#answer-form button.choice").count():
        page.locator("#answer-form button.choice").first.click()
    elif page.locator("#end-step").count():
        page.click("#end-step summary")
        page.click('#end-step button[data-kind="EndStep"]')
    elif page.locator("#action-form .choice-group > div > button.choice").count():
        page.locator("#action-form .choice-group > div > button.choice").first.click()
    else:
        page.locator("#action-form details.board-choices summary").first.click()
        page.locator("#action-form details.board-choices[open] button.choice").first.click()


@pytest.mark.parametrize("level", variants(["greedy", "tactical", "search"], quick=2))
def test_a_player_plays_a_whole_match_against_the_computer(browser, live_server, settings, level):  # noqa: F811
    settings.VIADAL_AGENT_HARD_BUDGET = 4  # the hard level searches, with the test's small budget
    settings.VIADAL_MATCH_POLL_MS = FAST_POLL_MS
    user = UserFactory(username="maganyos")
    TeamFactory(owner=user, name="Vasfarkasok", status=Team.Status.READY)
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    log_in(page, live_server, "maganyos")
    page.click('nav a[href="/play/"]')  # click 1: the header's Play
    if level != "greedy":  # the strength, offered on the card with a line each (easy is chosen already)
        page.check(f'input[name="computer-agent"][value="{level}"]')
    page.click("#play-computer")  # click 2: the lobby's "Play against the computer"
    page.wait_for_selector("#match-status")
    with live_server.lock:
        match = Match.objects.get()
        assert MatchSeat.objects.get(match=match, seat=AWAY).agent == level
    page.evaluate("window.__marker = 'no reload'")
    answers: list[float] = []
    # the whole match in the thorough run; else 12 of his decisions, at least 3 of them past the set-up
    # (the computer answering his steps), then he concedes
    limit = decisions(12)
    played = in_play = 0
    conceded = False
    for _turn in range(1500):
        with live_server.lock:
            match = fresh(match)
            if match.is_over:
                break
            mine = MatchSeat.objects.get(match=match, seat=HOME).to_move
            playing = _past_set_up(match)
        if mine:
            _wait_version(page, match.version)
            if limit is not None and played >= limit and in_play >= 3:
                _concede(page)
                conceded = True
                break
            before = _version(page)
            _human_turn(page)
            _wait_version(page, before + 1)
            played += 1
            in_play += playing
            continue
        with live_server.lock:  # the worker's pass (run_agents runs the same function in its loop)
            started = time.thread_time()  # its CPU: neither the wait for the lock nor a busy machine
            taken = run_until_idle()
            answers.append(time.thread_time() - started)
            match = fresh(match)
        assert taken, "the computer owed nothing, yet the player was not to move"
        _wait_version(page, match.version)  # the page shows the computer's answer by itself
    page.wait_for_selector("#match-result", timeout=5000)
    assert page.evaluate("window.__marker") == "no reload"
    with live_server.lock:
        match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.result["kind"] in ("victory", "points", "draw")
    if conceded:  # the computer's side won
        assert match.winner_seat == AWAY and answers, (match.result, answers)
    assert "Check the dice" in page.inner_text("#match-result")
    # each pass of the worker costs well under a second of CPU (the wait a player sees under load is
    # the hosted bench's: bench/agents_hosted_bench.py)
    assert max(answers) < 1.0, max(answers)
    context.close()


def test_a_spectator_follows_a_match_between_two_others_and_never_gets_a_secret(browser, live_server, settings):  # noqa: F811
    settings.VIADAL_MATCH_POLL_MS = FAST_POLL_MS
    with live_server.lock:
        players = make_players()
        UserFactory(username="nezo")
        match = begin(players, dice=DICE)
    contexts, bodies = [], []
    watcher = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    anonymous = browser.new_context(viewport=LAPTOP)
    pages = []
    for context in (watcher, anonymous):
        page = context.new_page()

        def keep(response: Any) -> None:
            try:
                bodies.append(response.text())
            except Exception:  # a redirect or a body the browser no longer holds
                pass

        page.on("response", keep)
        contexts.append(context)
        pages.append(page)
    log_in(pages[0], live_server, "nezo")
    for page in pages:
        page.goto(f"{live_server.url}/play/{match.pk}/")
        assert "spectator" in page.inner_text("#match-status")
    pages[1].goto(f"{live_server.url}/play/live/")
    pages[1].click(f'#live-matches a[href="/play/{match.pk}/"]')
    limit = decisions(30)  # the whole script in the thorough run; else its set-up and first steps, then a concession
    for step in SCRIPT[:limit]:
        with live_server.lock:
            match = fresh(match)
            match_play(
                match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)]
            )
            match = fresh(match)
            home_secrets, away_secrets = secrets_of(match, HOME), secrets_of(match, AWAY)
            live = match.is_live
        for page in pages:
            _wait_version(page, match.version)  # followed live, without reloading
            assert page.locator("form.play-form").count() == 0
        if live:
            for body in bodies:
                for secret in home_secrets + away_secrets:
                    assert secret not in body, secret
        bodies.clear()
    if limit is not None:  # the seat to move concedes: both spectators' pages show the end by themselves
        with live_server.lock:
            match = fresh(match)
            seat = mover(match)
            concession = chosen(match, Step(seat, "Concede"))
            match_play(match=match, player=players.user(seat), version=match.version, actions=[concession])
    for page in pages:
        page.wait_for_selector("#match-result")
    for context in contexts:
        context.close()


def test_a_replay_steps_backwards_and_forwards(browser, live_server):  # noqa: F811
    with live_server.lock:
        match = finished(make_players(), steps=300)
        last = match.version
        starts: dict[int, int] = {}
        for seq, events in match.actions.order_by("seq").values_list("seq", "events"):
            for event in events:
                if event["type"] == "RoundStarted":
                    starts.setdefault(event["round"], seq)
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/{match.pk}/")
    page.click("#replay-link")
    page.wait_for_selector("#replay")
    assert page.get_attribute("#replay", "data-at") == str(last)
    end_board = page.inner_html("#board-layer")
    for expected in range(last - 1, last - 6, -1):
        page.click("#replay-back")
        page.wait_for_selector(f'#replay[data-at="{expected}"]')
    assert f"Action {last - 5} of {last}" in page.inner_text("#replay-position")
    for expected in range(last - 4, last - 1):
        page.click("#replay-forward")
        page.wait_for_selector(f'#replay[data-at="{expected}"]')
    page.click("#replay-first")
    page.wait_for_selector('#replay[data-at="0"]')
    assert page.locator("#board-layer .piece").count() == 0  # the deal: nobody on the board yet
    assert "Trap cards:" in page.inner_text("#replay-secrets")  # both sides' secrets, the match being over
    page.select_option("#replay-round-select", "2")
    page.click("#replay-round button")
    page.wait_for_selector(f'#replay[data-at="{starts[2]}"]')
    assert "round 2" in page.inner_text("#replay-position")
    page.click("#replay-last")
    page.wait_for_selector(f'#replay[data-at="{last}"]')
    assert page.inner_html("#board-layer") == end_board
    record = json.loads(page.context.request.get(f"{live_server.url}/play/{match.pk}/record.json").text())
    assert len(record["actions"]) == last
    context.close()


def test_a_league_fixture_is_played_hosted_and_the_league_records_it(browser, live_server, settings):  # noqa: F811
    settings.VIADAL_MATCH_POLL_MS = FAST_POLL_MS
    from campaigns.models import Fixture
    from campaigns.services.fixtures import fixtures_generate
    from tests.campaigns.factories import LeagueFactory, enter_team

    with live_server.lock:
        league = LeagueFactory(round_limit=12)
        enter_team(league, player=UserFactory(username="aurelia"), name="Aurelia's Lions")
        enter_team(league, player=UserFactory(username="balint"), name="Bálint's Bears")
        fixture = fixtures_generate(league=league, actor=league.organiser)[0]
        users = {HOME: fixture.home.player.username, AWAY: fixture.away.player.username}
    pages = {}
    for seat, viewport in ((HOME, LAPTOP), (AWAY, PHONE)):
        context = browser.new_context(viewport=viewport)
        pages[seat] = context.new_page()
        log_in(pages[seat], live_server, users[seat])
        pages[seat].goto(f"{live_server.url}/leagues/fixtures/{fixture.pk}/")
    pages[AWAY].click("#play-fixture-hosted")  # either player begins it
    pages[AWAY].wait_for_selector("#match-status")
    pages[HOME].reload()
    pages[HOME].click("#hosted-fixture-match")
    pages[HOME].wait_for_selector("#match-status")
    assert "league fixture" in pages[HOME].inner_text("#match-status")
    with live_server.lock:
        match = Match.objects.get(fixture=fixture)
    # the set-up and the first steps, each on his own screen: 40 decisions in the thorough run; in `make
    # test` 12 at least and the set-up over (the league refuses a match of no round: HR-10.1)
    least = steps(40, 12)
    for decided in range(200):
        with live_server.lock:
            match = fresh(match)
            movers = [s.seat for s in MatchSeat.objects.filter(match=match, to_move=True)]
            playing = _past_set_up(match)
        if decided >= least and playing:
            break
        seat = movers[0]
        page = pages[seat]
        _wait_version(page, match.version)
        before = _version(page)
        _human_turn(page)
        _wait_version(page, before + 1)
    with live_server.lock:
        match = fresh(match)
        loser = MatchSeat.objects.filter(match=match, to_move=True).first().seat
    page = pages[loser]
    _wait_version(page, match.version)
    page.click("#concede summary")
    page.click('#concede button[type="submit"]')
    for each in pages.values():
        each.wait_for_selector("#match-result", timeout=5000)
    with live_server.lock:
        fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.CONFIRMED and fixture.result.hosted and fixture.campaign_done
    winner = pages[1 - loser]
    winner.click("#fixture-link")
    winner.wait_for_selector("#match-score")
    assert "Hosted" in winner.inner_text("body") and "Confirmed" in winner.inner_text("body")
    winner.goto(f"{live_server.url}/leagues/{league.pk}/standings/")
    with live_server.lock:
        winning_entry = fixture.home if loser == AWAY else fixture.away
    assert winning_entry.name in winner.inner_text("body")
    for each in pages.values():
        each.context.close()
