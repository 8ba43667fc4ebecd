"""Issue 35, push: the brokers (arena/runtime/push.py), the services that announce a new version, and
the match's event stream (arena/views/stream.py) through Django's async test client.

The Redis broker's tests run where the environment names Redis (``make test-postgres`` does); the
stream's tests run on whichever broker the settings choose, so ``make test`` covers the local one
and ``make test-postgres`` the Redis one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import threading
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client, override_settings
from django.urls import reverse

from arena.engine import action_to_json, legal_actions
from arena.models import Match
from arena.runtime import push
from arena.runtime.push import LocalBroker, Notice, RedisBroker
from arena.runtime.states import state_of
from arena.services import match_claim_forfeit, match_play
from arena.views import stream as stream_view
from tests.arena.hosted import first, fresh, legal, mover, play
from tests.arena.test_play import _home_waits

REDIS_URL = os.environ.get("REDIS_URL", "")
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="REDIS_URL is not set (make test-postgres sets it)")


@pytest.fixture(autouse=True)
def _no_event_loop_in_this_thread() -> Iterator[None]:
    """Playwright's sync API (the browser tests, which may run earlier in this process) leaves its event
    loop marked as running in the test thread; these tests run loops of their own there meanwhile."""
    left = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(left)


# The stream reads the database on its event loop's thread, with that thread's connection (as under
# the server: common.blocking), not the test's: what the test wrote must be committed for it to see.
on_the_event_loops_connection = pytest.mark.django_db(transaction=True)


# --- the brokers --------------------------------------------------------------------------------------


def _local() -> LocalBroker:
    return LocalBroker()


def _redis() -> RedisBroker:
    return RedisBroker(REDIS_URL, prefix=f"viadal-test-{uuid.uuid4().hex}:")


BROKERS = [pytest.param(_local, id="local"), pytest.param(_redis, id="redis", marks=needs_redis)]


@pytest.mark.parametrize("make", BROKERS)
def test_a_subscriber_hears_what_is_published_for_its_match_only(make: Callable[[], Any]) -> None:
    broker = make()

    async def body() -> list[Notice | None]:
        async with broker.subscribe(7) as seven, broker.subscribe(8) as eight:
            broker.publish(8, 3)
            broker.publish(7, 4)
            broker.publish(7, 5, over=True)
            heard = [await seven.next(5), await seven.next(5), await eight.next(5)]
            heard.append(await seven.next(0.2))  # nothing more for 7: the timeout answers None
            return heard

    assert asyncio.run(body()) == [Notice(4), Notice(5, over=True), Notice(3), None]


@pytest.mark.parametrize("make", BROKERS)
def test_a_notice_published_from_another_thread_reaches_the_event_loop(make: Callable[[], Any]) -> None:
    """A sync view or the computer's worker commits in its own thread; the stream waits on its loop."""
    broker = make()

    async def body() -> Notice:
        async with broker.subscribe(11) as notices:
            thread = threading.Thread(target=broker.publish, args=(11, 42))
            thread.start()
            found = await notices.next(5)
            thread.join()
            assert found is not None
            return found

    assert asyncio.run(body()) == Notice(42)


@pytest.fixture
def process_ending() -> Iterator[None]:
    """``end_subscriptions`` marks the whole process as stopping: undone after the test."""
    try:
        yield
    finally:
        push._ending.reset()


@pytest.mark.parametrize("make", BROKERS)
def test_a_stopping_process_ends_every_subscription_now_and_from_then_on(
    make: Callable[[], Any], process_ending: None
) -> None:
    """The worker's shutdown (viadal_site/workers.py) ends every open subscription, from whichever
    thread, and one opened after it ends at its first read; until then notices flow as before."""
    broker = make()

    async def body() -> tuple[Notice | None, int, list[str]]:
        ended = []
        async with broker.subscribe(21) as first, broker.subscribe(22) as second:
            broker.publish(21, 1)
            heard = await first.next(5)
            thread = threading.Thread(target=lambda: ended.append(push.end_subscriptions()))
            thread.start()
            thread.join()
            outcomes = []
            for subscription in (first, second):
                try:
                    await subscription.next(5)
                    outcomes.append("heard")
                except push.ProcessEndingError:
                    outcomes.append("ended")
        async with broker.subscribe(23) as late:
            try:
                await late.next(5)
                outcomes.append("heard")
            except push.ProcessEndingError:
                outcomes.append("ended")
        return heard, ended[0], outcomes

    heard, open_then, outcomes = asyncio.run(body())
    assert heard == Notice(1)
    assert open_then >= 2
    assert outcomes == ["ended", "ended", "ended"]


@pytest.mark.parametrize("make", BROKERS)
def test_a_subscription_hears_nothing_from_before_it_nor_after_it_ends(make: Callable[[], Any]) -> None:
    broker = make()

    async def body() -> tuple[Notice | None, Notice | None]:
        broker.publish(5, 1)  # nobody listens: lost, as intended (the stream reads the database first)
        async with broker.subscribe(5) as first:
            pass
        async with broker.subscribe(5) as second:
            broker.publish(5, 2)
            heard = await second.next(5)
        return await first.next(0.2), heard

    assert asyncio.run(body()) == (None, Notice(2))


def test_the_local_broker_keeps_the_newest_notices_when_a_reader_falls_behind() -> None:
    broker = LocalBroker()

    async def body() -> list[int]:
        async with broker.subscribe(1) as notices:
            for version in range(1, 41):
                broker.publish(1, version)
            await asyncio.sleep(0)  # the hand-offs run on the loop
            heard = []
            while (notice := await notices.next(0.05)) is not None:
                heard.append(notice.version)
            return heard

    heard = asyncio.run(body())
    assert heard == list(range(41 - push.QUEUE_SIZE, 41))
    assert broker.subscribers(1) == 0


@needs_redis
def test_the_redis_broker_shares_one_connection_and_ends_its_subscriptions_when_redis_is_lost() -> None:
    broker = _redis()

    async def body() -> None:
        async with broker.subscribe(1) as one, broker.subscribe(2):
            hub = broker._hub()
            assert set(hub.sinks) == {1, 2}
            hub._lose(ConnectionError("test: the connection dropped"))
            with pytest.raises(push.BrokerLostError):
                await one.next(5)
        assert broker._hub() is not hub  # the next subscription starts afresh

    asyncio.run(body())


def test_the_notice_is_a_version_and_nothing_else() -> None:
    assert json.loads(Notice(17, over=True).to_json()) == {"version": 17, "over": True}
    assert Notice.from_json(b'{"version": 3}') == Notice(3)
    # who acted travels between the processes, never to a page
    assert Notice.from_json(Notice(4, by=9).to_json()) == Notice(4, by=9)
    assert json.loads(Notice(4, by=9).public_json()) == {"version": 4, "over": False}


# --- the services announce after the commit ----------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.published: list[tuple[int, int, bool, int | None]] = []

    def publish(self, match_id: int, version: int, *, over: bool = False, by: int | None = None) -> None:
        self.published.append((match_id, version, over, by))


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    found = Recorder()
    monkeypatch.setattr(push, "broker", lambda: found)
    return found


def _act(match: Match, players: Any) -> Match:
    match = fresh(match)
    seat = mover(match)
    action = legal_actions(state_of(match), seat)[0]
    match_play(match=match, player=players.user(seat), version=match.version, actions=[action_to_json(action)])
    return fresh(match)


def test_an_action_is_announced_once_it_commits_and_not_before(
    match: Match, players: Any, recorder: Recorder, django_capture_on_commit_callbacks: Any
) -> None:
    actor = players.user(mover(fresh(match)))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        played = _act(match, players)
        assert recorder.published == []  # inside the transaction: not yet
    assert len(callbacks) >= 1
    assert recorder.published == [(match.pk, played.version, False, actor.pk)]  # by whom: his stream skips it


def test_a_refused_action_announces_nothing(
    match: Match, players: Any, recorder: Recorder, django_capture_on_commit_callbacks: Any
) -> None:
    match = fresh(match)
    seat = mover(match)
    action = legal_actions(state_of(match), seat)[0]
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Exception):  # noqa: B017, PT011
        match_play(match=match, player=players.user(1 - seat), version=match.version, actions=[action_to_json(action)])
    assert recorder.published == []


@override_settings(VIADAL_MATCH_CLAIM_AFTER=0)
def test_a_forfeit_claim_announces_the_end_at_the_same_version(
    players: Any, recorder: Recorder, django_capture_on_commit_callbacks: Any
) -> None:
    match = _home_waits(players)
    with django_capture_on_commit_callbacks(execute=True):
        match_claim_forfeit(match=match, player=players.home, version=match.version)
    assert recorder.published == [(match.pk, match.version, True, None)]


def test_a_concession_announces_the_end_with_its_version(
    players: Any, match: Match, recorder: Recorder, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = play(match, players, first(legal(match, 1), "Concede"))
    assert recorder.published == [(match.pk, match.version, True, players.user(1).pk)]


# --- the stream --------------------------------------------------------------------------------------


async def _chunk(content: AsyncIterator[bytes], timeout: float = 5) -> str:
    return (await asyncio.wait_for(anext(aiter(content)), timeout)).decode()


async def _hang_up(content: AsyncIterator[bytes]) -> None:
    """The reader goes away while the stream waits: the server cancels the task that streams
    (Django's ASGI handler does so on ``http.disconnect``), which ends the stream where it waits."""
    waiting = asyncio.ensure_future(anext(aiter(content)))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiting


def _event(chunk: str) -> dict[str, str]:
    """A message's fields as a browser's ``EventSource`` reads them: ``data`` lines joined by newlines."""
    fields: dict[str, str] = {}
    data: list[str] = []
    for line in chunk.strip("\n").split("\n"):
        name, _, value = line.partition(": ")
        if name == "data":
            data.append(value)
        elif name:
            fields[name] = value
    fields["data"] = "\n".join(data)
    return fields


def _data(chunk: str) -> dict[str, Any]:
    """A message's version and end (a parts message's HTML left aside: ``_parts``)."""
    fields = _event(chunk)
    found = json.loads(fields["data"].split("\n", 1)[0])
    assert fields["id"] == str(found["version"])
    return {"version": found["version"], "over": found["over"]}


def _parts(chunk: str) -> dict[str, Any] | None:
    """A parts message's data (version, over, html); None for a message that tells only the version.
    Its first data line is the version and the end, the rest the HTML (play.js reads it so)."""
    fields = _event(chunk)
    if fields.get("event") != "parts":
        return None
    head, _, html = fields["data"].partition("\n")
    return {**json.loads(head), "html": html}


CSRF_VALUE = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


def _same_html(text: str) -> str:
    """HTML with its CSRF tokens blanked: each answer masks the token afresh."""
    return CSRF_VALUE.sub(r'\1"', text)


def _url(match: Match, version: int | None = None) -> str:
    url = reverse("play:stream", args=[match.pk])
    return url if version is None else f"{url}?v={version}"


@on_the_event_loops_connection
def test_the_stream_tells_the_version_an_action_commits(
    match: Match, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match = fresh(match)
    before = match.version

    def act() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return _act(match, players).version

    async def body() -> tuple[Any, str, dict[str, Any], int]:
        response = await AsyncClient().get(_url(match, match.version))
        content = response.streaming_content
        first = await _chunk(content)
        version = await sync_to_async(act)()
        told = _data(await _chunk(content))
        await _hang_up(content)
        return response, first, told, version

    response, first, told, version = async_to_sync(body)()
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache, no-transform"
    assert first == "retry: 2000\n\n"
    assert told == {"version": version, "over": False}
    assert version == before + 1
    assert stream_view.STREAMS.total == 0  # the closed stream gave its slot back
    if isinstance(push.broker(), LocalBroker):
        assert push.broker().subscribers(match.pk) == 0  # and its subscription


@on_the_event_loops_connection
def test_the_stream_tells_at_once_a_version_newer_than_the_one_the_page_heard(match: Match) -> None:
    """``Last-Event-ID`` (the browser's reconnection) wins over ``?v=`` (the page's first version)."""
    match = fresh(match)

    async def body() -> tuple[dict[str, Any], dict[str, Any]]:
        told = []
        for headers in ({}, {"Last-Event-ID": str(match.version - 1)}):
            response = await AsyncClient().get(_url(match, -1 if not headers else match.version + 5), headers=headers)
            content = response.streaming_content
            await _chunk(content)
            told.append(_data(await _chunk(content)))
            await _hang_up(content)
        return told[0], told[1]

    fresh_page, reconnected = async_to_sync(body)()
    assert fresh_page == reconnected == {"version": match.version, "over": False}


@on_the_event_loops_connection
def test_the_stream_ends_cleanly_when_its_process_stops(match: Match, process_ending: None) -> None:
    """No error, no retry of its own: the page's ``retry`` (2 s) brings it back, to a process that stays."""
    match = fresh(match)

    async def body() -> list[str]:
        response = await AsyncClient().get(_url(match, match.version))
        content = response.streaming_content
        chunks = [await _chunk(content)]
        await asyncio.sleep(0.05)  # the stream waits for a notice
        push.end_subscriptions()
        chunks += [chunk.decode() async for chunk in content]
        return chunks

    assert async_to_sync(body)() == ["retry: 2000\n\n"]
    assert stream_view.STREAMS.total == 0


@on_the_event_loops_connection
@override_settings(VIADAL_PUSH_HEARTBEAT_SECONDS=0.05, VIADAL_PUSH_LIFETIME_SECONDS=0.3)
def test_the_stream_beats_while_nothing_happens_and_ends_after_its_lifetime(match: Match) -> None:
    match = fresh(match)

    async def body() -> list[str]:
        response = await AsyncClient().get(_url(match, match.version))
        return [chunk.decode() async for chunk in response.streaming_content]

    chunks = async_to_sync(body)()
    assert chunks[0] == "retry: 2000\n\n"
    assert chunks[1:] and set(chunks[1:]) == {":\n\n"}  # heartbeats only, then the end
    assert 3 <= len(chunks) - 1 <= 6
    assert stream_view.STREAMS.total == 0


@on_the_event_loops_connection
@override_settings(VIADAL_MATCH_CLAIM_AFTER=0)
def test_a_claimed_match_is_told_over_and_the_stream_ends(
    players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The version stands (a claim is no engine action): the notice says the match is over."""
    match = _home_waits(players)

    def claim() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            match_claim_forfeit(match=match, player=players.home, version=match.version)

    async def body() -> list[str]:
        response = await AsyncClient().get(_url(match, match.version))
        content = response.streaming_content
        chunks = [await _chunk(content)]
        await sync_to_async(claim)()
        chunks += [chunk.decode() async for chunk in content]
        return chunks

    chunks = async_to_sync(body)()
    assert [_data(c) for c in chunks[1:]] == [{"version": match.version, "over": True}]


@on_the_event_loops_connection
def test_no_stream_for_an_unknown_or_finished_match_nor_through_wsgi(match: Match) -> None:
    match = fresh(match)

    async def status(url: str) -> int:
        return (await AsyncClient().get(url)).status_code

    assert async_to_sync(status)(reverse("play:stream", args=[match.pk + 1000])) == 404
    assert Client().get(_url(match)).status_code == 204  # WSGI cannot hold a stream open: the page polls
    with override_settings(VIADAL_PUSH="off"):
        assert async_to_sync(status)(_url(match)) == 204
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert async_to_sync(status)(_url(match)) == 204  # an EventSource stops on 204


@on_the_event_loops_connection
@override_settings(VIADAL_PUSH_STREAMS_PER_CLIENT=2)
def test_one_address_holds_a_bounded_number_of_streams(match: Match) -> None:
    match = fresh(match)

    async def body() -> list[int]:
        client = AsyncClient()
        opened = [await client.get(_url(match, match.version)) for _ in range(2)]
        for response in opened:
            await _chunk(response.streaming_content)
        refused = await client.get(_url(match, match.version))
        assert refused["Retry-After"] == "60"
        await _hang_up(opened[0].streaming_content)
        again = await client.get(_url(match, match.version))
        await _chunk(again.streaming_content)
        statuses = [r.status_code for r in opened] + [refused.status_code, again.status_code]
        for response in (opened[1], again):
            await _hang_up(response.streaming_content)
        return statuses

    assert async_to_sync(body)() == [200, 200, 429, 200]
    assert stream_view.STREAMS.total == 0


# --- the page says whether to push -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "pushed"), [("on", True), ("off", False), ("auto", False)]
)  # auto: the test client is WSGI
def test_the_page_opens_the_stream_only_when_push_is_on(match: Match, mode: str, pushed: bool) -> None:
    with override_settings(VIADAL_PUSH=mode):
        body = Client().get(reverse("play:match", args=[match.pk])).content.decode()
    stream_url = reverse("play:stream", args=[match.pk])
    assert (f'data-stream="{stream_url}?v=' in body) is pushed
    assert ('hx-trigger="viadal-refresh"' in body) is pushed
    assert ('hx-trigger="every 700ms"' in body) is not pushed


@on_the_event_loops_connection
@pytest.mark.parametrize(("redis", "pushed"), [("redis://127.0.0.1:6379/0", True), ("", False)])
def test_under_asgi_auto_pushes_where_redis_carries_the_notices(match: Match, redis: str, pushed: bool) -> None:
    """Without Redis a process hears only its own commits (not the other workers', nor the computer's
    worker's): ``auto`` leaves the page polling there."""

    async def body() -> str:
        return (await AsyncClient().get(reverse("play:match", args=[match.pk]))).content.decode()

    with override_settings(VIADAL_PUSH="auto", VIADAL_PUSH_REDIS_URL=redis):
        assert ('hx-trigger="viadal-refresh"' in async_to_sync(body)()) is pushed


# --- the stream carries the reader's parts -----------------------------------------------------------


def _refresh_as(user: Any, match: Match, seen: int) -> str:
    """What the refresh endpoint answers ``user`` (None: a spectator) for a page at version ``seen``."""
    client = Client()
    if user is not None:
        client.force_login(user)
    answer = client.get(reverse("play:poll", args=[match.pk]), {"v": seen}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return answer.content.decode()


@on_the_event_loops_connection
@override_settings(VIADAL_PUSH="on")
def test_each_stream_carries_its_readers_refreshed_parts_and_the_actors_only_the_version(
    match: Match, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The other seat's and a spectator's streams carry the parts their refresh would answer, byte for
    byte but the CSRF token (so no more than that seat, or the public, may see); the actor's own stream
    only the version: his answer carried his parts."""
    match = fresh(match)
    before = match.version
    seat = mover(match)
    actor, watcher = players.user(seat), players.user(1 - seat)

    def act() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return _act(match, players).version

    async def body() -> tuple[list[str], int]:
        clients = [AsyncClient(), AsyncClient(), AsyncClient()]
        await clients[0].aforce_login(watcher)
        await clients[1].aforce_login(actor)
        streams = [(await c.get(_url(match, before))).streaming_content for c in clients]
        for content in streams:
            assert await _chunk(content) == "retry: 2000\n\n"
        waiting = [asyncio.ensure_future(_chunk(content)) for content in streams]
        await asyncio.sleep(0.2)  # each stream subscribes, reads the version and waits
        version = await sync_to_async(act)()
        told = [await found for found in waiting]
        for content in streams:
            await _hang_up(content)
        return told, version

    (to_watcher, to_actor, to_spectator), version = async_to_sync(body)()
    assert version == before + 1
    assert _parts(to_actor) is None
    assert _data(to_actor) == {"version": version, "over": False}
    for reader, chunk in ((watcher, to_watcher), (None, to_spectator)):
        found = _parts(chunk)
        assert found is not None
        assert (found["version"], found["over"]) == (version, False)
        assert _same_html(found["html"]) == _same_html(_refresh_as(reader, match, before))
        assert f'data-version="{version}"' in found["html"]
    assert 'id="inbox-count"' in _parts(to_watcher)["html"]  # type: ignore[index]
    assert 'id="inbox-count"' not in _parts(to_spectator)["html"]  # type: ignore[index]
    assert stream_view.STREAMS.total == 0


def _heard_by(user: Any, match: Match, change: Callable[[], int]) -> tuple[str, int]:
    """What ``user``'s stream of ``match`` sends for ``change`` (run once the stream listens; it
    returns the version it made)."""

    async def body() -> tuple[str, int]:
        client = AsyncClient()
        await client.aforce_login(user)
        content = (await client.get(_url(match, match.version))).streaming_content
        await _chunk(content)
        waiting = asyncio.ensure_future(_chunk(content))
        await asyncio.sleep(0.2)  # the stream subscribes, reads the version and waits
        version = await sync_to_async(change)()
        told = await waiting
        await _hang_up(content)
        return told, version

    return async_to_sync(body)()


@on_the_event_loops_connection
@override_settings(VIADAL_PUSH="on")
def test_a_stream_whose_reader_signed_out_tells_only_versions(
    match: Match, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """His session is checked before each build: once it has ended, the stream carries no more parts,
    only versions (the page's own refresh then answers as to anyone signed out)."""
    from django.contrib.sessions.models import Session

    match = fresh(match)
    watcher = players.user(1 - mover(match))

    def sign_out_and_act() -> int:
        Session.objects.all().delete()
        with django_capture_on_commit_callbacks(execute=True):
            return _act(match, players).version

    told, version = _heard_by(watcher, match, sign_out_and_act)
    assert _parts(told) is None
    assert _data(told) == {"version": version, "over": False}


@on_the_event_loops_connection
@override_settings(VIADAL_PUSH="on", VIADAL_PUSH_PARTS=False)
def test_without_parts_the_stream_tells_versions_only(
    match: Match, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match = fresh(match)
    watcher = players.user(1 - mover(match))

    def act() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return _act(match, players).version

    told, version = _heard_by(watcher, match, act)
    assert _parts(told) is None
    assert _data(told) == {"version": version, "over": False}
