"""Fixtures of a four-player league (HR-8, HR-10.2): rounds of tables of four.

A four-player league is a round robin of tables. Every round seats the entries at tables of four
(:class:`Table`, seats 0-3 as the match numbers them); when the entries are not a multiple of four,
``n mod 4`` of them sit the round out (byes, worth no points as in any round robin, HR-10.2).

- ``n`` a multiple of four: the circle method's ``n - 1`` rounds (:func:`round_robin`), each round's
  matches taken two by two as a table. In pairs the two teams of one circle match are partners
  (seats 0+1 against 2+3), so every entry partners every other exactly once in the season; with
  four entries the three rounds are AD-BC, AC-BD, AB-CD. In free-for-all every two entries share a
  table at least once.
- any other ``n`` (at least 5): ``n`` rounds; the byes turn through the entries in order, so each
  sits out exactly ``n mod 4`` rounds. The others are seated greedily: each table takes the first
  unseated entry, then one at a time the entry whose earlier meetings with those already seated weigh
  least (each pair's count squared, so a third meeting costs more than two second ones); in pairs the
  partners are then the split with the fewest repeated partnerships. Up to 10 entries every two share
  a table at least once; beyond that the spread is close but not guaranteed (11 entries leave a pair
  unmet).

``double=True`` plays the season twice, the second time with the sides' seats swapped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from arena.engine.campaign.pairing import TeamId, check_team_ids
from arena.engine.campaign.round_robin import round_robin
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.match.words import ArenaMode

SEATS = 4
MIN_ENTRIES = 4

Seats = tuple[TeamId, TeamId, TeamId, TeamId]


@dataclass(frozen=True)
class Table:
    """One four-seat match: ``seats[i]`` plays seat ``i`` (pairs: 0+1 against 2+3)."""

    seats: Seats

    @property
    def teams(self) -> frozenset[TeamId]:
        return frozenset(self.seats)


@dataclass(frozen=True)
class TableRound:
    """Round ``number`` (from 1): its tables and the entries sitting it out."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[TeamId, ...] = ()


def table_rounds(team_ids: Sequence[TeamId], mode: ArenaMode, *, double: bool = False) -> list[TableRound]:
    """Every round of a four-player league's season (see the module docstring).

    >>> [[t.seats for t in r.tables] for r in table_rounds("abcd", ArenaMode.PAIRS)]
    [[('a', 'd', 'b', 'c')], [('c', 'a', 'd', 'b')], [('a', 'b', 'c', 'd')]]
    """
    if mode is ArenaMode.DUEL:
        raise ValueError("a duel league pairs two teams: use round_robin")
    teams = tuple(team_ids)
    check_team_ids(teams, minimum=1)
    if len(teams) < MIN_ENTRIES:
        raise CampaignRuleError(
            f"a four-player league needs at least {MIN_ENTRIES} teams, not {len(teams)}",
            "HR-8",
            f"a négyfős ligához legalább {MIN_ENTRIES} csapat kell, nem {len(teams)}",
        )
    rounds = _circle_rounds(teams) if len(teams) % SEATS == 0 else _greedy_rounds(teams, mode)
    if double:
        count = len(rounds)
        rounds += [
            TableRound(r.number + count, tuple(Table(_swap_sides(t.seats)) for t in r.tables), r.byes) for r in rounds
        ]
    return rounds


def _swap_sides(seats: Seats) -> Seats:
    return seats[2], seats[3], seats[0], seats[1]


def _circle_rounds(teams: tuple[TeamId, ...]) -> list[TableRound]:
    rounds = []
    for circle in round_robin(teams):
        pairs = circle.pairings
        tables = tuple(Table((a.home, a.away, b.home, b.away)) for a, b in zip(pairs[0::2], pairs[1::2], strict=True))
        rounds.append(TableRound(circle.number, tables))
    return rounds


def _greedy_rounds(teams: tuple[TeamId, ...], mode: ArenaMode) -> list[TableRound]:
    n = len(teams)
    byes_per_round = n % SEATS
    met: Counter[frozenset[TeamId]] = Counter()
    partnered: Counter[frozenset[TeamId]] = Counter()
    rounds = []
    for index in range(n):
        out = tuple(teams[(index * byes_per_round + k) % n] for k in range(byes_per_round))
        waiting = [t for t in teams if t not in out]
        tables = []
        while waiting:
            seats = _seat(mode, _table_of(waiting, met), partnered)
            tables.append(Table(seats))
            for a, b in combinations(seats, 2):
                met[frozenset((a, b))] += 1
            partnered[frozenset(seats[:2])] += 1
            partnered[frozenset(seats[2:])] += 1
            waiting = [t for t in waiting if t not in seats]
        rounds.append(TableRound(index + 1, tuple(tables), out))
    return rounds


def _table_of(waiting: list[TeamId], met: Counter[frozenset[TeamId]]) -> list[TeamId]:
    """The first waiting team, then one at a time the team whose meetings with those seated so far
    weigh least (each count squared; the first such in entry order): linear in the teams waiting, so
    a league of 60 is seated in well under a second."""
    table = [waiting[0]]
    while len(table) < SEATS:
        rest = [team for team in waiting if team not in table]
        table.append(min(rest, key=lambda team: sum(met[frozenset((team, seated))] ** 2 for seated in table)))
    return table


def _seat(mode: ArenaMode, group: Sequence[TeamId], partnered: Counter[frozenset[TeamId]]) -> Seats:
    a, b, c, d = group
    if mode is ArenaMode.FFA:
        return a, b, c, d
    splits: list[Seats] = [(a, b, c, d), (a, c, b, d), (a, d, b, c)]
    return min(splits, key=lambda s: partnered[frozenset(s[:2])] + partnered[frozenset(s[2:])])
