"""The push stream of a live match (``/play/<id>/stream/``, issue 35): server-sent events.

Each message is either the reader's refreshed parts (``event: parts``: the version and whether the match
is over as JSON on its first data line, then the parts' HTML on the next, exactly as the refresh
endpoint would answer that reader, built by
``arena.views.parts.stream_parts``), or only the version and whether the match is over (a version is
public), after which the page fetches its parts through the refresh endpoint (``play.poll``). The
reader is the account the stream's request signed in (a spectator when none); his session is checked
again before each build, and once it no longer signs him in the stream tells only versions. The
account whose own request made a version is told only the version: that answer carried his parts.
With ``VIADAL_PUSH_PARTS`` off every message is a version. The stream

- subscribes to the match first, then reads its version from the database, and tells it at once if
  it is newer than the one the page last heard (``Last-Event-ID``, which the browser sends when it
  reconnects, or ``?v=``): nothing committed between the page's build and the stream's start is missed;
- ends at once when its process shuts down (``end_subscriptions``), so that the browser reconnects to
  a process that stays and the stopping one is not held open by its streams;
- sends a comment line every ``VIADAL_PUSH_HEARTBEAT_SECONDS`` so that proxies keep it open, and ends
  after ``VIADAL_PUSH_LIFETIME_SECONDS`` (the browser reconnects after ``retry``) or once the match is over;
- is answered 204 for a match that is not live (the browser's ``EventSource`` then stops and the page
  polls, and the poll brings the last position) and when this request did not come through ASGI (a WSGI
  server cannot hold it open), 404 for an unknown match, 429 beyond ``VIADAL_PUSH_STREAMS_PER_CLIENT``
  streams of one address in this process and 503 beyond ``VIADAL_PUSH_STREAMS``: the page then polls.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import weakref
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.middleware.csrf import get_token
from django.utils import translation
from django.views.decorators.http import require_safe

from common.blocking import run_blocking
from common.client_ip import client_ip

from ..models import Match
from ..runtime.push import BrokerLostError, Notice, ProcessEndingError, broker
from .parts import Reader, StreamedParts, stream_parts

log = logging.getLogger(__name__)

LIVE = (Match.Status.SETUP, Match.Status.PLAYING)


class _Slot:
    """One open stream, counted against its address and the process until released (once)."""

    def __init__(self, streams: _Streams, client: str) -> None:
        self._streams = streams
        self._client = client
        self._released = False

    def release(self) -> None:
        self._streams.release(self)

    @property
    def client(self) -> str:
        return self._client


class _Streams:
    """The streams this process holds open, per address."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._per_client: dict[str, int] = {}
        self.total = 0

    def take(self, client: str) -> _Slot | int:
        """A slot, or the status that refuses one (429 too many for this address, 503 for the process)."""
        with self._lock:
            if self.total >= settings.VIADAL_PUSH_STREAMS:
                return 503
            if self._per_client.get(client, 0) >= settings.VIADAL_PUSH_STREAMS_PER_CLIENT:
                return 429
            self._per_client[client] = self._per_client.get(client, 0) + 1
            self.total += 1
            return _Slot(self, client)

    def release(self, slot: _Slot) -> None:
        with self._lock:
            if slot._released:
                return
            slot._released = True
            self.total -= 1
            left = self._per_client.get(slot.client, 1) - 1
            if left > 0:
                self._per_client[slot.client] = left
            else:
                self._per_client.pop(slot.client, None)

    def of(self, client: str) -> int:
        with self._lock:
            return self._per_client.get(client, 0)


STREAMS = _Streams()


def _seen(request: HttpRequest) -> int:
    for given in (request.headers.get("Last-Event-ID", ""), request.GET.get("v", "")):
        try:
            return int(given)
        except ValueError:
            continue
    return -1


def _message(notice: Notice) -> str:
    return f"id: {notice.version}\ndata: {notice.public_json()}\n\n"


def _parts_message(parts: StreamedParts) -> str:
    """``event: parts``: the version and the end as JSON on the first data line, then the parts' HTML,
    each of its lines a data line (the browser joins them with newlines). The HTML goes as it is,
    not as a JSON string: escaping 30 KB for JSON cost more than the rest of the message."""
    head = json.dumps({"version": parts.version, "over": parts.over})
    html = parts.html.replace("\r\n", "\n").replace("\r", "\n")  # a lone CR would end an event's line
    data = f"{head}\n{html}".replace("\n", "\ndata: ")
    return f"event: parts\nid: {parts.version}\ndata: {data}\n\n"


def _build(pk: int, reader: Reader) -> StreamedParts | None:
    """The reader's parts, built on the event loop's thread as a refresh is (``common.blocking``), with
    that thread's database connection, which it closes again when connections are not kept."""
    try:
        return stream_parts(pk, reader)
    except Exception:  # the page refreshes by itself instead, and that request reports the fault
        log.exception("push: could not build the parts of match %s", pk)
        return None
    finally:
        _release_the_connection()


def _status_and_version(pk: int) -> Mapping[str, Any] | None:
    return Match.objects.filter(pk=pk).values("status", "version").first()


def _row(pk: int) -> Mapping[str, Any] | None:
    """The match's status and version, read from the event loop (``common.blocking``)."""
    return run_blocking(_status_and_version, pk)


def _release_the_connection() -> None:
    """A stream waits for minutes: a connection not kept between requests (``CONN_MAX_AGE`` 0) is closed
    now, not at the stream's end. A kept one is the connection of the event loop's thread, which the
    next request uses too (viadal_site/asgi_handler.py): it stays."""
    if not connection.in_atomic_block and connection.settings_dict.get("CONN_MAX_AGE") == 0:
        connection.close()  # (a test's transaction is the test's)


@dataclass(frozen=True)
class _Told:
    text: str  # the message
    version: int  # the version it tells
    over: bool
    no_more_parts: bool = False  # the parts could not be built: the stream tells only versions from now on


def _told(pk: int, notice: Notice, reader: Reader | None) -> _Told:
    """What the stream sends for a notice: the reader's refreshed parts (``event: parts``), or only the
    version when his own request made it (his answer carried his parts), when he reads no parts
    (``reader`` None) or when they could not be built (he signed out, a fault)."""
    if reader is None or (notice.by is not None and notice.by == reader.user_id):
        return _Told(_message(notice), notice.version, notice.over)
    built = run_blocking(_build, pk, reader)
    if built is None:
        return _Told(_message(notice), notice.version, notice.over, no_more_parts=True)
    return _Told(_parts_message(built), built.version, built.over or notice.over)


async def _events(pk: int, seen: int, slot: _Slot, reader: Reader | None = None) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    try:
        yield f"retry: {settings.VIADAL_PUSH_RETRY_MS}\n\n"  # the headers go out now: the page knows the stream is open
        async with broker().subscribe(pk) as notices:
            row = _row(pk)  # after subscribing: a version committed meanwhile is either here or heard
            run_blocking(_release_the_connection)
            if row is None:
                return
            over = row["status"] not in LIVE
            if row["version"] > seen or over:  # the page missed it: its parts (whoever made it), or the version
                told = _told(pk, Notice(row["version"], over), reader)
                if told.no_more_parts:
                    reader = None
                yield told.text
                seen = told.version
                over = over or told.over
            if over:
                return
            ends = loop.time() + settings.VIADAL_PUSH_LIFETIME_SECONDS
            while (left := ends - loop.time()) > 0:
                notice = await notices.next(min(settings.VIADAL_PUSH_HEARTBEAT_SECONDS, left))
                if notice is None:
                    if left > settings.VIADAL_PUSH_HEARTBEAT_SECONDS:
                        yield ":\n\n"  # the heartbeat: a comment, which the browser ignores
                    continue
                if notice.version > seen or notice.over:
                    told = _told(pk, notice, reader)
                    if told.no_more_parts:
                        reader = None
                    yield told.text
                    seen = max(seen, told.version)
                    if told.over:
                        return
    except ProcessEndingError:
        return  # this process is stopping: the browser reconnects after ``retry``, to one that stays
    except BrokerLostError:
        # the broker will be back: the browser reconnects later, and meanwhile the page polls
        yield f"retry: {10 * settings.VIADAL_PUSH_RETRY_MS}\n\n"
    finally:
        slot.release()


@require_safe
def stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A synchronous view, served as every other (the middleware's synchronous chain, on the event loop's
    thread: no hand-offs to threads); its response's events are an async generator, which the ASGI
    handler then sends from the event loop until it ends or the browser leaves."""
    if settings.VIADAL_PUSH == "off" or not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    row = _status_and_version(pk)
    if row is None:
        raise Http404
    if row["status"] not in LIVE:
        return HttpResponse(status=204)
    slot = STREAMS.take(client_ip(request))
    if isinstance(slot, int):
        refused = HttpResponse(status=slot)
        refused["Retry-After"] = "60"
        return refused
    return EventStream(_events(pk, _seen(request), slot, _reader(request)), slot)


def _reader(request: HttpRequest) -> Reader | None:
    """The stream's reader, whose parts it carries (``VIADAL_PUSH_PARTS``), as this request signs him
    in: checked again before each build (``arena.views.parts.stream_parts``)."""
    if not settings.VIADAL_PUSH_PARTS:
        return None
    user_id = request.user.pk if request.user.is_authenticated else None
    language = getattr(request, "LANGUAGE_CODE", "") or translation.get_language() or settings.LANGUAGE_CODE
    return Reader(
        user_id=user_id,
        session_key=request.session.session_key,
        language=language,
        csrf_token=get_token(request),
    )


class EventStream(StreamingHttpResponse):
    """The stream's response: its slot is given back when the stream ends, when the server closes the
    response, or at the latest when the response is dropped (a stream cut before it began)."""

    def __init__(self, events: AsyncIterator[str], slot: _Slot) -> None:
        super().__init__(events, content_type="text/event-stream")
        self["Cache-Control"] = "no-cache, no-transform"
        self["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
        self._slot = slot
        weakref.finalize(self, slot.release)

    def close(self) -> None:
        self._slot.release()
        super().close()
