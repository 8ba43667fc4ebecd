"""Issue 17 part 2, done when: a four-seat match with two humans and two computer seats is played to
its end in the browser. The first player makes it in the lobby (pairs, round limit 12, seat 2 and
seat 4 the computer's, seat 3 kept for the second player), the second takes his seat from the
lobby's list, both play every decision through their pages' own buttons (one on a laptop, one on a
phone), and the computer seats answer through the worker's own code (``run_until_idle``, what
``run_agents`` loops over). Screenshots of the four-seat play screen at both widths go to
test-artifacts/."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

import pytest

from arena.engine import view_json
from arena.models import Match, MatchSeat
from arena.runtime.states import state_of
from arena.worker import run_until_idle
from teams.models import Team
from tests.arena.hosted import fresh
from tests.browser.actions import log_in
from tests.browser.test_around_hosted import FAST_POLL_MS, _concede, _human_turn, _version, _wait_version
from tests.browser.test_hosted_match import LAPTOP, PHONE, live_server  # noqa: F401 (the serialised live server)
from tests.budget import decisions
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser

FIRST, SECOND = 0, 2  # the humans' seats: opponents (seats 0+1 against 2+3)


def _make_the_match(page: Any, url: str) -> None:
    page.goto(f"{url}/play/")
    page.click("#four-form details summary")
    page.select_option("#id_four-mode", "pairs")
    page.fill("#id_four-round_limit", "12")
    page.select_option("#id_four-seat_1", "computer")
    page.select_option("#id_four-seat_2", "invited")
    page.fill("#id_four-player_2", "masodik")
    page.select_option("#id_four-seat_3", "computer")
    page.click("#make-four")
    page.wait_for_selector("#invite-link")


def _take_the_seat(page: Any, url: str) -> None:
    page.goto(f"{url}/play/")
    page.click("#open-challenges a.take-a-seat")
    page.wait_for_selector("#seat-form")
    assert page.locator("#seat-number option").all_inner_texts() == ["3"]  # the seat kept for him
    page.click("#take-seat")
    page.wait_for_selector("#match-status")


def _in_round_two(match: Match) -> bool:
    public = view_json(state_of(match), None)
    return public["round"] >= 2 and public["phase"] in ("naming", "acting")


def _screenshots(laptop: Any, phone: Any, version: int, artifacts: Any) -> None:
    for page in (laptop, phone):
        _wait_version(page, version)
        page.wait_for_selector("#whose-step")
    laptop.screenshot(path=str(artifacts / "four-seat-laptop.png"), full_page=True)
    phone.screenshot(path=str(artifacts / "four-seat-phone.png"), full_page=True)
    phone.screenshot(path=str(artifacts / "four-seat-phone-screen.png"))
    phone.locator("#sides").screenshot(path=str(artifacts / "four-seat-phone-sides.png"))


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 3),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "worst": round(ordered[-1], 3),
    }


def test_two_humans_and_two_computer_seats_play_a_four_seat_match_to_its_end(browser, live_server, artifacts, settings):  # noqa: F811
    settings.VIADAL_MATCH_POLL_MS = FAST_POLL_MS
    with live_server.lock:
        for name, team in (("elso", "Vasfarkasok"), ("masodik", "Ködlovagok")):
            TeamFactory(owner=UserFactory(username=name), name=team, status=Team.Status.READY)
    laptop = browser.new_context(viewport=LAPTOP)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    first, second = laptop.new_page(), phone.new_page()
    log_in(first, live_server, "elso")
    log_in(second, live_server, "masodik")
    _make_the_match(first, live_server.url)
    _take_the_seat(second, live_server.url)
    first.wait_for_selector("#match-status", timeout=10_000)  # the challenge page opens the match by itself
    with live_server.lock:
        match = Match.objects.get()
        assert match.mode == "pairs" and match.round_limit == 12 and match.status == Match.Status.SETUP
        agents = sorted(MatchSeat.objects.filter(match=match).exclude(agent="").values_list("seat", flat=True))
        assert agents == [1, 3]
    for page in (first, second):
        assert page.locator("#seat-list li").count() == 4
    pages = {FIRST: first, SECOND: second}
    shot = False
    clicks: list[float] = []  # a human's click to his page showing the new version
    agent_actions: list[float] = []  # the worker's time per action it took
    # the whole match in the thorough run; else into round 2 (the screenshots) and at least 30 of the
    # humans' decisions, then the human to move concedes for his side
    limit = decisions(30)
    conceded: int | None = None  # the seat that conceded for his side
    for _turn in range(4000):
        with live_server.lock:
            match = fresh(match)
            if match.is_over:
                break
            owed = set(MatchSeat.objects.filter(match=match, to_move=True).values_list("seat", flat=True))
        humans = [seat for seat in (FIRST, SECOND) if seat in owed]
        if humans:
            page = pages[humans[0]]
            _wait_version(page, match.version)
            if not shot and _in_round_two(match):
                _screenshots(first, second, match.version, artifacts)
                shot = True
            if limit is not None and shot and len(clicks) >= limit:
                _concede(page)
                conceded = humans[0]
                break
            before = _version(page)
            started = time.perf_counter()
            _human_turn(page)
            _wait_version(page, before + 1)
            clicks.append(time.perf_counter() - started)
            continue
        started = time.perf_counter()
        with live_server.lock:  # the worker's pass (run_agents runs the same function in its loop)
            taken = run_until_idle()
        assert taken, f"nobody could move: owed {owed}"
        agent_actions += [(time.perf_counter() - started) / taken] * taken
    for page in (first, second):
        page.wait_for_selector("#match-result", timeout=10_000)
    with live_server.lock:
        match = fresh(match)
        acted = set(match.actions.exclude(seat=None).values_list("seat", flat=True))
        total = match.version
    assert match.status == Match.Status.FINISHED and match.result is not None
    if conceded is not None:  # the other side won (its first seat stands for it)
        assert match.winner_seat == 2 * (1 - conceded // 2), match.result
    assert acted == {0, 1, 2, 3} and shot
    figures = {
        "actions": total,
        "human_actions": len(clicks),
        "computer_actions": len(agent_actions),
        "click_to_page_s": _spread(clicks),
        "computer_action_s": _spread(agent_actions),
        "result": match.result,
        "whole_match": conceded is None,
    }
    (artifacts / "four-seat-match.json").write_text(json.dumps(figures, indent=2))
    assert "Check the dice" in first.inner_text("#match-result")
    laptop.close()
    phone.close()
