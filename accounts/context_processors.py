"""What every page's header needs: how many things wait on the reader ("Waiting on you"), read only
when the header shows it, and once per page (two queries; accounts.inbox).

``inbox_count_refresh`` is the count the play page's refreshed parts carry (a move's answer, a poll
that found the match changed): the hosted matches that owe him a move are counted exactly (with the
match's seats, which the refresh reads anyway, or else in one indexed query), the rest (results to
confirm or settle, fixtures to report, advances) as it stood when last counted within
``INBOX_REST_SECONDS``, kept in the shared cache with the moment it stops being used; each process
also keeps the counts it read until that moment, so a refresh reaches the shared cache about once a
minute per player and process, not at every move. The play page's header is only refreshed when its
match moves, so it was never more current than that; every other page counts everything afresh."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.http import HttpRequest

from arena.selectors import your_move_count
from common.bounded_lru import BoundedLRU

from .inbox import inbox_counts


def _rest_key(pk: int) -> str:
    return f"accounts:inbox-rest:{pk}"


def inbox(request: HttpRequest) -> dict[str, Callable[[], int]]:
    @cache
    def count() -> int:
        user = getattr(request, "user", None)
        return inbox_counts(user).total if user is not None else 0

    @cache
    def count_on_refresh() -> int:
        return inbox_count_on_refresh(request)

    return {"inbox_count": count, "inbox_count_refresh": count_on_refresh}


def inbox_count_on_refresh(request: HttpRequest, your_move: int | None = None) -> int:
    """The count a refreshed part of the play page carries (see the module). The arena's views reach
    it through ``settings.INBOX_COUNT_ON_REFRESH``, as templates reach ``inbox``: accounts reads
    the arena's matches, so the arena does not import accounts. ``your_move``: the matches owing the
    player a move, when the caller has read them with the match's seats (counted here otherwise)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    rest = _rest(user.pk)
    if rest is None:
        counts = inbox_counts(user)
        until = time.time() + settings.INBOX_REST_SECONDS
        shared_cache.set(_rest_key(user.pk), (counts.total - counts.your_move, until), settings.INBOX_REST_SECONDS)
        REST_KEPT.put(user.pk, (counts.total - counts.your_move, until))
        return counts.total
    return rest + (your_move if your_move is not None else your_move_count(user))


# The rest of each player's count as this process last read or made it, with the moment it stops being
# used (as the shared cache holds them): read again from the shared cache once that moment has passed.
REST_KEPT: BoundedLRU[int, tuple[int, float]] = BoundedLRU(4096)


def _rest(pk: int) -> int | None:
    """The rest of the player's count (everything but the matches owing him a move) as last counted
    within ``INBOX_REST_SECONDS``, or None when it was not."""
    now = time.time()
    kept = REST_KEPT.get(pk)
    if kept is not None and kept[1] > now:
        return kept[0]
    stored = shared_cache.get(_rest_key(pk))
    if isinstance(stored, (tuple, list)) and len(stored) == 2 and stored[1] > now:
        REST_KEPT.put(pk, (int(stored[0]), float(stored[1])))
        return int(stored[0])
    return None
