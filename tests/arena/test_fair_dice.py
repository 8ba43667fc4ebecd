"""Issue 28, "a die once rolled stands": a list of actions posted to ``/play/<id>/act/`` cannot roll the
dice and then take them back when a later action turns out illegal. Each action of a list is stored as
it is applied (with the dice it rolled); only a list of set-up choices that roll nothing ("as in the
team file") is taken whole or not at all.

The look-ahead: ``[MeleeAttack, DeclineShift]`` is legal only when the attack wins (only the roll's
winner is offered the shift), and ``[Dodge, DeclineShift]`` only when the defender wins. Both are
sent with dice that win and dice that lose: the attack (or the Kitérés) is stored with its roll either
way.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arena.services.hosted_play as play_service
from arena.engine import (
    SeededDice,
    action_to_json,
    apply,
    event_from_json,
    is_over,
    legal_actions,
    seats_to_move,
)
from arena.engine.match.events import DiceRolled
from arena.models import Match, MatchAction
from arena.play_errors import ActionRefusedError, MatchError
from arena.runtime.states import state_of
from arena.services import match_accept, match_create, match_play
from tests.arena.hosted import Players, begin, fresh
from tests.arena.script import SCRIPT, Step, chosen
from tests.budget import examples
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

SIDE_ROLLS = [9, 3]  # home wins the side roll (tests/arena/script.py)
WINS = [10, 1]  # the attacker's d10, then the defender's: 15 + 10 against 9 + 1
LOSES = [1, 10]  # 15 + 1 against 9 + 10
ATTACK = next(i for i, step in enumerate(SCRIPT) if step.kind == "MeleeAttack")


def _holding(*items: str) -> Any:
    return lambda data: sorted(data["hand"]) == sorted(items)


def _script(*, dodging: bool) -> list[Step]:
    """The scripted match up to the first attack, the home gladiator bare-handed (TÉ 15) so that
    either side may win the roll; the away gladiator holds a halberd (VÉ 9), or with ``dodging`` a
    short sword and a shield (VÉ 9, and Kitérés, which needs an item that allows it: RB p.20)."""
    away = _holding("short_sword", "shield") if dodging else _holding("halberd")
    grips = {0: Step(0, "RecordGrip", test=_holding()), 1: Step(1, "RecordGrip", test=away)}
    return [grips[s.seat] if s.kind == "RecordGrip" else s for s in SCRIPT[:ATTACK]]


def _to_the_attack(players: Players, dice: list[int], *, dodging: bool = False) -> Match:
    match = begin(players, dice=SIDE_ROLLS + dice)
    for step in _script(dodging=dodging):
        match = fresh(match)
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[chosen(match, step)])
    return fresh(match)


def _attack(match: Match) -> dict[str, Any]:
    return chosen(match, Step(0, "MeleeAttack", {"skill": None, "quick": False}))


def _rolls(row: MatchAction) -> list[tuple[str, int]]:
    return [(e["purpose"], e["result"]) for e in row.events if e["type"] == "DiceRolled"]


def _post(client: Client, match: Match, actions: list[dict[str, Any]]) -> Any:
    return client.post(
        f"/play/{match.pk}/act/", {"version": match.version, "actions": json.dumps(actions)}, HTTP_HX_REQUEST="true"
    )


def _client(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_an_attack_that_wins_is_stored_with_its_shift_declined(players):
    match = _to_the_attack(players, WINS)
    attack = _attack(match)
    decline = {"type": "DeclineShift", "seat": 0, "char": attack["char"]}
    response = _post(_client(players.home), match, [attack, decline])
    assert response.status_code == 200
    rows = list(MatchAction.objects.filter(match=match, seq__gt=match.version))
    assert [r.action["type"] for r in rows] == ["MeleeAttack", "DeclineShift"]
    assert [result for _purpose, result in _rolls(rows[0])] == WINS


def test_a_losing_attack_with_the_look_ahead_list_is_stored_with_its_roll__a_die_rolled_stands(players):
    match = _to_the_attack(players, LOSES)
    attack = _attack(match)
    decline = {"type": "DeclineShift", "seat": 0, "char": attack["char"]}
    response = _post(_client(players.home), match, [attack, decline])
    assert response.status_code == 422  # the shift is the defender's to make: the decline is refused
    assert "1 action was played and stands with its dice" in response.content.decode()
    rows = list(MatchAction.objects.filter(match=match, seq__gt=match.version))
    assert [r.action for r in rows] == [attack]
    assert [result for _purpose, result in _rolls(rows[0])] == LOSES
    before = match.version
    assert fresh(match).version == before + 1
    assert seats_to_move(state_of(fresh(match))) == (1,)  # the winner (away) now decides his shift


def test_the_service_says_where_a_list_stopped(players):
    match = _to_the_attack(players, LOSES)
    attack = _attack(match)
    played = match_play(
        match=match,
        player=players.home,
        version=match.version,
        actions=[attack, {"type": "DeclineShift", "seat": 0, "char": attack["char"]}],
    )
    assert played.stored == 1 and isinstance(played.stopped, MatchError)
    assert any(isinstance(e, DiceRolled) for e in played.events)


@pytest.mark.parametrize(("dice", "defender_wins"), [(LOSES, True), (WINS, False)])
def test_the_kiteres_variant_stores_the_dodge_and_its_roll_whether_it_won_or_lost(players, dice, defender_wins):
    match = _to_the_attack(players, dice, dodging=True)
    match_play(match=match, player=players.home, version=match.version, actions=[_attack(match)])
    match = fresh(match)
    dodge = chosen(match, Step(1, "Dodge", {"use": True}))
    decline = {"type": "DeclineShift", "seat": 1, "char": dodge["char"]}
    response = _post(_client(players.away), match, [dodge, decline])
    rows = list(MatchAction.objects.filter(match=match, seq__gt=match.version))
    assert rows[0].action == dodge
    assert [result for _purpose, result in _rolls(rows[0])] == dice
    if defender_wins:
        assert response.status_code == 200 and [r.action["type"] for r in rows] == ["Dodge", "DeclineShift"]
    else:
        assert response.status_code == 422 and len(rows) == 1


def test_a_list_of_set_up_choices_that_roll_nothing_is_still_taken_whole_or_not_at_all(players, match):
    amulet = next(a for a in legal_actions(state_of(match), 0) if type(a).__name__ == "AssignAmulet")
    wrong = {"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"}  # amulets first
    with pytest.raises(ActionRefusedError):
        match_play(match=match, player=players.home, version=0, actions=[action_to_json(amulet), wrong])
    assert fresh(match).version == 0 and not MatchAction.objects.filter(match=match, seq__gt=0).exists()


# --- the invariant: for any position and any list, the stored dice are the dice rolled ---------------------


class Recording:
    """The match's own dice, noting every roll made."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int, n: int) -> int:
        result = int(self.inner.roll(sides, n))
        self.rolled.append((sides, result))
        return result


def _imagined_list(state: Any, seat: int, picks: list[int], seed: int) -> list[dict[str, Any]]:
    """A list of the seat's actions, each legal after the one before under dice the player imagines."""
    found: list[dict[str, Any]] = []
    dice = SeededDice(f"imagined:{seed}")
    for pick in picks:
        if is_over(state) or seat not in seats_to_move(state):
            break
        options = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        if not options:
            break
        action = options[pick % len(options)]
        found.append(action_to_json(action))
        state, _events = apply(state, action, dice)
    return found


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.integers(min_value=0, max_value=len(SCRIPT) - 1),
    d10s=st.lists(st.integers(min_value=1, max_value=10), min_size=2, max_size=12),
    picks=st.lists(st.integers(min_value=0, max_value=200), min_size=1, max_size=5),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_for_any_position_and_any_list_the_stored_dice_are_the_dice_rolled(
    players, monkeypatch, steps, d10s, picks, seed
):
    match = match_create(creator=players.home, team=players.home_team, round_limit=12)
    Match.objects.filter(pk=match.pk).update(dice_script=SIDE_ROLLS + d10s)
    match = match_accept(match=fresh(match), player=players.away, team=players.away_team)
    for step in SCRIPT[:steps]:  # a position along the scripted match (where the script still fits the dice)
        match = fresh(match)
        try:
            action = chosen(match, step)
        except AssertionError:
            break
        match_play(match=match, player=players.user(step.seat), version=match.version, actions=[action])
    match = fresh(match)
    state = state_of(match)
    if is_over(state):
        return
    seat = seats_to_move(state)[0]
    actions = _imagined_list(state, seat, picks, seed)
    if not actions:
        return
    recordings: list[Recording] = []
    original = play_service.dice_for

    def recorded(script: Any, match_seed: str, at: Any) -> Recording:
        inner = original(script, match_seed, at)
        recordings.append(Recording(inner if inner is not None else at.dice))
        return recordings[-1]

    monkeypatch.setattr(play_service, "dice_for", recorded)
    before = match.version
    try:
        match_play(match=match, player=players.user(seat), version=before, actions=actions)
    except (MatchError, PermissionDenied):
        pass
    finally:
        monkeypatch.setattr(play_service, "dice_for", original)
    stored = [
        (event.sides, event.result)
        for row in MatchAction.objects.filter(match=match, seq__gt=before).order_by("seq")
        for event in map(event_from_json, row.events)
        if isinstance(event, DiceRolled)
    ]
    assert stored == [roll for recording in recordings for roll in recording.rolled]
