"""The search agent's judgement of a position: each seat's chance to win, 0 to 1.

A finished match gives its result (1 a win, 0.5 a draw, 0 a loss; in pairs both partners share
their side's). A running one is judged by the arena scores (HR-10.1: the Ép taken from the enemy
gladiator, 3 a dead fighter, 5 the strategist), which decide the match at the round limit and
already count the gladiators' wounds: the lead over the best other camp through a logistic curve
that grows steeper as the round limit nears (a lead late is worth more than one early).
"""

from __future__ import annotations

import math

from arena.engine.match.rules.damage import arena_scores
from arena.engine.match.state import State

SCALE = 8.0  # arena points for a lead worth e:1 at the start
LATE = 2.0  # the curve is this much steeper at the round limit


def values(s: State) -> tuple[float, ...]:
    """Each seat's chance to win ``s``, as judged without playing on."""
    result = s.result
    seat_camp = s.seat_camp
    if result is not None:
        if result.winner is None:
            return tuple(0.5 for _ in seat_camp)
        won = seat_camp[result.winner]
        return tuple(1.0 if camp == won else 0.0 for camp in seat_camp)
    scores = arena_scores(s)
    camp_score: dict[int, int] = {}
    for x, camp in enumerate(seat_camp):
        camp_score[camp] = camp_score.get(camp, 0) + scores[x]
    limit = s.setup.options.round_limit
    steep = (1.0 + LATE * min(s.round, limit) / limit) / SCALE
    out = []
    for camp in seat_camp:
        best_other = max(v for k, v in camp_score.items() if k != camp)
        out.append(1.0 / (1.0 + math.exp(-steep * (camp_score[camp] - best_other))))
    return tuple(out)
