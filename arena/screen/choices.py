"""The choices on a seat's screen: each of the seat's legal actions (the engine's ``legal_actions``)
as a labelled button, with where it points on the board.

Nothing here decides what is legal: the list comes from the engine, and every button posts the
action exactly as the engine wrote it (``action_to_json``), which the engine then referees again.
The only actions a page ever holds are its own seat's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine import Action, SeatView, State, action_to_json
from arena.engine.match.previews import AttackPreview, attack_preview
from common.bounded_lru import RecentMemo

from .reader_words import (
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


@dataclass(frozen=True)
class _Acting:
    """One action being labelled: the action as the engine writes it (``action_to_json``), the
    reader's names for the match, and the seat's view."""

    data: Mapping[str, Any]
    names: Names
    public: SeatView

    @property
    def who(self) -> str:
        return self.names.char(self.data.get("char"))

    @property
    def target(self) -> str:
        return self.names.char(self.data.get("target"))

    @property
    def man(self) -> str:
        return _man(self.data)


def _role(x: _Acting) -> tuple[str, str]:
    if x.data["role"] == "side":
        return _("Choose the half (your opponent takes the first step)"), SETUP
    return _("Take the first step (your opponent chooses the half)"), SETUP


def _disengage(x: _Acting) -> tuple[str, str]:
    text = _("Disengage with Acrobatics to %(hex)s") if x.data.get("acrobatics") else _("Disengage to %(hex)s")
    return text % {"hex": hex_text(x.data["to"])} + x.man, BOARD


def _gate(x: _Acting) -> tuple[str, str]:
    text = _("Close gate %(gate)s") if x.data["gate"] in x.public.gates_open else _("Open gate %(gate)s")
    return text % {"gate": x.data["gate"]} + x.man, OTHER


def _shoot(x: _Acting) -> tuple[str, str]:
    text = _("Shoot at %(target)s, aiming (Célzás)") if x.data.get("aim") else _("Shoot at %(target)s")
    return text % {"target": x.target} + x.man, ATTACK


def _throw(x: _Acting) -> tuple[str, str]:
    text = _("Throw a net at %(target)s") if x.data["item"] == "net" else _("Throw a javelin at %(target)s")
    return text % {"target": x.target} + x.man, ATTACK


def _shift(x: _Acting) -> tuple[str, str]:
    text = _("Shift with Acrobatics to %(hex)s") if x.data.get("acrobatics") else _("Shift to %(hex)s")
    return text % {"hex": hex_text(x.data["path"][-1] if x.data["path"] else None)} + x.man, BOARD


def _trigger(x: _Acting) -> tuple[str, str]:
    text = _("Spring %(trap)s on %(target)s") % {"trap": trap_name(x.data["card"]), "target": x.target}
    if x.data.get("push"):
        text += " " + _("(push to %(hex)s)") % {"hex": hex_text(x.data["push"])}
    return text + x.man, ATTACK


def _strikes(x: _Acting) -> tuple[str, str]:
    strikes = ", ".join(
        _("%(trap)s at %(hex)s") % {"trap": trap_name(card), "hex": hex_text(h)} for card, h in x.data["strikes"]
    )
    return _("Spring %(strikes)s") % {"strikes": strikes}, BOARD


# The label and the screen's group of each action type of the engine (``ACTION_TYPES``), in the
# reader's language; tests/arena/test_choices.py holds every type to an entry in both languages.
LABELS: dict[str, Callable[[_Acting], tuple[str, str]]] = {
    "AssignAmulet": lambda x: (
        _("%(who)s wears the %(amulet)s") % {"who": x.who, "amulet": amulet_name(x.data["amulet"])},
        SETUP,
    ),
    "AssignMeToken": lambda x: (
        _("%(who)s holds the ME token %(value)s") % {"who": x.who, "value": x.data["value"]},
        SETUP,
    ),
    "ChooseRole": _role,
    "ChooseHalf": lambda x: (_("Take the %(half)s half") % {"half": half_name(x.data["half"])}, SETUP),
    "ChooseQuarter": lambda x: (
        _("Take the %(quarter)s quarter") % {"quarter": quarter_name(x.data["quarter"])},
        SETUP,
    ),
    "RecordGrip": lambda x: (
        _("Start with %(grip)s") % {"grip": grip_text(x.data["hand"], x.data.get("main"))},
        SETUP,
    ),
    "KeepTraps": lambda x: (_("Keep %(cards)s") % {"cards": cards_text(x.data["cards"])}, SETUP),
    "Deploy": lambda x: (_("Place %(who)s on %(hex)s") % {"who": x.who, "hex": hex_text(x.data["hex"])}, BOARD),
    "Name": lambda x: (_("Name %(chars)s") % {"chars": x.names.chars(x.data["chars"])}, OTHER),
    "Grant": lambda x: (
        _("Give %(who)s %(amount)s strategist MAN") % {"who": x.who, "amount": x.data["amount"]},
        OTHER,
    ),
    "Move": lambda x: (_("Move to %(hex)s") % {"hex": hex_text(x.data["path"][-1])} + x.man, BOARD),
    "Disengage": _disengage,
    "ToggleGate": _gate,
    "UseSkill": lambda x: (_("Use %(skill)s") % {"skill": skill_name(x.data["skill"])} + x.man, OTHER),
    "StopState": lambda x: (_("Stop %(state)s") % {"state": state_name(x.data["state"])}, OTHER),
    "StandUp": lambda x: (_("Stand up") + x.man, OTHER),
    "MeleeAttack": lambda x: (_melee(x.data, x.target) + x.man, ATTACK),
    "RangedAttack": _shoot,
    "Throw": _throw,
    "SwapWeapons": lambda x: (
        _("Take %(grip)s from the pile") % {"grip": grip_text(x.data["hand"], x.data.get("main"))} + x.man,
        OTHER,
    ),
    "DropItem": lambda x: (_("Drop %(item)s") % {"item": item_name(x.data["item"])}, OTHER),
    "PickUp": lambda x: (_("Pick up %(item)s") % {"item": item_name(x.data["item"])} + x.man, OTHER),
    "EndActivation": lambda x: (_("%(who)s has finished acting") % {"who": x.who}, OTHER),
    "EndStep": lambda x: (_("End the step"), OTHER),
    "Dodge": lambda x: ((_("Dodge (Kitérés)") if x.data["use"] else _("Do not dodge")), ANSWER),
    "Shift": _shift,
    "DeclineShift": lambda x: (_("Do not shift"), ANSWER),
    "Concede": lambda x: (_("Concede the match"), OTHER),
    "TriggerTrap": _trigger,
    "OpenJaws": lambda x: (_("Open the bear trap's jaws") + x.man, OTHER),
    "PlayTraps": _strikes,
    "PassTraps": lambda x: (_("Spring no trap"), ANSWER),
    "Cast": lambda x: (_cast(x.data, x.names) + x.man, ATTACK),
    "MoveCloud": lambda x: (_("Move the cloud to %(hex)s") % {"hex": hex_text(x.data["to"])} + x.man, BOARD),
    "CommandZombie": lambda x: (_command(x.data, x.names) + x.man, OTHER),
    "ZombieAct": lambda x: (_zombie(x.data, x.names) + x.man, BOARD if x.data.get("path") else ATTACK),
    "CoatWeapon": lambda x: (_("Coat the weapon with the poison vial") + x.man, OTHER),
    "DrinkPotion": lambda x: (_("Drink the potion") + x.man, OTHER),
    "CollectAmmo": lambda x: (_("Pick up the missiles on this hex") + x.man, OTHER),
    "Reroll": lambda x: (
        (_("Spend 2 favour tokens and roll again") if x.data["use"] else _("Let the roll stand")),
        ANSWER,
    ),
}


def _label(data: Mapping[str, Any], names: Names, public: SeatView) -> tuple[str, str]:
    """(label, group) of one action in the reader's language."""
    kind = data["type"]
    write = LABELS.get(kind)
    return write(_Acting(data, names, public)) if write is not None else (kind, OTHER)


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


def choice_of(
    action: Action,
    names: Names,
    public: SeatView,
    state: State | None = None,
    previews: Callable[[Action], AttackPreview | None] | None = None,
    language: str | None = None,
) -> Choice:
    if previews is not None:  # the position's kept previews (arena.runtime.states.Position)
        preview = previews(action)
    else:
        preview = attack_preview(state, action) if state is not None else None
    # A choice is a pure function of its action, the names and language it is worded in, its preview
    # and the gates' state (a gate's button says open or close): the same action offered again at the
    # next version is not worded again. (Actions are named tuples: two kinds may hold equal fields.)
    key = (type(action), action, names, language or get_language(), preview, public.gates_open)
    try:
        found = _CHOICES.get(key)
    except TypeError:  # an action holding a list is not hashable: worded each time
        return _choice(action, names, public, preview)
    if found is None:
        found = _choice(action, names, public, preview)
        _CHOICES.put(key, found)
    return found


# The choices the pages of a process offered lately (see ``choice_of``).
CHOICES_KEPT = 8192
_CHOICES: RecentMemo[tuple[Any, ...], Choice] = RecentMemo(CHOICES_KEPT)


def _choice(action: Action, names: Names, public: SeatView, preview: AttackPreview | None) -> Choice:
    data = action_to_json(action)
    label, group = _label(data, names, public)
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
    actions: Sequence[Action],
    names: Names,
    public: SeatView,
    state: State | None = None,
    previews: Callable[[Action], AttackPreview | None] | None = None,
) -> list[Choice]:
    """The buttons of ``actions``; given the state they were listed from (or its kept ``previews``),
    attacks carry their preview."""
    language = get_language()
    return [choice_of(action, names, public, state, previews, language) for action in actions]
