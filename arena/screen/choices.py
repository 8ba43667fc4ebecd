"""The choices on a seat's screen: each of the seat's legal actions (the engine's ``legal_actions``)
as a labelled button, with where it points on the board.

Nothing here decides what is legal: the list comes from the engine, and every button posts the
action exactly as the engine wrote it (``action_to_json``), which the engine then referees again.
The only actions a page ever holds are its own seat's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from arena.engine import Action, State, action_to_json
from arena.engine.match.previews import AttackPreview, attack_preview

from .words import (
    Names,
    amulet_name,
    cards_text,
    grip_text,
    half_name,
    hex_text,
    item_name,
    quarter_name,
    skill_name,
    spell_name,
    state_name,
    trap_name,
)

# Where a choice belongs on the screen.
BOARD, ATTACK, OTHER, ANSWER, SETUP = "board", "attack", "other", "answer", "setup"


@dataclass(frozen=True)
class Choice:
    """One legal action as a button: its label, the JSON it posts, and what it points at."""

    kind: str  # the engine's action type, "Move"
    label: str
    value: str  # action_to_json, compact
    group: str  # BOARD, ATTACK, OTHER, ANSWER, SETUP
    char: str | None = None  # the acting character (selecting him shows the choice)
    hex: str | None = None  # "q,r": the hex it points at on the board
    target: str | None = None  # the character it is aimed at
    man: int | None = None

    @property
    def confirm(self) -> bool:
        return self.kind == "Concede"


def _hex_key(value: Sequence[int] | None) -> str | None:
    return f"{value[0]},{value[1]}" if value else None


def _man(data: Mapping[str, Any]) -> str:
    man = data.get("man")
    return f" ({man} MAN)" if isinstance(man, int) and man > 0 else ""  # MAN reads the same in both languages


def _label(data: Mapping[str, Any], names: Names, public: Mapping[str, Any]) -> tuple[str, str]:
    """(label, group) of one action in the reader's language."""
    kind = data["type"]
    who = names.char(data.get("char"))
    target = names.char(data.get("target"))
    man = _man(data)
    if kind == "AssignAmulet":
        return _("%(who)s wears the %(amulet)s") % {"who": who, "amulet": amulet_name(data["amulet"])}, SETUP
    if kind == "AssignMeToken":
        return _("%(who)s holds the ME token %(value)s") % {"who": who, "value": data["value"]}, SETUP
    if kind == "ChooseRole":
        if data["role"] == "side":
            return _("Choose the half (your opponent takes the first step)"), SETUP
        return _("Take the first step (your opponent chooses the half)"), SETUP
    if kind == "ChooseHalf":
        return _("Take the %(half)s half") % {"half": half_name(data["half"])}, SETUP
    if kind == "ChooseQuarter":
        return _("Take the %(quarter)s quarter") % {"quarter": quarter_name(data["quarter"])}, SETUP
    if kind == "RecordGrip":
        return _("Start with %(grip)s") % {"grip": grip_text(data["hand"], data.get("main"))}, SETUP
    if kind == "KeepTraps":
        return _("Keep %(cards)s") % {"cards": cards_text(data["cards"])}, SETUP
    if kind == "Deploy":
        return _("Place %(who)s on %(hex)s") % {"who": who, "hex": hex_text(data["hex"])}, BOARD
    if kind == "Name":
        return _("Name %(chars)s") % {"chars": names.chars(data["chars"])}, OTHER
    if kind == "Grant":
        return _("Give %(who)s %(amount)s strategist MAN") % {"who": who, "amount": data["amount"]}, OTHER
    if kind == "Move":
        return _("Move to %(hex)s") % {"hex": hex_text(data["path"][-1])} + man, BOARD
    if kind == "Disengage":
        text = _("Disengage with Acrobatics to %(hex)s") if data.get("acrobatics") else _("Disengage to %(hex)s")
        return text % {"hex": hex_text(data["to"])} + man, BOARD
    if kind == "ToggleGate":
        opened = data["gate"] in public.get("gates_open", ())
        text = _("Close gate %(gate)s") if opened else _("Open gate %(gate)s")
        return text % {"gate": data["gate"]} + man, OTHER
    if kind == "UseSkill":
        return _("Use %(skill)s") % {"skill": skill_name(data["skill"])} + man, OTHER
    if kind == "StopState":
        return _("Stop %(state)s") % {"state": state_name(data["state"])}, OTHER
    if kind == "StandUp":
        return _("Stand up") + man, OTHER
    if kind == "MeleeAttack":
        return _melee(data, target) + man, ATTACK
    if kind == "RangedAttack":
        text = _("Shoot at %(target)s, aiming (Célzás)") if data.get("aim") else _("Shoot at %(target)s")
        return text % {"target": target} + man, ATTACK
    if kind == "Throw":
        text = _("Throw a net at %(target)s") if data["item"] == "net" else _("Throw a javelin at %(target)s")
        return text % {"target": target} + man, ATTACK
    if kind == "SwapWeapons":
        return _("Take %(grip)s from the pile") % {"grip": grip_text(data["hand"], data.get("main"))} + man, OTHER
    if kind == "DropItem":
        return _("Drop %(item)s") % {"item": item_name(data["item"])}, OTHER
    if kind == "PickUp":
        return _("Pick up %(item)s") % {"item": item_name(data["item"])} + man, OTHER
    if kind == "EndActivation":
        return _("%(who)s has finished acting") % {"who": who}, OTHER
    if kind == "EndStep":
        return _("End the step"), OTHER
    if kind == "Dodge":
        return (_("Dodge (Kitérés)") if data["use"] else _("Do not dodge")), ANSWER
    if kind == "Shift":
        text = _("Shift with Acrobatics to %(hex)s") if data.get("acrobatics") else _("Shift to %(hex)s")
        return text % {"hex": hex_text(data["path"][-1] if data["path"] else None)} + man, BOARD
    if kind == "DeclineShift":
        return _("Do not shift"), ANSWER
    if kind == "Concede":
        return _("Concede the match"), OTHER
    if kind == "TriggerTrap":
        text = _("Spring %(trap)s on %(target)s") % {"trap": trap_name(data["card"]), "target": target}
        if data.get("push"):
            text += " " + _("(push to %(hex)s)") % {"hex": hex_text(data["push"])}
        return text + man, ATTACK
    if kind == "OpenJaws":
        return _("Open the bear trap's jaws") + man, OTHER
    if kind == "PlayTraps":
        strikes = ", ".join(
            _("%(trap)s at %(hex)s") % {"trap": trap_name(card), "hex": hex_text(h)} for card, h in data["strikes"]
        )
        return _("Spring %(strikes)s") % {"strikes": strikes}, BOARD
    if kind == "PassTraps":
        return _("Spring no trap"), ANSWER
    if kind == "Cast":
        return _cast(data, names) + man, ATTACK
    if kind == "MoveCloud":
        return _("Move the cloud to %(hex)s") % {"hex": hex_text(data["to"])} + man, BOARD
    if kind == "CommandZombie":
        return _command(data, names) + man, OTHER
    if kind == "ZombieAct":
        return _zombie(data, names) + man, BOARD if data.get("path") else ATTACK
    if kind == "CoatWeapon":
        return _("Coat the weapon with the poison vial") + man, OTHER
    if kind == "DrinkPotion":
        return _("Drink the potion") + man, OTHER
    if kind == "CollectAmmo":
        return _("Pick up the missiles on this hex") + man, OTHER
    if kind == "Reroll":
        return (_("Spend 2 favour tokens and roll again") if data["use"] else _("Let the roll stand")), ANSWER
    return kind, OTHER


def _melee(data: Mapping[str, Any], target: str) -> str:
    text = _("Attack %(target)s") % {"target": target}
    extras = []
    if data.get("skill"):
        extras.append(skill_name(data["skill"]))
    if data.get("break_item"):
        extras.append(_("breaking %(item)s") % {"item": item_name(data["break_item"])})
    if data.get("quick"):
        extras.append(skill_name("quick_blade"))
    return f"{text} ({', '.join(extras)})" if extras else text


def _cast(data: Mapping[str, Any], names: Names) -> str:
    text = _("Cast %(spell)s") % {"spell": spell_name(data["spell"])}
    parts = []
    if data.get("chain"):
        parts.append(_("chain: %(chars)s") % {"chars": names.chars(data["chain"])})
    elif data.get("target"):
        target = data["target"]
        parts.append(_("on himself") if target == data["char"] else _("on %(who)s") % {"who": names.char(target)})
    if data.get("hex"):
        parts.append(_("centre %(hex)s") % {"hex": hex_text(data["hex"])})
    if data.get("designee"):
        parts.append(_("mortal enemy %(who)s") % {"who": names.char(data["designee"])})
    if data.get("choice"):
        parts.append(_("effect: %(choice)s") % {"choice": data["choice"]})
    if data.get("concentrate"):
        parts.append(skill_name("concentration"))
    return f"{text}: {', '.join(parts)}" if parts else text


def _command(data: Mapping[str, Any], names: Names) -> str:
    values = {
        "zombie": names.char(data["zombie"]),
        "hex": hex_text(data.get("hex")),
        "target": names.char(data.get("target")),
    }
    if data["command"] == "attack":
        return _("Command %(zombie)s: attack %(target)s") % values
    if data["command"] == "guard":
        return _("Command %(zombie)s: guard %(hex)s") % values
    return _("Command %(zombie)s: move to %(hex)s") % values


def _zombie(data: Mapping[str, Any], names: Names) -> str:
    values = {"zombie": names.char(data["zombie"]), "hex": hex_text(data["path"][-1] if data.get("path") else None)}
    values["target"] = names.char(data.get("target"))
    if data.get("path") and data.get("target"):
        return _("%(zombie)s walks to %(hex)s and attacks %(target)s") % values
    if data.get("path"):
        return _("%(zombie)s walks to %(hex)s") % values
    if data.get("target"):
        return _("%(zombie)s attacks %(target)s") % values
    return _("%(zombie)s gets ready") % values


def _board_hex(data: Mapping[str, Any]) -> str | None:
    kind = data["type"]
    if kind in ("Deploy",):
        return _hex_key(data["hex"])
    if kind in ("Move", "Shift", "ZombieAct") and data.get("path"):
        return _hex_key(data["path"][-1])
    if kind == "Disengage" or kind == "MoveCloud":
        return _hex_key(data["to"])
    if kind == "PlayTraps" and len(data["strikes"]) == 1:
        return _hex_key(data["strikes"][0][1])
    if kind in ("Cast", "CommandZombie") and data.get("hex") and not data.get("target"):
        return _hex_key(data["hex"])
    return None


def preview_text(preview: AttackPreview) -> str:
    """The numbers an attack rolls against, as the engine will roll them (RB p.9-10)."""
    text = _("%(attack)s against %(defence)s: %(chance)s%% to hit") % {
        "attack": preview.attack_value,
        "defence": preview.defence_value,
        "chance": round(preview.chance * 100),
    }
    return text + " " + _("(if he does not dodge)") if preview.dodge_possible else text


def choice_of(action: Action, names: Names, public: Mapping[str, Any], state: State | None = None) -> Choice:
    data = action_to_json(action)
    label, group = _label(data, names, public)
    preview = attack_preview(state, action) if state is not None else None
    if preview is not None:
        label = f"{label} · {preview_text(preview)}"
    char = data.get("char") or data.get("zombie")
    if data["type"] in ("AssignAmulet", "AssignMeToken"):
        char = None  # set-up choices are buttons, not a selected character's
    return Choice(
        kind=data["type"],
        label=label,
        value=json.dumps(data, separators=(",", ":"), ensure_ascii=False),
        group=group,
        char=char,
        hex=_board_hex(data),
        target=data.get("target") if isinstance(data.get("target"), str) else None,
        man=data.get("man") if isinstance(data.get("man"), int) else None,
    )


def choices(
    actions: Sequence[Action], names: Names, public: Mapping[str, Any], state: State | None = None
) -> list[Choice]:
    """The buttons of ``actions``; given the state they were listed from, attacks carry their preview."""
    return [choice_of(action, names, public, state) for action in actions]
