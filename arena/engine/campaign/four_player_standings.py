"""The table of a four-player league (HR-8 league points, tie-breakers adapted from HR-10.3).

:func:`compute_arena_standings` ranks the entries by the league points of their seats
(:func:`~arena.engine.campaign.four_player_results.seat_league_points`), then, in this order
(``ARENA_TIE_BREAKERS``):

1. **head-to-head** among the tied teams: how many times each finished ahead of a tied team that sat
   at its table as an opponent (free-for-all: any other seat; pairs: the other side). HR-10.3's
   "head-to-head points" is a two-team idea; at a table of four the tied teams' meetings are read as
   who placed above whom. Computed again among a still-tied subgroup, as in the two-player table;
2. **number of Victories**: pairs, the side's Victory (HR-10.3); free-for-all, first place alone;
3. **arena score for**: the seat's own arena score (HR-10.1 over every enemy's losses). HR-10.3's
   arena-score *difference* is left out: at a table of three opponents nobody's score is "against"
   one team;
4. **fewer own members killed**;
5. **drawing lots**, seeded as in the two-player table.

A bye counts nothing (a round robin's bye, HR-10.2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.four_player_facts import ArenaFacts
from arena.engine.campaign.four_player_results import seat_league_points, seat_victory
from arena.engine.campaign.pairing import TeamId, check_team_ids
from arena.engine.campaign.standings import TieBreaker, resolve_ties
from arena.engine.campaign.texts import Pair
from arena.engine.match.words import ArenaMode

ARENA_TIE_BREAKERS: Final = (
    TieBreaker.POINTS,
    TieBreaker.HEAD_TO_HEAD,
    TieBreaker.VICTORIES,
    TieBreaker.ARENA_FOR,
    TieBreaker.FEWER_KILLED,
    TieBreaker.LOTS,
)
ARENA_TIE_BREAKER_DESCRIPTIONS: Final[Mapping[TieBreaker, Pair]] = MappingProxyType(
    {
        TieBreaker.HEAD_TO_HEAD: (
            "Egymás elleni eredmény: hányszor végzett egy vele egy asztalnál játszó, azonos állású ellenfél előtt",
            "Head-to-head: how often it finished ahead of a tied team at its table as an opponent",
        ),
        TieBreaker.VICTORIES: (
            "A győzelmek száma (páros: az oldal győzelme; mindenki mindenki ellen: egyedül első hely)",
            "Number of Victories (pairs: the side's Victory; free-for-all: first place alone)",
        ),
    }
)


@dataclass(frozen=True)
class SeatedMatch:
    """A finished four-seat match: the team in each seat and what happened (``facts``)."""

    seats: tuple[TeamId, TeamId, TeamId, TeamId]
    facts: ArenaFacts
    round_no: int | None = None

    def opponents(self, seat: int) -> list[int]:
        """The seats that played against ``seat`` (pairs: the other side)."""
        side = self.facts.mode.pair_of(seat)
        return [s for s in range(4) if s != seat and self.facts.mode.pair_of(s) != side]


@dataclass(frozen=True)
class ArenaStandingRow:
    rank: int
    team_id: TeamId
    played: int
    victories: int
    points: int
    arena_for: int
    gladiators_destroyed: int
    killed: int
    byes: int
    decided_by: TieBreaker | None = None
    lot: int | None = None


@dataclass
class _Tally:
    played: int = 0
    victories: int = 0
    points: int = 0
    arena_for: int = 0
    destroyed: int = 0
    killed: int = 0
    byes: int = 0


def compute_arena_standings(
    mode: ArenaMode,
    team_ids: Sequence[TeamId],
    matches: Sequence[SeatedMatch],
    dice_seed: int | str,
    byes: Sequence[TeamId] = (),
) -> list[ArenaStandingRow]:
    """The ranked table of a four-player league (see the module docstring); ``byes`` lists one team
    id per bye it had."""
    teams = tuple(team_ids)
    check_team_ids(teams, minimum=1)
    tallies = {team: _Tally() for team in teams}
    for team in byes:
        tallies[team].byes += 1
    for match in matches:
        if match.facts.mode is not mode:
            raise ValueError(f"a {match.facts.mode} match in a {mode} league")
        for seat, team in enumerate(match.seats):
            if team not in tallies:
                raise ValueError(f"result for team {team!r}, which is not in the league")
            tally, placing = tallies[team], match.facts.placing(seat)
            tally.played += 1
            tally.victories += seat_victory(match.facts, seat)
            tally.points += seat_league_points(match.facts, seat)
            tally.arena_for += placing.arena_score
            tally.destroyed += placing.gladiators_destroyed
            tally.killed += match.facts.sides[seat].killed

    def head_to_head(group: Sequence[TeamId]) -> dict[TeamId, int]:
        members = set(group)
        ahead = dict.fromkeys(group, 0)
        for match in matches:
            for seat, team in enumerate(match.seats):
                if team not in members:
                    continue
                place = match.facts.placing(seat).place
                for other in match.opponents(seat):
                    if match.seats[other] in members and place < match.facts.placing(other).place:
                        ahead[team] += 1
        return ahead

    def key_for(breaker: TieBreaker, group: Sequence[TeamId]) -> Callable[[TeamId], int]:
        if breaker is TieBreaker.HEAD_TO_HEAD:
            return head_to_head(group).__getitem__
        own: Mapping[TieBreaker, Callable[[TeamId], int]] = {
            TieBreaker.POINTS: lambda t: tallies[t].points,
            TieBreaker.VICTORIES: lambda t: tallies[t].victories,
            TieBreaker.ARENA_FOR: lambda t: tallies[t].arena_for,
            TieBreaker.FEWER_KILLED: lambda t: -tallies[t].killed,
        }
        return own[breaker]

    ordered = resolve_ties(list(teams), 0, ARENA_TIE_BREAKERS, key_for, dice_seed)
    return [
        ArenaStandingRow(
            rank=rank,
            team_id=team,
            played=tallies[team].played,
            victories=tallies[team].victories,
            points=tallies[team].points,
            arena_for=tallies[team].arena_for,
            gladiators_destroyed=tallies[team].destroyed,
            killed=tallies[team].killed,
            byes=tallies[team].byes,
            decided_by=decided_by,
            lot=lot,
        )
        for rank, (team, decided_by, lot) in enumerate(ordered, start=1)
    ]
