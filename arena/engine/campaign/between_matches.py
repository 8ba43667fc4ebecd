"""The campaign between matches (HR-10.4–10.8): one entry point for the post-match sequence.

After each campaign match, in this order (HR-10.5):

1. **Record** the result and the arena scores: :func:`~arena.engine.campaign.results.arena_score`,
   :func:`~arena.engine.campaign.results.result_at_round_limit`; pile items broken by
   Fegyvertörés leave the pile for the team's broken items: :func:`break_items`.
2. **Casualties.** Every member who reached Ép ≤ 0 (strategist included, hirelings never) rolls
   :func:`injury_roll`; :func:`apply_injury` writes the outcome on him (dead, absent, a lasting
   stat loss) and ``outcome.matches_missed`` is what the app keeps as his absence.
3. **Experience**: :func:`xp_award` for each member from his :class:`Deeds`, then
   :func:`advances_due` and one :func:`apply_advance` per advance the player chooses.
4. **Gold**: :func:`match_income` (with the bonuses), then spending: :func:`apply_purchase`
   (permanent; a repair is ``Purchase.repair`` with the broken items), :func:`heal` (the healer),
   :func:`gold_price` (one-match items).
5. **Team value**: :func:`team_value`. Dead or absent members are replaced before the next match
   (a recruit, :class:`Purchase`.recruit) or a hireling plays: :func:`fielded_roster`. Before the
   match the poorer team gets :func:`patronage_points`, and the one-match items go on the fielded
   roster: :func:`equip_for_match`.

Every function is pure: it takes a member, roster or treasury and returns the new one; the app
stores the results. Every random roll comes from a
:class:`~arena.engine.campaign.league_dice.CampaignDice` and is returned as a record. Every refusal is a
:class:`~arena.engine.campaign.rule_error.CampaignRuleError` naming the rule.

Campaign status lives on the member (``active``, ``absent``, ``dead``, ``hireling``); a dead member
stays on the roster until a recruit takes his place, so that the amulet and the gladiator's pile
stay with the team.
"""

from __future__ import annotations

from arena.engine.campaign.broken import Breakage, break_items
from arena.engine.campaign.experience import (
    ADVANCE_THRESHOLDS,
    Advance,
    Deeds,
    XpAward,
    advances_due,
    advances_earned,
    apply_advance,
    xp_award,
)
from arena.engine.campaign.gold import Income, match_income, pay, starting_treasury
from arena.engine.campaign.hirelings import after_match, fielded_roster, hireling_member
from arena.engine.campaign.injuries import (
    Healing,
    InjuryOutcome,
    InjuryResult,
    LastingInjury,
    Thumbs,
    absence_served,
    apply_injury,
    heal,
    healer_price,
    injury_roll,
)
from arena.engine.campaign.match_items import (
    MatchItem,
    equip_for_match,
    gold_price,
    patronage_cost,
    patronage_left,
    patronage_points,
)
from arena.engine.campaign.purchases import Purchase, PurchaseResult, apply_purchase, purchase_price, recruit_member
from arena.engine.roster import DEAD, HIRELING, Roster
from arena.engine.roster.pricing import roster_costs

__all__ = [
    "ADVANCE_THRESHOLDS",
    "Advance",
    "Breakage",
    "Deeds",
    "Healing",
    "Income",
    "InjuryOutcome",
    "InjuryResult",
    "LastingInjury",
    "MatchItem",
    "Purchase",
    "PurchaseResult",
    "Thumbs",
    "XpAward",
    "absence_served",
    "advances_due",
    "advances_earned",
    "after_match",
    "apply_advance",
    "apply_injury",
    "apply_purchase",
    "break_items",
    "equip_for_match",
    "fielded_roster",
    "gold_price",
    "heal",
    "healer_price",
    "hireling_member",
    "injury_roll",
    "match_income",
    "patronage_cost",
    "patronage_left",
    "patronage_points",
    "pay",
    "purchase_price",
    "recruit_member",
    "starting_treasury",
    "team_value",
    "xp_award",
]


def team_value(roster: Roster) -> int:
    """The team value of the campaign record (HR-10.4): the HR-9 cost of the members on the
    team (active or absent, advances, injuries and training included) plus its amulets. Dead
    members and hirelings count nothing; their amulets stay with the team.

    >>> from arena.engine.roster import base_roster
    >>> team_value(base_roster())
    200
    """
    costs = roster_costs(roster)
    counted = {key for key, m in roster.in_sheet_order() if m.status not in (DEAD, HIRELING)}
    return sum(cost.total for key, cost in costs.members.items() if key in counted) + costs.amulets
