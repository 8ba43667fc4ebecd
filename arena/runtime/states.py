"""A hosted match's engine state: rebuilt from the database, cached per process.

The database is the truth: the set-up (``setup_from_json``) and the events of every stored action,
folded by the engine's ``replay``. A process keeps the states it has built in a small LRU keyed by
(match id, seed, version): a key names one position for ever (a version is never rewritten, and the
secret seed tells apart two matches that reuse an id in a test database), so a cached state is never
stale and nothing process-local decides anything. A miss costs one query and a replay.

An entry is a :class:`Position`: the state, and what the screens and services ask of it, each
computed once for that version and kept with it: the engine's view per seat (and the public one),
each seat's legal actions and the attack previews. The match's memo tables (``State.memo``) are kept
once per match (``_MEMOS``, keyed by match id and seed, as long as a state of it is cached) and shared
by all its cached states, rebuilt ones included: a state's own part stays small (a few kilobytes,
tests/arena/test_state_cache.py measures it) whatever the match has memoised. A miss on a match
whose older state is cached (another process took the last actions) reads and evolves only the
events stored since.
"""

from __future__ import annotations

import threading

from django.conf import settings

from arena.engine import (
    Action,
    SeatView,
    State,
    event_from_json,
    legal_actions,
    replay,
    replay_from,
    setup_from_json,
    view,
)
from arena.engine.match.memo import Memo
from arena.engine.match.previews import AttackPreview, attack_preview
from arena.models import Match, MatchAction
from common.bounded_lru import BoundedLRU
from common.prepared import PreparedQuery

Key = tuple[int, str, int]
MatchKey = tuple[int, str]


class Position:
    """A match's state at one version and what is read from it, each part computed on first use and
    kept: the views (``view(state, seat)``), the legal actions per seat and the attack previews. A
    version never changes, so neither do they; two threads that race compute the same value twice."""

    __slots__ = ("_actions", "_previews", "_views", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._views: dict[int | None, SeatView] = {}
        self._actions: dict[int, tuple[Action, ...]] = {}
        self._previews: dict[Action, AttackPreview | None] = {}

    def view(self, seat: int | None) -> SeatView:
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = view(self.state, seat)
        return found

    def actions(self, seat: int) -> tuple[Action, ...]:
        found = self._actions.get(seat)
        if found is None:
            found = self._actions[seat] = tuple(legal_actions(self.state, seat))
        return found

    def preview(self, action: Action) -> AttackPreview | None:
        """The engine's ``attack_preview`` of ``action`` (one of this position's legal actions)."""
        if action in self._previews:
            return self._previews[action]
        found = self._previews[action] = attack_preview(self.state, action)
        return found


def _limit() -> int:
    return int(getattr(settings, "VIADAL_MATCH_STATE_CACHE", 128))


# The states (bounded by the setting, read on each store), the versions of each match among them and each
# kept match's memo tables; ``_LOCK`` keeps the three in step (a match's memo is dropped with its last state).
_STATES: BoundedLRU[Key, Position] = BoundedLRU(_limit)
_VERSIONS: dict[MatchKey, set[int]] = {}
_MEMOS: dict[MatchKey, Memo] = {}
_LOCK = threading.Lock()


def key_of(match: Match) -> Key:
    return (match.pk, match.seed, match.version)


def cached(key: Key) -> Position | None:
    return _STATES.get(key)


def remember(key: Key, position: Position) -> None:
    """Keep ``position`` under ``key``, and its memo tables as the match's (the newest state's). The
    match's older positions are let go: a match's requests ask for its newest version, and the newest
    kept state is what a later version is caught up from (``_newest_before``), so the bound holds that
    many matches rather than the versions of a few (a hundred matches on two processes rebuilt their
    states from the set-up when each action's version took a place of its own)."""
    if _limit() <= 0:
        return
    match_key, version = key[:2], key[2]
    with _LOCK:
        versions = _VERSIONS.setdefault(match_key, set())
        for older in [v for v in versions if v < version]:
            _STATES.pop((*match_key, older))
            versions.discard(older)
        dropped = _STATES.put(key, position)
        versions.add(version)
        _MEMOS[match_key] = position.state.memo
        for (pk, seed, gone), _position in dropped:  # beyond the bound: perhaps a match's last state
            left = _VERSIONS.get((pk, seed))
            if left is not None:
                left.discard(gone)
                if not left:
                    del _VERSIONS[pk, seed]
                    _MEMOS.pop((pk, seed), None)


def memo_of(match: Match) -> Memo | None:
    """The memo tables this process keeps for ``match`` (None when it holds none of its states)."""
    with _LOCK:
        return _MEMOS.get((match.pk, match.seed))


def forget_all() -> None:
    """Empty this process's cache (tests; a restart does the same)."""
    with _LOCK:
        _STATES.clear()
        _VERSIONS.clear()
        _MEMOS.clear()


def rebuild(match: Match, memo: Memo | None = None) -> State:
    """The state at ``match.version`` from the stored set-up and events alone (never the cached
    states); ``memo``: the match's memo tables to share (``memo_of``), or new ones."""
    rows = (
        MatchAction.objects.filter(match_id=match.pk, seq__lte=match.version)
        .order_by("seq")
        .values_list("events", flat=True)
    )
    events = [event_from_json(data) for row in rows for data in row]
    return replay(setup_from_json(match.setup), events, memo)


def _newest_before(key: Key) -> tuple[int, State] | None:
    """The newest cached state of ``key``'s match at a version before ``key``'s, with that version."""
    match_key = key[:2]
    with _LOCK:
        older = sorted((v for v in _VERSIONS.get(match_key, ()) if v < key[2]), reverse=True)
    for version in older:
        position = _STATES.get((*match_key, version))
        if position is not None:
            return version, position.state
    return None


# The actions another process stored since a cached version: read at every such catch-up (about every
# other action of a match that two processes serve), its SQL written once per process (common.prepared).
_SINCE = PreparedQuery(
    MatchAction,
    lambda match, after, upto: (
        MatchAction.objects.filter(match_id=match, seq__gt=after, seq__lte=upto).order_by("seq").only("events")
    ),
    match=-7_300_011,
    after=2_147_400_012,  # (a sequence number, positive: a negative bound would be an empty query)
    upto=2_147_400_013,
)


def caught_up(match: Match, version: int, state: State) -> State:
    """The state at ``match.version`` from ``state``, the cached one at ``version``: only the events
    stored since are read and evolved (another process took the actions between)."""
    rows = _SINCE.rows(match=match.pk, after=version, upto=match.version)
    stored = [_SINCE.instance(row, MatchAction).events for row in rows]
    return replay_from(state, [event_from_json(data) for events in stored for data in events])


def position_of(match: Match) -> Position:
    """``match`` at its version: the cached position; or caught up from the newest cached state of
    the match before it (the actions another process stored meanwhile); or rebuilt (sharing the
    match's memo tables when this process keeps them). Cached in each case."""
    key = key_of(match)
    found = cached(key)
    if found is None:
        older = _newest_before(key)
        if older is not None:
            found = Position(caught_up(match, *older))
        else:
            found = Position(rebuild(match, memo_of(match)))
        remember(key, found)
    return found


def state_of(match: Match) -> State:
    """The state of ``match`` at its version: the cached one, or rebuilt and cached."""
    return position_of(match).state
