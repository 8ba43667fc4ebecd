"""How large or small each number of a league may be, read from the engine's rules (issue 11).

The report form, the league forms, the models' validators and their database CHECK constraints take
their bounds from here, so that no post can store a number the rules could never produce (a million
kills, a score of 40 000) or one the database cannot hold:

- **Rounds played** (HR-10.1–10.2): 1 to the league's round limit, +5 extra rounds in a knockout;
  at most ``ROUND_LIMIT_MAX`` + ``KNOCKOUT_EXTRA_ROUNDS`` in any league (0 for a forfeit).
- **Ép** a member can start a campaign match with: the builder's highest (HR-9.3) plus what advances
  (+2 in all, HR-10.6) and training (+2, HR-10.7) add. A dead member's final Ép is never lower than
  that below zero; every value at −3 or below counts the same for his injury roll (HR-10.5).
- **Arena score** (HR-10.1): the engine's ``arena_score`` of the worst loss a side can suffer: its
  gladiator's highest Ép lost, its four non-gladiators and its strategist killed.
- **Kills**: a side has four non-gladiators (``FIGHTER_SLOTS``), one strategist and one gladiator, so
  a side kills at most four non-gladiators in all, and one of its members at most kills the
  strategist or destroys the gladiator.
- **Absence** (HR-10.5): at most the longest the injury table gives; **training** (HR-10.7): +2 Ép;
  **patronage** (HR-10.8): 20 points.
"""

from __future__ import annotations

import datetime
from typing import Final

from arena.engine.campaign.experience import MAX_RISE_PER_STAT
from arena.engine.campaign.injuries import MATCHES_MISSED
from arena.engine.campaign.match_items import PATRONAGE_CAP
from arena.engine.campaign.purchases import MAX_TRAINING
from arena.engine.campaign.results import FIGHTER_SLOTS, KNOCKOUT_EXTRA_ROUNDS, Losses, arena_score
from arena.engine.content.common import Stat
from arena.engine.content.profiles import GLADIATOR, STRATEGIST
from arena.engine.match.state import ROUND_LIMIT_MAX, ROUND_LIMIT_MIN
from arena.engine.match.words import ArenaMode
from teams.team_bounds import SLOT_STAT_BOUNDS

ROUND_LIMIT_BOUNDS: Final = (ROUND_LIMIT_MIN, ROUND_LIMIT_MAX)
ROUNDS_PLAYED_MAX: Final = ROUND_LIMIT_MAX + KNOCKOUT_EXTRA_ROUNDS


def rounds_played_max(round_limit: int, *, knockout: bool) -> int:
    """The longest match of a league with ``round_limit`` (HR-10.1), a knockout's extra rounds
    included (HR-10.2)."""
    return round_limit + (KNOCKOUT_EXTRA_ROUNDS if knockout else 0)


EP_MAX: Final = max(bounds[Stat.EP][1] for bounds in SLOT_STAT_BOUNDS.values()) + MAX_RISE_PER_STAT + MAX_TRAINING
"""The most Ép any member can start a campaign match with."""
GLADIATOR_EP_MAX: Final = SLOT_STAT_BOUNDS[GLADIATOR][Stat.EP][1] + MAX_RISE_PER_STAT + MAX_TRAINING
FINAL_EP_MIN: Final = -EP_MAX

FIGHTERS_MAX: Final = len(FIGHTER_SLOTS)
ARENA_SCORE_MAX: Final = arena_score(Losses(GLADIATOR_EP_MAX, 0, (*sorted(FIGHTER_SLOTS), STRATEGIST)))
ENEMIES_MAX: Final = ArenaMode.FFA.enemy_teams  # a four-seat free-for-all seat has three enemies (HR-8)
ARENA_SEAT_SCORE_MAX: Final = ENEMIES_MAX * ARENA_SCORE_MAX  # HR-10.1 counted over every enemy's losses

MATCHES_MISSED_MAX: Final = max(MATCHES_MISSED.values())
TRAINING_MAX: Final = MAX_TRAINING
PATRONAGE_MAX: Final = PATRONAGE_CAP

# Dates a league is scheduled on: any a club will meet on, far from the calendar's end, so that the
# longest schedule (rounds × up to 60 days) never runs past the last date Python can hold.
FIRST_DATE: Final = datetime.date(2000, 1, 1)
LAST_DATE: Final = datetime.date(2199, 12, 31)
