"""Swiss pairings (*svájci*, HR-10.2).

A Swiss league plays :func:`swiss_round_count` rounds: ⌈log₂ n⌉ + 1, at least 3. Each round is
made by :func:`swiss_round` from the standings so far and the rounds already played:

- **Round 1** is random (``seeding="random"``: the teams are drawn into an order by the seeded
  ``dice``) or by rating (``seeding="rating"``: the order given, best first). The order is then
  paired top-down: 1st v 2nd, 3rd v 4th …
- **Later rounds** take the standings (best first; a stable sort by league points makes the score
  groups contiguous) and pair top-down: the best unpaired team meets the next best it has not met.
  Inside a score group that is its neighbour; the odd team of a group **floats down** to the
  group below. **No rematches** while any pairing without one exists: the search backtracks (the
  best team takes a lower partner) before it accepts a rematch, and if it must, it takes as few
  as possible.
- **The bye** (odd count) goes to the lowest-ranked team that has not had a bye, unless that makes a
  rematch unavoidable, in which case the next lowest takes it. It counts as a points victory:
  2 league points, arena score 0–0 (:func:`~arena.engine.campaign.results.league_points`).

``standings`` is any sequence of rows with ``team_id`` and ``points`` (the rows of
:func:`~arena.engine.campaign.standings.compute_standings`, or :class:`SwissEntry`), ``history``
the rounds played (:class:`~arena.engine.campaign.pairing.Round`). The answer's ``round`` holds
the pairings (better-ranked team at home) and the bye; ``floaters`` lists the teams floated down
(paired with a team of a lower score group); ``rolls`` the draws of a random first round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from arena.engine.campaign.league_dice import CampaignDice, DieRoll, draw_order
from arena.engine.campaign.pairing import Pairing, Round, TeamId, check_team_ids
from arena.engine.campaign.rule_error import CampaignRuleError

MIN_SWISS_ROUNDS = 3  # HR-10.2


class Ranked(Protocol):
    """A standings row as the pairing reads it."""

    @property
    def team_id(self) -> TeamId: ...

    @property
    def points(self) -> int: ...


@dataclass(frozen=True)
class SwissEntry:
    """A plain standings row: a team and its league points."""

    team_id: TeamId
    points: int = 0


@dataclass(frozen=True)
class SwissPairing:
    """One Swiss round: the round itself, the teams floated down, the rematches it had to accept
    (0 unless every pairing of the round needs one) and the dice records of a random round 1."""

    round: Round
    floaters: tuple[TeamId, ...] = ()
    rematches: int = 0
    rolls: tuple[DieRoll, ...] = ()


def swiss_round_count(team_count: int) -> int:
    """⌈log₂ n⌉ + 1 rounds, at least 3 (HR-10.2): 3 for up to 4 teams, 4 for 5–8, 5 for 9–16.

    >>> [swiss_round_count(n) for n in (2, 4, 5, 8, 9, 16, 17)]
    [3, 3, 4, 4, 5, 5, 6]
    """
    if team_count < 2:
        raise ValueError(f"a Swiss league needs at least 2 teams, not {team_count}")
    return max(MIN_SWISS_ROUNDS, (team_count - 1).bit_length() + 1)


def swiss_round(
    standings: Sequence[Ranked],
    history: Sequence[Round],
    round_no: int,
    *,
    dice: CampaignDice | None = None,
    seeding: Literal["random", "rating"] = "random",
) -> SwissPairing:
    """The pairings and bye of Swiss round ``round_no`` (HR-10.2); see the module docstring.

    ``dice`` draws the random first round (``RecordedDice.seeded(derive_seed(league, "swiss", 1))``
    for example) and is not used in later rounds.
    """
    teams = tuple(row.team_id for row in standings)
    check_team_ids(teams)
    if round_no != len(history) + 1:
        raise CampaignRuleError(
            f"round {round_no} cannot be paired after {len(history)} rounds played",
            "HR-10.2",
            f"{len(history)} lejátszott forduló után nem a(z) {round_no}. forduló következik",
        )
    rolls: tuple[DieRoll, ...] = ()
    points = {row.team_id: row.points for row in standings}
    if round_no == 1:
        if seeding == "random":
            if dice is None:
                raise ValueError("a random first Swiss round needs dice")
            order, rolls = draw_order(
                teams, dice, "Swiss round 1 draw (HR-10.2)", "svájci 1. forduló sorsolása (HR-10.2)"
            )
        else:
            order = list(teams)
    else:
        order = sorted(teams, key=lambda team: -points[team])  # stable: keeps the tie-breakers
    unknown = {t for r in history for t in r.teams} - set(teams)
    if unknown:
        raise ValueError(f"teams in the history but not in the standings: {sorted(map(str, unknown))}")
    met = {p.teams for r in history for p in r.pairings}
    had_bye = {r.bye for r in history if r.bye is not None}
    pairings, bye, rematches = _pair_round(order, met, had_bye)
    floaters = tuple(p.home for p in pairings if points[p.home] > points[p.away])
    return SwissPairing(Round(round_no, tuple(pairings), bye), floaters, rematches, rolls)


def _bye_candidates(order: list[TeamId], had_bye: set[TeamId]) -> list[TeamId | None]:
    """Who may take the bye, first choice first: the lowest-ranked without one upwards, then (only
    if every team has had one) the lowest-ranked of all upwards."""
    if len(order) % 2 == 0:
        return [None]
    upwards = list(reversed(order))
    fresh: list[TeamId | None] = [t for t in upwards if t not in had_bye]
    return fresh + [t for t in upwards if t in had_bye]


def _pair_round(
    order: list[TeamId], met: set[frozenset[TeamId]], had_bye: set[TeamId]
) -> tuple[list[Pairing], TeamId | None, int]:
    """Fewest rematches first; for that number, the first bye candidate that allows it; for that
    bye, the top-down pairing found by backtracking."""
    candidates = _bye_candidates(order, had_bye)
    for allowed in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [t for t in order if t != bye]
            found = _pair_top_down(rest, met, allowed)
            if found is not None:
                rematches = sum(1 for p in found if p.teams in met)
                return found, bye, rematches
    raise AssertionError("a pairing with every match a rematch always exists")


def _pair_top_down(order: list[TeamId], met: set[frozenset[TeamId]], allowed: int) -> list[Pairing] | None:
    """Pair ``order`` top-down with at most ``allowed`` rematches, or None. The best unpaired team
    tries its partners from the next-ranked down; failures are remembered per set of unpaired
    teams and rematch budget, so no position is searched twice."""
    failed: set[tuple[frozenset[TeamId], int]] = set()

    def search(remaining: tuple[TeamId, ...], budget: int) -> list[Pairing] | None:
        if not remaining:
            return []
        key = (frozenset(remaining), budget)
        if key in failed:
            return None
        top, rest = remaining[0], remaining[1:]
        for index, partner in enumerate(rest):
            rematch = frozenset((top, partner)) in met
            if rematch and budget == 0:
                continue
            tail = search(rest[:index] + rest[index + 1 :], budget - rematch)
            if tail is not None:
                return [Pairing(top, partner), *tail]
        failed.add(key)
        return None

    return search(tuple(order), allowed)
