"""Death, the win, the round limit, the arena score and concession (RB p.6; HR-10.1; HR-11;
HR-12 rulings 23, 37)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, is_over, legal_actions
from arena.engine.match.actions import Concede, Dodge, EndStep, MeleeAttack
from arena.engine.match.events import Died, MatchEnded
from arena.engine.match.rules.damage import arena_scores
from arena.engine.match.state import MatchOptions

from .match_helpers import act, legal, name, of_kind, place, started, to_step, tweak


def test_destroying_the_enemy_gladiator_wins_at_once__rb_p6():
    s = to_step(started(), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s = tweak(s, ep={"1.gladiator": 2})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    assert of_kind(events, Died) == [Died("1.gladiator")]
    ended = of_kind(events, MatchEnded)[0]
    assert (ended.kind, ended.winner, ended.round) == ("victory", 0, 1)
    assert ended.scores == (20, 0)  # Ép lost by the enemy gladiator, at most his starting 20
    assert is_over(s) and legal_actions(s, 0) == [] and legal_actions(s, 1) == []
    with pytest.raises(IllegalActionError, match="over"):
        apply(s, EndStep(1))


def test_a_dead_character_is_a_corpse_that_takes_no_room_and_cannot_be_named__hr11():
    s = place(started(), {"0.deasta": (6, -8), "1.laeva": (6, -8), "1.deasta": (6, -8)})
    s = tweak(s, ep={"1.laeva": 1})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])
    assert of_kind(events, Died) == [Died("1.laeva")]
    assert s.melee[s.index["0.deasta"]] == 0 and s.melee[s.index["1.laeva"]] == 0
    s, _ = apply(s, EndStep(0))
    assert all("1.laeva" not in a.chars for a in legal(s, 1))
    assert arena_scores(s) == (3, 0)  # 3 per enemy non-gladiator killed (HR-10.1)


def test_round_limit_points_victory_needs_a_lead_of_five_otherwise_draw__hr10_1():
    # the league's shortest limit, reached: round 12's last step ends the match
    s = started(options=MatchOptions(round_limit=12))
    s = tweak(s, ep={"1.gladiator": 15}, round=12)
    s = to_step(s, 6)
    s, events = apply(s, EndStep(1))
    ended = of_kind(events, MatchEnded)[0]
    assert (ended.kind, ended.winner, ended.scores) == ("points_victory", 0, (5, 0))
    s = tweak(started(options=MatchOptions(round_limit=12)), ep={"1.gladiator": 16}, round=12)
    s = to_step(s, 6)
    s, events = apply(s, EndStep(1))
    assert of_kind(events, MatchEnded)[0][:3] == ("draw", None, (4, 0))


def test_the_default_round_limit_is_twenty__hr10_1():
    assert MatchOptions().round_limit == 20


@pytest.mark.parametrize("limit", [0, 11, 31, 999, -1])
def test_a_round_limit_outside_12_to_30_is_refused__hr10_1(limit):
    with pytest.raises(ValueError, match=f"the round limit is 12-30, not {limit} \\(HR-10.1\\)"):
        MatchOptions(round_limit=limit)


def test_the_round_limits_12_and_30_are_allowed__hr10_1():
    assert (MatchOptions(round_limit=12).round_limit, MatchOptions(round_limit=30).round_limit) == (12, 30)


def test_arena_score_counts_gladiator_ep_kills_and_the_strategist__hr10_1():
    s = tweak(started(), ep={"0.gladiator": 12}, alive={"0.laeva": False, "0.strategist": False, "1.deasta": False})
    assert arena_scores(s) == (3, 8 + 3 + 5)


def test_either_seat_may_concede_at_any_decision_point__hr12_37():
    s = started()
    assert Concede(1) in legal_actions(s, 1)
    s, events = apply(s, Concede(1))
    ended = of_kind(events, MatchEnded)[0]
    assert (ended.kind, ended.winner) == ("victory", 0) and is_over(s)
