"""Issue 29: every action of the engine has its label on the play screen, in English and in
Hungarian, from the table keyed by action type (``arena.screen.choices.LABELS``). The events an
action causes have their log sentences in both languages (tests/arena/test_log_text.py)."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from django.utils import translation

from arena.engine import MatchOptions, new_match, view
from arena.engine.board.hexgrid import Hex
from arena.engine.match.actions import ACTION_TYPES
from arena.engine.match.words import ZombieCommand
from arena.engine.roster import base_roster
from arena.screen.choices import ANSWER, ATTACK, BOARD, LABELS, OTHER, SETUP, choice_of
from arena.screen.reader_words import Names

# What each field of a sample action holds: characters of both seats, a hex, a card, a spell …
BY_NAME: dict[str, Any] = {
    "seat": 0,
    "char": "0.witch_master",
    "target": "1.gladiator",
    "chars": ("0.deasta", "0.laeva"),
    "chain": (),
    "amulet": "poison",
    "value": 3,
    "role": "side",
    "half": "N",
    "quarter": "NE",
    "hand": ("short_sword",),
    "main": None,
    "cards": (9, 12, 15),
    "hex": Hex(1, -2),
    "to": Hex(2, -3),
    "path": (Hex(1, -2), Hex(2, -3)),
    "push": Hex(2, -3),
    "amount": 2,
    "man": 3,
    "gate": "G1",
    "skill": "sneaking",
    "state": "sneaking",
    "item": "javelin",
    "break_item": None,
    "quick": False,
    "aim": True,
    "acrobatics": False,
    "use": True,
    "card": 9,
    "strikes": ((9, Hex(1, -2)),),
    "spell": "bowel_rot",
    "designee": None,
    "choice": None,
    "concentrate": False,
    "zombie": "1.laeva",
    "command": ZombieCommand.ATTACK,
}


def sample(cls: type) -> Any:
    typing.get_type_hints(cls)  # every field's hint resolves
    return cls(**{name: BY_NAME[name] for name in cls._fields})


@pytest.fixture(scope="module")
def public():
    state = new_match((base_roster("Vasfarkasok"), base_roster("Ködlovagok")), MatchOptions(), seed=1)
    return view(state, 0)


def test_the_table_has_an_entry_for_every_action_of_the_engine_and_no_other():
    assert set(LABELS) == set(ACTION_TYPES)


@pytest.mark.parametrize("name", sorted(ACTION_TYPES))
def test_every_action_has_a_label_in_both_languages(name, public):
    action = sample(ACTION_TYPES[name])
    names = Names(public, 0)
    with translation.override("en"):
        english = choice_of(action, names, public)
    with translation.override("hu"):
        hungarian = choice_of(action, names, public)
    assert english.kind == name and english.group in (BOARD, ATTACK, OTHER, ANSWER, SETUP)
    assert english.label.strip() and hungarian.label.strip()
    assert english.label != name, f"{name} has no label of its own"
    assert english.label != hungarian.label, f"{name} reads the same in Hungarian: {english.label}"
    for text in (english.label, hungarian.label):
        assert "%(" not in text, text
