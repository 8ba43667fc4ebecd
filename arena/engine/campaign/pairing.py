"""The shapes every fixture function returns (HR-10.2): a :class:`Pairing` is one match, a
:class:`Round` one round of a league.

A pairing is ``(home, away)`` by team id: home is only the first-named team; the RB p.7 side roll
at the match decides who chooses the half. Team ids are whatever the app uses (database ids or
slugs), ``int`` or ``str``; the functions never look inside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

TeamId: TypeAlias = int | str


@dataclass(frozen=True)
class Pairing:
    """One match: ``home`` against ``away``."""

    home: TeamId
    away: TeamId

    @property
    def teams(self) -> frozenset[TeamId]:
        return frozenset((self.home, self.away))

    def swapped(self) -> Pairing:
        return Pairing(self.away, self.home)


@dataclass(frozen=True)
class Round:
    """Round ``number`` (from 1): its pairings, and the team with the bye (None if none)."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: TeamId | None = None

    @property
    def teams(self) -> tuple[TeamId, ...]:
        """Every team of the round, the bye included, in pairing order."""
        listed = [team for p in self.pairings for team in (p.home, p.away)]
        return tuple(listed + ([self.bye] if self.bye is not None else []))


def check_team_ids(team_ids: tuple[TeamId, ...], minimum: int = 2) -> None:
    """Refuse too few teams or a team listed twice."""
    if len(team_ids) < minimum:
        raise ValueError(f"a league needs at least {minimum} teams, not {len(team_ids)}")
    if len(set(team_ids)) != len(team_ids):
        raise ValueError("a team is listed twice")
