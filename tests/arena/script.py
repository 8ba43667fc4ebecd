"""The scripted fast match of the hosted-play tests: set-up, a few moves with the trap windows they
open, then the home gladiator (greatsword) kills the away gladiator in two blows of round 1 step 6
and round 2 step 6. The d10s are fixed (``DICE``): the side roll 9 against 3, then each blow's
attack 10 and defence 1.

Each step names the seat that acts and picks one of its legal actions (the engine's JSON) by kind
and fields; ``None`` in the fields takes the first legal action of the kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arena.engine import action_to_json, legal_actions
from arena.models import Match
from arena.runtime.states import state_of

DICE = [9, 3, 10, 1, 10, 1]
HOME_GLADIATOR_START = [4, 0]
AWAY_GLADIATOR_START = [-4, 0]
MEETING = [0, 0]


@dataclass(frozen=True)
class Step:
    seat: int
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)
    test: Callable[[dict[str, Any]], bool] | None = None

    def pick(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        for data in actions:
            if data["type"] != self.kind:
                continue
            if any(data.get(k) != v for k, v in self.fields.items()):
                continue
            if self.test is not None and not self.test(data):
                continue
            return data
        raise AssertionError(f"seat {self.seat}: no {self.kind} {self.fields} in {actions[:12]}")


def one_hex(data: dict[str, Any]) -> bool:
    return len(data["path"]) == 1


def _secrets(seat: int) -> list[Step]:
    return [
        *(Step(seat, "AssignAmulet", test=_as_in_team_file) for _ in range(3)),
        Step(seat, "AssignMeToken", {"char": f"{seat}.crossbowman"}),
        Step(seat, "AssignMeToken", {"char": f"{seat}.deasta"}),
    ]


def _as_in_team_file(data: dict[str, Any]) -> bool:
    from arena.engine.roster import base_roster

    member = base_roster().member(data["char"].split(".", 1)[1])
    return member is not None and member.amulet == data["amulet"]


def _deploy(seat: int, gladiator_hex: list[int]) -> list[Step]:
    return [Step(seat, "Deploy", {"char": f"{seat}.gladiator", "hex": gladiator_hex})] + [
        Step(seat, "Deploy") for _ in range(4)
    ]


def _small_step(seat: int, *, named: bool = True, move: str | None = None) -> list[Step]:
    steps = [Step(seat, "Name")] if named else []
    if move is not None:
        steps += [Step(seat, "Move", {"char": move}, one_hex), Step(1 - seat, "PassTraps")]
    return steps + [Step(seat, "EndStep")]


SCRIPT: list[Step] = [
    *_secrets(0),
    *_secrets(1),
    Step(0, "ChooseRole", {"role": "side"}),
    Step(0, "ChooseHalf", {"half": "E"}),
    Step(0, "RecordGrip", {"hand": ["greatsword"]}),
    Step(1, "RecordGrip"),
    *_deploy(1, AWAY_GLADIATOR_START),
    *_deploy(0, HOME_GLADIATOR_START),
    # round 1: the away team starts (the home team chose the side)
    *_small_step(1, move="1.witch_master"),
    *_small_step(0, move="0.witch_master"),
    Step(1, "EndStep"),
    Step(0, "EndStep"),
    Step(1, "Move", {"char": "1.gladiator"}, lambda d: d["path"][-1] == MEETING),
    Step(1, "EndStep"),
    Step(0, "Move", {"char": "0.gladiator"}, lambda d: d["path"][-1] == MEETING),
    Step(0, "MeleeAttack", {"skill": None, "quick": False}),
    Step(0, "DeclineShift"),
    # round 2
    *_small_step(1),
    *_small_step(0),
    Step(1, "EndStep"),
    Step(0, "EndStep"),
    Step(1, "EndStep"),
    Step(0, "MeleeAttack", {"skill": None, "quick": False}),
]


def chosen(match: Match, step: Step) -> dict[str, Any]:
    """The action ``step`` takes in ``match`` as it now stands."""
    match.refresh_from_db()
    return step.pick([action_to_json(a) for a in legal_actions(state_of(match), step.seat)])


def walk(match: Match) -> Iterator[tuple[Step, dict[str, Any]]]:
    """Each step with the action it takes; the caller plays it before asking for the next."""
    for step in SCRIPT:
        yield step, chosen(match, step)
