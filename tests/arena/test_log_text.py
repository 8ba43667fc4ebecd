"""Issue 13: the event log in plain sentences. Every event class of the engine (core, traps, magic,
optional rules) has its sentence in English and in Hungarian, and every event of whole simulated
matches (traps, magic, the optional rules, trap insight) reads without a fallback or a raw tag."""

from __future__ import annotations

import random
import typing
from dataclasses import replace
from typing import Any

import pytest
from django.utils import translation

from arena.engine import (
    MatchOptions,
    apply,
    event_to_json,
    legal_actions,
    match_events,
    new_match,
    seats_to_move,
    view,
)
from arena.engine.board.hexgrid import Hex
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.events import EVENT_TYPES
from arena.engine.roster import base_roster
from arena.screen.log import has_sentence, sentence
from arena.screen.reader_words import Names

# What a field of each type holds in a sample event (characters of both seats, a hex, a card …).
SAMPLES: dict[str, Any] = {
    "int": 2,
    "bool": True,
    "str": "0.gladiator",
    "str | None": "1.gladiator",
    "int | None": 3,
    "Hex": Hex(1, -2),
    "Hex | None": Hex(1, -2),
    "tuple[Hex, ...]": (Hex(1, -2), Hex(2, -3)),
    "tuple[int, ...]": (9, 12, 15),
    "tuple[int, int]": (4, 2),
    "tuple[str, ...]": ("0.crossbowman", "1.laeva"),
    "tuple[tuple[str, int], ...]": (("Célzás", 2),),
    "tuple[tuple[int, Hex], ...]": ((9, Hex(1, -2)),),
}
BY_NAME: dict[str, Any] = {
    "visible_to": None,
    "who": "0.gladiator",
    "purpose": "melee attack on 1.gladiator",
    "amulet": "poison",
    "spell": "bowel_rot",
    "trap": "pit",
    "skill": "sneaking",
    "state": "sneaking",
    "weapon": "melee",
    "item": "short_sword",
    "unit": "sp",
    "role": "side",
    "half": "N",
    "other": "1.gladiator",
    "reason": "no MAN left",
    "kind": "victory",
    "mark": "pit",
    "value": 2,
    "source": "bowel_rot",
    "vial": "potion",
    "command": "attack",
    "resistance": "eg",
    "gate": "G1",
    "action": "move",
    "main": None,
    "result": 7,
    "sides": 10,
    "card": 9,
    "chain": (),
    "area": (Hex(0, 0),),
    "choice": None,
    "seat": 0,
    "winner": 0,
    "favour": 1,
    "owners": ("0.crossbowman",),
    "counts": (2,),
    "settled": (4,),
    "earlier": (4,),
    "scores": (12, 3),
    "man": (4, 4),
    "hand": ("greatsword",),
}
ONE_OF = {("EffectAdded", "value"): "te", ("SpellCast", "man"): 3, ("StrategistMark", "man"): (4, 4)}


def sample(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    values = {}
    for name in cls._fields:
        if (cls.__name__, name) in ONE_OF:
            values[name] = ONE_OF[(cls.__name__, name)]
        elif name in BY_NAME and not (name == "man" and "tuple" not in str(hints[name])):
            values[name] = BY_NAME[name]
        else:
            values[name] = SAMPLES[_type_name(hints[name])]
    if cls.__name__ == "RerollStashed":
        values["action"] = '{"type": "EndStep", "seat": 0}'
    if cls.__name__ in ("MeTokenAssigned", "MeTokenShown"):
        values["value"] = 3
    return event_to_json(cls(**values))


def _type_name(hint: Any) -> str:
    text = str(hint).replace("typing.", "").replace("arena.engine.board.hexgrid.", "")
    text = text.replace("<class '", "").replace("'>", "").replace("Optional[", "")
    aliases = {"int | None": "int | None", "NoneType": "None"}
    return aliases.get(text, text)


def names() -> Names:
    state = new_match((base_roster("Vasfarkasok"), base_roster("Ködlovagok")), seed=1)
    return Names(view(state, None), None)


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_every_event_class_has_a_sentence_in_both_languages(name):
    assert has_sentence(name), f"{name} has no sentence"
    event = sample(EVENT_TYPES[name])
    with translation.override("en"):
        english = str(sentence(event, names()))
    with translation.override("hu"):
        hungarian = str(sentence(event, names()))
    assert english.strip() and hungarian.strip()
    assert english != hungarian, f"{name} reads the same in Hungarian: {english}"
    for text in (english, hungarian):
        assert "&lt;" not in text and "%(" not in text, text


def roster_with_everything(seat: int) -> Any:
    roster = base_roster(f"Team {seat}")
    members = []
    for m in roster.members:
        if m.slot == "strategist":
            m = replace(m, trap_cards_drawn=5 - seat)
        if m.slot == "crossbowman":
            m = replace(m, vial="potion")
        if m.slot == "deasta":
            m = replace(m, vial="poison_vial")
        members.append(m)
    return replace(roster, members=tuple(members), options=frozenset({"opt_potion", "opt_poison_vial"}))


@pytest.mark.parametrize("seed", range(3))
def test_every_event_of_whole_matches_reads_in_both_languages(seed):
    rules = frozenset(rule for rule in OPTIONAL_RULES if rule != "opt_open_information")
    state = new_match((roster_with_everything(0), roster_with_everything(1)), MatchOptions(16, rules), seed)
    rng = random.Random(seed)
    while not state.over:
        seat = seats_to_move(state)[0]
        actions = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        state, _ = apply(state, rng.choice(actions))
    who = Names(view(state, None), None)
    kinds = set()
    for event in match_events(state):
        data = event_to_json(event)
        kinds.add(data["type"])
        for language in ("en", "hu"):
            with translation.override(language):
                text = str(sentence(data, who))
            assert text and "&lt;" not in text and "%(" not in text, (data, text)
    assert {"DiceRolled", "Moved", "AttackResolved", "TrapWindowOpened", "TrapsKept", "RoundEnded"} <= kinds


@pytest.mark.parametrize("mode", ["pairs", "ffa"])
def test_every_event_of_whole_four_seat_matches_reads_in_both_languages__hr_8(mode):
    teams = tuple(base_roster(f"Team {seat}") for seat in range(4))
    state = new_match(teams, MatchOptions(12, mode=mode), f"four-{mode}")
    rng = random.Random(mode)
    while not state.over:
        seat = seats_to_move(state)[0]
        actions = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        state, _ = apply(state, rng.choice(actions))
    who = Names(view(state, None), None)
    kinds = set()
    for event in match_events(state):
        data = event_to_json(event)
        kinds.add(data["type"])
        with translation.override("en"):
            english = str(sentence(data, who))
        with translation.override("hu"):
            hungarian = str(sentence(data, who))
        for text in (english, hungarian):
            assert text and "&lt;" not in text and "%(" not in text, (data, text)
        if data["type"] in ("MatchEnded", "PlacesRolled", "QuarterChosen", "SeatEliminated"):
            assert english != hungarian, hungarian
    assert {"PlacesRolled", "QuarterChosen", "TrapWindowPassedOn", "MatchEnded"} <= kinds


def test_a_die_is_shown_as_a_die():
    event = {
        "type": "DiceRolled",
        "who": "seat 0",
        "purpose": "side roll",
        "sides": 10,
        "result": 7,
        "visible_to": None,
    }
    with translation.override("hu"):
        text = str(sentence(event, names()))
    assert text == (
        '<span class="team seat-0">Vasfarkasok</span> dob: <span class="die" title="d10">7</span> (k10) – térféldobás.'
    )
