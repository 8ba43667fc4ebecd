"""Push: a hosted match's new version, told to the pages that watch it (issue 35).

A service that changes a match calls :func:`announce` inside its transaction; once the transaction
commits, the broker publishes the match's version (whether the match is over, and the account whose
request made it) to every stream open on that match, in this process or, through Redis, in any
process. A notice carries no position: each stream builds its own reader's parts from the database
(``arena/views/stream.py``), so a seat's secrets never leave the server but in what is built for that
seat.

Two brokers, one interface (:class:`Broker`):

- :class:`RedisBroker` when ``VIADAL_PUSH_REDIS_URL`` (``REDIS_URL``) is set: ``PUBLISH`` on one
  channel per match; each process keeps one pub/sub connection per event loop, subscribed to the
  matches its streams watch, and hands each message to those streams' queues.
- :class:`LocalBroker` otherwise: one process's streams, handed over from whichever thread commits
  (a sync view, the computer's worker thread) to the event loop of each stream
  (``call_soon_threadsafe``).

Redis pub/sub delivers at most once and the local broker only within its process: a notice can be
lost (Redis restarting, a process ending between its commit and its publish). The stream therefore
reads the match's version from the database each time it opens, and the page keeps a slow poll as a
safety net (docs/scale-out.md, "Push").
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import weakref
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)

# A stream's queue keeps this many notices; an older one is dropped for a newer (only the newest
# version matters to a page, and a stream that falls this far behind is not reading anyway).
QUEUE_SIZE = 16
CONFIRM_SECONDS = 5.0  # Redis confirms a SUBSCRIBE within this, or the subscription is lost


@dataclass(frozen=True)
class Notice:
    """What a stream hears: the match's version, whether the match is over (then the stream ends), and
    the account whose request made it (``by``; None for the computer, a claim's end, a start). ``by``
    stays between the processes: a stream tells its page the version and ``over`` only, and carries
    no parts to the account that acted, whose own answer carried them."""

    version: int
    over: bool = False
    by: int | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {"version": self.version, "over": self.over}
        if self.by is not None:
            data["by"] = self.by
        return json.dumps(data)

    def public_json(self) -> str:
        """What a page is told: the version and ``over``, both public."""
        return json.dumps({"version": self.version, "over": self.over})

    @classmethod
    def from_json(cls, text: str | bytes) -> Notice:
        data = json.loads(text)
        by = data.get("by")
        return cls(
            version=int(data["version"]), over=bool(data.get("over", False)), by=int(by) if by is not None else None
        )


class ProcessEndingError(Exception):
    """The process is shutting down (:func:`end_subscriptions`): a subscription ends, so that its
    stream ends cleanly and the browser reconnects, to a process that stays."""


class BrokerLostError(Exception):
    """The broker lost its source (the Redis connection): a subscription can no longer be trusted to
    hear every notice, so it ends; the page's stream reconnects and reads the version again."""


_LOST = object()  # put in a queue when the broker behind it is lost
_ENDING = object()  # put in every queue when the process shuts down


class Subscription:
    """The notices of one match, as they come: ``await next(timeout)`` (``None`` when the timeout
    passes first), or ``async for notice in subscription``. Both raise :class:`BrokerLostError` once
    the broker has lost its source."""

    def __init__(self, queue: asyncio.Queue[Any]) -> None:
        self._queue = queue

    async def next(self, timeout: float | None = None) -> Notice | None:
        try:
            item = await asyncio.wait_for(self._queue.get(), timeout)
        except TimeoutError:
            return None
        if item is _LOST:
            raise BrokerLostError
        if item is _ENDING:
            raise ProcessEndingError
        assert isinstance(item, Notice)
        return item

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Notice:
        found = await self.next(None)
        assert found is not None
        return found


def _offer(queue: asyncio.Queue[Any], item: object) -> None:
    """Put ``item`` in ``queue`` (on the queue's loop), dropping the oldest notice when it is full."""
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(item)


class _Sink:
    """A subscriber's queue and the event loop it lives on."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=QUEUE_SIZE)
        _ending.enter(self)

    def offer_threadsafe(self, item: object) -> None:
        try:
            self.loop.call_soon_threadsafe(_offer, self.queue, item)
        except RuntimeError:  # the loop has closed: its subscriber is gone
            pass


class _Ending:
    """Every subscriber of the process, so that a shutdown can end them all; once it has begun, a new
    subscription ends as soon as it is read."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sinks: weakref.WeakSet[_Sink] = weakref.WeakSet()
        self.begun = False

    def enter(self, sink: _Sink) -> None:
        with self._lock:
            if not self.begun:
                self._sinks.add(sink)
                return
        _offer(sink.queue, _ENDING)

    def begin(self) -> int:
        with self._lock:
            self.begun = True
            sinks = list(self._sinks)
            self._sinks.clear()
        for sink in sinks:
            sink.offer_threadsafe(_ENDING)
        return len(sinks)

    def reset(self) -> None:
        with self._lock:
            self.begun = False


_ending = _Ending()


def end_subscriptions() -> int:
    """The process is shutting down: every subscription, now and from now on, ends at its next read
    (:class:`ProcessEndingError`). Called by the server's worker when it stops (viadal_site/workers.py),
    so that open streams end at once rather than holding the worker until its graceful timeout.
    Returns how many subscriptions were open."""
    return _ending.begin()


class _Subscribed:
    """``async with broker.subscribe(match_id) as notices``: registered on entry, removed on exit (a
    plain class rather than a generator, so that closing a stream never depends on the order in which
    the event loop finalises generators)."""

    def __init__(
        self,
        add: Callable[[int, _Sink], Awaitable[None]],
        remove: Callable[[int, _Sink], None],
        match_id: int,
    ) -> None:
        self._add, self._remove, self._match_id = add, remove, match_id
        self._sink: _Sink | None = None

    async def __aenter__(self) -> Subscription:
        sink = _Sink()
        await self._add(self._match_id, sink)
        self._sink = sink
        return Subscription(sink.queue)

    async def __aexit__(self, *exc: object) -> None:
        if self._sink is not None:
            self._remove(self._match_id, self._sink)
            self._sink = None


class Broker(Protocol):
    def publish(self, match_id: int, version: int, *, over: bool = False, by: int | None = None) -> None:
        """Tell every subscriber of ``match_id`` (sync; any thread; never raises for the broker's sake)."""

    def subscribe(self, match_id: int) -> AbstractAsyncContextManager[Subscription]:
        """The notices published for ``match_id`` from the moment the context is entered."""


class LocalBroker:
    """One process's streams, no service: a sync view or worker thread publishes, each subscriber's
    event loop receives."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sinks: dict[int, set[_Sink]] = {}

    def publish(self, match_id: int, version: int, *, over: bool = False, by: int | None = None) -> None:
        notice = Notice(version, over, by)
        with self._lock:
            sinks = list(self._sinks.get(match_id, ()))
        for sink in sinks:
            sink.offer_threadsafe(notice)

    def subscribe(self, match_id: int) -> AbstractAsyncContextManager[Subscription]:
        return _Subscribed(self._add, self._remove, match_id)

    async def _add(self, match_id: int, sink: _Sink) -> None:
        with self._lock:
            self._sinks.setdefault(match_id, set()).add(sink)

    def _remove(self, match_id: int, sink: _Sink) -> None:
        with self._lock:
            group = self._sinks.get(match_id)
            if group is not None:
                group.discard(sink)
                if not group:
                    del self._sinks[match_id]

    def subscribers(self, match_id: int) -> int:
        with self._lock:
            return len(self._sinks.get(match_id, ()))


class _RedisHub:
    """One event loop's pub/sub connection: subscribed to the matches its streams watch, one reader
    task handing each message to their queues."""

    def __init__(self, url: str, prefix: str, on_lost: Callable[[_RedisHub], None]) -> None:
        import redis.asyncio

        self.prefix = prefix
        self.client = redis.asyncio.Redis.from_url(url)
        self.pubsub = self.client.pubsub()
        self.sinks: dict[int, set[_Sink]] = {}
        self.confirmed: dict[str, asyncio.Future[None]] = {}  # SUBSCRIBE sent, not yet confirmed
        self.lock = asyncio.Lock()
        self.reader: asyncio.Task[None] | None = None
        self.lost = False
        self._on_lost = on_lost

    def channel(self, match_id: int) -> str:
        return f"{self.prefix}{match_id}"

    async def add(self, match_id: int, sink: _Sink) -> None:
        async with self.lock:
            first = match_id not in self.sinks
            self.sinks.setdefault(match_id, set()).add(sink)
            if not first:
                return
            # wait for Redis to confirm: from then on every PUBLISH on the channel reaches this
            # connection, so the version the stream reads next from the database misses nothing
            loop = asyncio.get_running_loop()
            channel = self.channel(match_id)
            confirmed = self.confirmed[channel] = loop.create_future()
            try:
                await self.pubsub.subscribe(channel)
                if self.reader is None or self.reader.done():
                    self.reader = loop.create_task(self._read())
                await asyncio.wait_for(confirmed, CONFIRM_SECONDS)
            except Exception as error:  # redis.RedisError, OSError, TimeoutError: the connection is gone
                self._lose(error)
                raise BrokerLostError from error
            finally:
                self.confirmed.pop(channel, None)

    def remove(self, match_id: int, sink: _Sink) -> None:
        group = self.sinks.get(match_id)
        if group is None:
            return
        group.discard(sink)
        if not group:
            del self.sinks[match_id]
            if not self.lost:
                asyncio.get_running_loop().create_task(self._drop(match_id))

    async def _drop(self, match_id: int) -> None:
        async with self.lock:
            if match_id in self.sinks or self.lost:
                return  # watched again meanwhile
            try:
                await self.pubsub.unsubscribe(self.channel(match_id))
            except Exception as error:
                self._lose(error)

    async def _read(self) -> None:
        try:
            while not self.lost:
                message = await self.pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                channel = message["channel"]
                name = channel.decode() if isinstance(channel, bytes) else str(channel)
                if message.get("type") == "subscribe":
                    confirmed = self.confirmed.get(name)
                    if confirmed is not None and not confirmed.done():
                        confirmed.set_result(None)
                    continue
                if message.get("type") != "message":
                    continue
                try:
                    match_id = int(name.removeprefix(self.prefix))
                    notice = Notice.from_json(message["data"])
                except (ValueError, KeyError, TypeError):
                    log.warning("push: a message on %s that is not a notice", name)
                    continue
                for sink in list(self.sinks.get(match_id, ())):
                    _offer(sink.queue, notice)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._lose(error)

    def _lose(self, error: BaseException) -> None:
        if self.lost:
            return
        self.lost = True
        log.warning("push: the Redis subscription was lost (%s); the streams reconnect", error)
        for group in self.sinks.values():
            for sink in group:
                _offer(sink.queue, _LOST)
        self.sinks.clear()
        self._on_lost(self)
        asyncio.get_running_loop().create_task(self._close())

    async def _close(self) -> None:
        try:
            await self.pubsub.aclose()
            await self.client.aclose()
        except Exception:  # closing what is already broken
            pass


class RedisBroker:
    """Every process's streams, through Redis pub/sub (one channel per match)."""

    def __init__(self, url: str, prefix: str = "viadal:match:") -> None:
        self.url = url
        self.prefix = prefix
        self._client: Any = None
        self._client_lock = threading.Lock()
        self._hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _RedisHub] = weakref.WeakKeyDictionary()

    def _sync_client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                import redis

                # a short timeout: a publish runs after a commit, in the request that made it
                self._client = redis.Redis.from_url(self.url, socket_timeout=2, socket_connect_timeout=2)
            return self._client

    def publish(self, match_id: int, version: int, *, over: bool = False, by: int | None = None) -> None:
        try:
            self._sync_client().publish(f"{self.prefix}{match_id}", Notice(version, over, by).to_json())
        except Exception as error:  # redis.RedisError, OSError: the pages' safety-net poll catches up
            log.warning("push: could not publish match %s version %s: %s", match_id, version, error)

    def _hub(self) -> _RedisHub:
        loop = asyncio.get_running_loop()
        hub = self._hubs.get(loop)
        if hub is None or hub.lost:
            hub = _RedisHub(self.url, self.prefix, self._forget)
            self._hubs[loop] = hub
        return hub

    def _forget(self, hub: _RedisHub) -> None:
        for loop, known in list(self._hubs.items()):
            if known is hub:
                del self._hubs[loop]

    def subscribe(self, match_id: int) -> AbstractAsyncContextManager[Subscription]:
        hubs: list[_RedisHub] = []

        async def add(match_id: int, sink: _Sink) -> None:
            hubs.append(self._hub())
            await hubs[0].add(match_id, sink)

        def remove(match_id: int, sink: _Sink) -> None:
            hubs[0].remove(match_id, sink)

        return _Subscribed(add, remove, match_id)


_broker: Broker | None = None
_broker_key: tuple[str, str] | None = None
_broker_lock = threading.Lock()


def broker() -> Broker:
    """The process's broker: Redis when ``VIADAL_PUSH_REDIS_URL`` is set, else the local one (made
    again when the setting changes, as in a test)."""
    global _broker, _broker_key
    url = settings.VIADAL_PUSH_REDIS_URL
    key = (url, settings.VIADAL_PUSH_CHANNEL_PREFIX)
    with _broker_lock:
        if _broker is None or _broker_key != key:
            _broker = RedisBroker(url, settings.VIADAL_PUSH_CHANNEL_PREFIX) if url else LocalBroker()
            _broker_key = key
        return _broker


def announce(match_id: int, version: int, *, over: bool = False, by: int | None = None) -> None:
    """Publish the match's version once the current transaction commits (never a version that was
    not stored); at once outside a transaction. ``by``: the account whose request made it."""
    transaction.on_commit(partial(_publish, match_id, version, over, by))


def _publish(match_id: int, version: int, over: bool, by: int | None = None) -> None:
    broker().publish(match_id, version, over=over, by=by)
