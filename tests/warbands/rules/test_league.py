"""WB-7: the match report and its check (WB-16), victory points, the result, league points, and
the standings' tie-breakers (WB-7.3), as worked examples with fixed dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.warbands.rules.helpers import SAMPLE
from warbands.rules.army_list import army_figure
from warbands.rules.league import (
    EndState,
    FigureEnd,
    Format,
    LeagueMatch,
    MatchOutcome,
    Outcome,
    ResultMode,
    SideReport,
    TieBreaker,
    check_report,
    fielded_figures,
    knockout_winner,
    league_points,
    match_result,
    standings,
    victory_points,
)
from warbands.rules.model import Warband
from warbands.rules.warband_dice import FixedDice

# Side B: Hero 53, Ogre 47, two Warriors 46, Archer 26, Skeleton 13 = 185
RAIDERS = Warband(
    "Raiders",
    (
        army_figure("hero"),
        army_figure("ogre"),
        army_figure("warrior", "Raider 1"),
        army_figure("warrior", "Raider 2"),
        army_figure("archer", "Bowman"),
        army_figure("skeleton"),
    ),
)
A = fielded_figures(SAMPLE)
B = fielded_figures(RAIDERS)


def report(fielded, **states: str) -> SideReport:
    """Every figure ``in`` but those named (underscores for spaces)."""
    named = {k.replace("_", " "): v for k, v in states.items()}
    return SideReport(tuple(FigureEnd(f.name, named.get(f.name, EndState.IN)) for f in fielded))


def test_wb7_1_fielded_figures_include_minions_and_hirelings_but_not_the_absent():
    names = [f.name for f in fielded_figures(SAMPLE, hirelings=(army_figure("militia"),), absent=("Warrior 2",))]
    assert names == ["Wizard", "Raven", "Knight", "Warrior 1", "Archer", "Militia"]
    assert [f.name for f in fielded_figures(SAMPLE, absent=("wizard",))][:1] == ["Knight"]  # the Raven stays home too


# --- WB-16 the report ----------------------------------------------------------------------------------


def test_wb16_a_complete_report_passes():
    assert check_report(A, report(A, Knight=EndState.KILLED), B) == ()


def test_wb16_a_figure_missing():
    partial = SideReport(report(A).ends[1:])
    (violation,) = check_report(A, partial)
    assert (violation.code, violation.field) == ("WB-16", "ends")
    assert violation.text("en") == "Report: Wizard is missing from the report."


def test_wb16_a_figure_added():
    extra = SideReport((*report(A).ends, FigureEnd("Dragon", EndState.KILLED)))
    assert [(v.code, v.field) for v in check_report(A, extra)] == [("WB-16", "ends[6].name")]


def test_wb16_a_figure_given_two_states():
    twice = SideReport((*report(A).ends, FigureEnd("knight", EndState.FLED)))
    assert [(v.code, v.field) for v in check_report(A, twice)] == [("WB-16", "ends[6].name")]


def test_wb16_an_unknown_state():
    bad = report(A, Archer="wounded")
    assert [(v.code, v.field) for v in check_report(A, bad)] == [("WB-16", "ends[5].state")]


def test_wb16_undead_is_no_illusion_victim_reading_6():
    # S4 l.129: an illusion cannot attack Undead or Artificial figures
    bad = report(B, Skeleton=EndState.ILLUSION)
    assert [(v.code, v.field) for v in check_report(B, bad)] == [("WB-16", "ends[5].state")]
    assert check_report(B, report(B, Bowman=EndState.ILLUSION)) == ()


def test_wb16_taken_out_by_must_be_an_enemy_and_the_figure_out():
    ends = list(report(A).ends)
    ends[2] = FigureEnd("Knight", EndState.KILLED, "Ogre")
    assert check_report(A, SideReport(tuple(ends)), B) == ()
    ends[2] = FigureEnd("Knight", EndState.KILLED, "Wizard")
    assert [v.field for v in check_report(A, SideReport(tuple(ends)), B)] == ["ends[2].taken_out_by"]
    ends[2] = FigureEnd("Knight", EndState.IN, "Ogre")
    assert [v.field for v in check_report(A, SideReport(tuple(ends)), B)] == ["ends[2].taken_out_by"]


# --- WB-7.2 VP and the result ---------------------------------------------------------------------------


def test_wb7_2_vp_are_the_prices_of_enemy_figures_not_in_minions_included():
    # A loses the Knight (50, killed), Warrior 1 (23, fled) and the Raven (12, gruesome): B scores 85
    lost = report(A, Knight=EndState.KILLED, Warrior_1=EndState.FLED, Raven=EndState.GRUESOME)
    assert victory_points(A, lost) == 85


def test_wb7_2_hirelings_count_for_vp():
    with_hireling = fielded_figures(SAMPLE, hirelings=(army_figure("militia"),))
    assert victory_points(with_hireling, report(with_hireling, Militia=EndState.KILLED)) == 3


def test_wb7_2_a_lead_of_l_over_10_wins():
    # B took out 73 (Knight 50 + Warrior 23), A took out 53 (Hero): lead 20 = ⌊200/10⌋ → B wins
    result = match_result(200, A, report(A, Knight="killed", Warrior_1="killed"), B, report(B, Hero="killed"))
    assert result == MatchOutcome(Outcome.LOSS, Outcome.WIN, vp_a=53, vp_b=73, out_a=2, out_b=1)


def test_wb7_2_a_smaller_lead_is_a_draw():
    # 73 against 60 (Hero 53 + Skeleton 13 = 66): lead 7 < 20
    result = match_result(
        200, A, report(A, Knight="killed", Warrior_1="killed"), B, report(B, Hero="fled", Skeleton="killed")
    )
    assert (result.a, result.b, result.vp_a, result.vp_b) == (Outcome.DRAW, Outcome.DRAW, 66, 73)


def test_wb7_2_a_concession_loses_whatever_the_vp():
    conceded = replace(report(B, Hero="killed", Ogre="killed"), conceded=True)
    result = match_result(200, A, report(A), B, conceded)
    assert (result.a, result.b) == (Outcome.WIN, Outcome.LOSS)
    assert match_result(200, A, replace(report(A), conceded=True), B, report(B, Hero="killed")).a == Outcome.LOSS


def test_wb7_2_every_figure_out_loses_and_both_out_is_a_draw():
    all_a = SideReport(tuple(FigureEnd(f.name, EndState.KILLED) for f in A))
    all_b = SideReport(tuple(FigureEnd(f.name, EndState.FLED) for f in B))
    assert match_result(200, A, all_a, B, report(B)).a == Outcome.LOSS
    assert match_result(200, A, all_a, B, all_b).a == Outcome.DRAW


def test_wb7_2_table_mode_takes_the_players_result():
    result = match_result(200, A, report(A), B, report(B, Hero="killed"), ResultMode.TABLE, Outcome.LOSS)
    assert (result.a, result.b, result.vp_a) == (Outcome.LOSS, Outcome.WIN, 53)
    with pytest.raises(ValueError):
        match_result(200, A, report(A), B, report(B), ResultMode.TABLE)


def test_wb7_2_league_points():
    assert [league_points(o) for o in Outcome] == [3, 1, 0, 0, 3]


# --- WB-7.3 standings -----------------------------------------------------------------------------------


def _m(a: str, b: str, outcome_a: Outcome, vp_a: int, vp_b: int, out_a: int = 0, out_b: int = 0) -> LeagueMatch:
    opposite = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}[outcome_a]
    return LeagueMatch.played(a, b, MatchOutcome(outcome_a, opposite, vp_a, vp_b, out_a, out_b))


def test_wb7_3_round_robin_points_then_head_to_head():
    # X beat Y, Y beat Z, Z beat X, and all beat W: X, Y, Z on 6 points; head-to-head among them is
    # 3 each and Wins 2 each, so VP difference decides.
    matches = [
        _m("X", "Y", Outcome.WIN, 60, 30),  # X +30
        _m("Y", "Z", Outcome.WIN, 50, 20),  # Y +30
        _m("Z", "X", Outcome.WIN, 45, 20),  # Z +25
        _m("X", "W", Outcome.WIN, 40, 0),
        _m("Y", "W", Outcome.WIN, 40, 0),
        _m("Z", "W", Outcome.WIN, 40, 0),
    ]
    table, rolls = standings(["W", "X", "Y", "Z"], matches, Format.ROUND_ROBIN, FixedDice([]))
    # VP difference: X +30 −25 +40 = 45, Y −30 +30 +40 = 40, Z −30 +25 +40 = 35
    assert [(r.entry, r.points, r.vp_difference, r.decided_by) for r in table] == [
        ("X", 6, 45, TieBreaker.VP_DIFFERENCE),
        ("Y", 6, 40, TieBreaker.VP_DIFFERENCE),
        ("Z", 6, 35, TieBreaker.POINTS),
        ("W", 0, -120, None),
    ]
    assert rolls == ()


def test_wb7_3_round_robin_head_to_head_decides_before_wins():
    matches = [_m("P", "Q", Outcome.WIN, 30, 0), _m("Q", "R", Outcome.WIN, 90, 0), _m("P", "R", Outcome.DRAW, 0, 0)]
    table, _ = standings(
        ["P", "Q", "R"], [*matches, _m("R", "Q", Outcome.WIN, 1, 0)], Format.ROUND_ROBIN, FixedDice([])
    )
    # P: W, D → 4; Q: L, W, L → 3; R: D, L, W → 4. P and R level: head-to-head P–R was a draw (1–1),
    # then Wins 1–1, then VP difference: P +30, R −90 + 1 = −89
    assert [(r.entry, r.points, r.decided_by) for r in table][:2] == [
        ("P", 4, TieBreaker.VP_DIFFERENCE),
        ("R", 4, TieBreaker.POINTS),
    ]


def test_wb7_3_round_robin_fewer_taken_out_then_lots():
    matches = [_m("A", "B", Outcome.DRAW, 20, 20, out_a=2, out_b=3)]
    table, rolls = standings(["A", "B"], matches, Format.ROUND_ROBIN, FixedDice([]))
    assert [(r.entry, r.decided_by) for r in table] == [("A", TieBreaker.FEWER_TAKEN_OUT), ("B", None)]
    level = [_m("A", "B", Outcome.DRAW, 20, 20, 2, 2)]
    table, rolls = standings(["A", "B"], level, Format.ROUND_ROBIN, FixedDice([2]))
    assert [(r.entry, r.decided_by) for r in table] == [("B", TieBreaker.LOTS), ("A", None)]
    assert [(r.sides, r.result) for r in rolls] == [(2, 2)]


def test_wb7_3_swiss_buchholz_and_a_bye_that_counts_0():
    matches = [
        _m("A", "B", Outcome.WIN, 30, 0),
        _m("C", "D", Outcome.WIN, 30, 0),
        LeagueMatch.bye("E", Format.SWISS),
        _m("A", "C", Outcome.LOSS, 0, 30),
        _m("B", "E", Outcome.WIN, 30, 0),
        LeagueMatch.bye("D", Format.SWISS),
    ]
    table, _ = standings(list("ABCDE"), matches, Format.SWISS, FixedDice([]))
    rows = {r.entry: r for r in table}
    assert rows["C"].points == 6 and rows["C"].buchholz == 3 + 3  # D (bye 3) and A (3)
    assert rows["E"].points == 3 and rows["E"].buchholz == 3  # B; the bye adds 0
    assert rows["E"].byes == 1 and rows["E"].wins == 1 and rows["E"].played == 1
    # A, B, D and E on 3: Buchholz A = B 3 + C 6 = 9, B = A 3 + E 3 = 6, D = C 6, E = B 3; B and D
    # both have a Win (a bye is one), so VP difference: B −30 + 30 = 0, D −30
    assert [r.entry for r in table] == ["C", "A", "B", "D", "E"]
    assert [r.decided_by for r in table] == [
        TieBreaker.POINTS,
        TieBreaker.BUCHHOLZ,
        TieBreaker.VP_DIFFERENCE,
        TieBreaker.BUCHHOLZ,
        None,
    ]


def test_wb7_2_forfeit_and_round_robin_bye():
    matches = [LeagueMatch.forfeit("A", "B"), LeagueMatch.bye("C", Format.ROUND_ROBIN)]
    table, _ = standings(["A", "B", "C"], matches, Format.ROUND_ROBIN, FixedDice([2]))
    rows = {r.entry: r for r in table}
    assert (rows["A"].points, rows["A"].wins, rows["A"].vp_for) == (3, 1, 0)
    assert (rows["B"].points, rows["B"].forfeits) == (0, 1)
    assert (rows["C"].points, rows["C"].played, rows["C"].byes) == (0, 0, 0)


def test_wb7_3_knockout_winner():
    assert knockout_winner(MatchOutcome(Outcome.WIN, Outcome.LOSS, 10, 40, 3, 1), FixedDice([]))[:2] == ("a", None)
    assert knockout_winner(MatchOutcome(Outcome.DRAW, Outcome.DRAW, 30, 20, 3, 1), FixedDice([]))[:2] == (
        "a",
        TieBreaker.VP_FOR,
    )
    assert knockout_winner(MatchOutcome(Outcome.DRAW, Outcome.DRAW, 20, 20, 3, 1), FixedDice([]))[:2] == (
        "b",
        TieBreaker.FEWER_TAKEN_OUT,
    )
    winner, breaker, rolls = knockout_winner(MatchOutcome(Outcome.DRAW, Outcome.DRAW, 20, 20, 1, 1), FixedDice([2]))
    assert (winner, breaker, [r.result for r in rolls]) == ("b", TieBreaker.LOTS, [2])


def test_standings_refuse_unknown_entries_and_knockouts():
    with pytest.raises(ValueError):
        standings(["A"], [_m("A", "Z", Outcome.WIN, 1, 0)], Format.ROUND_ROBIN, FixedDice([]))
    with pytest.raises(ValueError):
        standings(["A"], [], Format.KNOCKOUT, FixedDice([]))
