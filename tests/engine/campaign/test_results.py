"""Results, arena score, league points and the knockout chain (HR-10.1, HR-10.2)."""

from __future__ import annotations

import pytest

from arena.engine.campaign.league_dice import DieRoll, RecordedDice, derive_seed, draw_order
from arena.engine.campaign.results import (
    Format,
    KnockoutSide,
    KnockoutStep,
    Losses,
    ResultKind,
    arena_score,
    is_victory,
    is_win,
    knockout_at_round_limit,
    knockout_double_destruction,
    league_points,
    opposite,
    result_at_round_limit,
)
from arena.engine.campaign.rule_error import CampaignRuleError

R = ResultKind


def test_league_points_3_2_1_0_0__hr_10_1() -> None:
    points = {kind: league_points(kind) for kind in R if kind is not R.BYE}
    assert points == {
        R.VICTORY: 3,
        R.POINTS_VICTORY: 2,
        R.DRAW: 1,
        R.POINTS_DEFEAT: 0,
        R.DEFEAT: 0,
        R.FORFEIT_WIN: 3,
        R.FORFEIT_LOSS: 0,
    }


def test_bye_is_2_points_in_swiss_and_0_in_round_robin__hr_10_2() -> None:
    assert league_points(R.BYE, Format.SWISS) == 2
    assert league_points(R.BYE, Format.ROUND_ROBIN) == 0
    assert league_points(R.BYE, Format.GROUPS_KNOCKOUT) == 0


def test_plain_strings_are_accepted() -> None:
    assert league_points("bye", "swiss") == 2  # type: ignore[arg-type]
    assert league_points("points_victory") == 2  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'win' is not a valid ResultKind"):
        league_points("win")  # type: ignore[arg-type]


def test_opposite_results__hr_10_1() -> None:
    assert opposite(R.VICTORY) is R.DEFEAT
    assert opposite(R.POINTS_DEFEAT) is R.POINTS_VICTORY
    assert opposite(R.DRAW) is R.DRAW
    assert opposite(R.FORFEIT_LOSS) is R.FORFEIT_WIN
    with pytest.raises(CampaignRuleError, match=r"a bye has no opponent .*\(HR-10.2\)"):
        opposite(R.BYE)


def test_victories_and_wins__hr_10_3_hr_10_5() -> None:
    assert [k for k in R if is_victory(k)] == [R.VICTORY, R.FORFEIT_WIN]
    assert [k for k in R if is_win(k)] == [R.VICTORY, R.POINTS_VICTORY]


def test_arena_score_gladiator_ep_kills_and_strategist__hr_10_1() -> None:
    # 20 − 7 = 13 Ép lost, two fighters 2 × 3, the strategist 5; the zombie scores nothing
    losses = Losses(20, 7, ("crossbowman", "deasta", "zombie", "strategist"))
    assert losses.gladiator_ep_lost == 13
    assert arena_score(losses) == 13 + 6 + 5 == 24


def test_arena_score_caps_gladiator_ep_at_his_start__hr_10_1() -> None:
    assert arena_score(Losses(22, -4, ("gladiator",))) == 22  # not 26; the gladiator adds no 3
    assert arena_score(Losses(20, 20)) == 0
    assert arena_score(Losses(18, 25)) == 0  # healed above his start: nothing lost


def test_arena_score_refuses_unknown_slot() -> None:
    with pytest.raises(ValueError, match="unknown member slot 'wizard'"):
        arena_score(Losses(20, 20, ("wizard",)))


def test_round_limit_lead_of_5_is_points_victory__hr_10_1() -> None:
    assert result_at_round_limit(12, 7) == (R.POINTS_VICTORY, R.POINTS_DEFEAT)
    assert result_at_round_limit(3, 9) == (R.POINTS_DEFEAT, R.POINTS_VICTORY)
    assert result_at_round_limit(11, 7) == (R.DRAW, R.DRAW)
    assert result_at_round_limit(0, 0) == (R.DRAW, R.DRAW)


def test_knockout_higher_arena_score_wins__hr_10_2() -> None:
    decision = knockout_at_round_limit(KnockoutSide(9, 5, 20), KnockoutSide(8, 20, 20))
    assert (decision.winner, decision.decided_by) == (0, KnockoutStep.ARENA_SCORE)
    assert decision.results == (R.POINTS_VICTORY, R.POINTS_DEFEAT)


def test_knockout_then_remaining_gladiator_ep_percent__hr_10_2() -> None:
    # 10 / 20 = 50 % against 9 / 16 = 56.25 %: the away side wins
    decision = knockout_at_round_limit(KnockoutSide(6, 10, 20), KnockoutSide(6, 9, 16))
    assert (decision.winner, decision.decided_by) == (1, KnockoutStep.GLADIATOR_EP)
    assert decision.results == (R.POINTS_DEFEAT, R.POINTS_VICTORY)


def test_knockout_then_extra_rounds_up_to_5_then_lots__hr_10_2() -> None:
    level = (KnockoutSide(4, 10, 20), KnockoutSide(4, 11, 22))  # 50 % each
    for played in range(5):
        decision = knockout_at_round_limit(*level, extra_rounds_played=played)
        assert decision.play_extra_round and decision.winner is None
        assert decision.decided_by is KnockoutStep.EXTRA_ROUND and decision.results is None
    dice = RecordedDice.fixed([2])
    decision = knockout_at_round_limit(*level, extra_rounds_played=5, dice=dice)
    assert (decision.winner, decision.decided_by) == (1, KnockoutStep.LOTS)
    assert decision.roll == DieRoll("knockout lots after 5 extra rounds (HR-10.2)", 2, 2, 0)
    with pytest.raises(CampaignRuleError, match=r"at most 5 extra rounds, not 6 \(HR-10.2\)"):
        knockout_at_round_limit(*level, extra_rounds_played=6)


def test_knockout_double_destruction_arena_score_then_lots__hr_10_2() -> None:
    assert knockout_double_destruction(14, 11).winner == 0
    decision = knockout_double_destruction(14, 14, dice=RecordedDice.fixed([1]))
    assert (decision.winner, decision.decided_by) == (0, KnockoutStep.LOTS)


def test_seeded_dice_replay_and_continue() -> None:
    first = RecordedDice.seeded(derive_seed("league", 7, "injuries"))
    rolls = [first.roll(10, "injury").result for _ in range(5)]
    again = RecordedDice.seeded("league:7:injuries")
    assert [again.roll(10, "injury").result for _ in range(5)] == rolls
    resumed = RecordedDice.seeded("league:7:injuries", start=3)
    assert [resumed.roll(10, "x").result for _ in range(2)] == rolls[3:]
    assert [r.index for r in first.records] == [0, 1, 2, 3, 4]
    assert first.rolls_made == 5


def test_draw_order_one_die_per_draw() -> None:
    order, rolls = draw_order(["a", "b", "c", "d"], RecordedDice.fixed([4, 1, 2]), "lots")
    assert order == ["d", "a", "c", "b"]
    assert [(r.sides, r.result) for r in rolls] == [(4, 4), (3, 1), (2, 2)]
