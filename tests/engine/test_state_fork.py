"""``State.fork`` copies every slot, written from ``__slots__`` (issue 29): a slot added to the state
cannot be left out of the copy, nor a list slot out of ``clone``'s copies."""

from __future__ import annotations

import typing

from arena.engine import MatchOptions, new_match
from arena.engine.match.state import MUTABLE_FIELDS, State
from arena.engine.roster import base_roster


def _state() -> State:
    return new_match((base_roster("A"), base_roster("B")), MatchOptions(), seed=3)


def test_fork_carries_every_slot_as_the_same_object():
    s = _state()
    marks = {name: object() for name in State.__slots__}
    for name, mark in marks.items():
        setattr(s, name, mark)
    c = s.fork()
    assert c is not s
    assert {name: getattr(c, name) for name in State.__slots__} == marks
    assert all(getattr(c, name) is mark for name, mark in marks.items())


def test_every_annotated_field_is_a_slot_and_every_slot_is_annotated():
    hints = typing.get_type_hints(State)
    assert set(hints) == set(State.__slots__)
    assert len(State.__slots__) == len(set(State.__slots__))


def test_every_list_slot_is_copied_by_clone_and_shared_by_fork():
    hints = typing.get_type_hints(State)
    lists = {name for name, hint in hints.items() if typing.get_origin(hint) is list}
    assert lists == set(MUTABLE_FIELDS)
    s = _state()
    forked, cloned = s.fork(), s.clone()
    for name in MUTABLE_FIELDS:
        assert getattr(forked, name) is getattr(s, name)
        assert getattr(cloned, name) is not getattr(s, name) and getattr(cloned, name) == getattr(s, name)
