"""The modules that fill in the hook table (:mod:`arena.engine.match.hooks`), imported together.

``arena.engine`` imports this module, and Python imports a package before any module in it, so
every slot is filled in before any match is played, whichever engine module a caller imports
first. The table is checked complete here; a slot left empty is a clear error at import.
"""

from __future__ import annotations

from types import ModuleType

from arena.engine.match import play
from arena.engine.match.hooks import check_complete
from arena.engine.match.magic import areas, frenzy, round_hooks, spell_effects
from arena.engine.match.optional import rules as optional_rules
from arena.engine.match.traps import cards

ADDONS: tuple[ModuleType, ...] = (round_hooks, frenzy, areas, spell_effects, cards, optional_rules, play)

check_complete()
