"""Swiss pairings (HR-10.2): round count, score groups, floaters, no rematches, the bye."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine.campaign.fixture_formats import Pairing, Round, SwissEntry, TeamId, swiss_round, swiss_round_count
from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import Format, ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.standings import MatchResult, compute_standings
from tests.budget import examples


def pairs(round_: Round) -> list[tuple[object, object]]:
    return [(p.home, p.away) for p in round_.pairings]


def entries(points: dict[str, int]) -> list[SwissEntry]:
    return [SwissEntry(team, pts) for team, pts in points.items()]


def test_swiss_round_count_log2_plus_1_at_least_3__hr_10_2() -> None:
    assert [swiss_round_count(n) for n in range(2, 18)] == [
        3,
        3,
        3,
        4,
        4,
        4,
        4,
        5,
        5,
        5,
        5,
        5,
        5,
        5,
        5,
        6,
    ]


def test_round_1_random_by_seeded_draw__hr_10_2() -> None:
    # the hat a b c d: the d4 picks c, the d3 a, the d2 d, b is left
    dice = RecordedDice.fixed([3, 1, 2])
    swiss = swiss_round(entries(dict.fromkeys("abcd", 0)), [], 1, dice=dice)
    assert pairs(swiss.round) == [("c", "a"), ("d", "b")]
    assert [(r.sides, r.result) for r in swiss.rolls] == [(4, 3), (3, 1), (2, 2)]
    assert swiss.round.bye is None and swiss.floaters == ()


def test_round_1_seeded_draw_is_stable__hr_10_2() -> None:
    teams = entries(dict.fromkeys(["t1", "t2", "t3", "t4", "t5", "t6", "t7"], 0))
    first = swiss_round(teams, [], 1, dice=RecordedDice.seeded("league-1:swiss:1"))
    again = swiss_round(teams, [], 1, dice=RecordedDice.seeded("league-1:swiss:1"))
    assert first == again
    assert len(first.rolls) == 6 and first.round.bye is not None


def test_round_1_by_rating_top_down_bye_to_the_lowest__hr_10_2() -> None:
    swiss = swiss_round(entries(dict.fromkeys("ABCDE", 0)), [], 1, seeding="rating")
    assert pairs(swiss.round) == [("A", "B"), ("C", "D")]
    assert swiss.round.bye == "E"
    with pytest.raises(ValueError, match="needs dice"):
        swiss_round(entries(dict.fromkeys("ABCD", 0)), [], 1)


def test_later_round_score_groups_and_floater__hr_10_2() -> None:
    history = [Round(1, (Pairing("A", "D"), Pairing("B", "E"), Pairing("C", "F")))]
    standings = entries({"A": 3, "B": 3, "C": 3, "D": 0, "E": 0, "F": 0})
    swiss = swiss_round(standings, history, 2)
    assert pairs(swiss.round) == [("A", "B"), ("C", "D"), ("E", "F")]
    assert swiss.floaters == ("C",)  # the odd team of the 3-point group floats down
    assert swiss.rematches == 0


def test_unsorted_standings_are_sorted_by_points__hr_10_2() -> None:
    standings = entries({"D": 0, "A": 3, "E": 0, "B": 3})
    swiss = swiss_round(standings, [Round(1, (Pairing("A", "D"), Pairing("B", "E")))], 2)
    assert pairs(swiss.round) == [("A", "B"), ("D", "E")]


def test_no_rematch_backtracks__hr_10_2() -> None:
    # top-down would give A-B, C-D and then the rematch E-F; C takes E instead
    history = [Round(1, (Pairing("A", "D"), Pairing("B", "C"), Pairing("E", "F")))]
    swiss = swiss_round(entries(dict.fromkeys("ABCDEF", 3)), history, 2)
    assert pairs(swiss.round) == [("A", "B"), ("C", "E"), ("D", "F")]
    assert swiss.rematches == 0


def test_unavoidable_rematch_is_taken_and_counted__hr_10_2() -> None:
    history = [Round(1, (Pairing("A", "B"),))]
    swiss = swiss_round(entries({"A": 3, "B": 0}), history, 2)
    assert pairs(swiss.round) == [("A", "B")] and swiss.rematches == 1


def test_bye_to_the_lowest_ranked_team_without_one__hr_10_2() -> None:
    history = [Round(1, (Pairing("A", "B"), Pairing("C", "D")), bye="E")]
    standings = entries({"A": 3, "E": 2, "C": 3, "B": 0, "D": 0})
    swiss = swiss_round(standings, history, 2)
    # ranked A C E B D; D is last and has had no bye
    assert swiss.round.bye == "D"
    assert pairs(swiss.round) == [("A", "C"), ("E", "B")]


def test_no_rematch_outranks_the_bye_rule__hr_10_2() -> None:
    # A has met B, C and E; D has met C, E and B. If D or A (the teams without a bye) sat out, the
    # other four could only be paired with a rematch, so E, the lowest-ranked, sits out again.
    history = [
        Round(1, (Pairing("A", "B"), Pairing("D", "C")), bye="E"),
        Round(2, (Pairing("A", "C"), Pairing("D", "E")), bye="B"),
        Round(3, (Pairing("A", "E"), Pairing("D", "B")), bye="C"),
    ]
    swiss = swiss_round(entries(dict.fromkeys("ABCDE", 0)), history, 4)
    assert swiss.round.bye == "E"
    assert pairs(swiss.round) == [("A", "D"), ("B", "C")]
    assert swiss.rematches == 0


def test_round_number_must_follow_the_history__hr_10_2() -> None:
    with pytest.raises(CampaignRuleError, match=r"round 3 cannot be paired after 1 rounds played"):
        swiss_round(entries(dict.fromkeys("AB", 0)), [Round(1, (Pairing("A", "B"),))], 3)


# --- the property: over whole leagues of random results ------------------------------------------


def rematch_free(order: Sequence[TeamId], met: set[frozenset[TeamId]]) -> bool:
    """Whether ``order`` (even) can be paired with no rematch: an independent exhaustive search."""
    if not order:
        return True
    first, rest = order[0], order[1:]
    return any(
        frozenset((first, partner)) not in met and rematch_free([t for t in rest if t != partner], met)
        for partner in rest
    )


RESULTS = [ResultKind.VICTORY, ResultKind.POINTS_VICTORY, ResultKind.DRAW, ResultKind.DEFEAT]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=6, max_value=12),
    data=st.data(),
)
def test_swiss_league_never_rematches_while_avoidable__hr_10_2(n: int, data: st.DataObject) -> None:
    teams: list[TeamId] = [f"t{i:02d}" for i in range(n)]
    results: list[MatchResult] = []
    history: list[Round] = []
    seed = data.draw(st.integers(min_value=0, max_value=10**6), label="seed")
    for round_no in range(1, swiss_round_count(n) + 1):
        table = compute_standings(Format.SWISS, teams, results, dice_seed=seed)
        swiss = swiss_round(table, history, round_no, dice=RecordedDice.seeded(seed))
        played = swiss.round
        met = {p.teams for r in history for p in r.pairings}
        had_bye = {r.bye for r in history if r.bye is not None}
        order = [row.team_id for row in table] if round_no > 1 else None
        # everyone exactly once
        assert sorted(played.teams) == sorted(teams)
        assert (played.bye is None) == (n % 2 == 0)
        # no rematch while a rematch-free round exists (any bye)
        byes: list[TeamId | None] = [None] if n % 2 == 0 else list(reversed(order or teams))
        possible = [b for b in byes if rematch_free([t for t in (order or teams) if t != b], met)]
        if possible:
            assert swiss.rematches == 0
            assert all(p.teams not in met for p in played.pairings)
        # the bye: the lowest-ranked team without one that allows the fewest rematches
        if order is not None and n % 2 and possible:
            fresh = [b for b in possible if b not in had_bye]
            if fresh:
                assert played.bye == fresh[0]
        for pairing in played.pairings:
            kind = data.draw(st.sampled_from(RESULTS), label="result")
            home_score = data.draw(st.integers(min_value=0, max_value=30), label="score")
            away_score = data.draw(st.integers(min_value=0, max_value=30), label="score")
            results.append(MatchResult(pairing.home, pairing.away, kind, home_score, away_score, round_no=round_no))
        if played.bye is not None:
            results.append(MatchResult.bye(played.bye, round_no))
        history.append(played)
    table = compute_standings(Format.SWISS, teams, results, dice_seed=seed)
    assert [row.rank for row in table] == list(range(1, n + 1))
