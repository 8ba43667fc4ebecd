"""Round robin (*körmérkőzés*, HR-10.2) by the circle method, and groups before a knockout.

:func:`round_robin` lists every round. With ``n`` teams (``n`` even) there are ``n − 1`` rounds of
``n / 2`` matches; with ``n`` odd, a bye joins the circle, so there are ``n`` rounds and each team
sits out exactly once per cycle, in turn (the byes rotate; nobody gets a second bye before every
team had one). ``double=True`` adds a second cycle: the same rounds again with home and away
swapped, so every pair meets twice, once on each side of the listing. A bye gives no points in a
round robin.

The circle: the first team stands still (or the bye, for an odd count), the others turn one place
each round. The standing team's side alternates from round to round and every other pairing is
listed so that each team is home in ⌊m / 2⌋ or ⌈m / 2⌉ of its m matches per cycle. Home is only the
first-named team: the RB p.7 side roll at the match decides the sides.

Groups, then knockout (HR-10.2): :func:`draw_groups` deals the teams (best seed first) into groups
by the snake order (A B C C B A …); each group plays a round robin; :func:`groups_knockout_seeds`
turns the group tables into knockout seeds, the group winners first, so that no first-round
knockout match pairs two teams of the same group when that can be avoided.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.campaign.knockout import knockout_bracket
from arena.engine.campaign.pairing import Pairing, Round, TeamId, check_team_ids
from arena.engine.campaign.rule_error import CampaignRuleError

GROUP_QUALIFIERS = 2  # HR-10.2: the top 2 of each group go on
GROUP_MIN_SIZE = 3  # a group of 2 would send both teams on: its matches would decide nothing
GROUP_MAX_SIZE_DEFAULT = 5  # the automatic group count keeps groups at 3–5 teams


def round_robin(team_ids: Sequence[TeamId], *, double: bool = False) -> list[Round]:
    """Every round of a single (or ``double``) round robin by the circle method (HR-10.2).

    >>> [[(p.home, p.away) for p in r.pairings] for r in round_robin(["a", "b", "c", "d"])]
    [[('a', 'd'), ('b', 'c')], [('c', 'a'), ('d', 'b')], [('a', 'b'), ('c', 'd')]]
    """
    teams = tuple(team_ids)
    check_team_ids(teams)
    circle: list[TeamId | None] = [None, *teams] if len(teams) % 2 else list(teams)
    size = len(circle)
    fixed, turning = circle[0], circle[1:]
    rounds: list[Round] = []
    for index in range(size - 1):
        cut = len(turning) - index
        order = [fixed, *turning[cut:], *turning[:cut]]
        pairings: list[Pairing] = []
        bye: TeamId | None = None
        for slot in range(size // 2):
            first, second = order[slot], order[size - 1 - slot]
            if first is None or second is None:
                bye = second if first is None else first
                continue
            # the standing team alternates its side; the others keep the circle's sides, which
            # flip for each team from one round to the next as the circle turns
            home_first = index % 2 == 0 if slot == 0 else slot % 2 == 1
            pairings.append(Pairing(first, second) if home_first else Pairing(second, first))
        rounds.append(Round(index + 1, tuple(pairings), bye))
    if double:
        cycle = len(rounds)
        rounds += [Round(r.number + cycle, tuple(p.swapped() for p in r.pairings), r.bye) for r in rounds[:cycle]]
    return rounds


def draw_groups(team_ids: Sequence[TeamId], group_count: int) -> list[list[TeamId]]:
    """Deal the teams, best seed first, into ``group_count`` groups by the snake order
    (A B C C B A A B C …), so that the groups are as even in size and strength as the seeds allow.

    >>> draw_groups([1, 2, 3, 4, 5, 6, 7, 8], 2)
    [[1, 4, 5, 8], [2, 3, 6, 7]]
    """
    teams = tuple(team_ids)
    check_team_ids(teams)
    if group_count < 1 or len(teams) < 2 * group_count:
        raise ValueError(f"{len(teams)} teams cannot make {group_count} groups of at least 2")
    groups: list[list[TeamId]] = [[] for _ in range(group_count)]
    for index, team in enumerate(teams):
        lap, place = divmod(index, group_count)
        groups[place if lap % 2 == 0 else group_count - 1 - place].append(team)
    return groups


def default_group_count(team_count: int) -> int:
    """The number of groups when the organiser names none: the fewest groups of at most 5 teams,
    ⌈n / 5⌉. From 6 teams on that makes groups of 3–5 (6: 3 + 3, 11: 4 + 4 + 3, 16: 4 × 4);
    3 to 5 teams make one group, whose top two meet in the final.

    >>> [default_group_count(n) for n in (3, 5, 6, 10, 11, 15, 16, 21)]
    [1, 1, 2, 2, 3, 3, 4, 5]
    """
    if team_count < GROUP_MIN_SIZE:
        check_group_count(team_count, 1)
    return max(1, -(-team_count // GROUP_MAX_SIZE_DEFAULT))


def check_group_count(team_count: int, group_count: int) -> None:
    """Refuse a group stage whose smallest group would hold fewer than 3 teams (or no group).

    >>> check_group_count(8, 3)
    Traceback (most recent call last):
    ...
    arena.engine.campaign.rule_error.CampaignRuleError: 8 teams cannot make 3 groups of at least 3 teams (HR-10.2)
    """
    if group_count < 1 or team_count < GROUP_MIN_SIZE * group_count:
        raise CampaignRuleError(
            f"{team_count} teams cannot make {group_count} groups of at least {GROUP_MIN_SIZE} teams",
            "HR-10.2",
            f"{team_count} csapatból nem lehet {group_count} legalább {GROUP_MIN_SIZE} csapatos csoportot alkotni",
        )


def groups_knockout_seeds(group_tables: Sequence[Sequence[TeamId]]) -> list[TeamId]:
    """Knockout seeds from the final group tables (each best first): the winners in group order
    are seeds 1…g, the runners-up follow (HR-10.2: the top 2 of each group go on).

    The runners-up are taken in group order, turned a place at a time while a first-round match of
    :func:`~arena.engine.campaign.knockout.knockout_bracket` would pair two teams of one group.
    With 2 groups: A1 v B2, B1 v A2; with 4: A1 v D2, D1 v A2, B1 v C2, C1 v B2.
    """
    if len(group_tables) < 1:
        raise ValueError("at least one group is needed")
    for table in group_tables:
        if len(table) < GROUP_QUALIFIERS:
            raise ValueError(f"a group needs at least {GROUP_QUALIFIERS} teams")
    winners = [table[0] for table in group_tables]
    runners = [table[1] for table in group_tables]
    group_of = {team: g for g, table in enumerate(group_tables) for team in table[:GROUP_QUALIFIERS]}
    for turn in range(len(runners)):
        seeds = winners + runners[turn:] + runners[:turn]
        first = knockout_bracket(seeds).first_round
        if all(group_of[t.home] != group_of[t.away] for t in first.ties if t.away is not None):
            return seeds
    return winners + runners
