"""The per-process cache of hosted-match states (arena.runtime.states, issue 35): a live state is
small because the match's memo tables are kept once per match, not copied into each state; the view,
the legal actions and the previews of a seat are computed once per version and kept; a poll that
finds nothing new builds nothing."""

from __future__ import annotations

import io
import pickle
import random
from unittest import mock

from django.test import Client

from arena.engine import apply, legal_actions, new_match, seats_to_move, state_hash
from arena.engine.match.state import MatchSetup, State
from arena.engine.roster import base_roster
from arena.models import Match
from arena.runtime import states
from arena.runtime.states import forget_all, position_of, state_of
from arena.screen.page import seat_page
from arena.views import hosted_play as play_views
from tests.arena.hosted import fresh, play, play_random

MOST_CACHED_STATE_BYTES = 64 * 1024  # issue 35: a live state in the cache at most 64 KB
REALISTIC_ACTIONS = 200  # the set-up and several rounds of a two-player match


class _Pickler(pickle.Pickler):
    """Pickles a state as a cache would store it: its set-up is the match's (the stored row's, one
    per match, not a state's), so it is named, not copied."""

    def persistent_id(self, obj: object) -> str | None:
        return "setup" if isinstance(obj, MatchSetup) else None


def cached_size(state: State) -> int:
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return len(out.getbuffer())


def _played(actions: int, seed: int = 3) -> State:
    """A two-player match of base rosters after ``actions`` random legal actions (never a concession)."""
    s = new_match((base_roster(), base_roster()), None, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = seats_to_move(s)[0]
        s, _events = apply(s, rng.choice([a for a in legal_actions(s, seat) if type(a).__name__ != "Concede"]))
    return s


def test_a_live_state_after_200_actions_is_at_most_64_kb_without_its_memo_tables():
    s = _played(REALISTIC_ACTIONS)
    assert sum(s.memo.sizes().values()) > 100  # the match has memoised a good deal
    memo_bytes = len(pickle.dumps(s.memo.tables, protocol=pickle.HIGHEST_PROTOCOL))
    size = cached_size(s)
    assert size <= MOST_CACHED_STATE_BYTES
    assert size < memo_bytes  # the tables alone are larger than the whole state without them


def test_a_pickled_state_leaves_its_memo_behind_and_is_the_same_position():
    s = _played(120)
    setup = s.setup

    class _Unpickler(pickle.Unpickler):
        def persistent_load(self, pid: object) -> object:
            assert pid == "setup"
            return setup

    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(s)
    back = _Unpickler(io.BytesIO(out.getvalue())).load()
    assert back.memo is not s.memo and back.memo.sizes() == {}
    assert state_hash(back) == state_hash(s)
    seat = seats_to_move(s)[0]
    assert legal_actions(back, seat) == legal_actions(s, seat)  # the tables are rebuilt on use


def test_the_states_of_one_match_share_its_memo_tables_even_when_rebuilt(match, players):
    match = play_random(match, players, random.Random(5), 30)
    first = state_of(fresh(match))
    assert states.memo_of(match) is first.memo
    match = play_random(match, players, random.Random(6), 5)  # on_commit does not run here: a miss
    rebuilt = state_of(fresh(match))
    assert rebuilt is not first and rebuilt.memo is first.memo
    forget_all()  # a new process: new tables
    assert states.memo_of(match) is None
    assert state_of(fresh(match)).memo is not first.memo


def test_the_memo_tables_go_with_the_last_cached_state_of_their_match(match, players, settings):
    settings.VIADAL_MATCH_STATE_CACHE = 2
    state = state_of(fresh(match))
    assert states.memo_of(match) is state.memo
    for number in range(2):  # two other matches' states push this match's out
        other = Match.objects.get(pk=match.pk)
        other.pk = -1 - number
        states.remember(states.key_of(other), states.Position(state))
    assert states.cached(states.key_of(match)) is None
    assert states.memo_of(match) is None


def test_a_seat_page_lists_the_view_and_legal_actions_once_per_seat_and_version(match, players):
    match = play_random(match, players, random.Random(7), 40)
    match = fresh(match)
    seat = seats_to_move(state_of(match))[0]
    user = players.user(seat)
    with (
        mock.patch.object(states, "view", wraps=states.view) as views,
        mock.patch.object(states, "legal_actions", wraps=states.legal_actions) as listed,
        mock.patch.object(states, "attack_preview", wraps=states.attack_preview) as previews,
    ):
        first = seat_page(match, user)
        once = (views.call_count, listed.call_count, previews.call_count)
        again = seat_page(match, user)
        assert (views.call_count, listed.call_count, previews.call_count) == once
    assert once[0] == 1 and once[1] == 1
    assert once[2] == len(set(position_of(match).actions(seat)))  # each offered action's preview, once
    assert (again.answers, again.groups, again.board) == (first.answers, first.groups, first.board)
    assert again.public is first.public


def test_an_action_keeps_the_legal_actions_it_listed_for_the_pages(match, players, django_capture_on_commit_callbacks):
    match = play_random(match, players, random.Random(8), 20)
    match = fresh(match)
    seat = seats_to_move(state_of(match))[0]
    action = next(a for a in legal_actions(state_of(match), seat) if type(a).__name__ != "Concede")
    with django_capture_on_commit_callbacks(execute=True):
        match = play(match, players, action)
    with mock.patch.object(states, "legal_actions", wraps=states.legal_actions) as listed:
        for user in (players.home, players.away):
            seat_page(match, user)
        seat_page(match, players.home)
    assert listed.call_count == 0  # the service listed both seats' actions for their prompts


def test_an_idle_poll_builds_nothing(match, players, django_assert_num_queries):
    match = fresh(match)
    client = Client()
    client.force_login(players.home)
    client.get(f"/play/{match.pk}/")
    with (
        mock.patch.object(states, "rebuild", side_effect=AssertionError("rebuilt")),
        mock.patch.object(states, "cached", side_effect=AssertionError("looked up")),
        mock.patch.object(play_views, "seat_page", side_effect=AssertionError("a page built")),
    ):
        with django_assert_num_queries(2):  # the session with its user (one statement), the match's version
            response = client.get(f"/play/{match.pk}/poll/?v={match.version}")
    assert response.status_code == 204


def test_a_cached_match_is_caught_up_with_the_events_stored_since(match, players, django_assert_num_queries):
    match = play_random(match, players, random.Random(9), 30)
    older = state_of(fresh(match))
    match = play_random(match, players, random.Random(10), 6)  # another process took these
    match = fresh(match)
    with mock.patch.object(states, "rebuild", side_effect=AssertionError("a whole replay")):
        with django_assert_num_queries(1):  # the events after the cached version, nothing else
            caught = state_of(match)
    assert caught is not older and caught.memo is older.memo
    assert state_hash(caught) == state_hash(states.rebuild(match))


def test_a_newer_state_of_a_match_lets_its_older_ones_go(match, players, settings):
    """The bound holds matches, not the versions of a few: storing a match's version drops its older
    versions (the newest kept is what a later version catches up from), and no other match's."""
    settings.VIADAL_MATCH_STATE_CACHE = 3
    state = state_of(fresh(match))
    base = states.key_of(fresh(match))
    other = (base[0] + 1000, base[1], base[2])
    states.remember(other, states.Position(state))
    for version in (base[2] + 1, base[2] + 2, base[2] + 3):
        states.remember((base[0], base[1], version), states.Position(state))
    kept = set(states._STATES.keys())
    assert kept == {other, (base[0], base[1], base[2] + 3)}
    states.remember(base, states.Position(state))  # a slow request's older version: kept beside the newer
    assert set(states._STATES.keys()) == {other, base, (base[0], base[1], base[2] + 3)}


def test_the_index_of_each_matchs_versions_holds_exactly_the_kept_states(match, players, settings):
    """Storing a version finds the match's older ones through its own index, not by scanning the cache:
    after stores beyond the bound, in any order, the index and the memo tables name exactly the matches
    and versions the cache still holds."""
    settings.VIADAL_MATCH_STATE_CACHE = 5
    state = state_of(fresh(match))
    rng = random.Random(4)
    for _ in range(200):
        key = (rng.randrange(12), "seed", rng.randrange(6))
        states.remember(key, states.Position(state))
        kept = set(states._STATES.keys())
        assert len(kept) <= 5
        assert {(pk, seed, v) for (pk, seed), versions in states._VERSIONS.items() for v in versions} == kept
        assert set(states._MEMOS) == {k[:2] for k in kept}
        newest = max(v for (pk, _seed, v) in kept if (pk, _seed) == key[:2])
        assert states._newest_before((*key[:2], newest + 1)) == (newest, state)


def test_a_streams_build_reads_the_match_and_its_seats_in_one_statement(match, players, django_assert_num_queries):
    """``match_with_seats``: what ``match_by_pk`` and ``seats_with_players`` read, in one statement."""
    from arena.selectors import match_by_pk, match_with_seats, seats_with_players

    match = fresh(play_random(match, players, random.Random(2), 5))
    with django_assert_num_queries(1):
        found, seats = match_with_seats(match.pk)
    assert found is not None and (found.pk, found.version, found.setup) == (match.pk, match.version, match.setup)
    expected = seats_with_players(match)
    assert [(s.pk, s.seat, s.player_id, s.player.username if s.player else None) for s in seats] == [
        (s.pk, s.seat, s.player_id, s.player.username if s.player else None) for s in expected
    ]
    assert match_with_seats(match.pk + 10_000) == (None, []) and match_by_pk(match.pk + 10_000) is None
