"""League and campaign rules (HR-10), pure Python: no Django, no module-level randomness.

Modules, each citing its HR section:

- :mod:`.results`: result kinds, league points, arena score, the round limit, the knockout chain
  (HR-10.1, HR-10.2).
- :mod:`.fixture_formats`: round robin, Swiss, knockout and groups (HR-10.2); built from
  :mod:`.round_robin`, :mod:`.swiss`, :mod:`.knockout` and :mod:`.pairing`.
- :mod:`.standings`: league tables and the tie-break chains (HR-10.3).
- :mod:`.between_matches`: the post-match sequence (HR-10.5) and team value (HR-10.4), over
  :mod:`.injuries` (HR-10.5), :mod:`.experience` (HR-10.6), :mod:`.gold`, :mod:`.purchases` and
  :mod:`.broken` (HR-10.7), :mod:`.hirelings` and :mod:`.match_items` (HR-10.8).
- :mod:`.four_player_schedule`, :mod:`.four_player_results`, :mod:`.four_player_standings` and
  :mod:`.four_player_facts`: leagues of four-seat matches (HR-8).
- :mod:`.league_dice`: recorded, seeded dice (every roll returned as a ``DieRoll``).
- :mod:`.rule_error`: :class:`CampaignRuleError`, the one error of every rule check.

People's documentation, with every reading of HR-10: ``docs/campaigns.md``.
"""

from __future__ import annotations

from arena.engine.campaign.league_dice import CampaignDice, DieRoll, RecordedDice, derive_seed, draw_order
from arena.engine.campaign.pairing import Pairing, Round, TeamId
from arena.engine.campaign.results import Format, Losses, ResultKind, arena_score, league_points, result_at_round_limit
from arena.engine.campaign.rule_error import CampaignRuleError

__all__ = [
    "CampaignDice",
    "CampaignRuleError",
    "DieRoll",
    "Format",
    "Losses",
    "Pairing",
    "RecordedDice",
    "ResultKind",
    "Round",
    "TeamId",
    "arena_score",
    "derive_seed",
    "draw_order",
    "league_points",
    "result_at_round_limit",
]
