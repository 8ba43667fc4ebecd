"""The adventure's stored set-up and log as ``quests.rules`` values, and back (no queries here)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from quests.rules import adventure_log
from quests.rules.quest_content import WarriorClass
from quests.rules.rolls import Roll


def roll_from_row(purpose: str, dice: Iterable[int], total: int, bonus: int) -> Roll:
    return Roll(purpose, tuple(int(d) for d in dice), int(total), int(bonus))


def setup_to_json(setup: adventure_log.Setup) -> dict[str, Any]:
    return {
        "leader": setup.leader,
        "warriors": [
            {
                "key": w.key,
                "name": w.name,
                "cls": w.cls.value,
                "initiative": w.initiative,
                "wounds": w.wounds.to_dict(),
                "gold": w.gold,
                "treasure": [{"name": c.name, "value": c.value} for c in w.treasure],
                "equipment": list(w.equipment),
                "power_tokens": w.power_tokens,
            }
            for w in setup.warriors
        ],
    }


def setup_from_json(data: Mapping[str, Any]) -> adventure_log.Setup:
    return adventure_log.Setup(
        tuple(
            adventure_log.StartingWarrior(
                key=str(w["key"]),
                name=str(w["name"]),
                cls=WarriorClass(w["cls"]),
                initiative=int(w["initiative"]),
                wounds=roll_from_row(
                    w["wounds"]["purpose"], w["wounds"]["dice"], w["wounds"]["total"], w["wounds"]["bonus"]
                ),
                gold=int(w["gold"]),
                treasure=tuple(adventure_log.Card(str(c["name"]), int(c["value"])) for c in w["treasure"]),
                equipment=tuple(str(e) for e in w["equipment"]),
                power_tokens=w.get("power_tokens"),
            )
            for w in data["warriors"]
        ),
        leader=str(data["leader"]),
    )


def entries_from_rows(rows: Iterable[tuple[int, Mapping[str, Any]]]) -> list[tuple[int, adventure_log.Entry]]:
    return [(seq, adventure_log.entry_from_dict(data)) for seq, data in rows]
