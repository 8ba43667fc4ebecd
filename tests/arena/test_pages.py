"""Issue 13, the pages: the header's "your move" count, the play screen for a player, a spectator
and an anonymous reader, the answers to actions (200, 409, 422, 403), the polling endpoint, the log."""

from __future__ import annotations

import json
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from arena import selectors
from arena.engine import action_to_json
from arena.models import Match, MatchSeat
from arena.services import match_create
from tests.arena.hosted import begin, first, fresh, legal, play
from tests.arena.script import DICE, SCRIPT, chosen
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def act_url(match: Match) -> str:
    return reverse("play:act", args=[match.pk])


def page_url(match: Match) -> str:
    return reverse("play:match", args=[match.pk])


def poll_url(match: Match, version: int) -> str:
    return reverse("play:poll", args=[match.pk]) + f"?v={version}"


def test_the_your_move_count_is_one_indexed_query(players, match, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert selectors.your_move_count(players.home) == 1
    assert selectors.your_move_count(UserFactory()) == 0


def test_every_page_counts_the_your_move_matches_in_the_header(client, players, match):
    client.force_login(players.away)
    html = client.get(reverse("teams:list")).content.decode()
    assert re.search(r'id="inbox-count"[^>]*>1</span>', html)
    MatchSeat.objects.filter(player=players.away).update(to_move=False)
    html = client.get(reverse("home")).content.decode()
    assert 'class="badge rounded-pill text-bg-warning d-none" id="inbox-count"' in html


def test_a_player_sees_his_choices_and_his_secrets(client, players, match):
    client.force_login(players.home)
    html = client.get(page_url(match)).content.decode()
    assert "Your move" in html and 'id="action-form"' in html and 'name="version" value="0"' in html
    assert "Your secrets" in html and "Trap cards:" in html
    assert 'id="as-team-file"' in html and "As in the team file" in html
    assert 'hx-trigger="every 700ms"' in html  # live: the page polls


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_a_spectator_sees_the_public_match_and_no_choices(client, players, match, who):
    if who == "stranger":
        client.force_login(UserFactory())
    html = client.get(page_url(match)).content.decode()
    assert "spectator" in html and 'id="action-form"' not in html and "Your secrets" not in html
    assert "Trap cards:" not in html


def test_an_open_challenge_has_no_play_screen_yet(client, players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20)
    response = client.get(page_url(match))
    assert response.status_code == 302 and response["Location"] == reverse("play:invite", args=[match.invite_token])


def _amulet(match: Match, seat: int) -> str:
    return json.dumps(action_to_json(first(legal(match, seat), "AssignAmulet")))


def test_an_action_answers_with_the_seats_refreshed_parts(client, players, match):
    client.force_login(players.home)
    response = client.post(act_url(match), {"version": 0, "action": _amulet(match, 0)}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and fresh(match).version == 1
    for part in ("match-status", "board-layer", "choices", "sides", "match-log", "poller", "inbox-count"):
        assert re.search(rf'id="{part}"[^>]*hx-swap-oob="true"', html), part
    assert 'name="version" value="1"' in html


def test_without_htmx_an_action_redirects_to_the_match(client, players, match):
    client.force_login(players.home)
    response = client.post(act_url(match), {"version": 0, "action": _amulet(match, 0)})
    assert response.status_code == 302 and response["Location"] == page_url(match)


def test_a_stale_page_gets_409_the_board_has_changed_and_the_new_position(client, players, match):
    client.force_login(players.home)
    first_click = _amulet(match, 0)
    client.post(act_url(match), {"version": 0, "action": first_click}, headers=HTMX)
    response = client.post(act_url(match), {"version": 0, "action": first_click}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert "The board has changed: here is the position as it stands now." in html
    assert 'name="version" value="1"' in html and fresh(match).version == 1
    response = client.post(act_url(match), {"version": 0, "action": first_click})  # no htmx: the whole page
    assert response.status_code == 409 and "The board has changed" in response.content.decode()


def test_a_refused_action_gets_422_with_the_referees_reason(client, players, match):
    client.force_login(players.home)
    wrong = json.dumps({"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"})
    response = client.post(act_url(match), {"version": 0, "action": wrong}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422 and "The referee refused" in html
    assert "(HR-12 ruling 39)." in html and "hand out the amulets first" not in html  # issue 32: no engine text
    response = client.post(act_url(match), {"version": 0, "action": "{not json"}, headers=HTMX)
    assert response.status_code == 422 and "This is not an action of the game." in response.content.decode()
    assert fresh(match).version == 0


def test_out_of_turn_gets_422_it_is_not_your_turn(client, players):
    match = begin(players, dice=DICE)
    for step in SCRIPT[:10]:
        match = fresh(match)
        client.force_login(players.user(step.seat))
        client.post(act_url(match), {"version": match.version, "action": json.dumps(chosen(match, step))})
    match = fresh(match)
    client.force_login(players.away)
    response = client.post(
        act_url(match),
        {"version": match.version, "action": json.dumps({"type": "ChooseRole", "seat": 1, "role": "side"})},
        headers=HTMX,
    )
    assert response.status_code == 422 and "It is not your turn" in response.content.decode()
    assert fresh(match).version == match.version


def test_acting_for_the_other_seat_is_403_and_anonymous_is_sent_to_log_in(client, players, match):
    client.force_login(players.away)
    response = client.post(act_url(match), {"version": 0, "action": _amulet(match, 0)}, headers=HTMX)
    assert response.status_code == 403
    client.force_login(UserFactory())
    response = client.post(act_url(match), {"version": 0, "action": _amulet(match, 0)}, headers=HTMX)
    assert response.status_code == 403
    client.logout()
    response = client.post(act_url(match), {"version": 0, "action": _amulet(match, 0)})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert fresh(match).version == 0


def test_polling_answers_nothing_new_in_one_query(client, players, match, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get(poll_url(match, 0))
    assert response.status_code == 204 and response.content == b""


def test_a_logged_in_players_poll_costs_no_more_than_his_session(client, players, match, django_assert_num_queries):
    client.force_login(players.home)
    with django_assert_num_queries(3):  # the session, the user (his language), the version
        assert client.get(poll_url(match, 0)).status_code == 204


def test_polling_after_a_change_triggers_the_refresh_of_the_seats_parts(client, players, match):
    play(match, players, first(legal(match, 0), "AssignAmulet"))
    client.force_login(players.away)
    response = client.get(poll_url(match, 0), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"match-changed": {"version": 1}}
    assert re.search(r'id="poller"[^>]*hx-swap-oob="true"', html) and "?v=1" in html


def test_polling_stops_with_286_once_the_match_is_over(client, players, match):
    match = play(match, players, first(legal(match, 1), "Concede"))
    client.force_login(players.home)
    response = client.get(poll_url(match, match.version - 1), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 286 and 'id="match-result"' in html
    assert "Victory for Vasfarkasok" in html and "hx-trigger" not in html.split('id="poller"')[1].split(">")[0]


def test_the_log_page_reads_every_line_with_its_dice(client, players):
    match = begin(players, dice=DICE)
    for step in SCRIPT:
        match = play(match, players, action_of(chosen(match, step)))
    html = client.get(reverse("play:log", args=[match.pk])).content.decode()
    assert "Side roll: " in html and '<span class="die" title="d10">9</span>' in html
    assert "The match is over in round 2: Victory for" in html
    assert 'id="final-characters"' in html


def action_of(data: dict):  # type: ignore[no-untyped-def]
    from arena.engine import action_from_json

    return action_from_json(data)


def test_the_play_screen_reads_in_hungarian(client, players, match):
    client.force_login(players.home)
    html = client.get(page_url(match), headers={"Accept-Language": "hu"}).content.decode()
    assert "Te lépsz" in html and "Előkészület: amulettek és ME-jelzők (titkos)" in html
    assert "Oszd ki az amulettjeidet" in html and "Ahogy a csapatfájlban" in html
    assert "Your move" not in html


def test_the_grip_of_the_team_file_is_marked_among_the_grips_the_engine_offers(client, players):
    match = begin(players, dice=DICE)
    for step in SCRIPT[:12]:  # secrets, role, half: now both record their grips
        match = play(match, players, action_of(chosen(match, step)))
    client.force_login(players.home)
    html = client.get(page_url(match)).content.decode()
    assert html.count("(as in the team file)") == 1
    assert re.search(r"Start with [^<]*\(as in the team file\)</button>", html)


@override_settings(VIADAL_MATCH_CLAIM_AFTER=0)
def test_a_claimed_match_reads_as_over_for_both(client, players):
    match = begin(players, dice=DICE)
    for step in SCRIPT[:5]:  # the home side has handed out its secrets; the away side owes its own
        match = play(match, players, action_of(chosen(match, step)))
    client.force_login(players.home)
    html = client.get(page_url(match)).content.decode()
    assert "Claim the match (a forfeit win)" in html
    response = client.post(reverse("play:claim", args=[match.pk]), {"version": match.version}, headers=HTMX)
    assert response.status_code == 200 and "You win by forfeit." in response.content.decode()
    client.force_login(players.away)
    html = client.get(page_url(match)).content.decode()
    assert "The match is over" in html and "Vasfarkasok wins by forfeit" in html and 'id="action-form"' not in html
