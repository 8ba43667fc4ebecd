"""League tables and their tie-breakers (HR-10.3).

:func:`compute_standings` turns the results of a round robin (groups included) or Swiss league
into ranked :class:`StandingRow` s. Each :class:`MatchResult` is one match seen from its home team
(``away`` None for a bye); the away team's result is the opposite.

Tie-breakers, applied in this order (``TIE_BREAKERS``):

- **round robin** (and groups): league points → head-to-head points among the tied teams → number
  of Victories → arena-score difference → arena score for → fewer own members killed → lots;
- **Swiss**: league points → Buchholz (the sum of the opponents' league points; a bye adds 0) →
  number of Victories → arena-score difference → head-to-head → lots.

Head-to-head is a mini-league of exactly the tied teams: the league points each earned in the
matches between them. When it splits a group but leaves some of them level, it is computed again
among just those (a "tied subgroup"); only when it separates nobody does the chain go on. Every
other criterion is a team's own total and splits a group once.

Each row's ``decided_by`` names the tie-breaker that put it above the next row (``points`` when
their league points differ, None for the last row), so the table page can show the chain. Drawing
lots is a seeded, deterministic draw: the same ``dice_seed`` and the same tied teams always give
the same order, whatever else is in the table; ``lot`` is the row's place in that draw (1 first).

Row counts: a Victory (``victories``) is a win by destruction, concession or forfeit;
``forfeits`` are forfeit losses; ``played`` counts every result but byes (``byes``). ``killed``
is the number of own members killed in the league's matches, as the app reports it per match.

Each tie-breaker has a short name (:data:`TIE_BREAKER_NAMES`: a table column, a CSV cell) and a
description (:data:`TIE_BREAKER_DESCRIPTIONS`: the chain as the table page explains it), both as
``(hungarian, english)`` pairs.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.league_dice import RecordedDice, derive_seed, draw_order
from arena.engine.campaign.pairing import TeamId, check_team_ids
from arena.engine.campaign.results import Format, ResultKind, league_points, opposite
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Pair


class TieBreaker(enum.StrEnum):
    """One link of a tie-break chain (HR-10.3)."""

    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    BUCHHOLZ = "buchholz"
    VICTORIES = "victories"
    ARENA_DIFFERENCE = "arena_difference"
    ARENA_FOR = "arena_for"
    FEWER_KILLED = "fewer_killed"
    LOTS = "lots"


TIE_BREAKER_NAMES: Final[Mapping[TieBreaker, Pair]] = MappingProxyType(
    {
        TieBreaker.POINTS: ("Bajnoki pont", "League points"),
        TieBreaker.HEAD_TO_HEAD: ("Egymás elleni eredmény", "Head-to-head"),
        TieBreaker.BUCHHOLZ: ("Buchholz", "Buchholz"),
        TieBreaker.VICTORIES: ("Győzelmek száma", "Victories"),
        TieBreaker.ARENA_DIFFERENCE: ("Arénapont-különbség", "Arena-score difference"),
        TieBreaker.ARENA_FOR: ("Szerzett arénapont", "Arena score for"),
        TieBreaker.FEWER_KILLED: ("Kevesebb saját halott", "Fewer own members killed"),
        TieBreaker.LOTS: ("Sorsolás", "Lots"),
    }
)
TIE_BREAKER_DESCRIPTIONS: Final[Mapping[TieBreaker, Pair]] = MappingProxyType(
    {
        TieBreaker.POINTS: ("Bajnoki pontok", "League points"),
        TieBreaker.HEAD_TO_HEAD: (
            "Az azonos állású csapatok egymás elleni mérkőzésein szerzett pontok",
            "Head-to-head points among the tied teams",
        ),
        TieBreaker.BUCHHOLZ: (
            "Buchholz: az ellenfelek bajnoki pontjainak összege (az erőnyerő forduló 0-t ér)",
            "Buchholz: the opponents' league points added up (a bye counts 0)",
        ),
        TieBreaker.VICTORIES: ("A győzelmek száma", "Number of Victories"),
        TieBreaker.ARENA_DIFFERENCE: (
            "Arénapont-különbség (szerzett − kapott)",
            "Arena-score difference (for − against)",
        ),
        TieBreaker.ARENA_FOR: ("Szerzett arénapontok", "Arena score for"),
        TieBreaker.FEWER_KILLED: ("Kevesebb megölt saját csapattag", "Fewer own members killed"),
        TieBreaker.LOTS: ("Sorsolás (a liga magjával)", "Drawing lots (seeded)"),
    }
)

_ROUND_ROBIN_CHAIN: Final = (
    TieBreaker.POINTS,
    TieBreaker.HEAD_TO_HEAD,
    TieBreaker.VICTORIES,
    TieBreaker.ARENA_DIFFERENCE,
    TieBreaker.ARENA_FOR,
    TieBreaker.FEWER_KILLED,
    TieBreaker.LOTS,
)
TIE_BREAKERS: Final[Mapping[Format, tuple[TieBreaker, ...]]] = MappingProxyType(
    {
        Format.ROUND_ROBIN: _ROUND_ROBIN_CHAIN,
        Format.GROUPS_KNOCKOUT: _ROUND_ROBIN_CHAIN,  # the groups are round robins
        Format.SWISS: (
            TieBreaker.POINTS,
            TieBreaker.BUCHHOLZ,
            TieBreaker.VICTORIES,
            TieBreaker.ARENA_DIFFERENCE,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.LOTS,
        ),
    }
)


@dataclass(frozen=True)
class MatchResult:
    """One match from the home team's side: its result kind, both arena scores and how many
    members of each team were killed. A bye: ``away`` None and ``home_result`` ``bye``."""

    home: TeamId
    away: TeamId | None
    home_result: ResultKind
    home_score: int = 0
    away_score: int = 0
    home_killed: int = 0
    away_killed: int = 0
    round_no: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "home_result", ResultKind(self.home_result))  # "victory" works too
        if (self.away is None) != (self.home_result is ResultKind.BYE):
            raise ValueError("a bye has no opponent, and a match without an opponent is a bye")
        if self.away is not None and self.away == self.home:
            raise ValueError(f"team {self.home} cannot play itself")

    @classmethod
    def bye(cls, team: TeamId, round_no: int | None = None) -> MatchResult:
        return cls(team, None, ResultKind.BYE, round_no=round_no)

    @classmethod
    def forfeit(cls, winner: TeamId, loser: TeamId, round_no: int | None = None) -> MatchResult:
        """The loser did not play by the deadline: a Victory 0–0 for the winner (HR-10.1)."""
        return cls(winner, loser, ResultKind.FORFEIT_WIN, round_no=round_no)

    @property
    def away_result(self) -> ResultKind | None:
        return None if self.away is None else opposite(self.home_result)


@dataclass(frozen=True)
class StandingRow:
    """One line of the table; see the module docstring for the counts."""

    rank: int
    team_id: TeamId
    played: int
    victories: int
    points_victories: int
    draws: int
    points_defeats: int
    defeats: int
    forfeits: int
    byes: int
    points: int
    arena_for: int
    arena_against: int
    killed: int
    buchholz: int
    decided_by: TieBreaker | None = None
    lot: int | None = None

    @property
    def arena_difference(self) -> int:
        return self.arena_for - self.arena_against


_COUNTERS: Final[Mapping[ResultKind, str]] = MappingProxyType(
    {
        ResultKind.VICTORY: "victories",
        ResultKind.FORFEIT_WIN: "victories",
        ResultKind.POINTS_VICTORY: "points_victories",
        ResultKind.DRAW: "draws",
        ResultKind.POINTS_DEFEAT: "points_defeats",
        ResultKind.DEFEAT: "defeats",
        ResultKind.FORFEIT_LOSS: "forfeits",
        ResultKind.BYE: "byes",
    }
)


@dataclass
class _Tally:
    counts: dict[str, int]
    points: int = 0
    arena_for: int = 0
    arena_against: int = 0
    killed: int = 0
    opponents: tuple[TeamId, ...] = ()


def _sides(result: MatchResult) -> list[tuple[TeamId, TeamId | None, ResultKind, int, int, int]]:
    """(team, opponent, kind, arena for, arena against, own killed) for each team of a result."""
    sides = [
        (
            result.home,
            result.away,
            result.home_result,
            result.home_score,
            result.away_score,
            result.home_killed,
        )
    ]
    if result.away is not None:
        sides.append(
            (
                result.away,
                result.home,
                opposite(result.home_result),
                result.away_score,
                result.home_score,
                result.away_killed,
            )
        )
    return sides


def compute_standings(
    league_format: Format,
    team_ids: Sequence[TeamId],
    results: Sequence[MatchResult],
    dice_seed: int | str,
) -> list[StandingRow]:
    """The ranked table of a round robin, group or Swiss league (HR-10.3).

    ``dice_seed`` seeds the lots (the same seed always gives the same table).
    """
    league_format = Format(league_format)
    chain = TIE_BREAKERS.get(league_format)
    if chain is None:
        raise CampaignRuleError(
            "a knockout has a bracket, not a table",
            "HR-10.3",
            "a kieséses rendszernek ágrajza van, nem tabellája",
        )
    teams = tuple(team_ids)
    check_team_ids(teams, minimum=1)
    known = set(teams)
    tallies = {team: _Tally(dict.fromkeys(set(_COUNTERS.values()), 0)) for team in teams}
    for result in results:
        for team, opponent, kind, scored, conceded, killed in _sides(result):
            if team not in known:
                raise ValueError(f"result for team {team!r}, which is not in the league")
            tally = tallies[team]
            tally.counts[_COUNTERS[kind]] += 1
            tally.points += league_points(kind, league_format)
            tally.arena_for += scored
            tally.arena_against += conceded
            tally.killed += killed
            if opponent is not None:
                tally.opponents += (opponent,)
    buchholz = {t: sum(tallies[o].points for o in tally.opponents) for t, tally in tallies.items()}

    def head_to_head(group: Sequence[TeamId]) -> dict[TeamId, int]:
        members = set(group)
        earned = dict.fromkeys(group, 0)
        for result in results:
            if result.home in members and result.away in members:
                for team, _, kind, *_ in _sides(result):
                    earned[team] += league_points(kind, league_format)
        return earned

    def key_for(breaker: TieBreaker, group: Sequence[TeamId]) -> Callable[[TeamId], int]:
        """Higher is better."""
        if breaker is TieBreaker.HEAD_TO_HEAD:
            return head_to_head(group).__getitem__
        own: Mapping[TieBreaker, Callable[[TeamId], int]] = {
            TieBreaker.POINTS: lambda t: tallies[t].points,
            TieBreaker.BUCHHOLZ: buchholz.__getitem__,
            TieBreaker.VICTORIES: lambda t: tallies[t].counts["victories"],
            TieBreaker.ARENA_DIFFERENCE: lambda t: tallies[t].arena_for - tallies[t].arena_against,
            TieBreaker.ARENA_FOR: lambda t: tallies[t].arena_for,
            TieBreaker.FEWER_KILLED: lambda t: -tallies[t].killed,
        }
        return own[breaker]

    ordered = resolve_ties(list(teams), 0, chain, key_for, dice_seed)
    rows: list[StandingRow] = []
    for rank, (team, decided_by, lot) in enumerate(ordered, start=1):
        tally = tallies[team]
        played = sum(n for name, n in tally.counts.items() if name != "byes")
        rows.append(
            StandingRow(
                rank=rank,
                team_id=team,
                played=played,
                points=tally.points,
                arena_for=tally.arena_for,
                arena_against=tally.arena_against,
                killed=tally.killed,
                buchholz=buchholz[team],
                decided_by=decided_by,
                lot=lot,
                **tally.counts,
            )
        )
    return rows


_Entry = tuple[TeamId, TieBreaker | None, int | None]  # team, what put it above the next, lot


def resolve_ties(
    group: list[TeamId],
    step: int,
    chain: tuple[TieBreaker, ...],
    key_for: Callable[[TieBreaker, Sequence[TeamId]], Callable[[TeamId], int]],
    dice_seed: int | str,
) -> list[_Entry]:
    """Order ``group``, equal on every breaker before ``chain[step]``, from ``chain[step]`` on
    (``key_for(breaker, group)`` gives each team's value, higher better); the four-player table
    (:mod:`.four_player_standings`) runs its own chain through it too."""
    if len(group) == 1:
        return [(group[0], None, None)]
    breaker = chain[step]
    if breaker is TieBreaker.LOTS:
        return _draw_lots(group, dice_seed)
    key = key_for(breaker, group)
    values = sorted({key(team) for team in group}, reverse=True)
    if len(values) == 1:
        return resolve_ties(group, step + 1, chain, key_for, dice_seed)
    ordered: list[_Entry] = []
    for value in values:
        part = [team for team in group if key(team) == value]
        # a group-relative breaker (head-to-head) is computed again among the still-tied part
        next_step = step if breaker is TieBreaker.HEAD_TO_HEAD and len(part) > 1 else step + 1
        if ordered:
            last_team, _, last_lot = ordered[-1]
            ordered[-1] = (last_team, breaker, last_lot)
        ordered += resolve_ties(part, next_step, chain, key_for, dice_seed)
    return ordered


def _draw_lots(group: list[TeamId], dice_seed: int | str) -> list[_Entry]:
    """A seeded draw among exactly ``group``: same seed and same teams, same order (HR-10.3)."""
    hat = sorted(group, key=lambda team: (type(team).__name__, str(team)))
    dice = RecordedDice.seeded(derive_seed(dice_seed, "lots", *hat))
    order, _ = draw_order(hat, dice, "drawing lots (HR-10.3)", "sorsolás (HR-10.3)")
    last = len(order) - 1
    return [(team, TieBreaker.LOTS if i < last else None, i + 1) for i, team in enumerate(order)]
