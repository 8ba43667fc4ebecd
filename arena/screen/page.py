"""A seat's play screen, built from what that seat may know and nothing else.

Every byte a seat's page, partial or polling answer carries comes from ``view(state, seat)``, the
seat's part of the log (``events_for``), the seat's own legal actions and its own roster (for the
"as in the team file" shortcut); the sheet values every team shows (HR-12 ruling 36) are the view's
too (``CharacterView.sheet``). A spectator, or anyone who holds no seat, gets ``view(state, None)`` and the public log.
The seed and the set-up document never reach a template.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.urls import get_script_prefix
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine import (
    Action,
    Event,
    SeatView,
    State,
    action_to_json,
    apply,
    event_to_json,
    events_for,
    legal_actions,
    match_events,
    seats_to_move,
)
from arena.models import HOME, Match, MatchSeat
from arena.play_errors import DiceNeededError
from arena.runtime.states import position_of
from arena.selectors import claimable_at, seat_player_name, seats_with_players, thumbs_owed_by
from campaigns.models import Fixture
from common.bounded_lru import BoundedLRU
from common.i18n import reader_language

from .board import BoardLayer, board_layer
from .choices import ANSWER, SETUP, Choice, choices
from .log import sentence
from .prompts import heading, my_prompt, their_prompt
from .reader_words import Names, purpose_text
from .seats import SeatLine, seat_lines, whose_step
from .sides import (
    CharacterRow,
    character_rows,
    man_lines,
    my_secrets,
    opponent_info,
    public_sheet_values,
    result_lines,
)

LOG_ON_PAGE = 80


@dataclass(frozen=True)
class ChoiceGroup:
    char: str | None
    title: str
    buttons: tuple[Choice, ...]  # shown as buttons
    on_board: tuple[Choice, ...]  # chosen on the board (also listed, folded, for keyboards)


@dataclass(frozen=True)
class SeatPage:
    match: Match
    seat: int | None
    version: int
    public: SeatView
    names: Names
    heading: str
    prompt: str
    my_turn: bool
    answers: tuple[Choice, ...]
    groups: tuple[ChoiceGroup, ...]
    concede: Choice | None
    end_step: Choice | None
    plan: str  # "as in the team file": the actions JSON, or ""
    plan_label: str
    board: BoardLayer
    characters: tuple[CharacterRow, ...]
    my_secrets: tuple[str, ...]
    opponent_info: tuple[str, ...]
    man: tuple[str, ...]
    log: tuple[SafeString, ...]
    log_count: int
    result: str
    result_detail: str
    claim_at: datetime | None
    can_claim: bool
    seats: tuple[SeatLine, ...] = ()
    whose_step: str = ""
    message: str = ""
    message_level: str = "warning"
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def is_live(self) -> bool:
        return self.match.is_live


def seat_for(match: Match, user: User | AnonymousUser) -> MatchSeat | None:
    if not user.is_authenticated:
        return None
    return MatchSeat.objects.filter(match=match, player=user).first()


def seat_in(seats: Sequence[MatchSeat], user: User | AnonymousUser) -> MatchSeat | None:
    """``user``'s seat among the match's ``seats`` (the first, as ``seat_for`` finds it), or None."""
    if not user.is_authenticated:
        return None
    return next((s for s in seats if s.player_id == user.pk), None)


# --- choices ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choices:
    answers: tuple[Choice, ...]  # answers to the prompt, and set-up choices: shown under the prompt
    groups: tuple[ChoiceGroup, ...]  # per character (and the board's choices of no character)
    concede: Choice | None
    end_step: Choice | None

    @property
    def on_board(self) -> list[Choice]:
        return [c for g in self.groups for c in (*g.buttons, *g.on_board)]


def _groups(found: Sequence[Choice], names: Names) -> Choices:
    concede = next((c for c in found if c.kind == "Concede"), None)
    end_step = next((c for c in found if c.kind == "EndStep"), None)
    rest = [c for c in found if c.kind not in ("Concede", "EndStep")]
    groups: list[ChoiceGroup] = []
    # a choice that points at a hex is made on the board (and listed, folded, for keyboards)
    answers = tuple(c for c in rest if c.hex is None and (c.group in (ANSWER, SETUP) or c.char is None))
    board_free = tuple(c for c in rest if c.char is None and c.hex is not None)
    if board_free:
        groups.append(ChoiceGroup(None, "", (), board_free))
    order: list[str] = []
    for c in rest:
        if c.char is not None and c not in answers and c.char not in order:
            order.append(c.char)
    for char in order:
        mine = [c for c in rest if c.char == char and c not in answers]
        groups.append(
            ChoiceGroup(
                char,
                names.char(char),
                tuple(c for c in mine if c.hex is None),
                tuple(c for c in mine if c.hex is not None),
            )
        )
    return Choices(answers, tuple(groups), concede, end_step)


def team_file_plan(state: State, seat: int) -> list[Action]:
    """The seat's amulets and ME tokens as its own team file hands them out, in the order the
    engine asks for them, each one legal when it comes (stops at the first the file does not
    settle). Reads only the seat's own roster."""
    roster = state.setup.teams[seat]
    plan: list[Action] = []
    for _step in range(16):
        found = None
        for action in legal_actions(state, seat):
            data = action_to_json(action)
            member = roster.member(str(data.get("char", "")).split(".", 1)[-1]) if "char" in data else None
            if member is None:
                continue
            if data["type"] == "AssignAmulet" and member.amulet == data["amulet"]:
                found = action
                break
            if data["type"] == "AssignMeToken" and member.me_token == data["value"]:
                found = action
                break
        if found is None:
            break
        plan.append(found)
        state, _events = apply(state, found)
    return plan


def _mark_team_file_grip(found: list[Choice], state: State, seat: int) -> list[Choice]:
    """The grip the seat's own team file starts with, marked among the grips the engine offers."""
    member = state.setup.teams[seat].member("gladiator")
    if member is None:
        return found
    grip = sorted(item for item in member.starting_grip if item != "dagger")
    marked = []
    for choice in found:
        if choice.kind == "RecordGrip" and sorted(json.loads(choice.value)["hand"]) == grip:
            choice = replace(choice, label=_("%(choice)s (as in the team file)") % {"choice": choice.label})
        marked.append(choice)
    return marked


# The sentences of the log lines a page showed last, per reader's language and ``Names``: the next
# version's page shows nearly the same lines, so only the new events are worded. A sentence is a pure
# function of its event, the names and the language (an event only reaches it when the reader may see
# it), so equal events of one class share one (two classes' events may be equal tuples: the class is
# part of the key). At most ``LOG_ON_PAGE`` sentences per entry, ``SENTENCES_KEPT`` entries.
SENTENCES_KEPT = 256
LINES_KEPT = 512
_SENTENCES: BoundedLRU[tuple[Any, ...], dict[tuple[type, Event], SafeString]] = BoundedLRU(SENTENCES_KEPT)


def _names_key(names: Names) -> tuple[Any, ...]:
    return (
        get_language(),
        get_script_prefix(),  # a sentence may link to the rules
        names.viewer,
        tuple(names.names.items()),
        tuple(names.teams.items()),
        tuple(names.seat_of.items()),
    )


# How many events of a log a seat may see, per log node: the log is a chain of (earlier, events) that each
# version extends, so a page counts only what the versions since its last build added instead of
# filtering the whole match's log at every build. The node is kept with its count (an id alone could be
# reused by a later node); 1,024 entries hold the newest node of each seat's and the spectators' pages of
# the matches a process serves (three readers of 300 matches).
_COUNTED: BoundedLRU[tuple[int, int | None], tuple[Any, int]] = BoundedLRU(1024)


def _visible_count(log: Any, seat: int | None) -> int:
    """How many events of ``log`` (a state's log node) ``seat`` may see (``events_for``)."""
    newer: list[Any] = []  # the nodes after the newest one counted before, newest first
    node, count = log, 0
    while node is not None:
        kept = _COUNTED.get((id(node), seat))
        if kept is not None and kept[0] is node:
            count = kept[1]
            break
        newer.append(node)
        node = node[0]
    for node in reversed(newer):
        count += len(events_for(node[1], seat))
    if log is not None:
        _COUNTED.put((id(log), seat), (log, count))
    return count


def _newest_visible(log: Any, seat: int | None, last: int) -> list[Event]:
    """The newest ``last`` events of ``log`` that ``seat`` may see, oldest first."""
    found: list[Event] = []
    node = log
    while node is not None and len(found) < last:
        found.extend(reversed(events_for(node[1], seat)))
        node = node[0]
    return found[:last][::-1]


def log_lines(
    state: State, seat: int | None, names: Names, last: int | None = LOG_ON_PAGE
) -> tuple[int, list[SafeString]]:
    """The seat's part of the log as sentences, the newest first (``last`` of them)."""
    if last is None or last > LOG_ON_PAGE:
        visible = events_for(match_events(state), seat)
        chosen = visible if last is None else visible[-last:]
        return len(visible), [sentence(event_to_json(e), names) for e in reversed(chosen)]
    count = _visible_count(state.log, seat)
    if last == LOG_ON_PAGE:
        found = _lines_since_last_build(state.log, seat, names)
        if found is not None:
            return count, found
    chosen = _newest_visible(state.log, seat, last)
    lines = _worded(chosen, names)
    if last == LOG_ON_PAGE and state.log is not None:
        _LINES.put((names, seat, get_language(), get_script_prefix()), (state.log, tuple(lines)))
    return count, lines


def _worded(chosen: Sequence[Event], names: Names) -> list[SafeString]:
    """The sentences of ``chosen`` (oldest first), newest first, those of the reader's last page reused."""
    key = _names_key(names)
    known = _SENTENCES.get(key, {})
    lines: list[SafeString] = []
    kept: dict[tuple[type, Event], SafeString] = {}
    for event in reversed(chosen):
        held = (type(event), event)
        try:
            line = known.get(held)
        except TypeError:  # an event holding a list is not hashable: worded each time
            lines.append(sentence(event_to_json(event), names))
            continue
        if line is None:
            line = sentence(event_to_json(event), names)
        kept[held] = line
        lines.append(line)
    _SENTENCES.put(key, kept)
    return lines


# The newest lines of each reader's page as last built, with the log node they were built at, per ``Names``
# (kept by identity, ``Names.of``), seat, language and URL prefix (a sentence may link to the rules): the
# next version's log extends that node, so only the events of the versions since are worded and put in
# front. A node is compared by identity (it is kept in the entry, so its id is not reused); a position
# rebuilt from the database holds new nodes, and its first page words its lines through ``_worded``. 512
# entries: the two seats of 256 matches, a few megabytes.
_LINES: BoundedLRU[tuple[Any, ...], tuple[Any, tuple[SafeString, ...]]] = BoundedLRU(LINES_KEPT)


def _lines_since_last_build(log: Any, seat: int | None, names: Names) -> list[SafeString] | None:
    """The newest ``LOG_ON_PAGE`` lines of ``log`` for ``seat``, newest first, from the reader's last
    build when ``log`` extends the node it was built at; None when it does not."""
    key = (names, seat, get_language(), get_script_prefix())
    kept = _LINES.get(key)
    if kept is None or log is None:
        return None
    built_at, before = kept
    newer: list[Event] = []  # the events since, newest first
    node = log
    while node is not built_at:
        if node is None or len(newer) >= LOG_ON_PAGE:
            return None  # not an extension of that build's log (another match), or more than a page since
        newer.extend(reversed(events_for(node[1], seat)))
        node = node[0]
    if not newer:
        return list(before)
    lines = [sentence(event_to_json(event), names) for event in newer] + list(before)
    lines = lines[:LOG_ON_PAGE]
    _LINES.put(key, (log, tuple(lines)))
    return lines


def table_device(match: Match, user: User | AnonymousUser) -> bool:
    """Table mode: ``user`` holds the device at the table, which acts for both seats."""
    return match.table_played and user.is_authenticated and user.pk == match.created_by_id


def seat_page(
    match: Match,
    user: User | AnonymousUser,
    *,
    message: str = "",
    level: str = "warning",
    dice_needed: DiceNeededError | None = None,
    seats: Sequence[MatchSeat] | None = None,
) -> SeatPage:
    """Everything the play screen shows ``user``: his seat's view, or the public one. At the table
    (table mode) the device shows the seat that owes the decision now. ``seats``: the match's seats
    with their players (``seats_with_players``) when the caller has read them already."""
    if seats is None:
        seats = seats_with_players(match)
    mine = seat_in(seats, user)
    seat = mine.seat if mine is not None else None
    position = position_of(match)  # the view, legal actions and previews: once per seat and version
    state = position.state
    if table_device(match, user):
        movers = seats_to_move(state) if match.is_live else ()
        seat = movers[0] if movers else (match.winner_seat if match.winner_seat is not None else HOME)
    public = position.view(seat)
    names = Names.of(public, seat)
    live = match.is_live
    actions = position.actions(seat) if seat is not None and live else ()
    found = choices(actions, names, public, state, previews=position.preview)
    if seat is not None and public.phase == "grips":
        found = _mark_team_file_grip(found, state, seat)
    my_turn = live and seat is not None and seat in public.to_move
    offered = (
        _groups(found, names)
        if my_turn
        else Choices((), (), next((c for c in found if c.kind == "Concede"), None), None)
    )
    if offered.concede is not None and seat is not None and table_device(match, user) and match.fixture_id:
        # nobody concedes for another player's seat: the device offers it only for the device's own
        if not any(s.seat == seat and s.player_id == user.pk for s in seats):
            offered = Choices(offered.answers, offered.groups, None, offered.end_step)
    plan_actions = team_file_plan(state, seat) if my_turn and public.phase == "secrets" and seat is not None else []
    plan_json = ""
    plan_label = ""
    if plan_actions:
        plan_json = json.dumps([action_to_json(a) for a in plan_actions], separators=(",", ":"), ensure_ascii=False)
        plan_label = _("As in the team file: %(list)s") % {
            "list": "; ".join(c.label for c in choices(plan_actions, names, public))
        }
    if my_turn:
        prompt = my_prompt(public, names)
    elif live:
        prompt = their_prompt(public, names, seat)
    else:
        prompt = ""
    count, log = log_lines(state, seat, names)
    result, detail = result_lines(match, names)
    lines = seat_lines(match, public, seat, {row.seat: seat_player_name(row) for row in seats})
    claim_at = None
    can_claim = False
    duel = not match.four_seats  # a four-seat match cannot be claimed (docs/decisions.md)
    # nor a match against the computer (it always moves) or at the table (one device plays both seats)
    human = not match.table_played and not any(s.agent for s in seats if s.seat != seat)
    if duel and human and live and seat is not None and seat not in public.to_move and (1 - seat) in public.to_move:
        claim_at = claimable_at(match)
        can_claim = timezone.now() >= claim_at
    return SeatPage(
        match=match,
        seat=seat,
        version=match.version,
        public=public,
        names=names,
        heading=heading(public, names) if not match.is_over else _("The match is over"),
        prompt=prompt,
        my_turn=my_turn,
        answers=offered.answers,
        groups=offered.groups,
        concede=offered.concede,
        end_step=offered.end_step,
        plan=plan_json,
        plan_label=plan_label,
        board=board_layer(public, names, offered.on_board, reader_language()),
        characters=character_rows(public, names, public_sheet_values(public), seat),
        my_secrets=my_secrets(public, seat),
        opponent_info=opponent_info(public, names, seat),
        man=man_lines(public, names),
        log=tuple(log),
        log_count=count,
        result=result,
        result_detail=detail,
        claim_at=claim_at,
        can_claim=can_claim,
        seats=lines,
        whose_step=whose_step(lines),
        message=message,
        message_level=level,
        extras={**_table_extras(match, user, names, seat, dice_needed), **_thumbs_extras(match, state, seat, names)},
    )


def _thumbs_extras(match: Match, state: State, seat: int | None, names: Names) -> dict[str, Any]:
    """A fixture's winner owes the thumbs (HR-10.5): his page asks for them."""
    if match.fixture_id is None or match.four_seats or match.status != Match.Status.FINISHED or seat is None:
        return {}
    fixture = match.fixture
    if fixture is None or fixture.status != Fixture.Status.SCHEDULED or thumbs_owed_by(match, state) != seat:
        return {}
    return {"thumbs": names.team(1 - seat)}


def _table_extras(
    match: Match, user: User | AnonymousUser, names: Names, seat: int | None, needed: DiceNeededError | None
) -> dict[str, Any]:
    if not match.table_played:
        return {}
    found: dict[str, Any] = {"table": True, "device": table_device(match, user), "seat_team": names.team(seat)}
    if needed is not None:
        found["dice"] = {
            "who": names.who(needed.who),
            "purpose": purpose_text(needed.purpose, names),
            "actions": json.dumps(needed.actions, separators=(",", ":"), ensure_ascii=False),
            "entered": json.dumps(needed.dice),
            "count": len(needed.dice),
            "faces": list(range(1, 11)),
        }
    return found


__all__ = ["SeatPage", "log_lines", "seat_in", "seat_page", "team_file_plan"]
