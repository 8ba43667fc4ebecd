"""The tactical agent's free-for-all priorities (HR-8: the last gladiator standing wins;
docs/agents.md): worked positions at a gladiator step of a four-seat free-for-all."""

from __future__ import annotations

import random

from arena.engine import legal_actions
from arena.engine.agents.tactical import _Distances, _move, ffa, ffa_scores, tactical_pick, tactical_scores
from arena.engine.board.grid import grid
from arena.engine.board.hexgrid import Hex, distance
from arena.engine.match import actions as act
from arena.engine.match.state import State
from arena.engine.match.words import ArenaMode
from tests.engine.four_helpers import four_started, step_to

G = grid()


def gladiator_step() -> State:
    """Seat 0's gladiator step (step 9 of round 1), the gladiators placed by the test."""
    s = step_to(four_started(ArenaMode.FFA, seed=1), 9)
    assert s.seat_to_act == 0
    return s.clone()


def place(s: State, seat: int, q: int, r: int) -> None:
    s.pos[s.gladiator_of(seat)] = G.index[Hex(q, r)]


def nearest_enemy_gladiator(s: State, at: int) -> int:
    return min(
        distance(G.hexes[at], G.hexes[s.pos[s.gladiator_of(x)]]) for x in (1, 2, 3) if s.alive[s.gladiator_of(x)]
    )


def end_hex(s: State, a: act.Action) -> int:
    return G.index[a.path[-1]] if isinstance(a, act.Move) else s.pos[s.gladiator_of(0)]


def test_two_fresh_gladiators_close_by_he_keeps_out_of_their_reach() -> None:
    s = gladiator_step()
    place(s, 0, -4, 0)
    place(s, 1, -2, 0)  # 2 hexes off
    place(s, 2, -4, 3)  # 3 hexes off
    place(s, 3, 5, -3)
    assert ffa(s)
    actions = legal_actions(s, 0)
    moves = [a for a in actions if isinstance(a, act.Move)]
    assert any(nearest_enemy_gladiator(s, end_hex(s, a)) == 0 for a in moves)  # he could open a fight
    # the duel's priorities would: onto an enemy gladiator's hex (RB p.9: a melee)
    duel = _Distances()
    assert nearest_enemy_gladiator(s, end_hex(s, max(moves, key=lambda a: _move(s, a, duel)))) == 0
    choice = tactical_pick(s, actions, random.Random(0))
    assert isinstance(choice, act.Move)
    assert nearest_enemy_gladiator(s, end_hex(s, choice)) > nearest_enemy_gladiator(s, s.pos[s.gladiator_of(0)])


def test_a_gladiator_another_seat_wore_down_is_finished() -> None:
    s = gladiator_step()
    place(s, 0, -4, 0)
    place(s, 1, -2, 0)
    place(s, 2, -4, 3)
    place(s, 3, 5, -3)
    worn = s.gladiator_of(2)
    s.ep[worn] = 4  # a fifth of his Ép: another seat's work
    actions = legal_actions(s, 0)
    choice = tactical_pick(s, actions, random.Random(0))
    assert isinstance(choice, act.Move) and end_hex(s, choice) == s.pos[worn]  # into a melee with him
    scores = dict(zip(actions, ffa_scores(s, actions), strict=True))
    fresh = [v for a, v in scores.items() if isinstance(a, act.Move) and end_hex(s, a) == s.pos[s.gladiator_of(1)]]
    assert fresh and max(fresh) < 0 < scores[choice]


def test_against_the_last_enemy_gladiator_it_is_a_duel_again() -> None:
    s = gladiator_step()
    place(s, 0, -4, 0)
    place(s, 1, 3, 0)
    for seat in (2, 3):
        s.alive[s.gladiator_of(seat)] = False
    actions = [a for a in legal_actions(s, 0) if isinstance(a, act.Move)]
    duel = _Distances()
    assert ffa_scores(s, actions) == [_move(s, a, duel) for a in actions]


def test_pairs_are_scored_with_the_duels_priorities() -> None:
    s = step_to(four_started(ArenaMode.PAIRS, seed=1), 9)
    assert not ffa(s)
    actions = legal_actions(s, s.seat_to_act)
    duel = _Distances()
    expected = [_move(s, a, duel) if isinstance(a, act.Move) else None for a in actions]
    assert any(e is not None for e in expected)
    found = tactical_scores(s, actions)
    assert [f for f, e in zip(found, expected, strict=True) if e is not None] == [e for e in expected if e is not None]
