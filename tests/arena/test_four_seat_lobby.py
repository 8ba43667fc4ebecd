"""Issue 17 part 2, the lobby: a four-seat match (HR-8) made with the creator's ready team, its
other seats open, kept for invited players or played by the computer, filled seat by seat; a
player holds one seat at most."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import Match, MatchSeat
from arena.play_errors import MatchError
from arena.selectors import challenges_for, seats_open_to
from arena.services import SeatKind, SeatPlan, match_create_four, match_take_seat, match_withdraw
from teams.models import Team
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

OPEN, INVITED, COMPUTER = SeatKind.OPEN, SeatKind.INVITED, SeatKind.COMPUTER


def ready(name: str):  # type: ignore[no-untyped-def]
    user = UserFactory(username=name)
    return user, TeamFactory(owner=user, name=f"{name} csapata", status=Team.Status.READY)


def test_a_four_seat_match_waits_with_its_seats_as_the_creator_set_them__hr_8():
    creator, team = ready("elso")
    guest, _team = ready("masodik")
    match = match_create_four(
        creator=creator,
        team=team,
        mode="pairs",
        others=[SeatPlan(OPEN), SeatPlan(INVITED, guest), SeatPlan(COMPUTER)],
    )
    assert match.status == Match.Status.OPEN and match.mode == "pairs" and match.round_limit == 24
    rows = list(match.seats.order_by("seat").values_list("seat", "player", "invited", "agent"))
    assert rows == [(0, creator.pk, None, ""), (1, None, None, ""), (2, None, guest.pk, ""), (3, None, None, "greedy")]


def test_open_seats_are_anyones_and_a_kept_seat_only_the_invited_players():
    creator, team = ready("elso")
    guest, guest_team = ready("masodik")
    stranger, stranger_team = ready("idegen")
    match = match_create_four(
        creator=creator, team=team, mode="ffa", others=[SeatPlan(INVITED, guest), SeatPlan(OPEN), SeatPlan(COMPUTER)]
    )
    assert [s.seat for s in seats_open_to(match, stranger)] == [2]
    assert [s.seat for s in seats_open_to(match, guest)] == [1, 2]
    with pytest.raises(MatchError, match="not open to you"):
        match_take_seat(match=match, player=stranger, team=stranger_team, seat=1)
    match_take_seat(match=match, player=stranger, team=stranger_team, seat=2)
    assert MatchSeat.objects.get(match=match, seat=2).player == stranger
    assert [c.match for c in challenges_for(guest)] == [match]
    assert challenges_for(stranger) == []  # he holds a seat already


def test_a_player_holds_only_one_seat_of_a_match():
    creator, team = ready("elso")
    guest, guest_team = ready("masodik")
    match = match_create_four(
        creator=creator, team=team, mode="ffa", others=[SeatPlan(OPEN), SeatPlan(OPEN), SeatPlan(COMPUTER)]
    )
    with pytest.raises(MatchError, match="only one seat"):
        match_take_seat(match=match, player=creator, team=team, seat=1)
    match_take_seat(match=match, player=guest, team=guest_team, seat=1)
    with pytest.raises(MatchError, match="only one seat"):
        match_take_seat(match=match, player=guest, team=guest_team, seat=2)
    with pytest.raises(MatchError, match="only one seat"):
        match_create_four(
            creator=creator,
            team=team,
            mode="ffa",
            others=[SeatPlan(INVITED, guest), SeatPlan(INVITED, guest), SeatPlan(OPEN)],
        )


def test_only_ready_teams_of_ones_own_fill_a_seat():
    creator, team = ready("elso")
    guest, guest_team = ready("masodik")
    match = match_create_four(
        creator=creator, team=team, mode="ffa", others=[SeatPlan(OPEN), SeatPlan(OPEN), SeatPlan(OPEN)]
    )
    with pytest.raises(MatchError, match="your own teams"):
        match_take_seat(match=match, player=guest, team=team, seat=1)
    guest_team.status = Team.Status.DRAFT
    guest_team.save()
    with pytest.raises(MatchError, match="draft"):
        match_take_seat(match=match, player=guest, team=guest_team, seat=1)
    assert not MatchSeat.objects.filter(match=match, player=guest).exists()


@pytest.mark.parametrize("limit", [11, 31])
def test_a_four_seat_round_limit_is_bounded_12_to_30__hr_10_1(limit):
    creator, team = ready("elso")
    with pytest.raises(MatchError, match="12-30"):
        match_create_four(
            creator=creator,
            team=team,
            mode="pairs",
            round_limit=limit,
            others=[SeatPlan(OPEN), SeatPlan(OPEN), SeatPlan(OPEN)],
        )
    assert not Match.objects.exists()


def test_the_mode_is_pairs_or_free_for_all():
    creator, team = ready("elso")
    with pytest.raises(MatchError, match="pairs or free-for-all"):
        match_create_four(creator=creator, team=team, mode="duel", others=[SeatPlan(OPEN)] * 3)


def test_the_creator_withdraws_a_four_seat_match_before_it_fills():
    creator, team = ready("elso")
    guest, guest_team = ready("masodik")
    match = match_create_four(creator=creator, team=team, mode="ffa", others=[SeatPlan(OPEN)] * 3)
    match_take_seat(match=match, player=guest, team=guest_team, seat=1)
    with pytest.raises(MatchError, match="Only the challenger"):
        match_withdraw(match=match, player=guest)
    assert match_withdraw(match=match, player=creator).status == Match.Status.WITHDRAWN
    with pytest.raises(MatchError, match="no seat to take"):
        match_take_seat(match=match, player=UserFactory(), team=guest_team, seat=2)


def test_the_lobby_form_makes_a_four_seat_match_and_the_challenge_page_fills_it(client):
    creator, team = ready("elso")
    guest, guest_team = ready("masodik")
    client.force_login(creator)
    page = client.get(reverse("play:lobby"))
    assert b'id="four-form"' in page.content and b'name="four-round_limit" value="24"' in page.content
    response = client.post(
        reverse("play:four"),
        {
            "four-team": team.pk,
            "four-mode": "pairs",
            "four-round_limit": 24,
            "four-trap_insight": "on",
            "four-seat_1": INVITED,
            "four-player_1": "masodik",
            "four-seat_2": OPEN,
            "four-seat_3": COMPUTER,
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("play:invite", args=[match.invite_token])
    assert match.mode == "pairs" and MatchSeat.objects.get(match=match, seat=1).invited == guest
    client.force_login(guest)
    page = client.get(reverse("play:invite", args=[match.invite_token]))
    assert b'id="seat-form"' in page.content and b"kept for masodik" in page.content
    response = client.post(reverse("play:take_seat", args=[match.pk]), {"team": guest_team.pk, "seat": 1})
    assert response.status_code == 302
    assert MatchSeat.objects.get(match=match, seat=1).player == guest
    page = client.get(reverse("play:lobby"))
    assert b"waiting for its seats to fill" in page.content


def test_the_lobby_form_refuses_an_invitation_without_a_player(client):
    creator, team = ready("elso")
    client.force_login(creator)
    data = {"four-team": team.pk, "four-mode": "ffa", "four-round_limit": 24, "four-seat_1": INVITED}
    data |= {"four-seat_2": OPEN, "four-seat_3": OPEN}
    response = client.post(reverse("play:four"), data, follow=True)
    assert not Match.objects.exists() and b"Name the player" in response.content


def test_the_computers_seats_take_the_strength_chosen_in_the_form_and_an_unknown_one_is_refused(client):
    creator, team = ready("elso")
    client.force_login(creator)
    data = {"four-team": team.pk, "four-mode": "ffa", "four-round_limit": 24, "four-seat_1": COMPUTER}
    data |= {"four-seat_2": OPEN, "four-seat_3": COMPUTER, "four-computer": "search"}
    response = client.post(reverse("play:four"), data)
    assert response.status_code == 302
    match = Match.objects.get()
    agents = dict(match.seats.values_list("seat", "agent"))
    assert agents == {0: "", 1: "search", 2: "", 3: "search"}
    with pytest.raises(MatchError, match="Unknown computer opponent"):
        match_create_four(
            creator=creator, team=team, mode="pairs", others=[SeatPlan(COMPUTER, agent="grandmaster")] * 3
        )
