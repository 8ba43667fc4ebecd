"""Round robin, knockout and groups (HR-10.2)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from arena.engine.campaign.fixture_formats import (
    Pairing,
    bracket_size,
    check_group_count,
    default_group_count,
    draw_groups,
    groups_knockout_seeds,
    knockout_bracket,
    knockout_next_round,
    round_robin,
    seed_order,
)
from arena.engine.campaign.rule_error import CampaignRuleError

SIZES = range(2, 11)


def teams(n: int) -> list[str]:
    return [f"t{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("n", SIZES)
def test_round_robin_single_every_pair_once__hr_10_2(n: int) -> None:
    rounds = round_robin(teams(n))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    met = Counter(p.teams for r in rounds for p in r.pairings)
    assert set(met) == {frozenset(pair) for pair in combinations(teams(n), 2)}
    assert set(met.values()) == {1}
    for r in rounds:  # nobody plays twice in a round; everyone plays or has the bye
        assert sorted(r.teams) == sorted(teams(n))


@pytest.mark.parametrize("n", SIZES)
def test_round_robin_double_every_pair_twice_sides_swapped__hr_10_2(n: int) -> None:
    rounds = round_robin(teams(n), double=True)
    single = round_robin(teams(n))
    assert len(rounds) == 2 * len(single)
    ordered = Counter((p.home, p.away) for r in rounds for p in r.pairings)
    for a, b in combinations(teams(n), 2):
        assert ordered[(a, b)] == 1 and ordered[(b, a)] == 1
    cycle = len(single)
    for first, second in zip(rounds[:cycle], rounds[cycle:], strict=True):
        assert second.number == first.number + cycle
        assert second.pairings == tuple(Pairing(p.away, p.home) for p in first.pairings)


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_round_robin_byes_rotate_one_per_cycle__hr_10_2(n: int) -> None:
    rounds = round_robin(teams(n), double=True)
    byes = [str(r.bye) for r in rounds]
    assert all(r.bye is not None for r in rounds)
    assert sorted(byes[:n]) == sorted(teams(n))  # each team exactly once in the first cycle
    assert sorted(byes[n:]) == sorted(teams(n))  # and again in the second


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10])
def test_round_robin_even_has_no_bye__hr_10_2(n: int) -> None:
    assert all(r.bye is None for r in round_robin(teams(n), double=True))


@pytest.mark.parametrize("n", SIZES)
def test_round_robin_home_and_away_balanced(n: int) -> None:
    rounds = round_robin(teams(n))
    home = Counter(p.home for r in rounds for p in r.pairings)
    games = n - 1
    assert {home[t] for t in teams(n)} <= {games // 2, (games + 1) // 2}


def test_round_robin_worked_example_four_teams__hr_10_2() -> None:
    rounds = round_robin(["a", "b", "c", "d"])
    assert [[(p.home, p.away) for p in r.pairings] for r in rounds] == [
        [("a", "d"), ("b", "c")],
        [("c", "a"), ("d", "b")],
        [("a", "b"), ("c", "d")],
    ]


def test_round_robin_worked_example_three_teams_with_byes__hr_10_2() -> None:
    rounds = round_robin([1, 2, 3])
    assert [(r.bye, [(p.home, p.away) for p in r.pairings]) for r in rounds] == [
        (3, [(1, 2)]),
        (2, [(3, 1)]),
        (1, [(2, 3)]),
    ]


def test_round_robin_refuses_duplicates_and_single_team() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        round_robin(["a", "a", "b"])
    with pytest.raises(ValueError, match="at least 2 teams"):
        round_robin(["a"])


# --- knockout -------------------------------------------------------------------------------------


def test_seed_order_standard_seeding__hr_10_2() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert [bracket_size(n) for n in (2, 3, 5, 8, 9, 11, 16, 17)] == [2, 4, 8, 8, 16, 16, 16, 32]


def ties(bracket_round: object) -> list[tuple[object, object]]:
    return [(t.home, t.away) for t in bracket_round.ties]  # type: ignore[attr-defined]


def test_knockout_8_teams_1v8_4v5_2v7_3v6__hr_10_2() -> None:
    bracket = knockout_bracket(list(range(1, 9)))  # team n is seed n
    assert (bracket.size, bracket.round_count) == (8, 3)
    first = bracket.first_round
    assert first.stage == "quarter_final"
    assert ties(first) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert first.byes == ()
    semi = knockout_next_round(first, {1, 5, 7, 3})
    assert semi.stage == "semi_final"
    assert ties(semi) == [(1, 5), (3, 7)]  # the better seed at home
    final = knockout_next_round(semi, {5, 3})
    assert (final.stage, ties(final)) == ("final", [(3, 5)])
    with pytest.raises(CampaignRuleError, match=r"the final was the last round of the knockout \(HR-10.2\)"):
        knockout_next_round(final, {3})


def test_knockout_5_teams_byes_to_top_three_seeds__hr_10_2() -> None:
    bracket = knockout_bracket(["A", "B", "C", "D", "E"])
    assert (bracket.size, bracket.round_count) == (8, 3)
    first = bracket.first_round
    assert ties(first) == [("A", None), ("D", "E"), ("B", None), ("C", None)]
    assert first.byes == ("A", "B", "C")
    assert [(p.home, p.away) for p in first.pairings] == [("D", "E")]
    semi = knockout_next_round(first, {"E"})
    assert ties(semi) == [("A", "E"), ("B", "C")]


def test_knockout_11_teams_byes_to_top_five_seeds__hr_10_2() -> None:
    seeds = [f"s{i}" for i in range(1, 12)]
    bracket = knockout_bracket(seeds)
    assert (bracket.size, bracket.round_count) == (16, 4)
    first = bracket.first_round
    assert first.stage == "round_of_16"
    assert ties(first) == [
        ("s1", None),
        ("s8", "s9"),
        ("s4", None),
        ("s5", None),
        ("s2", None),
        ("s7", "s10"),
        ("s3", None),
        ("s6", "s11"),
    ]
    assert first.byes == ("s1", "s4", "s5", "s2", "s3")
    for tie in first.ties:  # seeds of a first-round place add up to 17
        if tie.away_seed is not None:
            assert tie.home_seed + tie.away_seed == 17
    quarter = knockout_next_round(first, {"s9", "s7", "s11"})
    assert ties(quarter) == [("s1", "s9"), ("s4", "s5"), ("s2", "s7"), ("s3", "s11")]


def test_knockout_next_round_needs_one_winner_per_match__hr_10_2() -> None:
    first = knockout_bracket([1, 2, 3, 4]).first_round
    with pytest.raises(CampaignRuleError, match="exactly one of 1 and 4 must win"):
        knockout_next_round(first, {1, 4, 2})
    with pytest.raises(CampaignRuleError, match="there are no draws"):
        knockout_next_round(first, {2})


# --- groups, then knockout ------------------------------------------------------------------------


def test_draw_groups_snake__hr_10_2() -> None:
    assert draw_groups(list(range(1, 9)), 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert draw_groups(list(range(1, 13)), 4) == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]
    assert draw_groups(list(range(1, 8)), 2) == [[1, 4, 5], [2, 3, 6, 7]]
    with pytest.raises(ValueError, match="cannot make 3 groups"):
        draw_groups([1, 2, 3, 4, 5], 3)


def test_groups_knockout_two_groups_cross__hr_10_2() -> None:
    seeds = groups_knockout_seeds([["A1", "A2", "A3"], ["B1", "B2", "B3"]])
    assert seeds == ["A1", "B1", "A2", "B2"]
    assert ties(knockout_bracket(seeds).first_round) == [("A1", "B2"), ("B1", "A2")]


def test_groups_knockout_three_groups_never_same_group_first__hr_10_2() -> None:
    seeds = groups_knockout_seeds([["A1", "A2"], ["B1", "B2"], ["C1", "C2"]])
    assert seeds == ["A1", "B1", "C1", "B2", "C2", "A2"]  # C1 v C2 avoided by one turn
    first = knockout_bracket(seeds).first_round
    assert ties(first) == [("A1", None), ("B2", "C2"), ("B1", None), ("C1", "A2")]


def test_groups_knockout_four_groups_cross__hr_10_2() -> None:
    seeds = groups_knockout_seeds([[f"{g}1", f"{g}2", f"{g}3"] for g in "ABCD"])
    assert seeds == ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"]
    first = knockout_bracket(seeds).first_round
    assert ties(first) == [("A1", "D2"), ("D1", "A2"), ("B1", "C2"), ("C1", "B2")]


@pytest.mark.parametrize("n", range(6, 41))
def test_default_group_count_makes_groups_of_three_to_five__hr_10_2(n: int) -> None:
    groups = draw_groups(list(range(n)), default_group_count(n))
    assert {3, 4, 5} >= {len(group) for group in groups}
    assert len(groups) == -(-n // 5)  # the fewest groups of at most 5


def test_default_group_count_of_a_small_league_is_one_group_and_refuses_two_teams__hr_10_2() -> None:
    assert [default_group_count(n) for n in (3, 4, 5)] == [1, 1, 1]
    with pytest.raises(CampaignRuleError, match="2 teams cannot make 1 groups of at least 3 teams"):
        default_group_count(2)


def test_check_group_count_wants_three_teams_a_group_in_both_languages__hr_10_2() -> None:
    check_group_count(9, 3)
    check_group_count(12, 1)
    with pytest.raises(CampaignRuleError) as refused:
        check_group_count(8, 3)
    assert refused.value.text("hu") == ("8 csapatból nem lehet 3 legalább 3 csapatos csoportot alkotni (HR-10.2)")
    with pytest.raises(CampaignRuleError):
        check_group_count(8, 0)
