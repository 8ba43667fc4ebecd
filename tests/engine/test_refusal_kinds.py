"""Every refusal of the engine carries its kind (``RefusalKind``) and the facts a reader is told
(the character, the seat, the rules cited): the pages choose their sentence from these, never from
the English message, which stays for logs."""

from __future__ import annotations

import ast
import pickle
from functools import cache
from pathlib import Path

import pytest

from arena.engine import IllegalActionError, Refusal, RefusalKind, apply
from arena.engine.match.actions import AssignMeToken, Dodge, EndStep, MeleeAttack
from arena.engine.match.setup import new_match
from arena.engine.roster import base_roster

from .magic_helpers import cast, ready
from .match_helpers import act, name, place, started, to_step, tweak

ENGINE = Path(__file__).resolve().parents[2] / "arena" / "engine"
# The helpers that raise the error for a caller, each with its one kind (rules/base.py).
RAISERS = {"fail": RefusalKind.NOT_LEGAL_NOW, "no_character": RefusalKind.NO_SUCH_CHARACTER}


@cache
def _trees() -> tuple[tuple[Path, tuple[ast.AST, ...]], ...]:
    """Every engine module's nodes, parsed once."""
    return tuple(
        (path, tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))))
        for path in sorted(ENGINE.rglob("*.py"))
    )


def _calls(name: str) -> list[tuple[Path, ast.Call]]:
    """The calls of ``name`` in the engine, outside the module that defines the error."""
    found = []
    for path, nodes in _trees():
        if path.name == "match_errors.py":
            continue
        for node in nodes:
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called == name:
                    found.append((path, node))
    return found


def test_every_place_the_engine_raises_the_refusal_names_its_kind():
    sites = _calls("IllegalActionError")
    assert len(sites) >= 8
    for path, call in sites:
        where = f"{path.relative_to(ENGINE)}:{call.lineno}"
        kind = next((k.value for k in call.keywords if k.arg == "kind"), None)
        assert isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name), where
        assert kind.value.id == "RefusalKind" and kind.attr in RefusalKind.__members__, where


def test_the_engine_raises_the_refusal_only_through_a_call_that_names_its_kind():
    """No bare ``raise IllegalActionError`` and no other helper: each raise site is one of the calls
    checked above, or ``fail`` / ``no_character``, whose kind is their own."""
    for path, nodes in _trees():
        for node in nodes:
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name):
                assert node.exc.id != "IllegalActionError", f"{path.relative_to(ENGINE)}:{node.lineno}"
    owners = {path.relative_to(ENGINE).as_posix() for path, _ in _calls("IllegalActionError")}
    assert owners == {"match/play.py", "match/rules/base.py", "match/magic/listing.py"}, owners
    assert len(_calls("fail")) > 150 and len(_calls("no_character")) >= 4


@pytest.mark.parametrize(("helper", "kind"), sorted(RAISERS.items()))
def test_the_raising_helpers_keep_their_kind(helper, kind):
    from arena.engine.match.rules import base

    with pytest.raises(IllegalActionError) as refused:
        getattr(base, helper)("0.x", "RB p.6")
    assert refused.value.kind is kind and refused.value.rule == "RB p.6"


def _refused(state, action) -> IllegalActionError:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action)
    return refused.value


def test_the_refusals_before_any_rule_is_read_have_their_kinds():
    s = started()
    assert _refused(s, object()).refusal == Refusal(RefusalKind.NOT_AN_ACTION, "HR-12")  # type: ignore[arg-type]
    named = name(s, 0, "0.deasta", "0.laeva")
    assert _refused(named, MeleeAttack(1, "1.deasta", "0.deasta", man=2)).refusal == Refusal(
        RefusalKind.NOT_YOUR_TURN, "HR-12 ruling 38", seat=1
    )
    # seat 0 owes the naming, not a step: not his step to act
    assert _refused(s, MeleeAttack(0, "0.deasta", "1.deasta", man=2)).refusal == Refusal(
        RefusalKind.NOT_YOUR_TURN, "RB p.6", seat=0
    )


def test_the_match_over_is_its_own_kind():
    s = place(to_step(started(), 5), {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s = tweak(s, ep={"1.gladiator": 2})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, _ = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    refusal = _refused(s, EndStep(1)).refusal
    assert refusal == Refusal(RefusalKind.MATCH_OVER, "RB p.6, HR-10.1")


def test_the_characters_an_action_names_have_their_kinds_and_ids():
    s = name(started(), 0, "0.deasta", "0.laeva")
    assert _refused(s, MeleeAttack(0, "0.nobody", "1.deasta", man=2)).refusal == Refusal(
        RefusalKind.NO_SUCH_CHARACTER, "RB p.4-5", char="0.nobody"
    )
    assert _refused(s, MeleeAttack(0, "1.deasta", "1.deasta", man=2)).refusal == Refusal(
        RefusalKind.NOT_YOUR_CHARACTER, "RB p.6", char="1.deasta", seat=0
    )
    target = _refused(s, MeleeAttack(0, "0.deasta", "1.nobody", man=2)).refusal  # the attack's target
    assert target == Refusal(RefusalKind.NO_SUCH_CHARACTER, "RB p.4-5", char="1.nobody")
    spell = _refused(ready({"1.deasta": (8, -6)}), cast("lightning_bolt", "1.nobody", man=1))  # a spell's
    assert spell.refusal == Refusal(RefusalKind.NO_SUCH_CHARACTER, "RB p.12", char="1.nobody")
    assert "is no character" in str(spell)  # the English stays for logs
    forged = _refused(s, MeleeAttack(0, 5, "1.deasta", man=2))  # type: ignore[arg-type]  # not even a string
    assert forged.kind is RefusalKind.NO_SUCH_CHARACTER and forged.char == "5"


def test_a_rule_that_forbids_the_action_now_is_not_legal_now_and_cites_the_rule():
    s = new_match((base_roster(), base_roster()), seed=3)
    refused = _refused(s, AssignMeToken(0, 2, "0.witch_master"))
    assert refused.refusal == Refusal(RefusalKind.NOT_LEGAL_NOW, "HR-12 ruling 39")
    assert str(refused) == "hand out the amulets first (HR-12 ruling 39)"  # the log's English, unchanged


def test_a_refusal_pickles_with_its_kind_and_facts():
    error = IllegalActionError(
        "1.x is not one of seat 0's characters", "RB p.6", kind=RefusalKind.NOT_YOUR_CHARACTER, char="1.x", seat=0
    )
    again = pickle.loads(pickle.dumps(error))
    assert again.refusal == error.refusal and str(again) == str(error)


def test_the_kind_is_required():
    with pytest.raises(TypeError):
        IllegalActionError("no kind", "RB p.6")  # type: ignore[call-arg]
