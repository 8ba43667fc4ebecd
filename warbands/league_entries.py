"""A stored warband as the league copies it: the rules' values at the league's game size L.

The league's copy itself (``Entry.roster``) is the campaign's document (``league_campaign``).
"""

from __future__ import annotations

from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_file import warband_from_dict

from .models import Warband


def rules_warband_of(warband: Warband, points: int) -> RulesWarband:
    """A stored warband as the rules read it, for a game of ``points`` (the league's L, never the
    warband's own)."""
    body = {
        "name": warband.name,
        "points": points,
        "figures": list(warband.figures or []),
        "pools": list(warband.pools or []) if isinstance(warband.pools, list) else [],
        "illusions": list(warband.illusions or []),
    }
    return warband_from_dict(body)
