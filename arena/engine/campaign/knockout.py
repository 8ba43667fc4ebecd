"""Knockout (*kieséses*, HR-10.2): single elimination on a bracket of the next power of two.

:func:`knockout_bracket` takes the seeds, best first (from standings, rating or a seeded draw:
:func:`~arena.engine.campaign.league_dice.draw_order`), and places them by the standard seeding, in
which the seeds of every first-round match add up to size + 1 (1 v 8, 4 v 5, 2 v 7, 3 v 6 for
eight) and seeds 1 and 2 can meet only in the final. Missing seeds are byes, so the byes go to the
top seeds. Each :class:`Tie` lists the better seed as ``home``; a tie whose ``away`` is None is a
bye and its ``home`` goes through.

:func:`knockout_next_round` takes a round and its winners and pairs the teams going through in
bracket order. A knockout match has no draw: see
:func:`~arena.engine.campaign.results.knockout_at_round_limit`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.pairing import Pairing, TeamId, check_team_ids
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Pair

# (hungarian, english) of the named stages; a larger round is "round_of_{places}" (stage_names)
STAGE_NAMES: Final[Mapping[str, Pair]] = MappingProxyType(
    {
        "final": ("Döntő", "Final"),
        "semi_final": ("Elődöntő", "Semi final"),
        "quarter_final": ("Negyeddöntő", "Quarter final"),
        "round_of_16": ("Nyolcaddöntő", "Round of 16"),
        "round_of_32": ("Tizenhatoddöntő", "Round of 32"),
    }
)


@dataclass(frozen=True)
class Tie:
    """One place of a knockout round: ``home`` (the better seed) against ``away``, or a bye for
    ``home`` when ``away`` is None. Seeds count from 1."""

    home: TeamId
    away: TeamId | None
    home_seed: int
    away_seed: int | None

    @property
    def is_bye(self) -> bool:
        return self.away is None

    def pairing(self) -> Pairing | None:
        return None if self.away is None else Pairing(self.home, self.away)


@dataclass(frozen=True)
class KnockoutRound:
    """Round ``number`` (from 1) of a knockout, its ties in bracket order, and its ``stage``:
    ``final``, ``semi_final``, ``quarter_final`` or ``round_of_16``, ``round_of_32`` …"""

    number: int
    ties: tuple[Tie, ...]

    @property
    def stage(self) -> str:
        return stage_name(2 * len(self.ties))

    @property
    def pairings(self) -> tuple[Pairing, ...]:
        """The matches to play (byes left out)."""
        return tuple(p for tie in self.ties if (p := tie.pairing()) is not None)

    @property
    def byes(self) -> tuple[TeamId, ...]:
        return tuple(tie.home for tie in self.ties if tie.is_bye)


@dataclass(frozen=True)
class KnockoutBracket:
    """The bracket: its ``size`` (a power of two), the seeds best first, the number of rounds and
    the first round (later rounds follow from results)."""

    size: int
    seeds: tuple[TeamId, ...]
    round_count: int
    first_round: KnockoutRound


def stage_name(places: int) -> str:
    """``final`` for 2 places, ``semi_final`` for 4, ``quarter_final`` for 8, else
    ``round_of_{places}``."""
    return {2: "final", 4: "semi_final", 8: "quarter_final"}.get(places, f"round_of_{places}")


def stage_names(stage: str) -> Pair:
    """A stage's ``(hungarian, english)`` name.

    >>> stage_names("semi_final"), stage_names("round_of_64")
    (('Elődöntő', 'Semi final'), ('A legjobb 64 között', 'Round of 64'))
    """
    if stage in STAGE_NAMES:
        return STAGE_NAMES[stage]
    places = stage.removeprefix("round_of_")
    return f"A legjobb {places} között", f"Round of {places}"


def bracket_size(team_count: int) -> int:
    """The next power of two at or above ``team_count`` (HR-10.2)."""
    if team_count < 2:
        raise ValueError(f"a knockout needs at least 2 teams, not {team_count}")
    return 1 << (team_count - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seed numbers in bracket order, first-round opponents side by side: for 8,
    ``[1, 8, 4, 5, 2, 7, 3, 6]``."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket size is a power of two of at least 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def knockout_bracket(seeds: Sequence[TeamId]) -> KnockoutBracket:
    """The bracket for ``seeds`` (best first), byes to the top seeds (HR-10.2).

    >>> [(t.home, t.away) for t in knockout_bracket(["a", "b", "c", "d", "e"]).first_round.ties]
    [('a', None), ('d', 'e'), ('b', None), ('c', None)]
    """
    teams = tuple(seeds)
    check_team_ids(teams)
    size = bracket_size(len(teams))
    order = seed_order(size)
    ties: list[Tie] = []
    for index in range(0, size, 2):
        better, worse = sorted(order[index : index + 2])
        if worse > len(teams):
            ties.append(Tie(teams[better - 1], None, better, None))
        else:
            ties.append(Tie(teams[better - 1], teams[worse - 1], better, worse))
    return KnockoutBracket(size, teams, size.bit_length() - 1, KnockoutRound(1, tuple(ties)))


def knockout_next_round(previous: KnockoutRound, winners: Collection[TeamId]) -> KnockoutRound:
    """The round after ``previous``: the winner of each tie (one team of every played tie must be
    in ``winners``; a bye's team goes through by itself), paired in bracket order, the better seed
    at home."""
    if len(previous.ties) < 2:
        raise CampaignRuleError(
            "the final was the last round of the knockout",
            "HR-10.2",
            "a döntő volt a kieséses szakasz utolsó fordulója",
        )
    through: list[tuple[TeamId, int]] = []
    for tie in previous.ties:
        if tie.away is None or tie.away_seed is None:
            through.append((tie.home, tie.home_seed))
            continue
        home_won, away_won = tie.home in winners, tie.away in winners
        if home_won == away_won:
            raise CampaignRuleError(
                f"exactly one of {tie.home} and {tie.away} must win their knockout match; there are no draws",
                "HR-10.2",
                f"{tie.home} és {tie.away} kieséses mérkőzésén pontosan az egyiküknek kell nyernie; döntetlen nincs",
            )
        through.append((tie.home, tie.home_seed) if home_won else (tie.away, tie.away_seed))
    ties: list[Tie] = []
    for index in range(0, len(through), 2):
        (first, first_seed), (second, second_seed) = sorted(
            through[index : index + 2], key=lambda team_seed: team_seed[1]
        )
        ties.append(Tie(first, second, first_seed, second_seed))
    return KnockoutRound(previous.number + 1, tuple(ties))
