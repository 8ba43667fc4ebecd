"""A hosted match's engine state: rebuilt from the database, cached per process.

The database is the truth: the set-up (``setup_from_json``) and the events of every stored action,
folded by the engine's ``replay``. A process keeps the states it has built in a small LRU keyed by
(match id, seed, version): a key names one position for ever (a version is never rewritten, and the
secret seed tells apart two matches that reuse an id in a test database), so a cached state is never
stale and nothing process-local decides anything. A miss costs one query and a replay.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.conf import settings

from arena.engine import State, event_from_json, replay, setup_from_json
from arena.models import Match, MatchAction

Key = tuple[int, str, int]

_LOCK = threading.Lock()
_STATES: OrderedDict[Key, State] = OrderedDict()


def _limit() -> int:
    return int(getattr(settings, "VIADAL_MATCH_STATE_CACHE", 64))


def key_of(match: Match) -> Key:
    return (match.pk, match.seed, match.version)


def cached(key: Key) -> State | None:
    with _LOCK:
        state = _STATES.get(key)
        if state is not None:
            _STATES.move_to_end(key)
        return state


def remember(key: Key, state: State) -> None:
    limit = _limit()
    if limit <= 0:
        return
    with _LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > limit:
            _STATES.popitem(last=False)


def forget_all() -> None:
    """Empty this process's cache (tests; a restart does the same)."""
    with _LOCK:
        _STATES.clear()


def rebuild(match: Match) -> State:
    """The state at ``match.version`` from the stored set-up and events alone (never the cache)."""
    rows = (
        MatchAction.objects.filter(match_id=match.pk, seq__lte=match.version)
        .order_by("seq")
        .values_list("events", flat=True)
    )
    events = [event_from_json(data) for row in rows for data in row]
    return replay(setup_from_json(match.setup), events)


def state_of(match: Match) -> State:
    """The state of ``match`` at its version: the cached one, or rebuilt and cached."""
    key = key_of(match)
    state = cached(key)
    if state is None:
        state = rebuild(match)
        remember(key, state)
    return state
