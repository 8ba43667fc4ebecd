"""The strategist's trap insight (HR-9.5): draw 4 or 5, keep 3.

"The extra cards are drawn after every player holds his 3, in step order; unkept cards are
shuffled back before the next insight draw." Step order is known once the side-roll winner has
chosen his role, so the draws follow ``ChooseRole``: the starting seat's first. The hands are set
with ``deal_traps`` and the deck draws with ``FixedDice``: the deck is every card no hand holds,
in number order, and a d``n`` result ``k`` takes its ``k``-th card.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from arena.engine import (
    FixedDice,
    IllegalActionError,
    action_from_json,
    action_to_json,
    apply,
    event_from_json,
    event_to_json,
    events_for,
    legal_actions,
    match_events,
    new_match,
    replay,
    seats_to_move,
    state_hash,
    view_json,
)
from arena.engine.agents import GreedyAgent, RandomAgent
from arena.engine.agents.simulate import play_match
from arena.engine.match.actions import (
    AssignAmulet,
    AssignMeToken,
    ChooseHalf,
    ChooseRole,
    Concede,
    KeepTraps,
    PlayTraps,
    RecordGrip,
    TriggerTrap,
)
from arena.engine.match.events import (
    NOBODY,
    DiceRolled,
    TrapInsightDone,
    TrapInsightDrawn,
    TrapInsightOwed,
    TrapPlayed,
    TrapsKept,
)
from arena.engine.match.state import PendingTrapInsight, Phase, State
from arena.engine.match.traps.insight import deck
from arena.engine.roster import Roster, base_roster

from .match_helpers import deal_traps, kinds, of_kind

HANDS = ((1, 2, 3), (4, 5, 6))  # the deck is then 7-16


def insight(drawn: int) -> Roster:
    """The base team whose strategist draws ``drawn`` trap cards (HR-9.5)."""
    r = base_roster()
    members = tuple(replace(m, trap_cards_drawn=drawn) if m.slot == "strategist" else m for m in r.members)
    return replace(r, members=members)


Hands = tuple[tuple[int, ...], tuple[int, ...]]


def at_role(home: int, away: int, seed: int = 3, hands: Hands = HANDS) -> State:
    """A match with the given draws, dealt ``hands``, its secrets handed out: the roll winner
    chooses his role next."""
    s = deal_traps(new_match((insight(home), insight(away)), seed=seed), hands)
    while s.phase is Phase.SECRETS:
        for seat in seats_to_move(s):
            options = [a for a in legal_actions(s, seat) if isinstance(a, (AssignAmulet, AssignMeToken))]
            s, _ = apply(s, options[0])
    assert s.phase is Phase.ROLE
    return s


def choose_role(s: State, starting: int, draws: list[int]) -> tuple[State, list]:
    """The roll winner makes ``starting`` the starting seat; ``draws`` are the deck dice."""
    winner = s.roll_winner
    dice = FixedDice(draws)
    s, events = apply(s, ChooseRole(winner, "first" if winner == starting else "side"), dice)
    assert dice.remaining == 0
    return s, events


def keep(s: State, seat: int, cards: tuple[int, ...], draws: list[int] | None = None) -> tuple[State, list]:
    dice = FixedDice(draws or [])
    s, events = apply(s, KeepTraps(seat, cards), dice)
    assert dice.remaining == 0
    return s, events


def finish_setup(s: State) -> State:
    """Half, grips and deployment with the first options: round 1 begins."""
    s, _ = apply(s, ChooseHalf(s.chooser, "N"))
    for seat in (0, 1):
        s, _ = apply(s, RecordGrip(seat, ("shield", "short_sword")))
    while s.phase is Phase.DEPLOY:
        seat = seats_to_move(s)[0]
        s, _ = apply(s, legal_actions(s, seat)[0])
    return s


def legal(s: State, seat: int) -> list:
    return [a for a in legal_actions(s, seat) if not isinstance(a, Concede)]


# --- worked examples ---------------------------------------------------------------------------


def test_draw_4_keep_3__hr_9_5() -> None:
    """Seat 0 draws 4: after the role, one card from the deck 7-16 (d10 = 3: card 9); he keeps
    1, 2 and 9, and 3 goes back into the deck."""
    s, events = choose_role(at_role(4, 3), starting=0, draws=[3])
    assert kinds(events) == ["RoleChosen", "DiceRolled", "TrapInsightDrawn", "TrapInsightOwed"]
    assert of_kind(events, DiceRolled) == [DiceRolled("deck", "insight card for seat 0", 10, 3, NOBODY)]
    assert of_kind(events, TrapInsightDrawn) == [TrapInsightDrawn(0, (9,), 0)]
    assert of_kind(events, TrapInsightOwed) == [TrapInsightOwed(0, 1)]
    assert s.traps == [(1, 2, 3, 9), (4, 5, 6)]
    assert s.pending == PendingTrapInsight(0, 1)
    assert seats_to_move(s) == (0,)
    assert legal(s, 0) == [KeepTraps(0, c) for c in ((1, 2, 3), (1, 2, 9), (1, 3, 9), (2, 3, 9))]
    assert legal(s, 1) == []

    s, events = keep(s, 0, (9, 1, 2))
    assert events == [TrapsKept(0, (1, 2, 9), (3,), 0), TrapInsightDone(0)]
    assert s.traps == [(1, 2, 9), (4, 5, 6)]
    assert s.pending is None and s.phase is Phase.HALF
    assert seats_to_move(s) == (s.chooser,)
    assert deck(s) == [3, 7, 8, 10, 11, 12, 13, 14, 15, 16]
    s = finish_setup(s)
    assert s.phase is Phase.NAMING and s.traps == [(1, 2, 9), (4, 5, 6)]


def test_draw_5_keep_3__hr_9_5() -> None:
    """Seat 1 draws 5 (seat 0 none, seat 0 starts): d10 = 1 takes card 7, then d9 = 9 card 16;
    ten ways to keep 3 of 5; he keeps 4, 7 and 16."""
    s, events = choose_role(at_role(3, 5), starting=0, draws=[1, 9])
    assert of_kind(events, DiceRolled) == [
        DiceRolled("deck", "insight card for seat 1", 10, 1, NOBODY),
        DiceRolled("deck", "insight card for seat 1", 9, 9, NOBODY),
    ]
    assert of_kind(events, TrapInsightDrawn) == [TrapInsightDrawn(1, (7, 16), 1)]
    assert s.traps[1] == (4, 5, 6, 7, 16) and s.pending == PendingTrapInsight(1, 2)
    assert seats_to_move(s) == (1,)
    assert len(legal(s, 1)) == 10 and all(isinstance(a, KeepTraps) for a in legal(s, 1))
    s, events = keep(s, 1, (4, 7, 16))
    assert events == [TrapsKept(1, (4, 7, 16), (5, 6), 1), TrapInsightDone(1)]
    assert s.traps == [(1, 2, 3), (4, 7, 16)] and s.pending is None


def test_the_starting_seat_draws_first_and_its_returns_go_back_into_the_deck__hr_9_5() -> None:
    """Both draw, seat 1 starts: seat 1 draws card 7 (d10 = 1) and returns it; only then does
    seat 0 draw, from a deck with 7 back in it: d10 = 1 and d9 = 1 give him 7 and 8."""
    s, events = choose_role(at_role(5, 4), starting=1, draws=[1])
    assert s.starting == 1
    assert of_kind(events, TrapInsightDrawn) == [TrapInsightDrawn(1, (7,), 1)]
    assert s.traps[0] == (1, 2, 3)  # seat 0 has not drawn yet
    assert seats_to_move(s) == (1,)
    s, events = keep(s, 1, (4, 5, 6), draws=[1, 1])
    assert kinds(events) == [
        "TrapsKept", "TrapInsightDone", "DiceRolled", "DiceRolled", "TrapInsightDrawn", "TrapInsightOwed",
    ]  # fmt: skip
    assert of_kind(events, TrapsKept) == [TrapsKept(1, (4, 5, 6), (7,), 1)]
    assert of_kind(events, TrapInsightDrawn) == [TrapInsightDrawn(0, (7, 8), 0)]
    assert s.pending == PendingTrapInsight(0, 2) and seats_to_move(s) == (0,)
    s, _ = keep(s, 0, (1, 7, 8))
    assert s.traps == [(1, 7, 8), (4, 5, 6)] and s.pending is None
    assert s.phase is Phase.HALF


def test_without_insight_the_half_comes_right_after_the_role__hr_9_5() -> None:
    s, events = choose_role(at_role(3, 3), starting=0, draws=[])
    assert kinds(events) == ["RoleChosen"]
    assert s.pending is None and s.phase is Phase.HALF


# --- illegal keeps ---------------------------------------------------------------------------


def _refused(s: State, action: object, message: str, rule: str) -> None:
    before = state_hash(s)
    with pytest.raises(IllegalActionError, match=message) as refused:
        apply(s, action)  # type: ignore[arg-type]
    assert refused.value.rule == rule
    assert state_hash(s) == before


def test_illegal_keeps_leave_the_state_unchanged__hr_9_5() -> None:
    """Two cards, four, the same card twice, a card he does not hold (the opponent's, or one
    still in the deck), the other seat keeping, and the half chosen before the keep."""
    s, _ = choose_role(at_role(5, 3), starting=0, draws=[1, 1])  # seat 0 holds 1, 2, 3, 7, 8
    assert s.traps[0] == (1, 2, 3, 7, 8)
    _refused(s, KeepTraps(0, (1, 2)), "keep exactly 3 different cards of the 5 held, not 2", "HR-9.5")
    _refused(s, KeepTraps(0, (1, 2, 3, 7)), "keep exactly 3 different cards of the 5 held, not 4", "HR-9.5")
    _refused(s, KeepTraps(0, (1, 1, 2)), "keep exactly 3 different cards", "HR-9.5")
    _refused(s, KeepTraps(0, (1, 2, 4)), "seat 0 does not hold trap card 4", "HR-9.5")
    _refused(s, KeepTraps(0, (1, 2, 16)), "seat 0 does not hold trap card 16", "HR-9.5")
    by_name = KeepTraps(0, ("1", "2", "3"))  # type: ignore[arg-type]
    _refused(s, by_name, "name the cards to keep by their numbers", "HR-9.5")
    _refused(s, KeepTraps(1, (4, 5, 6)), "seat 1 owes no decision now", "HR-12 ruling 38")
    if s.chooser == 0:
        _refused(s, ChooseHalf(0, "N"), "the trap insight is settled first", "HR-9.5")
    else:
        _refused(s, ChooseHalf(1, "N"), "seat 1 owes no decision now", "HR-12 ruling 38")
    s, _ = keep(s, 0, (1, 2, 3))
    _refused(s, KeepTraps(s.chooser, s.traps[s.chooser]), "has no trap insight to settle now", "HR-9.5")


# --- replay and JSON ---------------------------------------------------------------------------


def test_replay_reproduces_the_state_and_the_new_kinds_survive_json__hr_9_5() -> None:
    s, _ = choose_role(at_role(5, 4), starting=1, draws=[2])
    s, _ = keep(s, 1, s.traps[1][:3], draws=[3, 4])
    s, _ = keep(s, 0, s.traps[0][2:])
    s = finish_setup(s)
    assert state_hash(replay(s.setup, match_events(s))) == state_hash(s)
    for action in (KeepTraps(0, (1, 7, 8)),):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    new_kinds = (TrapInsightDrawn, TrapInsightOwed, TrapsKept, TrapInsightDone)
    insight_events = [e for e in match_events(s) if isinstance(e, new_kinds)]
    assert len(insight_events) == 8
    for e in insight_events:
        assert event_from_json(json.loads(json.dumps(event_to_json(e)))) == e


def test_seeded_insight_replays_from_its_actions__hr_9_5() -> None:
    """The seeded dice draw the extra cards; ``replay_actions`` plays the same match again."""
    from arena.engine import replay_actions

    actions = []
    s = new_match((insight(5), insight(5)), seed=11)
    while s.phase is not Phase.NAMING:
        seat = seats_to_move(s)[0]
        action = legal(s, seat)[-1]
        actions.append(action)
        s, _ = apply(s, action)
    assert sum(isinstance(a, KeepTraps) for a in actions) == 2
    assert all(len(hand) == 3 for hand in s.traps)
    assert not set(s.traps[0]) & set(s.traps[1])
    assert state_hash(replay_actions(s.setup, actions)) == state_hash(s)


# --- secrecy (RB p.7, HR-12 ruling 36) -----------------------------------------------------------


def _public(s: State, seat: int | None) -> str:
    return json.dumps([view_json(s, seat), events_for(match_events(s), seat)], sort_keys=True, default=str)


@pytest.mark.parametrize("draws", [[1, 1], [10, 9], [4, 2]])
def test_the_opponent_and_the_spectators_learn_nothing_of_the_cards_drawn_kept_or_returned__hr_9_5(
    draws: list[int],
) -> None:
    """Seat 0 draws 5 (whichever cards the dice give) and keeps any 3: seat 1's and the
    spectators' views and logs are the same while he chooses, after the keep and at round 1."""
    pending_seen, kept_seen, started_seen = set(), set(), set()
    for draw in ([1, 1], draws):
        s0, _ = choose_role(at_role(5, 3), starting=0, draws=draw)
        pending_seen.add(_public(s0, 1) + _public(s0, None))
        for option in legal(s0, 0):
            s, _ = apply(s0, option)
            kept_seen.add(_public(s, 1) + _public(s, None))
            started_seen.add(_public(finish_setup(s), 1) + _public(finish_setup(s), None))
    assert len(pending_seen) == len(kept_seen) == len(started_seen) == 1
    own = view_json(s0, 0)["seats"][0]["traps"]
    assert len(own) == 5 and view_json(s0, 1)["seats"][0]["traps"] is None
    assert view_json(s0, 1)["seats"][0]["trap_cards"] == 5  # the count is public (HR-12 ruling 35)
    pending = {"kind": "trap_insight", "seat": 0, "char": "0.strategist", "extra": 2}
    assert view_json(s0, None)["pending"] == view_json(s0, 1)["pending"] == pending


def test_the_first_seats_keep_is_hidden_from_the_second_drawer_and_the_spectators__hr_9_5() -> None:
    """Seat 1 starts and keeps first, seat 0 draws second: whatever seat 0 draws and keeps,
    seat 1 and the spectators see the same. (The second drawer's own draw comes from a deck the
    first one's returns are in: he learns that what he draws is not in the first one's hand,
    as any draw from a shared deck tells, RB p.7.)"""
    seen = set()
    for draws in ([1, 1], [5, 3], [9, 8]):
        s, _ = choose_role(at_role(5, 4), starting=1, draws=[2])
        s, _ = keep(s, 1, (4, 5, 6), draws=draws)
        for option in legal(s, 0):
            after, _ = apply(s, option)
            seen.add(_public(after, 1) + _public(after, None))
    assert len(seen) == 1


def _play_keeping(seed: int, choice: int) -> tuple[list[str], int]:
    """A random match, seat 0 drawing 5 and keeping its ``choice``-th option; seat 0 never plays a
    card. Returns seat 1's and the spectators' views and new events after each decision, until
    seat 0 plays a card (it never does here) or the match ends."""
    s = new_match((insight(5), insight(3)), seed=seed)
    rng = random.Random(seed)
    seen: list[str] = []
    n = 0
    while s.phase is not Phase.OVER and n < 3000:
        x = seats_to_move(s)[0]
        options = legal(s, x)
        if isinstance(options[0], KeepTraps):
            action = options[choice]
        else:
            if x == 0:
                options = [a for a in options if not isinstance(a, (PlayTraps, TriggerTrap))]
            action = options[rng.randrange(len(options))]
        s, events = apply(s, action)
        n += 1
        public = [view_json(s, 1), view_json(s, None), events_for(events, 1)]
        seen.append(json.dumps(public, sort_keys=True, default=str))
        assert not any(isinstance(e, TrapPlayed) and e.seat == 0 for e in events)
    return seen, n


@pytest.mark.parametrize("seed", [1, 8])
def test_a_whole_match_looks_the_same_to_seat_1_whatever_seat_0_kept__hr_9_5(seed: int) -> None:
    """Two random matches that differ only in which 3 of his 5 cards seat 0 kept (and in which he
    never plays one) look the same to seat 1 and the spectators, decision by decision."""
    first, _ = _play_keeping(seed, 0)
    last, _ = _play_keeping(seed, 9)
    assert first == last


# --- agents ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 5])
def test_random_and_greedy_playouts_with_insight_on_both_sides_end_and_replay__hr_9_5(seed: int) -> None:
    for agents in ((RandomAgent(seed), RandomAgent(seed + 1)), (GreedyAgent(seed), RandomAgent(seed + 1))):
        s, _ = play_match((insight(5), insight(4)), seed, agents)
        assert s.phase is Phase.OVER
        log = match_events(s)
        assert len(of_kind(log, TrapsKept)) == 2
        assert state_hash(replay(s.setup, log)) == state_hash(s)


def test_greedy_keeps_damaging_direct_cards_first__hr_9_5() -> None:
    """Holding 1 and 3 (remote, damaging: worth 2), 8 (remote, no damage: 1), 9 (direct,
    damaging: 3) and 15 (direct, no damage: 2), the greedy agent keeps 9 and two of 1, 3, 15,
    never 8."""
    s = at_role(5, 3, hands=((1, 3, 8), (4, 5, 6)))
    deck_now = deck(s)
    after_9 = [c for c in deck_now if c != 9]
    s, _ = choose_role(s, starting=0, draws=[deck_now.index(9) + 1, after_9.index(15) + 1])
    assert s.traps[0] == (1, 3, 8, 9, 15)
    for seed in range(8):
        chosen = GreedyAgent(seed).choose(s, 0, legal_actions(s, 0))
        assert isinstance(chosen, KeepTraps) and 9 in chosen.cards and 8 not in chosen.cards
