"""How large or small each value of a warband may be when it is stored (as ``teams.team_bounds`` for teams).

A draft may break the rules (WB-01 names a Quality of 7), but no post may store a value the rules could
never use, or lists without end. The builder's fields take their bounds from here; the counts are the
warband file's own limits (``warbands.rules.warband_file``), so that whatever the builder stores exports as a
file that imports again:

- Quality 1–9 and Combat 0–9 (one digit): WB-01 allows 2–6 and 0–6, the rest is kept and reported.
- Borrowed pool points 0–300: no game is larger (WB-1.1), and B counts in T.
- Names of figures up to 100 characters (WB-14 allows 40: a longer one is kept and reported), the
  warband's up to ``NAME_MAX_LENGTH``.
"""

from __future__ import annotations

from typing import Final

from warbands.rules.warband_content import POINTS_MAX
from warbands.rules.warband_file import MAX_FIGURES, MAX_ILLUSIONS, MAX_LIST_ITEMS, MAX_SUMMONS

QUALITY_BOUNDS: Final = (1, 9)
COMBAT_BOUNDS: Final = (0, 9)
BORROWED_BOUNDS: Final = (0, POINTS_MAX)
FIGURE_NAME_MAX_LENGTH: Final = 100
MINIONS_PER_FIGURE: Final = 3  # WB-09 refuses a second; a draft may show it
__all__ = [
    "BORROWED_BOUNDS",
    "COMBAT_BOUNDS",
    "FIGURE_NAME_MAX_LENGTH",
    "MAX_FIGURES",
    "MAX_ILLUSIONS",
    "MAX_LIST_ITEMS",
    "MAX_SUMMONS",
    "MINIONS_PER_FIGURE",
    "QUALITY_BOUNDS",
]
