"""The site's ASGI handler (``viadal_site/asgi.py``, ``make serve``): Django's, with the synchronous
requests run the way a WSGI worker runs them.

Django's own ``ASGIHandler`` builds the middleware chain for async views: every middleware written in
the old style (``MiddlewareMixin``: Django's security, sessions, locale, common, CSRF, authentication,
messages, clickjacking, and django-csp) runs its ``process_request`` and ``process_response`` each
through ``sync_to_async``, a sync-only one (WhiteNoise) is adapted with ``async_to_sync``, and the
sync view runs through ``sync_to_async`` again: some twenty hand-offs between the event loop and a
thread per request, and a thread started for each request (``ThreadSensitiveContext``). Under load
that doubled the CPU of a page against gunicorn's sync workers (docs/scale-out.md, "The ASGI stack's
cost").

Here a request for a synchronous view (every page but the push stream) is handled as the WSGI
handler handles it, on the event loop's own thread, the loop waiting meanwhile (``common.blocking``):
the ``request_started`` signal, the middleware chain Django builds for WSGI, the view, and the
response's ``close`` (``request_finished``). Requests are served one at a time per process, as a sync
worker serves them, and the thread's database connection is kept between requests as under WSGI
(``CONN_MAX_AGE``). Handing each request to a thread of its own cost, besides the hand-offs, the two
threads taking the interpreter's lock from each other: under ``make load`` a tenth of the CPU of an
action, and the action's p99 (docs/scale-out.md, "Round 9"). The event loop reads the request's body
and sends the answer. A streaming answer with a synchronous iterator (a WhiteNoise static file) is
read in the same call, so that it is sent without a hand-off (Django would read it with one, and warn).

A view that takes long (a PDF's rendering) is marked ``common.blocking.off_the_event_loop``: its
request is handled the same way in asgiref's one thread for synchronous code (no
``ThreadSensitiveContext``), and the event loop serves the streams and the other requests meanwhile.

A synchronous view may answer with events from an async iterator (the push stream,
``/play/<id>/stream/``): the event loop sends them as Django's own handler does, listening for the
client's disconnect, which closes the iterator, and holds any number of those at once. Its request
took the synchronous chain too: Django's async chain, through the middleware written for
synchronous code, cost some twenty hand-offs between the loop and a thread per stream opened, and
the streams of a process were opened one at a time (docs/scale-out.md, "Round 9"). A request for an
async view (the site has none) goes through Django's own handling and async chain, unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from functools import lru_cache
from typing import IO, Any, cast

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.urls import Resolver404, URLResolver, get_resolver, set_script_prefix

from common.blocking import run_blocking, runs_off_the_event_loop

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[Mapping[str, Any]], Awaitable[None]]


class SiteAsgiHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()  # the async chain, for the async views
        self._sync = BaseHandler()
        self._sync.load_middleware(is_async=False)  # the chain the WSGI application runs
        self._respond_off_the_loop = sync_to_async(self._sync_handle, thread_sensitive=True)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:  # type: ignore[override]
        # Django's __call__ wraps each request in ThreadSensitiveContext, which starts a thread of the
        # request's own for its synchronous code; here that code runs on this thread (or, for a slow
        # view, in the process's one thread for synchronous code).
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        served = _served(scope)
        if served is Served.ASYNC:
            await self.handle(scope, receive, send)
            return
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        if served is Served.OFF_THE_LOOP:
            response = await self._respond_off_the_loop(scope, body_file)
        else:
            response = run_blocking(self._sync_handle, scope, body_file)
        if _streams_events(response):
            await self._send_events(response, receive, send)
            return
        try:
            await self.send_response(response, send)
        except asyncio.CancelledError:
            pass  # the client went away while the answer was sent

    async def _send_events(self, response: HttpResponseBase, receive: Receive, send: Send) -> None:
        """An answer whose content is an async iterator (the push stream's events), sent as Django's own
        ``handle`` sends it: while listening for the client's disconnect, which ends the sending (its
        task cancelled, and so the iterator closed); then the response is closed."""
        tasks = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            asyncio.create_task(self.send_response(response, send)),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                if not task.done():
                    task.cancel()
            try:
                for task in tasks:  # the first fault, if any, is raised once both are done
                    with contextlib.suppress(asyncio.CancelledError, RequestAborted):
                        await task
            finally:
                run_blocking(response.close)  # the stream's slot, and the end of the request, whatever happened

    def _sync_handle(self, scope: Scope, body_file: IO[bytes]) -> HttpResponseBase:
        """What ``WSGIHandler.__call__`` does, to the closed response: the answer is in memory, and
        closing it (``request_finished``: the database connection's end of request) here rather than
        after it is sent saves a hand-off. A response of async events is closed once sent."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        try:
            request, refused = self.create_request(scope, body_file)
            response: HttpResponseBase
            if request is None:
                assert refused is not None
                response = refused
            else:
                response = self._sync.get_response(request)
                response._handler_class = self.__class__  # type: ignore[attr-defined, unused-ignore]
            if isinstance(response, StreamingHttpResponse) and not getattr(response, "is_async", False):
                # read here, in this thread, rather than in one more hand-off after it
                chunks = list(cast(Iterable[bytes], response.streaming_content))
                response.streaming_content = _replay(chunks)  # type: ignore[assignment, unused-ignore]
        finally:
            body_file.close()
        if not _streams_events(response):
            response.close()
        return response


def _streams_events(response: HttpResponseBase) -> bool:
    return isinstance(response, StreamingHttpResponse) and response.is_async


class Served(enum.Enum):
    """How a request is served: its view is async, synchronous and quick, or synchronous and slow."""

    ASYNC = "async"
    ON_THE_LOOP = "on the loop"
    OFF_THE_LOOP = "off the loop"


def _served(scope: Scope) -> Served:
    """How the request's URL is served (its view resolved again by the chain that serves it)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    if len(path) > KEPT_PATH_LENGTH:  # nothing of the site's is that long: not worth keeping
        return _how_served.__wrapped__(get_resolver(), path)
    return _how_served(get_resolver(), path)


KEPT_PATH_LENGTH = 200


@lru_cache(maxsize=4096)  # a resolver's URLs never change: a path names the same view for ever
def _how_served(resolver: URLResolver, path: str) -> Served:
    try:
        match = resolver.resolve(path)
    except Resolver404:
        return Served.ON_THE_LOOP  # the sync chain answers 404
    if iscoroutinefunction(match.func):
        return Served.ASYNC
    return Served.OFF_THE_LOOP if runs_off_the_event_loop(match.func) else Served.ON_THE_LOOP


async def _replay(chunks: Iterable[bytes]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        yield chunk
