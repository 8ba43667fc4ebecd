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

from arena.engine import State, is_over, legal_actions, seats_to_move

from ..models import Match, MatchSeat


def prompt_digest(state: State, seat: int) -> str:
    return hashlib.sha256(repr(legal_actions(state, seat)).encode()).hexdigest()


def refresh_seats(match: Match, state: State, *, acting: int | None) -> None:
    """Write each seat's ``to_move``, prompt digest and prompt version for ``state`` at ``match.version``.
    Requires the match row locked by the caller."""
    over = is_over(state) or match.is_over
    movers = () if over else seats_to_move(state)
    for seat in MatchSeat.objects.filter(match=match):
        digest = prompt_digest(state, seat.seat)
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
