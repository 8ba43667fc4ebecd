"""League tables and the tie-break chains (HR-10.3).

Each table is built so that exactly the named tie-breaker separates the two teams under test:
every earlier one is level, and a later one would have ordered them the other way.
"""

from __future__ import annotations

import pytest

from arena.engine.campaign.results import Format, ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.standings import TIE_BREAKERS, MatchResult, StandingRow, TieBreaker, compute_standings

R = ResultKind
T = TieBreaker
RR = Format.ROUND_ROBIN
SW = Format.SWISS


def m(
    home: str,
    away: str,
    kind: ResultKind,
    score: tuple[int, int] = (0, 0),
    killed: tuple[int, int] = (0, 0),
) -> MatchResult:
    return MatchResult(home, away, kind, score[0], score[1], killed[0], killed[1])


def chain(rows: list[StandingRow]) -> list[tuple[str, TieBreaker | None]]:
    return [(str(row.team_id), row.decided_by) for row in rows]


def row(rows: list[StandingRow], team: str) -> StandingRow:
    return next(r for r in rows if r.team_id == team)


def test_tie_break_chains_in_order__hr_10_3() -> None:
    assert TIE_BREAKERS[RR] == (
        T.POINTS,
        T.HEAD_TO_HEAD,
        T.VICTORIES,
        T.ARENA_DIFFERENCE,
        T.ARENA_FOR,
        T.FEWER_KILLED,
        T.LOTS,
    )
    assert TIE_BREAKERS[SW] == (
        T.POINTS,
        T.BUCHHOLZ,
        T.VICTORIES,
        T.ARENA_DIFFERENCE,
        T.HEAD_TO_HEAD,
        T.LOTS,
    )
    assert TIE_BREAKERS[Format.GROUPS_KNOCKOUT] == TIE_BREAKERS[RR]


def test_row_counts_worked_example__hr_10_1() -> None:
    results = [
        m("A", "B", R.VICTORY, (24, 9), (1, 3)),
        m("C", "A", R.POINTS_VICTORY, (12, 6), (0, 2)),
        MatchResult.forfeit("A", "D"),
        m("B", "C", R.DRAW, (8, 8), (1, 1)),
        MatchResult.bye("E"),
    ]
    rows = compute_standings(RR, ["A", "B", "C", "D", "E"], results, dice_seed=1)
    a = row(rows, "A")
    assert (
        a.played,
        a.victories,
        a.points_victories,
        a.draws,
        a.points_defeats,
        a.defeats,
        a.forfeits,
        a.byes,
    ) == (3, 2, 0, 0, 1, 0, 0, 0)
    assert (a.points, a.arena_for, a.arena_against, a.arena_difference, a.killed) == (
        6,
        30,
        21,
        9,
        3,
    )
    d = row(rows, "D")
    assert (d.played, d.forfeits, d.points, d.arena_for) == (1, 1, 0, 0)
    e = row(rows, "E")
    assert (e.played, e.byes, e.points) == (0, 1, 0)  # a round-robin bye gives no points
    c = row(rows, "C")
    assert (c.points, c.points_victories, c.draws) == (3, 1, 1)
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


# --- round robin ----------------------------------------------------------------------------------


def test_round_robin_head_to_head__hr_10_3() -> None:
    # A and B have 3 points; A beat B, though B has more Victories
    results = [
        m("A", "B", R.POINTS_VICTORY, (10, 5)),
        m("A", "C", R.DRAW, (4, 4)),
        m("B", "C", R.VICTORY, (20, 2)),
    ]
    rows = compute_standings(RR, ["A", "B", "C"], results, dice_seed=1)
    assert chain(rows) == [("A", T.HEAD_TO_HEAD), ("B", T.POINTS), ("C", None)]
    assert (row(rows, "A").victories, row(rows, "B").victories) == (0, 1)


def test_round_robin_head_to_head_recomputed_in_the_tied_subgroup__hr_10_3() -> None:
    # A, B and C have 3 points. Among the three: A 3, B 2, C 2. Among B and C alone: B 2, C 0.
    # C has the better arena difference, which would rank C above B if the chain went on.
    results = [
        m("D", "A", R.VICTORY, (20, 0)),
        m("D", "B", R.DRAW, (5, 5)),
        m("D", "C", R.DRAW, (5, 5)),
        m("A", "B", R.VICTORY, (20, 4)),
        m("C", "A", R.POINTS_VICTORY, (20, 0)),
        m("B", "C", R.POINTS_VICTORY, (10, 5)),
    ]
    rows = compute_standings(RR, ["A", "B", "C", "D"], results, dice_seed=1)
    assert chain(rows) == [
        ("D", T.POINTS),
        ("A", T.HEAD_TO_HEAD),
        ("B", T.HEAD_TO_HEAD),
        ("C", None),
    ]
    assert [r.points for r in rows] == [5, 3, 3, 3]
    assert row(rows, "C").arena_difference > row(rows, "B").arena_difference


def test_round_robin_victories__hr_10_3() -> None:
    # A and B 4 points, drew each other; A has a Victory, B the better arena difference
    results = [
        m("A", "B", R.DRAW, (5, 5)),
        m("A", "C", R.VICTORY, (20, 17)),
        m("D", "A", R.VICTORY, (20, 0)),
        m("B", "C", R.POINTS_VICTORY, (25, 0)),
        m("B", "D", R.DRAW, (6, 6)),
        m("D", "C", R.VICTORY, (20, 0)),
    ]
    rows = compute_standings(RR, ["A", "B", "C", "D"], results, dice_seed=1)
    assert chain(rows) == [("D", T.POINTS), ("A", T.VICTORIES), ("B", T.POINTS), ("C", None)]
    assert (row(rows, "A").arena_difference, row(rows, "B").arena_difference) == (-17, 25)


def test_round_robin_arena_difference__hr_10_3() -> None:
    # A and B 4 points, one Victory each, drew each other; A +8, B +4; B scored more (25 to 15)
    results = [
        m("A", "B", R.DRAW, (5, 5)),
        m("A", "C", R.VICTORY, (10, 2)),
        m("B", "C", R.VICTORY, (20, 16)),
    ]
    rows = compute_standings(RR, ["A", "B", "C"], results, dice_seed=1)
    assert chain(rows) == [("A", T.ARENA_DIFFERENCE), ("B", T.POINTS), ("C", None)]
    assert (row(rows, "A").arena_for, row(rows, "B").arena_for) == (15, 25)


def test_round_robin_arena_for__hr_10_3() -> None:
    # level to the difference (+8 each); A scored 17, B 15; A lost more members (2 to 0)
    results = [
        m("A", "B", R.DRAW, (5, 5), killed=(2, 0)),
        m("A", "C", R.VICTORY, (12, 4)),
        m("B", "C", R.VICTORY, (10, 2)),
    ]
    rows = compute_standings(RR, ["A", "B", "C"], results, dice_seed=1)
    assert chain(rows) == [("A", T.ARENA_FOR), ("B", T.POINTS), ("C", None)]
    assert (row(rows, "A").killed, row(rows, "B").killed) == (2, 0)


def test_round_robin_fewer_own_members_killed__hr_10_3() -> None:
    results = [
        m("A", "B", R.DRAW, (5, 5), killed=(1, 3)),
        m("A", "C", R.VICTORY, (10, 2), killed=(0, 4)),
        m("B", "C", R.VICTORY, (10, 2), killed=(0, 4)),
    ]
    rows = compute_standings(RR, ["A", "B", "C"], results, dice_seed=1)
    assert chain(rows) == [("A", T.FEWER_KILLED), ("B", T.POINTS), ("C", None)]
    assert [r.killed for r in rows] == [1, 3, 8]


LEVEL = [
    m("A", "B", R.DRAW, (5, 5), killed=(1, 1)),
    m("A", "C", R.VICTORY, (10, 2)),
    m("B", "C", R.VICTORY, (10, 2)),
]


def test_round_robin_lots_seeded_and_stable__hr_10_3() -> None:
    rows = compute_standings(RR, ["A", "B", "C"], LEVEL, dice_seed="league-9")
    assert chain(rows)[0][1] is T.LOTS and chain(rows)[1][1] is T.POINTS
    assert [r.lot for r in rows] == [1, 2, None]
    first_two = [rows[0].team_id, rows[1].team_id]
    assert compute_standings(RR, ["C", "B", "A"], LEVEL, dice_seed="league-9")[:2] == rows[:2]
    # the same tie with another team in the table is drawn the same way
    more = compute_standings(RR, ["A", "B", "C", "Z"], LEVEL, dice_seed="league-9")
    assert [r.team_id for r in more[:2]] == first_two


def test_round_robin_lots_depend_on_the_seed__hr_10_3() -> None:
    winners = {compute_standings(RR, ["A", "B", "C"], LEVEL, dice_seed=seed)[0].team_id for seed in range(20)}
    assert winners == {"A", "B"}


def test_round_robin_lots_worked_example__hr_10_3() -> None:
    rows = compute_standings(RR, ["A", "B", "C"], LEVEL, dice_seed=1)
    assert chain(rows) == [("B", T.LOTS), ("A", T.POINTS), ("C", None)]


# --- Swiss ----------------------------------------------------------------------------------------


def test_swiss_buchholz__hr_10_3() -> None:
    results = [
        m("A", "C", R.POINTS_VICTORY, (12, 2)),
        m("B", "D", R.VICTORY, (20, 0)),
        m("E", "F", R.VICTORY, (20, 0)),
        m("A", "E", R.DRAW, (5, 5)),
        m("F", "B", R.POINTS_VICTORY, (12, 2)),
        m("C", "D", R.VICTORY, (20, 0)),
    ]
    rows = compute_standings(SW, list("ABCDEF"), results, dice_seed=1)
    assert chain(rows) == [
        ("E", T.POINTS),
        ("A", T.BUCHHOLZ),
        ("C", T.BUCHHOLZ),
        ("B", T.POINTS),
        ("F", T.POINTS),
        ("D", None),
    ]
    assert [r.buchholz for r in rows] == [5, 7, 3, 2, 7, 6]
    assert [r.victories for r in rows[1:4]] == [0, 1, 1]  # Victories would have put A last


def test_swiss_bye_counts_0_in_buchholz_and_2_points__hr_10_3() -> None:
    results = [
        MatchResult.bye("A", 1),
        m("B", "C", R.POINTS_VICTORY, (9, 3)),
        m("A", "C", R.DRAW, (4, 4)),
        MatchResult.bye("B", 2),
    ]
    rows = compute_standings(SW, ["A", "B", "C"], results, dice_seed=1)
    a, b, c = row(rows, "A"), row(rows, "B"), row(rows, "C")
    assert (a.points, b.points, c.points) == (3, 4, 1)
    assert (a.buchholz, b.buchholz, c.buchholz) == (1, 1, 7)
    assert (a.byes, a.played, a.points_victories) == (1, 1, 0)


def test_swiss_victories__hr_10_3() -> None:
    results = [
        m("A", "C", R.VICTORY, (20, 18)),
        m("B", "D", R.POINTS_VICTORY, (12, 4)),
        m("D", "A", R.POINTS_VICTORY, (11, 6)),
        m("B", "C", R.DRAW, (9, 9)),
    ]
    rows = compute_standings(SW, list("ABCD"), results, dice_seed=1)
    assert chain(rows)[:2] == [("A", T.VICTORIES), ("B", T.POINTS)]
    assert (row(rows, "A").buchholz, row(rows, "B").buchholz) == (3, 3)
    assert (row(rows, "A").arena_difference, row(rows, "B").arena_difference) == (-3, 8)


def test_swiss_arena_difference__hr_10_3() -> None:
    results = [
        m("A", "C", R.POINTS_VICTORY, (15, 5)),
        m("B", "D", R.POINTS_VICTORY, (12, 6)),
        m("A", "D", R.DRAW, (7, 7)),
        m("B", "C", R.DRAW, (8, 8)),
    ]
    rows = compute_standings(SW, list("ABCD"), results, dice_seed=1)
    assert chain(rows)[:2] == [("A", T.ARENA_DIFFERENCE), ("B", T.POINTS)]
    assert [(r.points, r.buchholz, r.victories) for r in rows[:2]] == [(3, 2, 0), (3, 2, 0)]


def test_swiss_head_to_head_then_lots__hr_10_3() -> None:
    # A and B: 4 points, Buchholz 6, no Victories, difference +5 each; A beat B.
    # C and D: level on everything and never met: lots.
    results = [
        m("A", "B", R.POINTS_VICTORY, (10, 5)),
        m("A", "C", R.DRAW, (5, 5)),
        m("B", "D", R.POINTS_VICTORY, (10, 5)),
        m("A", "D", R.DRAW, (5, 5)),
        m("B", "C", R.POINTS_VICTORY, (10, 5)),
    ]
    rows = compute_standings(SW, list("ABCD"), results, dice_seed=3)
    assert [(r.points, r.buchholz, r.victories, r.arena_difference) for r in rows] == [
        (4, 6, 0, 5),
        (4, 6, 0, 5),
        (1, 8, 0, -5),
        (1, 8, 0, -5),
    ]
    assert chain(rows)[:2] == [("A", T.HEAD_TO_HEAD), ("B", T.POINTS)]
    assert [r.decided_by for r in rows[2:]] == [T.LOTS, None]
    assert [r.lot for r in rows[2:]] == [1, 2]


def test_swiss_lots_worked_example__hr_10_3() -> None:
    results = [m("A", "C", R.DRAW, (5, 5)), m("B", "D", R.DRAW, (5, 5))]
    rows = compute_standings(SW, list("ABCD"), results, dice_seed="swiss-7")
    assert all(r.points == 1 and r.buchholz == 1 for r in rows)
    assert [r.decided_by for r in rows] == [T.LOTS, T.LOTS, T.LOTS, None]
    assert [r.lot for r in rows] == [1, 2, 3, 4]
    assert compute_standings(SW, list("DCBA"), results, dice_seed="swiss-7") == rows


def test_standings_accept_plain_strings() -> None:
    results = [MatchResult("A", "B", "points_victory", 9, 2)]  # type: ignore[arg-type]
    rows = compute_standings("swiss", ["A", "B"], results, dice_seed=1)  # type: ignore[arg-type]
    assert [(r.team_id, r.points, r.points_victories) for r in rows] == [("A", 2, 1), ("B", 0, 0)]


def test_standings_refuse_knockout_and_unknown_teams__hr_10_3() -> None:
    with pytest.raises(CampaignRuleError, match=r"a knockout has a bracket, not a table \(HR-10.3\)"):
        compute_standings(Format.KNOCKOUT, ["A", "B"], [], dice_seed=1)
    with pytest.raises(ValueError, match="'X', which is not in the league"):
        compute_standings(RR, ["A", "B"], [m("A", "X", R.DRAW)], dice_seed=1)
    with pytest.raises(ValueError, match="a bye has no opponent"):
        MatchResult("A", None, R.DRAW)
