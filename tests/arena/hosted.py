"""Helpers for the hosted-match tests: two players with ready teams, a match begun, a scripted match."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from arena.engine import Action, action_to_json, is_over, legal_actions, seats_to_move, view_json
from arena.models import Match, MatchSeat
from arena.play_errors import DiceNeededError
from arena.runtime.states import state_of
from arena.services import match_accept, match_create, match_play
from teams.models import Team
from tests.factories import TeamFactory, UserFactory


@dataclass
class Players:
    home: AbstractBaseUser
    away: AbstractBaseUser
    home_team: Team
    away_team: Team

    def user(self, seat: int) -> AbstractBaseUser:
        return self.home if seat == 0 else self.away


def make_players(home_name: str = "Vasfarkasok", away_name: str = "Ködlovagok") -> Players:
    home = UserFactory(username="hazai")
    away = UserFactory(username="vendeg")
    home_team = TeamFactory(owner=home, name=home_name, status=Team.Status.READY)
    away_team = TeamFactory(owner=away, name=away_name, status=Team.Status.READY)
    return Players(home, away, home_team, away_team)


def begin(players: Players, *, dice: list[int] | None = None, seed: str | None = None, **options: Any) -> Match:
    """A challenge by the home player, accepted by the away player: the match begins."""
    match = match_create(
        creator=players.home, team=players.home_team, round_limit=options.pop("round_limit", 12), **options
    )
    if dice is not None or seed is not None:
        Match.objects.filter(pk=match.pk).update(dice_script=dice, **({"seed": seed} if seed is not None else {}))
        match.refresh_from_db()
    return match_accept(match=match, player=players.away, team=players.away_team)


def fresh(match: Match) -> Match:
    match.refresh_from_db()
    return match


def mover(match: Match) -> int:
    return seats_to_move(state_of(fresh(match)))[0]


def legal(match: Match, seat: int) -> list[Action]:
    return legal_actions(state_of(fresh(match)), seat)


def public(match: Match, seat: int | None = None) -> dict[str, Any]:
    return view_json(state_of(fresh(match)), seat)


def play(match: Match, players: Players, action: Action) -> Match:
    match = fresh(match)
    match_play(match=match, player=players.user(action.seat), version=match.version, actions=[action_to_json(action)])
    return fresh(match)


def first(actions: list[Action], kind: str, **fields: Any) -> Action:
    for action in actions:
        data = action_to_json(action)
        if data["type"] == kind and all(data.get(k) == v for k, v in fields.items()):
            return action
    raise AssertionError(f"no {kind} {fields} among {[action_to_json(a) for a in actions][:20]}")


def as_json(action: Action) -> str:
    return json.dumps(action_to_json(action))


def play_random(match: Match, players: Players, rng: Any, steps: int) -> Match:
    """``steps`` random legal actions (never a concession), or fewer if the match ends."""
    for _ in range(steps):
        match = fresh(match)
        state = state_of(match)
        if is_over(state):
            break
        seat = seats_to_move(state)[0]
        choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        match = play(match, players, rng.choice(choices))
    return match


def finished(players: Players, *, seed: str = "a-finished-match", steps: int = 160) -> Match:
    """A match of seeded dice played at random for ``steps`` actions, then conceded by the seat to move
    (or ended before that by the engine)."""
    import random

    match = play_random(begin(players, seed=seed), players, random.Random(seed), steps)
    state = state_of(fresh(match))
    if not is_over(state):
        seat = seats_to_move(state)[0]
        concede = next(a for a in legal_actions(state, seat) if type(a).__name__ == "Concede")
        match = play(match, players, concede)
    return fresh(match)


FOUR_NAMES = ("elso", "masodik", "harmadik", "negyedik")


@dataclass
class Four:
    """Four players, each with a ready team, in seats 0-3 of one four-seat match."""

    users: list[AbstractBaseUser]
    teams: list[Team]

    def user(self, seat: int) -> AbstractBaseUser:
        return self.users[seat]


def begin_four(
    mode: str = "pairs",
    *,
    seed: str | None = None,
    round_limit: int = 12,
    computer: tuple[int, ...] = (),
    prefix: str = "",
) -> tuple[Match, Four]:
    """A four-seat match made by the first player and filled by the others (``computer``: the seats
    the computer plays instead); it begins when the last seat is taken."""
    from arena.services import SeatKind, SeatPlan, match_create_four, match_take_seat

    users = [UserFactory(username=prefix + name) for name in FOUR_NAMES]
    teams = [TeamFactory(owner=u, name=f"{u.username.capitalize()} csapat", status=Team.Status.READY) for u in users]
    plans = [SeatPlan(SeatKind.COMPUTER if seat in computer else SeatKind.OPEN) for seat in (1, 2, 3)]
    match = match_create_four(creator=users[0], team=teams[0], mode=mode, others=plans, round_limit=round_limit)
    if seed is not None:
        assert match.status == Match.Status.OPEN, "a match the computer fills at once has begun with its own seed"
        Match.objects.filter(pk=match.pk).update(seed=seed)
        match.refresh_from_db()
    for seat in (1, 2, 3):
        if seat not in computer:
            match = match_take_seat(match=match, player=users[seat], team=teams[seat], seat=seat)
    return fresh(match), Four(users, teams)


def play_out_four(match: Match, four: Four) -> Match:
    """The match played to its end: the players' seats with the greedy agent's choices through
    ``match_play``, the computer's through the worker's code (``run_until_idle``)."""
    from arena.engine.agents import AGENTS
    from arena.worker import run_until_idle

    for _turn in range(10_000):
        match = fresh(match)
        if match.is_over:
            break
        state = state_of(match)
        humans = [s for s in seats_to_move(state) if MatchSeat.objects.filter(match=match, seat=s, agent="").exists()]
        if not humans:
            run_until_idle(limit=50)
            continue
        seat = humans[0]
        action = AGENTS["greedy"](f"{match.seed}:{match.version}:{seat}").choose(
            state, seat, legal_actions(state, seat)
        )
        match_play(match=match, player=four.user(seat), version=match.version, actions=[action_to_json(action)])
    return fresh(match)


def play_at_the_table(match: Match, device: AbstractBaseUser, action: Action, rng: random.Random) -> None:
    """``action`` played on a table match's device, each d10 the service asks for entered as rolled."""
    actions, dice = [action_to_json(action)], []
    while True:
        try:
            match_play(match=match, player=device, version=match.version, actions=actions, dice=dice)
            return
        except DiceNeededError:
            dice.append(rng.randint(1, 10))


def through_the_table_set_up(match: Match, device: AbstractBaseUser, rng: random.Random) -> Match:
    """Random legal actions on the device until the set-up is over. None concedes: a concession in the
    set-up has no rounds played, which no league result has (HR-10.1)."""
    while fresh(match).status != Match.Status.PLAYING:
        state = state_of(match)
        seat = seats_to_move(state)[0]
        play_at_the_table(
            match, device, rng.choice([a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]), rng
        )
    return match
