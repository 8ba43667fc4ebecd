"""Checking a match's record: replay every action from the seed and compare what it causes.

A record is the set-up (``setup_to_json``, seed included), the dealing events and, for each action
in order, the action (``action_to_json``) and, where the record has them, the events it caused
(``event_to_json``). :func:`check_record` starts a new match from the set-up with the seed's dice,
compares the deal, then applies each action and compares the events it causes with the stored ones.
It stops at the first difference: a die (a ``DiceRolled`` whose stored result is not the one the
seed gives), another event, or an action the engine refuses. Nothing here trusts the stored
events: they are only compared.

    >>> from arena.engine.roster import base_roster
    >>> from arena.engine.match.state import MatchOptions, MatchSetup
    >>> setup = MatchSetup((base_roster(), base_roster()), MatchOptions(round_limit=12), "s")
    >>> check_record(setup, None, []).ok
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.match.actions import action_from_json
from arena.engine.match.events import event_to_json
from arena.engine.match.match_errors import IllegalActionError, Refusal, RefusalKind
from arena.engine.match.play import apply, match_events
from arena.engine.match.setup import new_match
from arena.engine.match.state import MatchSetup, State


@dataclass(frozen=True)
class Row:
    """One stored action: its sequence number (the version it produced), the action, the events."""

    seq: int
    action: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class Roll:
    """A die the log holds, with the result the seed gives for it."""

    seq: int
    index: int  # the event's place among the action's events
    who: str
    purpose: str
    sides: int
    result: int


@dataclass(frozen=True)
class Mismatch:
    """The first place where the record and the seed's replay part."""

    seq: int
    index: int
    kind: str  # "roll", "event", "count", "illegal"
    expected: Any  # what the seed's replay gives
    found: Any  # what the record holds
    refusal: Refusal | None = None  # "illegal": why the referee refuses the action (its kind and facts)

    def describe(self) -> str:
        where = "the deal" if self.seq == 0 else f"action {self.seq}"
        if self.kind == "roll":
            return (
                f"{where}, event {self.index}: the log's roll of a d{self.expected['sides']} for "
                f"{self.expected['purpose']} ({self.expected['who']}) is {self.found.get('result')}, "
                f"the seed gives {self.expected['result']}"
            )
        if self.kind == "illegal":
            return f"{where}: the engine refuses the action: {self.expected}"
        if self.kind == "count":
            return f"{where}: the log holds {self.found} events, the replay causes {self.expected}"
        return f"{where}, event {self.index}: the log holds {self.found!r}, the replay causes {self.expected!r}"


@dataclass
class RecordCheck:
    state: State
    actions: int = 0
    rolls: list[Roll] = field(default_factory=list)
    mismatch: Mismatch | None = None
    deal: list[dict[str, Any]] = field(default_factory=list)  # the deal's events, as the seed gives them
    caused: list[list[dict[str, Any]]] = field(default_factory=list)  # each replayed action's events

    @property
    def ok(self) -> bool:
        return self.mismatch is None


def _compare(seq: int, caused: list[dict[str, Any]], stored: Sequence[Mapping[str, Any]]) -> Mismatch | None:
    for index, (mine, theirs) in enumerate(zip(caused, stored, strict=False)):
        if dict(theirs) == mine:
            continue
        if mine.get("type") == "DiceRolled" or theirs.get("type") == "DiceRolled":
            kind = "roll" if mine.get("type") == "DiceRolled" else "event"
            return Mismatch(seq, index, kind, mine, dict(theirs))
        return Mismatch(seq, index, "event", mine, dict(theirs))
    if len(caused) != len(stored):
        return Mismatch(seq, min(len(caused), len(stored)), "count", len(caused), len(stored))
    return None


def _rolls(seq: int, caused: list[dict[str, Any]]) -> list[Roll]:
    return [
        Roll(seq, i, e["who"], e["purpose"], e["sides"], e["result"])
        for i, e in enumerate(caused)
        if e.get("type") == "DiceRolled"
    ]


def check_record(
    setup: MatchSetup, deal: Sequence[Mapping[str, Any]] | None, rows: Iterable[Row], *, stop_at: int | None = None
) -> RecordCheck:
    """Replay ``rows`` from ``setup`` with the seed's dice; the first difference, if any."""
    state = new_match(setup.teams, setup.options, setup.seed)
    caused = [event_to_json(e) for e in match_events(state)]
    check = RecordCheck(state, rolls=_rolls(0, caused), deal=caused)
    if deal is not None:
        check.mismatch = _compare(0, caused, deal)
    for row in rows:
        if check.mismatch is not None or (stop_at is not None and row.seq > stop_at):
            break
        try:
            action = action_from_json(dict(row.action))
            state, events = apply(state, action)
        except IllegalActionError as error:
            check.mismatch = Mismatch(row.seq, 0, "illegal", str(error), dict(row.action), error.refusal)
            break
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            unread = Refusal(RefusalKind.NOT_AN_ACTION)
            check.mismatch = Mismatch(
                row.seq, 0, "illegal", f"not an action of the game ({error})", dict(row.action), unread
            )
            break
        caused = [event_to_json(e) for e in events]
        check.rolls.extend(_rolls(row.seq, caused))
        check.caused.append(caused)
        check.actions += 1
        check.state = state
        if row.events is not None:
            check.mismatch = _compare(row.seq, caused, row.events)
    return check
