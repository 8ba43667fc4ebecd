"""The match's vocabularies are enums that read, compare and serialise as their strings."""

from __future__ import annotations

import json

import pytest

from arena.engine import action_from_json, action_to_json, event_from_json, event_to_json
from arena.engine.board.hexgrid import Hex
from arena.engine.content.spells import SPELLS
from arena.engine.match.events import MatchEnded, TrapWindowOpened
from arena.engine.match.magic.actions import CommandZombie
from arena.engine.match.magic.events import ZombieCommanded
from arena.engine.match.magic.spellcasting import KIND
from arena.engine.match.state import PendingTrapWindow, Result
from arena.engine.match.words import MatchEnd, SpellKind, TrapWindowAction, ZombieCommand


def test_a_word_is_its_string() -> None:
    assert MatchEnd.POINTS_VICTORY == "points_victory"
    assert MatchEnd("draw") is MatchEnd.DRAW
    assert json.dumps({"kind": MatchEnd.VICTORY}) == '{"kind": "victory"}'
    assert str(ZombieCommand.MOVE_TO) == "move_to" and ZombieCommand.NONE == ""


def test_a_words_repr_is_its_strings_so_state_hashes_read_as_before() -> None:
    result = Result(MatchEnd.DRAW, None, (3, 4), 12, "round limit")
    assert repr(result) == repr(Result("draw", None, (3, 4), 12, "round limit"))  # type: ignore[arg-type]
    window = PendingTrapWindow(1, 4, TrapWindowAction.GATE, (), "north", False, 1)
    assert "action='gate'" in repr(window)


def test_events_read_back_with_their_words() -> None:
    ended = MatchEnded(MatchEnd.POINTS_VICTORY, 0, (12, 5), 12, "round limit, arena score (HR-10.1)")
    back = event_from_json(json.loads(json.dumps(event_to_json(ended))))
    assert back == ended and back.kind is MatchEnd.POINTS_VICTORY  # type: ignore[union-attr]
    window = TrapWindowOpened(1, "0.gladiator", TrapWindowAction.DISENGAGE, (Hex(0, 1),), None, True, 2)
    assert event_from_json(json.loads(json.dumps(event_to_json(window)))).action is TrapWindowAction.DISENGAGE  # type: ignore[union-attr]
    order = ZombieCommanded(0, "0.witch_master", "1.spearman", ZombieCommand.GUARD, None, Hex(2, 3), 2)
    assert event_from_json(json.loads(json.dumps(event_to_json(order)))).command is ZombieCommand.GUARD  # type: ignore[union-attr]


def test_a_word_outside_its_vocabulary_in_a_logged_event_is_a_clear_error() -> None:
    data = event_to_json(MatchEnded(MatchEnd.DRAW, None, (0, 0), 3, "x"))
    data["kind"] = "stalemate"
    with pytest.raises(ValueError, match="'stalemate' is not a valid MatchEnd"):
        event_from_json(data)


def test_a_zombie_command_reads_back_as_the_enum_and_an_unknown_one_is_left_for_the_rules() -> None:
    order = CommandZombie(0, "0.witch_master", "1.spearman", ZombieCommand.ATTACK, "1.gladiator", None, 2)
    back = action_from_json(json.loads(json.dumps(action_to_json(order))))
    assert back == order and back.command is ZombieCommand.ATTACK  # type: ignore[union-attr]
    data = action_to_json(order)
    data["command"] = "dance"
    assert action_from_json(data).command == "dance"  # type: ignore[union-attr]  # refused when decided


def test_every_spell_has_a_kind() -> None:
    assert set(KIND) == set(SPELLS)
    assert set(KIND.values()) <= set(SpellKind)
    assert KIND["acid_cloud"] is SpellKind.AREA
    with pytest.raises(TypeError):
        KIND["acid_cloud"] = SpellKind.SELF  # type: ignore[index]  # built once, read-only
