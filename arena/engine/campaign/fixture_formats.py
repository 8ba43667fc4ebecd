"""League fixtures (HR-10.2), one import for every format.

- Round robin: :func:`round_robin` (circle method, byes for odd counts, ``double=True``).
- Swiss: :func:`swiss_round_count`, :func:`swiss_round` (score groups, floaters, no rematches,
  the bye to the lowest-ranked team without one).
- Knockout: :func:`knockout_bracket` (next power of two, byes to the top seeds, 1 v 8, 4 v 5 …),
  :func:`knockout_next_round`.
- Groups, then knockout: :func:`default_group_count` (or the organiser's count, checked by
  :func:`check_group_count`), :func:`draw_groups`, a :func:`round_robin` per group, then
  :func:`groups_knockout_seeds` into :func:`knockout_bracket`.

Every pairing is ``(home, away)`` by team id; the RB p.7 side roll is played at the match.
"""

from __future__ import annotations

from arena.engine.campaign.knockout import (
    KnockoutBracket,
    KnockoutRound,
    Tie,
    bracket_size,
    knockout_bracket,
    knockout_next_round,
    seed_order,
)
from arena.engine.campaign.pairing import Pairing, Round, TeamId
from arena.engine.campaign.round_robin import (
    GROUP_QUALIFIERS,
    check_group_count,
    default_group_count,
    draw_groups,
    groups_knockout_seeds,
    round_robin,
)
from arena.engine.campaign.swiss import SwissEntry, SwissPairing, swiss_round, swiss_round_count

__all__ = [
    "GROUP_QUALIFIERS",
    "KnockoutBracket",
    "KnockoutRound",
    "Pairing",
    "Round",
    "SwissEntry",
    "SwissPairing",
    "TeamId",
    "Tie",
    "bracket_size",
    "check_group_count",
    "default_group_count",
    "draw_groups",
    "groups_knockout_seeds",
    "knockout_bracket",
    "knockout_next_round",
    "round_robin",
    "seed_order",
    "swiss_round",
    "swiss_round_count",
]
