"""Advances as the member record stores them (JSON) and as the pages show them."""

from __future__ import annotations

from typing import Any

from arena.engine.campaign.experience import Advance
from arena.engine.content.common import Stat
from arena.engine.content.skills import SKILLS
from common.i18n import entry_label

from .league_labels import stat_label


def advance_to_json(advance: Advance) -> dict[str, Any]:
    if advance.stat is not None:
        return {"stat": advance.stat.value}
    return {"swap_out": advance.swap_out, "swap_in": advance.swap_in}


def advance_from_json(data: dict[str, Any]) -> Advance:
    if "stat" in data:
        return Advance.raise_stat(Stat(data["stat"]))
    return Advance.swap_skill(data["swap_out"], data["swap_in"])


def skill_label(skill_id: str | None) -> str:
    """A skill as a choice names it, in the reader's language (``Kitérés`` / ``Dodging (Kitérés)``)."""
    skill = SKILLS.get(skill_id or "")
    return entry_label(skill) if skill else str(skill_id)


def advance_text(advance: Advance) -> str:
    """``+1 TÉ``, or a skill swap ``Kitérés → Futás`` in the reader's language."""
    if advance.stat is not None:
        return f"+{advance.amount} {stat_label(advance.stat)}"
    return f"{skill_label(advance.swap_out)} → {skill_label(advance.swap_in)}"
