"""Gold (*arany*, HR-10.7): the starting treasury, income after each match and its bonuses.

- **Starting treasury** (:func:`starting_treasury`): 50 gold, plus 5 per build point left unspent
  (``budget − team value``, HR-9.1).
- **Income** (:func:`match_income`): victory 40, points victory 30, draw 25, points defeat or
  defeat 15, Swiss bye 20; +5 per enemy non-gladiator killed, +10 for the enemy strategist,
  +10 for thumbs down. A forfeit win is paid as a Victory (40); a forfeit loss and a round-robin
  bye earn nothing (no match was played; a round-robin bye "gives no points").

Spending: permanent purchases are in :mod:`~arena.engine.campaign.purchases`, the healer in
:mod:`~arena.engine.campaign.injuries`, one-match items in
:mod:`~arena.engine.campaign.match_items`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.results import Format, ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Line, counted_line
from arena.engine.roster import Roster
from arena.engine.roster.pricing import roster_costs

STARTING_GOLD: Final = 50
GOLD_PER_UNSPENT_POINT: Final = 5
GOLD_PER_FIGHTER_KILLED: Final = 5
GOLD_STRATEGIST_KILLED: Final = 10
GOLD_THUMBS_DOWN: Final = 10
SWISS_BYE_GOLD: Final = 20

INCOME: Final[Mapping[ResultKind, int]] = MappingProxyType(
    {
        ResultKind.VICTORY: 40,
        ResultKind.POINTS_VICTORY: 30,
        ResultKind.DRAW: 25,
        ResultKind.POINTS_DEFEAT: 15,
        ResultKind.DEFEAT: 15,
        ResultKind.FORFEIT_WIN: 40,
        ResultKind.FORFEIT_LOSS: 0,
    }
)


def starting_treasury(roster: Roster) -> int:
    """50 gold + 5 per unspent build point of the registered team (HR-10.7).

    >>> from arena.engine.roster import base_roster
    >>> starting_treasury(base_roster(tier="veteran"))  # 200 of 225 spent: 50 + 5 × 25
    175
    """
    unspent = roster_costs(roster).remaining
    if unspent < 0:
        raise CampaignRuleError(
            f"the team is {-unspent} points over its budget and cannot register",
            "HR-9.1",
            f"a csapat {-unspent} ponttal túllépi a keretét, így nem nevezhető",
        )
    return STARTING_GOLD + GOLD_PER_UNSPENT_POINT * unspent


@dataclass(frozen=True)
class Income:
    """Gold earned for one match: the total and each line (``gold.*``
    :class:`~arena.engine.campaign.texts.Line` s: the result first, then the bonuses)."""

    total: int
    lines: tuple[Line, ...]


def match_income(
    result: ResultKind,
    league_format: Format = Format.ROUND_ROBIN,
    *,
    fighters_killed: int = 0,
    strategists_killed: int = 0,
    thumbs_down: bool = False,
) -> Income:
    """The gold a team earns for one result (HR-10.7). ``fighters_killed``: enemy witch-master,
    crossbowman and dagger-throwers killed (not zombies); ``strategists_killed``: enemy strategists
    killed (one in a duel, up to three in a free-for-all, +10 each); ``thumbs_down``: this team
    showed thumbs down over the fallen enemy gladiator.

    >>> income = match_income(ResultKind.VICTORY, fighters_killed=1, thumbs_down=True)
    >>> income.total, [line.text("hu") for line in income.lines]
    (55, ['győzelem', '1 megölt ellenséges nem gladiátor', 'hüvelykujj le'])
    """
    result, league_format = ResultKind(result), Format(league_format)
    if fighters_killed < 0 or strategists_killed < 0:
        raise ValueError(f"kills cannot be negative: {fighters_killed}, {strategists_killed}")
    if thumbs_down and result is not ResultKind.VICTORY:
        raise CampaignRuleError(
            "only the winner who destroyed the enemy gladiator shows the thumbs",
            "HR-10.5",
            "hüvelykujjat csak az a győztes mutathat, aki elpusztította az ellenséges gladiátort",
        )
    if result is ResultKind.BYE:
        base = SWISS_BYE_GOLD if league_format is Format.SWISS else 0
    else:
        base = INCOME[result]
    lines: list[Line] = [Line(f"gold.{result.value}", base)]
    if fighters_killed:
        gold = GOLD_PER_FIGHTER_KILLED * fighters_killed
        lines.append(Line("gold.fighters_killed", gold, fighters_killed))
    if strategists_killed:
        lines.append(counted_line("gold.strategist_killed", GOLD_STRATEGIST_KILLED, strategists_killed))
    if thumbs_down:
        lines.append(Line("gold.thumbs_down", GOLD_THUMBS_DOWN))
    return Income(sum(line.amount for line in lines), tuple(lines))


def pay(treasury: int, price: int, what: str, what_hu: str = "") -> int:
    """The treasury after paying ``price`` gold for ``what`` (``what_hu`` in Hungarian); refused
    when it holds too little."""
    if price < 0:
        raise ValueError(f"a price cannot be negative: {price}")
    if price > treasury:
        raise CampaignRuleError(
            f"{what} costs {price} gold but the treasury holds {treasury}",
            "HR-10.7",
            f"{what_hu or what}: {price} arany, de a kincstárban csak {treasury} arany van",
        )
    return treasury - price
