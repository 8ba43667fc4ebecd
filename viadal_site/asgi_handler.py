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
handler handles it, in one hand-off to one thread, the process's single thread for synchronous code
(asgiref's; no ``ThreadSensitiveContext``): the ``request_started`` signal, the middleware chain Django
builds for WSGI, the view, and the response's ``close`` (``request_finished``). That thread's database
connection is kept between requests as under WSGI (``CONN_MAX_AGE``), and the pages are served one at
a time per process, as a sync worker serves them. The event loop reads the request's body and sends
the answer. A streaming answer with a synchronous iterator (a WhiteNoise static file) is read in that
same hand-off, so that it is sent without another one (Django would read it with one more, and warn).

A request for an async view (``/play/<id>/stream/``) goes through Django's own handling and async
chain, unchanged, and the event loop holds any number of those.
"""

from __future__ import annotations

import asyncio
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

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[Mapping[str, Any]], Awaitable[None]]


class SiteAsgiHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()  # the async chain, for the async views
        self._sync = BaseHandler()
        self._sync.load_middleware(is_async=False)  # the chain the WSGI application runs
        self._respond = sync_to_async(self._sync_handle, thread_sensitive=True)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:  # type: ignore[override]
        # Django's __call__ wraps each request in ThreadSensitiveContext, which starts a thread of the
        # request's own for its synchronous code; here that code runs in the process's one thread.
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        if _async_view(scope):
            await self.handle(scope, receive, send)
            return
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        response = await self._respond(scope, body_file)
        try:
            await self.send_response(response, send)
        except asyncio.CancelledError:
            pass  # the client went away while the answer was sent

    def _sync_handle(self, scope: Scope, body_file: IO[bytes]) -> HttpResponseBase:
        """What ``WSGIHandler.__call__`` does, to the closed response: the answer is in memory, and
        closing it (``request_finished``: the database connection's end of request) here rather than
        after it is sent saves a hand-off."""
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
        response.close()
        return response


def _async_view(scope: Scope) -> bool:
    """Whether the request's URL names an async view (resolved again by the chain that serves it)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    if len(path) > KEPT_PATH_LENGTH:  # nothing of the site's is that long: not worth keeping
        return _names_async_view.__wrapped__(get_resolver(), path)
    return _names_async_view(get_resolver(), path)


KEPT_PATH_LENGTH = 200


@lru_cache(maxsize=4096)  # a resolver's URLs never change: a path names the same view for ever
def _names_async_view(resolver: URLResolver, path: str) -> bool:
    try:
        match = resolver.resolve(path)
    except Resolver404:
        return False
    return iscoroutinefunction(match.func)


async def _replay(chunks: Iterable[bytes]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        yield chunk
