"""Playing a hosted match: actions refereed by the engine, and the forfeit claim.

One transaction per request, the match row locked first (``select_for_update``): two clicks, two
tabs or two app-server processes are serialised on that row, and the version check then refuses
whatever was chosen on a page older than the seat's current choices (``StaleBoardError``, "the
board has changed"), so no two actions are ever applied on one version. Then the engine validates
and applies each action, and the actions with the events they caused are appended, the version
moves, and the seats' "your move" flags and prompts are written. A refusal of the request itself
(stale, not his turn, not his seat, the first action refused) is raised before anything is written,
and the transaction leaves the stored match as it was. A die once rolled stands: in a list, each
action is stored as it is applied, so a later refusal keeps the actions before it (``_play``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine import (
    Action,
    Event,
    IllegalActionError,
    State,
    action_from_json,
    action_to_json,
    apply,
    event_to_json,
    is_over,
    phase_name,
    seats_to_move,
    view,
)
from arena.engine.match.events import DiceRolled
from common.prepared import Write, insert_and_update_rows

from ..models import Match, MatchAction, MatchSeat
from ..play_errors import ActionRefusedError, DiceNeededError, MatchError, StaleBoardError
from ..runtime.hosted_dice import TableDice, dice_for
from ..runtime.push import announce
from ..runtime.states import Position, key_of, remember, state_of
from ..selectors import claimable_at, match_locked, seats_with_players
from .league_fixtures import report_to_league
from .seats import refresh_seats, seat_among, seat_of

log = logging.getLogger(__name__)

SETUP_PHASES = frozenset({"secrets", "role", "half", "grips", "deploy"})
MOST_ACTIONS_PER_REQUEST = 16  # "as in the team file": at most 4 amulets and 2 tokens
MOST_DICE_PER_REQUEST = 64  # table mode: far above what one action rolls
# The only actions a list may hold all-or-nothing: set-up choices that roll no die and show nothing
# new ("as in the team file"). Any other list is stored action by action (a die once rolled stands).
WHOLE_LISTS = frozenset({"AssignAmulet", "AssignMeToken"})


@dataclass(frozen=True)
class Played:
    """What a request changed: the match as now stored, the acting seat, the events caused, how many
    actions were stored and, when a list stopped part-way, why (a refusal, or the next d10 to enter
    at the table); the actions before it stand."""

    match: Match
    seat: int
    events: tuple[Event, ...]
    stored: int = 0
    stopped: MatchError | None = None
    seats: tuple[MatchSeat, ...] = ()  # the match's seats with their players, as now stored (when read)


def _locked(match: Match | int) -> Match:
    """The match row, locked: ``select_for_update().get(pk=…)``, its SQL written once per process
    (``Match.DoesNotExist`` when there is none)."""
    return match_locked(match if isinstance(match, int) else match.pk)


def parse_action(data: object) -> Action:
    """An action as the engine writes it (``action_to_json``); anything else is refused."""
    try:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError("not an action object")
        return action_from_json(dict(data))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ActionRefusedError(_("This is not an action of the game."), str(error), kind="malformed") from error


def _refused(error: IllegalActionError, state: State, action: Action, seat: int) -> ActionRefusedError:
    """The engine's refusal, with what the play screen needs to tell it in words (``arena.screen.refusals``:
    its kind and facts); its own message says no more than that the referee refused (the engine's
    reason is English, with ids, for logs)."""
    return ActionRefusedError(
        _("The referee refused this action."),
        str(error),
        kind="illegal",
        rule=error.rule,
        action=action_to_json(action),
        state=state,
        seat=seat,
        refusal=error.refusal,
    )


def _apply(
    match: Match, state: State, action: Action, seat: int, table: TableDice | None = None
) -> tuple[State, list[Event]]:
    if type(action).__name__ != "Concede" and seat not in seats_to_move(state):
        raise MatchError(_("It is not your turn: the match waits for your opponent."))
    dice = table if table is not None else dice_for(match.dice_script, match.seed, state)
    try:
        return apply(state, action, dice)
    except IllegalActionError as error:
        raise _refused(error, state, action, seat) from error
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:  # a malformed action
        log.warning("match %s: the engine could not read %r: %r", match.pk, action, error)
        raise ActionRefusedError(_("This choice could not be read."), str(error), kind="malformed") from error


@transaction.atomic
def match_play(
    *,
    match: Match | int,
    player: User,
    version: int,
    actions: Sequence[Mapping[str, Any]],
    dice: Sequence[int] = (),
) -> Played:
    """Apply ``actions`` (the engine's JSON, in order) for ``player``'s seat, chosen on a page built at
    ``version``. ``match``: the match, or its id (the row is read once, as it is locked).

    Locks: the match row (``select_for_update``) before anything else; the seat rows and the new
    action rows are written after it, in this transaction. Refusals: 403 for someone who holds no
    seat or an action for the other seat; ``StaleBoardError`` for a page older than the seat's
    choices; ``MatchError`` when the match is not being played or it is not his turn;
    ``ActionRefusedError`` with the engine's reason. Table mode: ``dice`` are the d10s rolled at the
    table for these actions, in order; ``DiceNeededError`` asks for the next one.
    """
    match = _locked(match)
    if match.table_played:
        return _play(match, table_seat(match, player, actions), version, actions, dice, by=player.pk)
    # read once, with their players: the player's seat, every seat's flags, then the answer's page
    seats = seats_with_players(match)
    return _play(match, seat_among(seats, player), version, actions, dice, seats=seats, by=player.pk)


def table_seat(match: Match, player: User, actions: Sequence[Mapping[str, Any]]) -> MatchSeat:
    """Table mode: the device's player (the match's creator) acts for whichever seat the action
    names; nobody else acts in it. Nobody concedes for another player's seat: a concession is taken
    only from the seat's own player (at a league fixture's table, the opponent, on his own device)."""
    if not player.is_authenticated:
        raise PermissionDenied(_("Only the device at the table acts in this match."))
    first = actions[0] if actions else None
    seat = first.get("seat") if isinstance(first, Mapping) else None
    row = MatchSeat.objects.filter(match=match, seat=seat).first() if seat in (0, 1) else None
    conceding = any(isinstance(a, Mapping) and a.get("type") == "Concede" for a in actions)
    if conceding and row is not None and row.player_id != player.pk:
        raise PermissionDenied(_("Nobody concedes for another player's seat."))
    if player.pk != match.created_by_id and not conceding:
        raise PermissionDenied(_("Only the device at the table acts in this match."))
    if row is None:
        raise ActionRefusedError(_("This is not an action of the game."), kind="malformed")
    return row


@transaction.atomic
def match_play_agent(*, match: Match, seat: int, version: int, actions: Sequence[Mapping[str, Any]]) -> Played:
    """Apply ``actions`` for ``seat``, which the engine's agent plays (the ``run_agents`` worker),
    chosen on the state at ``version``: the same lock, version check and referee as a player's."""
    match = _locked(match)
    row = MatchSeat.objects.filter(match=match, seat=seat).exclude(agent="").first()
    if row is None:
        raise PermissionDenied(_("This seat is not played by the computer."))
    return _play(match, row, version, actions)


def _play(
    match: Match,
    seat: MatchSeat,
    version: int,
    actions: Sequence[Mapping[str, Any]],
    dice: Sequence[int] = (),
    seats: Sequence[MatchSeat] | None = None,
    by: int | None = None,
) -> Played:
    """The body of both: the match row is locked by the caller. ``by``: the account acting (None for
    the computer), told to the streams with the new version.

    A die once rolled stands (docs/hosting.md, "Fair play"): each action of a list is stored as it is
    applied, so a refusal further down the list stops there and leaves the actions before it, with
    the dice they rolled, in the log (``Played.stopped`` carries the refusal). Only a list of set-up
    choices that never roll (``WHOLE_LISTS``: "as in the team file") is taken whole or not at all."""
    if not match.is_live:
        raise MatchError(_("This match is not being played."))
    if not actions or len(actions) > MOST_ACTIONS_PER_REQUEST:
        raise ActionRefusedError(_("This is not an action of the game."), kind="malformed")
    parsed = [parse_action(data) for data in actions]
    if any(action.seat != seat.seat for action in parsed):
        raise PermissionDenied(_("You may act only for your own seat."))
    if not seat.prompt_version <= version <= match.version:
        raise StaleBoardError(_("The board has changed: here is the position as it stands now."))
    table = _table_dice(match, dice)
    state = state_of(match)
    rows: list[MatchAction] = []
    caused: list[Event] = []
    whole = all(type(action).__name__ in WHOLE_LISTS for action in parsed)
    stopped: MatchError | None = None
    for index, action in enumerate(parsed):
        entered_before = table.used if table is not None else 0
        try:
            applied, events = _apply(match, state, action, seat.seat, table)
        except MatchError as error:
            if whole or not rows:
                raise
            stopped = error  # the actions before it stand, with their dice
            break
        if table is not None and table.missing:
            needed = _dice_needed(events, actions[index:], dice[entered_before:])
            if not rows:
                raise needed
            stopped = needed  # the actions before it are complete: stored; this one waits for its dice
            break
        whole = whole and not any(isinstance(e, DiceRolled) for e in events)
        state = applied
        caused.extend(events)
        rows.append(
            MatchAction(
                match=match,
                seq=match.version + len(rows) + 1,
                seat=seat.seat,
                action=action_to_json(action),
                events=[event_to_json(e) for e in events],
            )
        )
    if stopped is None and table is not None and table.used < len(dice):
        raise ActionRefusedError(
            _("These actions needed %(used)s dice, not %(entered)s.") % {"used": table.used, "entered": len(dice)}
        )
    position = Position(state)  # the views and legal actions listed here are kept for the pages
    over = is_over(state)
    if over:  # the end (rare): the actions are stored before the result and the league's record
        MatchAction.objects.bulk_create(rows)
    writes: list[Write] = []  # the match's version and the seats' flags, sent with the actions
    _record(match, position, version=match.version + len(rows), writes=writes, by=by)
    refresh_seats(match, position, acting=seat.seat, seats=seats, writes=writes)
    insert_and_update_rows([] if over else rows, writes)  # on PostgreSQL one statement
    key = key_of(match)
    transaction.on_commit(lambda: remember(key, position))  # never cache a version that was not stored
    return Played(
        match=match, seat=seat.seat, events=tuple(caused), stored=len(rows), stopped=stopped, seats=tuple(seats or ())
    )


def _table_dice(match: Match, dice: Sequence[int]) -> TableDice | None:
    if not match.table_played:
        if dice:
            raise ActionRefusedError(_("Dice are entered only in a match played at the table."))
        return None
    if len(dice) > MOST_DICE_PER_REQUEST or not all(isinstance(d, int) and 1 <= d <= 10 for d in dice):
        raise ActionRefusedError(_("Enter each d10 as a number from 1 to 10."))
    return TableDice(dice, match.seed)


def _dice_needed(caused: list[Event], actions: Sequence[Mapping[str, Any]], dice: Sequence[int]) -> DiceNeededError:
    """The first d10 the players have not entered: who rolls it and what for (the engine's event).
    ``caused``, ``actions`` and ``dice`` start at the action that waits for it."""
    d10s = [e for e in caused if isinstance(e, DiceRolled) and e.sides == 10]
    event = d10s[len(dice)]
    return DiceNeededError(
        _("Roll a d10 at the table and enter it."),
        who=event.who,
        purpose=event.purpose,
        actions=[dict(a) for a in actions],
        dice=list(dice),
    )


def _record(match: Match, position: Position, *, version: int, writes: list[Write], by: int | None = None) -> None:
    """The match row after an action: its version, status and, at the end, its result (saved now).
    Otherwise its three plain values are added to ``writes``, for the caller to send with its other
    writes."""
    state = position.state
    match.version = version
    match.last_action_at = timezone.now()
    fields = ["version", "last_action_at", "status"]
    if is_over(state):
        match.status = Match.Status.FINISHED
        result = state.result  # as every view shows it
        match.result = result._asdict() if result is not None else None
        match.winner_seat = result.winner if result is not None else None
        match.finished_at = match.last_action_at
        fields += ["result", "winner_seat", "finished_at"]
        if match.fixture_id is not None:  # a league fixture: the league records it (issue 15)
            report_to_league(match, state)
    elif phase_name(state) not in SETUP_PHASES:
        match.status = Match.Status.PLAYING
    if match.status == Match.Status.FINISHED:
        match.save(update_fields=fields)
    else:
        writes.append((Match, match.pk, {name: getattr(match, name) for name in fields}))
    # the other pages hear of it once it is stored (the player's actions, the computer's, a concession)
    announce(match.pk, version, over=match.status == Match.Status.FINISHED, by=by)


@transaction.atomic
def match_claim_forfeit(*, match: Match, player: User, version: int) -> Match:
    """The waiting player claims the match when his opponent has owed a decision for longer than
    ``VIADAL_MATCH_CLAIM_AFTER``: a forfeit win for him (HR-10.1 would score it a Victory 0-0 in a
    league). Refused if the opponent has moved since the claimant's page was built (``version``),
    while the claimant himself owes a decision, or before the delay has passed.

    Locks: the match row (``select_for_update``), then writes its seats.
    """
    match = _locked(match)
    seat = seat_of(match, player)
    if not match.is_live:
        raise MatchError(_("This match is not being played."))
    if match.fixture_id is not None:
        raise MatchError(
            _("This is a league fixture: a forfeit is the organiser's to record (HR-10.1). Ask the league's organiser.")
        )
    if match.four_seats:  # who would win a pairs or free-for-all match by one stalling seat: docs/decisions.md
        raise MatchError(_("A four-seat match cannot be claimed: it waits for every seat."))
    if version != match.version:
        raise StaleBoardError(_("Your opponent has moved meanwhile: the match goes on."))
    state = state_of(match)
    movers = seats_to_move(state)
    if seat.seat in movers or (1 - seat.seat) not in movers:
        raise MatchError(_("You can claim the match only while your opponent owes the decision and you do not."))
    if timezone.now() < claimable_at(match):
        raise MatchError(_("Your opponent still has time to decide."))
    public = view(state, None)
    match.status = Match.Status.FINISHED
    match.forfeit = True
    match.winner_seat = seat.seat
    match.result = {"kind": "forfeit", "winner": seat.seat, "scores": [0, 0], "round": public.round, "reason": ""}
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "forfeit", "winner_seat", "result", "finished_at"])
    MatchSeat.objects.filter(match=match).update(to_move=False)
    announce(match.pk, match.version, over=True)  # the version stands; the pages learn the match is over
    return match
