"""Issue 28, item 3: what one account may start in hosted play (open challenges, live matches, computer
seats, how fast), each refusal a clear message in both languages; the lobby, the inbox and the live list
paged with their queries counted and their page size bounded with thousands of matches; the public list
of challenges fair (at most two of one account's)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse
from django.utils import timezone, translation

from arena.models import HOME, Agent, Match, MatchSeat
from arena.selectors import CHALLENGES_PER_ACCOUNT, PAGE_SIZE, open_challenges_for
from arena.services import (
    SeatKind,
    SeatPlan,
    match_accept,
    match_create,
    match_create_against_agent,
    match_create_four,
    match_create_table,
    match_withdraw,
)
from arena.services.account_limits import LimitError
from teams.models import Team
from tests.factories import TeamFactory, UserFactory
from viadal_site.settings import base

pytestmark = pytest.mark.django_db

PRODUCTION = override_settings(VIADAL_HOSTED_LIMITS=base.VIADAL_HOSTED_LIMITS)
LIMITS = base.VIADAL_HOSTED_LIMITS


def _ready(user=None) -> Team:
    return TeamFactory(owner=user or UserFactory(), status=Team.Status.READY)


def _both_languages(call) -> tuple[str, str]:
    """The refusal's message in English and in Hungarian (the call is refused both times)."""
    found = []
    for language in ("en", "hu"):
        with translation.override(language), pytest.raises(LimitError) as refusal:
            call()
        found.append(str(refusal.value))
    return found[0], found[1]


def _age(user, minutes: int) -> None:
    """His matches made long enough ago not to count against the rate."""
    Match.objects.filter(created_by=user).update(created_at=timezone.now() - timedelta(minutes=minutes))


@PRODUCTION
def test_open_challenges_are_limited_with_a_message_in_both_languages():
    team = _ready()
    for _ in range(LIMITS["open_challenges"]):
        match_create(creator=team.owner, team=team, round_limit=12)
    english, hungarian = _both_languages(lambda: match_create(creator=team.owner, team=team, round_limit=12))
    assert english.startswith("You have 5 challenges waiting for an opponent, the most one account may have")
    assert hungarian.startswith("5 kihívásod vár ellenfélre")
    match_withdraw(match=Match.objects.filter(created_by=team.owner).first(), player=team.owner)
    match_create(creator=team.owner, team=team, round_limit=12)  # one withdrawn: one more may wait


@PRODUCTION
def test_computer_seats_are_limited():
    team = _ready()
    for _ in range(LIMITS["computer_seats"]):
        match_create_against_agent(creator=team.owner, team=team, agent=Agent.GREEDY, round_limit=12)
    _age(team.owner, 60)
    english, hungarian = _both_languages(
        lambda: match_create_against_agent(creator=team.owner, team=team, agent=Agent.GREEDY, round_limit=12)
    )
    assert english.startswith("The computer plays 6 seats in your matches under way; one account may have it play")
    assert hungarian.startswith("A gép 6 helyen játszik a folyamatban lévő meccseidben")
    others = [SeatPlan(SeatKind.COMPUTER)] * 3
    with pytest.raises(LimitError):  # three more computer seats in a four-seat match
        match_create_four(creator=team.owner, team=team, mode="pairs", others=others)
    assert Match.objects.filter(created_by=team.owner).count() == LIMITS["computer_seats"]


@PRODUCTION
def test_live_matches_are_limited_for_the_maker_and_the_one_who_accepts():
    team = _ready()
    for index in range(LIMITS["live_matches"]):
        match_create_table(creator=team.owner, home_team=team, away_team=None, round_limit=12)
        if index % 5 == 4:
            _age(team.owner, 60)
    english, hungarian = _both_languages(
        lambda: match_create_table(creator=team.owner, home_team=team, away_team=None, round_limit=12)
    )
    assert english.startswith("You have 20 matches under way, the most one account may have")
    assert hungarian.startswith("20 meccsed van folyamatban")
    other = _ready()
    challenge = match_create(creator=other.owner, team=other, round_limit=12)
    with pytest.raises(LimitError, match="20 matches under way"):
        match_accept(match=challenge, player=team.owner, team=team)
    busy = match_create(creator=team.owner, team=team, round_limit=12)  # a challenge still may wait
    with pytest.raises(LimitError, match=f"{team.owner.username} has 20 matches under way"):
        match_accept(match=busy, player=other.owner, team=other)
    assert Match.objects.get(pk=busy.pk).status == Match.Status.OPEN


@PRODUCTION
def test_how_fast_one_account_makes_matches_is_limited():
    team = _ready()
    for _ in range(LIMITS["created"]):
        match = match_create(creator=team.owner, team=team, round_limit=12)
        match_withdraw(match=match, player=team.owner)
    english, hungarian = _both_languages(lambda: match_create(creator=team.owner, team=team, round_limit=12))
    assert english == "You have made 10 matches in the last 10 minutes: wait a little before you make another."
    assert hungarian.startswith("Az elmúlt 10 percben 10 meccset indítottál")
    _age(team.owner, 11)
    match_create(creator=team.owner, team=team, round_limit=12)


@PRODUCTION
def test_the_lobby_says_why_it_refused(client):
    team = _ready()
    for _ in range(LIMITS["open_challenges"]):
        match_create(creator=team.owner, team=team, round_limit=12)
    client.force_login(team.owner)
    response = client.post(reverse("play:lobby"), {"team": team.pk, "round_limit": 12}, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 200
    assert "kihívásod vár ellenfélre" in response.content.decode()
    assert Match.objects.filter(created_by=team.owner).count() == LIMITS["open_challenges"]


# --- thousands of matches: paged, the queries counted ---------------------------------------------------


def _many(user, count: int, status: str, **seat: object) -> None:
    """``count`` matches of ``user`` (and another player) with ``status``, written in bulk."""
    opponent = UserFactory()
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(
            created_by=user,
            status=status,
            last_action_at=now - timedelta(seconds=i),
            finished_at=now - timedelta(seconds=i) if status == Match.Status.FINISHED else None,
            result={"kind": "victory", "winner": 0, "scores": [20, 0], "round": 12, "reason": ""}
            if status == Match.Status.FINISHED
            else None,
            winner_seat=0 if status == Match.Status.FINISHED else None,
        )
        for i in range(count)
    )
    MatchSeat.objects.bulk_create(
        [MatchSeat(match=m, seat=HOME, player=user, team_name="Vasfarkasok", **seat) for m in matches]
        + [MatchSeat(match=m, seat=1, player=opponent, team_name="Ködlovagok") for m in matches]
    )


def _queries_and_size(client: Client, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries), len(response.content)


@pytest.mark.parametrize(
    ("url", "status", "seat"),
    [
        ("/play/", Match.Status.FINISHED, {}),
        ("/play/live/", Match.Status.PLAYING, {}),
        ("/accounts/inbox/", Match.Status.PLAYING, {"to_move": True}),
    ],
)
def test_a_list_of_thousands_of_matches_is_paged_with_the_same_queries(url, status, seat):
    player = UserFactory()
    client = Client()
    client.force_login(player)
    client.get(url)  # the process learns whose session it is: from then on one statement reads it and the user
    _many(player, 30, status, **seat)
    few = _queries_and_size(client, url)
    _many(player, 3_000, status, **seat)
    many = _queries_and_size(client, url)
    assert many[0] == few[0]  # the same queries whatever the number of matches
    assert many[1] < few[1] * 2  # one page of them: the page stays small
    last = _queries_and_size(client, url + ("?live=151" if "live" in url else "?page=61"))
    assert last[0] == few[0]


def test_a_page_of_finished_matches_has_page_size_lines():
    from arena.selectors import finished_page_of, matches_of

    player = UserFactory()
    _many(player, 3 * PAGE_SIZE + 1, Match.Status.FINISHED)
    page = finished_page_of(player, 2)
    lines = matches_of(player, page)
    assert len(lines["finished"]) == PAGE_SIZE and page.paginator.num_pages == 4
    assert len(matches_of(player, finished_page_of(player, "999"))["finished"]) == 1  # past the end: the last page


def test_the_public_list_of_challenges_shows_at_most_two_of_one_account():
    flooder = _ready()
    Match.objects.bulk_create(Match(created_by=flooder.owner) for _ in range(50))  # made before the limits
    MatchSeat.objects.bulk_create(
        MatchSeat(match=m, seat=HOME, player=flooder.owner, team=flooder, team_name=flooder.name)
        for m in Match.objects.filter(created_by=flooder.owner)
    )
    others = [match_create(creator=t.owner, team=t, round_limit=12) for t in (_ready() for _ in range(3))]
    reader = UserFactory()
    found = open_challenges_for(reader)
    assert sum(1 for m in found if m.created_by_id == flooder.owner_id) == CHALLENGES_PER_ACCOUNT
    assert set(others) <= set(found)
    invited = match_create(creator=flooder.owner, team=flooder, round_limit=12, invited=reader)
    assert invited in open_challenges_for(reader)  # an invitation for him is always shown
