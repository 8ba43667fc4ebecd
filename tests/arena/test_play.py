"""Issue 13, playing: every action refereed by the engine in one transaction on the locked match row,
stored with its events; refusals leave the stored match as it was; the state rebuilt from the
database is the live one; the waiting player's forfeit claim."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.utils import timezone

from arena.engine import action_to_json, event_to_json, legal_actions, seats_to_move, state_hash
from arena.models import Match, MatchAction, MatchSeat
from arena.play_errors import ActionRefusedError, MatchError, StaleBoardError
from arena.runtime.states import forget_all, rebuild, state_of
from arena.services import match_claim_forfeit, match_play
from tests.arena.hosted import begin, first, fresh, legal, play
from tests.arena.script import DICE, SCRIPT, chosen
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def stored(match: Match) -> tuple[int, str, int, str]:
    """What a refusal must leave as it was: the version, the status, the actions, the position."""
    match = fresh(match)
    forget_all()
    return match.version, match.status, MatchAction.objects.filter(match=match).count(), state_hash(rebuild(match))


def amulet(match: Match, seat: int) -> dict:
    return action_to_json(first(legal(match, seat), "AssignAmulet"))


def test_an_action_is_stored_with_the_events_it_caused_and_the_version_moves(players, match):
    action = amulet(match, 0)
    played = match_play(match=match, player=players.home, version=0, actions=[action])
    row = MatchAction.objects.get(match=match, seq=1)
    assert row.seat == 0 and row.action == action
    assert row.events == [event_to_json(e) for e in played.events]
    assert row.events[0] == {**row.events[0], "type": "AmuletAssigned", "seat": 0, "visible_to": 0}
    assert fresh(match).version == 1 and fresh(match).last_action_at is not None


def test_acting_out_of_turn_is_refused_and_changes_nothing(players):
    match = begin(players, dice=DICE)
    for step in SCRIPT[:10]:  # both seats' secrets: now the side-roll winner (home) chooses
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
    assert seats_to_move(state_of(fresh(match))) == (0,)
    before = stored(match)
    with pytest.raises(MatchError, match="not your turn"):
        match_play(
            match=match,
            player=players.away,
            version=before[0],
            actions=[{"type": "ChooseRole", "seat": 1, "role": "side"}],
        )
    assert stored(match) == before


def test_acting_for_the_other_seat_or_without_a_seat_is_403_and_changes_nothing(players, match):
    before = stored(match)
    with pytest.raises(PermissionDenied):
        match_play(match=match, player=players.away, version=0, actions=[amulet(match, 0)])
    with pytest.raises(PermissionDenied):
        match_play(match=match, player=UserFactory(), version=0, actions=[amulet(match, 0)])
    assert stored(match) == before


def test_a_page_older_than_the_seats_choices_is_told_the_board_has_changed(players, match):
    match_play(match=match, player=players.home, version=0, actions=[amulet(match, 0)])
    before = stored(match)
    with pytest.raises(StaleBoardError, match="The board has changed"):  # the second click, or a second tab
        match_play(match=match, player=players.home, version=0, actions=[amulet(match, 0)])
    with pytest.raises(StaleBoardError):  # a version the match never had
        match_play(match=match, player=players.home, version=7, actions=[amulet(match, 0)])
    assert stored(match) == before


def test_both_seats_set_up_at_once_without_rejecting_each_other__hosting_lesson_3(players, match):
    """Both pages are built at version 0; each seat's secret choices leave the other's as they were."""
    home, away = amulet(match, 0), amulet(match, 1)
    match_play(match=match, player=players.home, version=0, actions=[home])
    match_play(match=match, player=players.away, version=0, actions=[away])
    match_play(match=match, player=players.home, version=1, actions=[amulet(match, 0)])
    assert fresh(match).version == 3
    assert [s.prompt_version for s in MatchSeat.objects.filter(match=match)] == [3, 2]


def test_an_action_the_engine_refuses_is_refused_with_its_reason_and_changes_nothing(players, match):
    before = stored(match)
    wrong = {"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"}  # amulets first
    with pytest.raises(ActionRefusedError, match="hand out the amulets first") as refusal:
        match_play(match=match, player=players.home, version=0, actions=[wrong])
    assert "HR-12 ruling 39" in str(refusal.value)
    for garbage in ({"type": "Teleport", "seat": 0}, {"seat": 0}, {"type": "AssignAmulet", "seat": 0}):
        with pytest.raises((ActionRefusedError, PermissionDenied)):
            match_play(match=match, player=players.home, version=0, actions=[garbage])
    assert stored(match) == before


def test_a_refused_action_in_a_batch_leaves_none_of_it(players, match):
    before = stored(match)
    batch = [amulet(match, 0), {"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"}]
    with pytest.raises(ActionRefusedError):
        match_play(match=match, player=players.home, version=0, actions=batch)
    assert stored(match) == before


def test_the_rebuilt_match_has_the_live_state_hash_after_every_action(players):
    match = begin(players, dice=DICE)
    for step in SCRIPT:
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
        match = fresh(match)
        live = state_of(match)  # the state the service cached after its commit
        assert state_hash(rebuild(match)) == state_hash(live)
    assert match.status == Match.Status.FINISHED
    assert match.result == {**match.result, "kind": "victory", "winner": 0} and match.winner_seat == 0


def test_a_restart_in_the_middle_of_a_match_loses_nothing(players):
    match = begin(players, dice=DICE)
    for index, step in enumerate(SCRIPT):
        if index % 7 == 3:
            forget_all()  # a new process: nothing cached
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
    assert fresh(match).winner_seat == 0


def test_the_your_move_flags_follow_the_engine(players):
    match = begin(players, dice=DICE)
    for step in SCRIPT:
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
        movers = seats_to_move(state_of(fresh(match)))
        assert [s.to_move for s in MatchSeat.objects.filter(match=match)] == [0 in movers, 1 in movers]
    assert not MatchSeat.objects.filter(match=match, to_move=True).exists()


def test_conceding_gives_the_opponent_a_victory__hr_12_ruling_37(players, match):
    match = play(match, players, first(legal(match, 1), "Concede"))
    assert match.status == Match.Status.FINISHED and match.winner_seat == 0
    assert match.result["kind"] == "victory"
    late = {"type": "AssignAmulet", "seat": 0, "amulet": "poison", "char": "0.gladiator"}
    with pytest.raises(MatchError, match="not being played"):
        match_play(match=match, player=players.home, version=match.version, actions=[late])


def _home_waits(players):  # type: ignore[no-untyped-def]
    """A match where the home side has handed out its secrets and the away side owes its own."""
    match = begin(players, dice=DICE)
    for step in SCRIPT[:5]:
        match = fresh(match)
        match_play(match=match, player=players.home, version=match.version, actions=[chosen(match, step)])
    return fresh(match)


@override_settings(VIADAL_MATCH_CLAIM_AFTER=3600)
def test_the_waiting_player_claims_a_forfeit_win_once_the_time_has_passed(players):
    match = _home_waits(players)
    with pytest.raises(MatchError, match="still has time"):
        match_claim_forfeit(match=match, player=players.home, version=match.version)
    with pytest.raises(MatchError, match="owes the decision and you do not"):
        match_claim_forfeit(match=match, player=players.away, version=match.version)
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(hours=2))
    match_claim_forfeit(match=match, player=players.home, version=match.version)
    match = fresh(match)
    assert match.status == Match.Status.FINISHED and match.forfeit and match.winner_seat == 0
    assert match.result == {"kind": "forfeit", "winner": 0, "scores": [0, 0], "round": 0, "reason": ""}
    assert not MatchSeat.objects.filter(match=match, to_move=True).exists()


@override_settings(VIADAL_MATCH_CLAIM_AFTER=0)
def test_a_claim_is_refused_when_the_opponent_moved_meanwhile(players):
    match = _home_waits(players)
    seen = match.version
    away = action_to_json(first(legal_actions(state_of(match), 1), "AssignAmulet"))
    match_play(match=match, player=players.away, version=seen, actions=[away])
    with pytest.raises(StaleBoardError, match="moved meanwhile"):
        match_claim_forfeit(match=match, player=players.home, version=seen)
    assert fresh(match).status == Match.Status.SETUP
