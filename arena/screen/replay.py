"""The replay viewer of a finished match: the board, the characters and the log as they were after
any one action, stepped forwards and backwards or jumped to a round.

A replay is shown only once the match is over, and then with every seat's secrets (trap cards,
discs, amulets, tokens, grips, the private log lines): nothing is secret any more, and the seed is
published too (docs/hosting.md). The state after action ``at`` is the engine's ``replay`` of the
stored events up to it; nothing is recomputed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from arena.engine import SeatView, event_from_json, event_to_json, match_events, replay, setup_from_json, view
from arena.models import Match
from common.i18n import reader_language

from .board import BoardLayer, board_layer
from .log import sentence
from .prompts import heading
from .reader_words import Names
from .sides import CharacterRow, character_rows, my_secrets, public_sheet_values, result_lines

LOG_ON_PAGE = 80


@dataclass(frozen=True)
class ReplayPage:
    match: Match
    at: int  # the action shown (0: the deal)
    last: int
    rounds: tuple[tuple[int, int], ...]  # (round, the action that starts it)
    round: int
    public: SeatView
    names: Names
    heading: str
    board: BoardLayer
    characters: tuple[CharacterRow, ...]
    secrets: tuple[tuple[str, tuple[str, ...]], ...]  # (team, its secrets at this point)
    this_action: tuple[SafeString, ...]  # what the action shown caused
    log: tuple[SafeString, ...]  # the log up to it, newest first
    log_count: int
    result: str
    result_detail: str
    steps: tuple[int, ...] = ()  # the actions whose events start a step (``StepStarted``)

    # stepping by a whole step or round (issue 32): the nearest start before or after the action shown
    @property
    def previous_step(self) -> int | None:
        return max((seq for seq in self.steps if seq < self.at), default=0 if self.at > 0 else None)

    @property
    def next_step(self) -> int | None:
        return min((seq for seq in self.steps if seq > self.at), default=None)

    @property
    def previous_round(self) -> int | None:
        return max((seq for _r, seq in self.rounds if seq < self.at), default=0 if self.at > 0 else None)

    @property
    def next_round(self) -> int | None:
        return min((seq for _r, seq in self.rounds if seq > self.at), default=None)

    @property
    def previous(self) -> int | None:
        return self.at - 1 if self.at > 0 else None

    @property
    def next(self) -> int | None:
        return self.at + 1 if self.at < self.last else None


def round_starts(rows: list[tuple[int, list[dict[str, Any]]]]) -> tuple[tuple[int, int], ...]:
    """Each round and the action whose events start it (``RoundStarted``)."""
    found: dict[int, int] = {}
    for seq, events in rows:
        for event in events:
            if event.get("type") == "RoundStarted" and event["round"] not in found:
                found[event["round"]] = seq
    return tuple(sorted(found.items()))


def step_starts(rows: list[tuple[int, list[dict[str, Any]]]]) -> tuple[int, ...]:
    """The actions whose events start a step (``StepStarted``), in order."""
    return tuple(seq for seq, events in rows if any(e.get("type") == "StepStarted" for e in events))


def replay_page(match: Match, at: int) -> ReplayPage:
    """The finished match after action ``at`` (clamped to 0…its last action), all secrets shown."""
    rows = list(match.actions.order_by("seq").values_list("seq", "events"))
    last = rows[-1][0] if rows else 0
    at = max(0, min(at, last))
    setup = setup_from_json(match.setup)
    state = replay(setup, [event_from_json(e) for seq, events in rows if seq <= at for e in events])
    public = view(state, None)
    names = Names(public, None)
    values = public_sheet_values(public)
    characters: list[CharacterRow] = []
    secrets = []
    for seat in range(len(public.seats)):
        own = view(state, seat)
        characters += [row for row in character_rows(own, names, values, seat) if row.seat == seat]
        secrets.append((names.team(seat), my_secrets(own, seat)))
    every = match_events(state)  # all of it: nothing is secret once the match is over
    this_action: list[dict[str, Any]] = next((events for seq, events in rows if seq == at), [])
    rounds = round_starts(rows)
    current = max((r for r, seq in rounds if seq <= at), default=0)
    result, detail = result_lines(match, names)
    return ReplayPage(
        match=match,
        at=at,
        last=last,
        rounds=rounds,
        round=current,
        public=public,
        names=names,
        heading=heading(public, names) if at < last else _("The match is over"),
        board=board_layer(public, names, (), reader_language()),
        characters=tuple(characters),
        secrets=tuple(secrets),
        this_action=tuple(sentence(e, names) for e in this_action),
        log=tuple(sentence(event_to_json(e), names) for e in reversed(every[-LOG_ON_PAGE:])),
        log_count=len(every),
        result=result,
        result_detail=detail,
        steps=step_starts(rows),
    )


def seq_of_round(match: Match, round_number: int) -> int:
    """The action that starts ``round_number`` (the last action if the match never reached it)."""
    rows = list(match.actions.order_by("seq").values_list("seq", "events"))
    for number, seq in round_starts(rows):
        if number >= round_number:
            return seq
    return rows[-1][0] if rows else 0
