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
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import connections, router
from django.db.models import Field
from django.utils.translation import gettext as _

from arena.engine import State, is_over, seats_to_move
from common.prepared import Write, update_row

from ..models import Match, MatchSeat
from ..runtime.states import Position


def prompt_digest(state: State | Position, seat: int) -> str:
    position = state if isinstance(state, Position) else Position(state)
    return hashlib.sha256(repr(list(position.actions(seat))).encode()).hexdigest()


def refresh_seats(
    match: Match,
    state: State | Position,
    *,
    acting: int | None,
    seats: Sequence[MatchSeat] | None = None,
    writes: list[Write] | None = None,
) -> None:
    """Write each seat's ``to_move``, prompt digest and prompt version for ``state`` at ``match.version``.
    Given a :class:`Position`, the legal actions listed for the digests stay in it for the pages.
    ``seats``: the match's seat rows when the caller has read them in this transaction. The seats that
    changed are written by one UPDATE, or added to ``writes`` for the caller to send with its own
    (``common.prepared.insert_and_update_rows``). Requires the match row locked by the caller."""
    position = state if isinstance(state, Position) else Position(state)
    over = is_over(position.state) or match.is_over
    movers = () if over else seats_to_move(position.state)
    changed = []
    for seat in MatchSeat.objects.filter(match=match) if seats is None else seats:
        digest = prompt_digest(position, seat.seat)
        moved = False
        if seat.seat == acting or digest != seat.prompt_digest:
            seat.prompt_version, seat.prompt_digest = match.version, digest
            moved = True
        to_move = seat.seat in movers
        if to_move != seat.to_move:
            seat.to_move = to_move
            moved = True
        if moved:
            changed.append(seat)
    if writes is not None:
        writes.extend((MatchSeat, seat.pk, {name: getattr(seat, name) for name in FLAGS}) for seat in changed)
    elif len(changed) == 1:
        (seat,) = changed
        update_row(
            MatchSeat,
            seat.pk,
            {"to_move": seat.to_move, "prompt_version": seat.prompt_version, "prompt_digest": seat.prompt_digest},
        )
    elif changed:
        _write_flags(changed)


FLAGS = ("to_move", "prompt_version", "prompt_digest")


@lru_cache(maxsize=16)
def _flags_sql(alias: str, count: int) -> str:
    """``UPDATE seats SET to_move = CASE id WHEN … END, … WHERE id IN (…)`` for ``count`` seats."""
    connection = connections[alias]
    meta = MatchSeat._meta
    qn = connection.ops.quote_name
    pk = qn(meta.get_field("id").column)
    sets = []
    for name in FLAGS:
        field = meta.get_field(name)
        assert isinstance(field, Field)
        cast = field.cast_db_type(connection)  # type: ignore[attr-defined]
        whens = " ".join(f"WHEN %s THEN CAST(%s AS {cast})" for _ in range(count))
        sets.append(f"{qn(field.column)} = CASE {pk} {whens} END")
    keys = ", ".join(["%s"] * count)
    return f"UPDATE {qn(meta.db_table)} SET {', '.join(sets)} WHERE {pk} IN ({keys})"


def _write_flags(seats: Sequence[MatchSeat]) -> None:
    """The seats' flags, prompt versions and digests in one UPDATE (its SQL kept per number of seats)."""
    connection = connections[router.db_for_write(MatchSeat)]
    params: list[Any] = []
    for name in FLAGS:
        field = MatchSeat._meta.get_field(name)
        assert isinstance(field, Field)
        for seat in seats:
            params += [seat.pk, field.get_db_prep_save(getattr(seat, name), connection=connection)]
    params += [seat.pk for seat in seats]
    with connection.cursor() as cursor:
        cursor.execute(_flags_sql(connection.alias, len(seats)), params)


def seat_among(seats: Sequence[MatchSeat], player: User) -> MatchSeat:
    """The seat ``player`` holds among the match's ``seats`` (in seat order, as ``seat_of`` finds it);
    anyone else is refused with 403."""
    if player.is_authenticated:
        for seat in seats:
            if seat.player_id == player.pk:
                return seat
    raise PermissionDenied(_("Only the match's players may act in it."))


def seat_of(match: Match, player: User) -> MatchSeat:
    """The seat ``player`` holds in ``match``; anyone else is refused with 403."""
    if not player.is_authenticated:
        raise PermissionDenied(_("Only the match's players may act in it."))
    seat = MatchSeat.objects.filter(match=match, player=player).first()
    if seat is None:
        raise PermissionDenied(_("Only the match's players may act in it."))
    return seat
