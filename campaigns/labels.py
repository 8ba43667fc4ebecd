"""Words for the engine's ids on the league pages (presentation only; the rules are in the engine)."""

from __future__ import annotations

from arena.engine.campaign.injuries import InjuryResult
from arena.engine.campaign.results import ResultKind
from arena.engine.content.common import STAT_NAMES, Stat
from arena.engine.content.profiles import PROFILES

RESULT_LABELS = {
    ResultKind.VICTORY: "Victory",
    ResultKind.POINTS_VICTORY: "Points victory",
    ResultKind.DRAW: "Draw",
    ResultKind.POINTS_DEFEAT: "Points defeat",
    ResultKind.DEFEAT: "Defeat",
    ResultKind.FORFEIT_WIN: "Won by forfeit",
    ResultKind.FORFEIT_LOSS: "Forfeit",
    ResultKind.BYE: "Bye",
}

INJURY_LABELS = {
    InjuryResult.DEAD: "Halál (dead)",
    InjuryResult.LASTING_INJURY: "Maradandó sérülés (lasting injury)",
    InjuryResult.GRIEVOUS_WOUND: "Súlyos seb (grievous wound)",
    InjuryResult.WOUND: "Seb (wound)",
    InjuryResult.RECOVERS: "Felépül (recovers)",
}


def stat_label(stat: Stat | str) -> str:
    return STAT_NAMES[Stat(stat)][0]


def slot_label(slot: str) -> str:
    profile = PROFILES.get(slot)
    return profile.name_en if profile else slot


def lines_text(lines: tuple[tuple[str, int], ...]) -> str:
    """``(what, amount)`` lines as "took part 1, survived 1"."""
    return ", ".join(f"{what} {amount}" for what, amount in lines)
