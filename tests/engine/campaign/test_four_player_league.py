"""Four-player leagues (HR-8, HR-10): the season's tables, the league points of a placing, the
bounds of a reported four-seat result and the table with its tie-breakers."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine.campaign.facts import Fate, MemberFacts, SideFacts
from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.four_player_results import check_arena_facts, ffa_place_points, seat_league_points
from arena.engine.campaign.four_player_schedule import table_rounds
from arena.engine.campaign.four_player_standings import SeatedMatch, compute_arena_standings
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.standings import TieBreaker
from arena.engine.match.words import ArenaMode
from tests.budget import examples

V, PV, D, PD, L = (
    ResultKind.VICTORY,
    ResultKind.POINTS_VICTORY,
    ResultKind.DRAW,
    ResultKind.POINTS_DEFEAT,
    ResultKind.DEFEAT,
)
NO_SIDES = (SideFacts(), SideFacts(), SideFacts(), SideFacts())


def ffa(rounds: int, *placings: SeatPlacing, sides: tuple[SideFacts, ...] = NO_SIDES) -> ArenaFacts:
    return ArenaFacts(ArenaMode.FFA, rounds, placings, sides)  # type: ignore[arg-type]


def pairs(rounds: int, result_a: ResultKind, scores: tuple[int, int, int, int], result_b: ResultKind) -> ArenaFacts:
    place_a, place_b = {V: (1, 3), PV: (1, 3), D: (1, 1), PD: (3, 1), L: (3, 1)}[result_a]
    shared = 4 if result_a is D else 2
    placings = tuple(
        SeatPlacing(seat, place_a if seat < 2 else place_b, shared, result_a if seat < 2 else result_b, scores[seat])
        for seat in range(4)
    )
    return ArenaFacts(ArenaMode.PAIRS, rounds, placings, NO_SIDES)  # type: ignore[arg-type]


def fell(seat: int, place: int, round_no: int, shared: int = 1, destroyed: int = 0) -> SeatPlacing:
    return SeatPlacing(
        seat, place, shared, gladiators_destroyed=destroyed, gladiator_ep_percent=0, eliminated_round=round_no
    )


def stands(seat: int, place: int, score: int = 0, ep: int = 100, shared: int = 1, destroyed: int = 0) -> SeatPlacing:
    return SeatPlacing(seat, place, shared, arena_score=score, gladiators_destroyed=destroyed, gladiator_ep_percent=ep)


# --- the season's tables -------------------------------------------------------------------------


def test_hr8_pairs_four_entries_rotate_partners_over_three_rounds() -> None:
    rounds = table_rounds("ABCD", ArenaMode.PAIRS)
    sides = [{frozenset(t.seats[:2]), frozenset(t.seats[2:])} for r in rounds for t in r.tables]
    # AD-BC, AC-BD, AB-CD: every entry partners each of the others once
    assert sides == [
        {frozenset("AD"), frozenset("BC")},
        {frozenset("AC"), frozenset("BD")},
        {frozenset("AB"), frozenset("CD")},
    ]
    assert all(r.byes == () for r in rounds)


def test_hr10_2_double_season_swaps_the_sides_seats() -> None:
    rounds = table_rounds("ABCD", ArenaMode.PAIRS, double=True)
    assert len(rounds) == 6
    assert rounds[3].tables[0].seats == ("B", "C", "A", "D")
    assert rounds[3].number == 4


def test_hr8_fewer_than_four_teams_refused() -> None:
    with pytest.raises(CampaignRuleError, match="at least 4 teams"):
        table_rounds("ABC", ArenaMode.FFA)


def test_hr10_2_six_entries_two_byes_a_round_each_sits_out_twice() -> None:
    rounds = table_rounds("ABCDEF", ArenaMode.FFA)
    assert len(rounds) == 6
    assert Counter(t for r in rounds for t in r.byes) == dict.fromkeys("ABCDEF", 2)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([4, 5, 6, 7, 8, 9, 10, 12, 16]), st.sampled_from([ArenaMode.PAIRS, ArenaMode.FFA]))
def test_hr10_2_every_entry_seated_once_a_round_and_every_two_meet(n: int, mode: ArenaMode) -> None:
    teams = list(range(n))
    rounds = table_rounds(teams, mode)
    met: Counter[frozenset[int]] = Counter()
    for r in rounds:
        seated = [t for table in r.tables for t in table.seats]
        assert sorted(seated + list(r.byes)) == teams
        assert len(r.byes) == n % 4
        for table in r.tables:
            met.update(frozenset(p) for p in combinations(table.seats, 2))
    assert all(met[frozenset(p)] >= 1 for p in combinations(teams, 2))
    if n % 4:
        assert set(Counter(t for r in rounds for t in r.byes).values()) == {n % 4}


# --- league points ---------------------------------------------------------------------------------


def test_hr8_ffa_points_5_3_1_0_plus_one_per_gladiator_destroyed() -> None:
    facts = ffa(9, stands(0, 1, destroyed=2), fell(1, 2, 8, destroyed=1), fell(2, 3, 5), fell(3, 4, 2))
    # 1st 5 + 2 destroyed = 7; 2nd 3 + 1 = 4; 3rd 1; 4th 0
    assert [seat_league_points(facts, s) for s in range(4)] == [7, 4, 1, 0]


def test_hr8_ffa_shared_places_average_rounded_down() -> None:
    # two eliminated in the same step share 3rd and 4th: (1 + 0) // 2 = 0; sharing 2nd-3rd: (3 + 1) // 2 = 2
    assert ffa_place_points(3, shared=2) == 0
    assert ffa_place_points(2, shared=2) == 2
    # three share 2nd-4th: (3 + 1 + 0) // 3 = 1; all four share 1st: (5 + 3 + 1 + 0) // 4 = 2
    assert ffa_place_points(2, shared=3) == 1
    assert ffa_place_points(1, shared=4) == 2


def test_hr8_pairs_points_as_two_player_for_each_partner() -> None:
    facts = pairs(24, PV, (9, 4, 3, 2), PD)
    assert [seat_league_points(facts, s) for s in range(4)] == [2, 2, 0, 0]
    assert facts.won(1) and not facts.won(2)


# --- bounds of a reported result ------------------------------------------------------------------


def test_hr8_ffa_a_winner_alone_and_later_falls_above_earlier_ones_accepted() -> None:
    check_arena_facts(
        ffa(
            12, stands(2, 1, destroyed=2), fell(0, 2, 12, destroyed=1), fell(1, 3, 7, shared=2), fell(3, 3, 7, shared=2)
        ),
        round_limit=24,
    )


def test_hr8_ffa_places_that_are_no_ranking_refused() -> None:
    with pytest.raises(CampaignRuleError, match="not a ranking of four"):
        check_arena_facts(ffa(24, stands(0, 1), stands(1, 1), stands(2, 3), stands(3, 4)), round_limit=24)


def test_hr8_ffa_two_gladiators_standing_before_the_round_limit_refused() -> None:
    with pytest.raises(CampaignRuleError, match="one gladiator"):
        check_arena_facts(ffa(10, stands(0, 1, 9), stands(1, 2, 3), fell(2, 3, 8), fell(3, 4, 4)), round_limit=24)


def test_hr8_ffa_shared_place_needs_the_same_round_refused() -> None:
    with pytest.raises(CampaignRuleError, match="share a place"):
        check_arena_facts(
            ffa(9, stands(0, 1), fell(1, 2, 9), fell(2, 3, 5, shared=2), fell(3, 3, 6, shared=2)), round_limit=24
        )


def test_hr8_ffa_earlier_fall_placed_higher_refused() -> None:
    with pytest.raises(CampaignRuleError, match="placed above"):
        check_arena_facts(ffa(9, stands(0, 1), fell(1, 2, 3), fell(2, 3, 5), fell(3, 4, 9)), round_limit=24)


def test_hr8_ffa_round_limit_survivors_rank_by_arena_score_then_ep() -> None:
    ok = ffa(24, stands(0, 1, 12, 40), stands(1, 2, 12, 30), stands(2, 3, 5), fell(3, 4, 20))
    check_arena_facts(ok, round_limit=24)
    wrong = ffa(24, stands(0, 1, 5), stands(1, 2, 12), stands(2, 3, 1), fell(3, 4, 20))
    with pytest.raises(CampaignRuleError, match="placed above"):
        check_arena_facts(wrong, round_limit=24)


def test_hr8_ffa_more_destroyed_than_fell_refused() -> None:
    with pytest.raises(CampaignRuleError, match="more gladiators destroyed"):
        check_arena_facts(
            ffa(24, stands(0, 1, 9, destroyed=2), stands(1, 2, 5), stands(2, 3, 3), fell(3, 4, 20)), round_limit=24
        )


def test_hr10_1_rounds_beyond_the_league_limit_refused() -> None:
    with pytest.raises(CampaignRuleError, match="1 to 24 rounds"):
        check_arena_facts(pairs(25, V, (0, 0, 0, 0), L), round_limit=24)


def test_hr8_pairs_round_limit_compares_the_partners_sums() -> None:
    # side A 9 + 4 = 13, side B 3 + 5 = 8: a lead of 5 is a points victory (HR-10.1)
    check_arena_facts(pairs(24, PV, (9, 4, 3, 5), PD), round_limit=24)
    with pytest.raises(CampaignRuleError, match="13–9"):
        check_arena_facts(pairs(24, PV, (9, 4, 4, 5), PD), round_limit=24)


def test_hr8_pairs_results_must_be_opposite() -> None:
    with pytest.raises(CampaignRuleError, match="opposite"):
        check_arena_facts(pairs(10, V, (0, 0, 0, 0), PD), round_limit=24)


# --- the table ----------------------------------------------------------------------------------


def test_hr8_ffa_standings_points_and_head_to_head_tie_break() -> None:
    # A 1st (5) + 4th (0) = 5; B 4th (0) + 1st (5) = 5: tied on points. At both tables A and B were
    # opponents; A finished ahead of B once, B ahead of A once: head-to-head level. Victories 1 each.
    # Arena for: A 10 + 0, B 0 + 12: B ranks above A on arena score for.
    m1 = SeatedMatch(("A", "B", "C", "D"), ffa(9, stands(0, 1, 10), fell(1, 4, 2), fell(2, 3, 4), fell(3, 2, 6)))
    m2 = SeatedMatch(("A", "B", "C", "D"), ffa(9, fell(0, 4, 2), stands(1, 1, 12), fell(2, 3, 4), fell(3, 2, 6)))
    rows = compute_arena_standings(ArenaMode.FFA, "ABCD", [m1, m2], dice_seed=1)
    assert [(r.team_id, r.points) for r in rows] == [("D", 6), ("B", 5), ("A", 5), ("C", 2)]
    assert rows[1].decided_by is TieBreaker.ARENA_FOR


def test_hr10_3_fewer_killed_breaks_a_tie_after_arena_score() -> None:
    dead = SideFacts({"gladiator": MemberFacts(fate=Fate.DEAD)})
    facts = ArenaFacts(
        ArenaMode.PAIRS,
        24,
        tuple(SeatPlacing(s, 1, 4, D, 5) for s in range(4)),  # type: ignore[arg-type]
        (dead, SideFacts(), SideFacts(), SideFacts()),
    )
    rows = compute_arena_standings(ArenaMode.PAIRS, "ABCD", [SeatedMatch(("A", "B", "C", "D"), facts)], dice_seed=3)
    assert rows[-1].team_id == "A" and rows[-1].killed == 1
    assert all(r.points == 1 for r in rows)


# --- invariants ----------------------------------------------------------------------------------


@st.composite
def ffa_matches(draw: st.DrawFn) -> ArenaFacts:
    """A free-for-all as a match can end: gladiators fall round by round (several in one round may
    share their places or be ranked apart), the survivors ranked by arena score then Ép %."""
    limit = 24
    fallen_count = draw(st.integers(0, 4))
    standing = 4 - fallen_count
    if standing > 1:
        rounds = limit
    else:
        rounds = draw(st.integers(1, limit))
    fall_rounds = sorted(draw(st.lists(st.integers(1, rounds), min_size=fallen_count, max_size=fallen_count)))
    if standing == 0 and fall_rounds:
        fall_rounds[-1] = rounds
    seats = draw(st.permutations(range(4)))
    survivors = sorted(
        ((draw(st.integers(0, 60)), draw(st.integers(1, 100)), seat) for seat in seats[:standing]), reverse=True
    )
    # best first: the survivors, then the fallen from the latest round back
    order: list[tuple[tuple[int, ...], int]] = [((1, s, e), seat) for s, e, seat in survivors]
    order += [((0, r), seat) for r, seat in sorted(zip(fall_rounds, seats[standing:], strict=True), reverse=True)]
    placings, place, index = [], 1, 0
    while index < 4:
        key = order[index][0]
        group = [seat for k, seat in order[index:] if k == key]
        if key[0] == 0 and len(group) > 1 and not draw(st.booleans()):
            group = group[:1]  # fell in the same round but in different steps
        for seat in group:
            survivor = next(((s, e) for s, e, x in survivors if x == seat), None)
            fell = (
                None if survivor else next(r for r, x in zip(fall_rounds, seats[standing:], strict=True) if x == seat)
            )
            placings.append(
                SeatPlacing(
                    seat,
                    place,
                    len(group),
                    arena_score=survivor[0] if survivor else 0,
                    gladiator_ep_percent=survivor[1] if survivor else 0,
                    eliminated_round=fell,
                )
            )
        place += len(group)
        index += len(group)
    destroyed = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(lambda d: sum(d) <= fallen_count))
    placings = [SeatPlacing(**{**p.__dict__, "gladiators_destroyed": destroyed[p.seat]}) for p in placings]
    return ffa(rounds, *sorted(placings, key=lambda p: p.seat))


@settings(max_examples=examples(150), deadline=None)
@given(ffa_matches())
def test_hr8_every_ffa_ending_a_match_can_reach_is_accepted_and_scores_in_bounds(facts: ArenaFacts) -> None:
    check_arena_facts(facts, round_limit=24)
    points = [seat_league_points(facts, seat) for seat in range(4)]
    assert all(0 <= p <= 5 + 3 for p in points)
    # places alone hand out at most 5 + 3 + 1 + 0; sharing only rounds down
    assert sum(points) - sum(p.gladiators_destroyed for p in facts.placings) <= 9
    assert sum(facts.won(seat) for seat in range(4)) <= 1


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([4, 8, 12, 16]))
def test_hr8_pairs_multiple_of_four_every_two_teams_partner_exactly_once(n: int) -> None:
    partners = Counter(
        frozenset(side)
        for r in table_rounds(range(n), ArenaMode.PAIRS)
        for t in r.tables
        for side in (t.seats[:2], t.seats[2:])
    )
    assert set(partners) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(partners.values()) == {1}


def test_hr10_2_a_large_league_is_seated_every_round_with_its_byes() -> None:
    # 41 teams: 41 rounds of 10 tables and 1 bye; seated a team at a time, so it takes well under a second
    rounds = table_rounds(range(41), ArenaMode.FFA)
    assert len(rounds) == 41
    assert all(len(r.tables) == 10 and len(r.byes) == 1 for r in rounds)
    assert Counter(t for r in rounds for t in r.byes) == dict.fromkeys(range(41), 1)
