"""What each seat owes after an action: the denormalised "your move" flag and the seat's prompt.

A seat's prompt is the list of its legal actions (the engine's ``legal_actions``); its digest is
stored, and ``prompt_version`` moves to the match's version whenever the list changes or the seat
itself acted. A page built at version ``v`` may act for a seat while ``prompt_version <= v``: the
other seat's simultaneous secret choices (amulets, tokens, grips) leave this seat's prompt as it
was, so they never make its page stale (hosting-anchors, lesson 3).

Called inside the services' transactions, after the match row is locked; ``seat_of`` is the seat a player acts from.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from arena.engine import State, is_over, seats_to_move

from ..models import Match, MatchSeat
from ..runtime.states import Position


def prompt_digest(state: State | Position, seat: int) -> str:
    position = state if isinstance(state, Position) else Position(state)
    return hashlib.sha256(repr(list(position.actions(seat))).encode()).hexdigest()


def refresh_seats(match: Match, state: State | Position, *, acting: int | None) -> None:
    """Write each seat's ``to_move``, prompt digest and prompt version for ``state`` at ``match.version``.
    Given a :class:`Position`, the legal actions listed for the digests stay in it for the pages.
    Requires the match row locked by the caller."""
    position = state if isinstance(state, Position) else Position(state)
    over = is_over(position.state) or match.is_over
    movers = () if over else seats_to_move(position.state)
    for seat in MatchSeat.objects.filter(match=match):
        digest = prompt_digest(position, seat.seat)
        changed = seat.seat == acting or digest != seat.prompt_digest
        fields = []
        if changed:
            seat.prompt_version, seat.prompt_digest = match.version, digest
            fields += ["prompt_version", "prompt_digest"]
        to_move = seat.seat in movers
        if to_move != seat.to_move:
            seat.to_move = to_move
            fields.append("to_move")
        if fields:
            seat.save(update_fields=fields)


def seat_of(match: Match, player: User) -> MatchSeat:
    """The seat ``player`` holds in ``match``; anyone else is refused with 403."""
    if not player.is_authenticated:
        raise PermissionDenied(_("Only the match's players may act in it."))
    seat = MatchSeat.objects.filter(match=match, player=player).first()
    if seat is None:
        raise PermissionDenied(_("Only the match's players may act in it."))
    return seat
