"""The site's ASGI handler (viadal_site/asgi_handler.py): a synchronous view's request runs through the
synchronous middleware chain on the event loop's thread (a slow view's in the process's one thread for
synchronous code, the loop serving the others meanwhile), an async view's through Django's async chain,
and a static file is sent without Django's warning about synchronous iterators."""

from __future__ import annotations

import asyncio
import threading
import time
import warnings
from collections.abc import AsyncIterator, Coroutine, Iterator
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.test import override_settings
from django.urls import path

from common.blocking import off_the_event_loop
from viadal_site.asgi_handler import SiteAsgiHandler
from viadal_site.urls import urlpatterns as site_urlpatterns


def sync_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(threading.current_thread().name)


def reading_view(request: HttpRequest) -> HttpResponse:
    """Reads the database, as Django allows only where no event loop runs (``async_unsafe``)."""
    return HttpResponse(f"{threading.current_thread().name} {User.objects.count()}")


SLOW_STARTED = threading.Event()
SLOW_MAY_END = threading.Event()


@off_the_event_loop
def slow_view(request: HttpRequest) -> HttpResponse:
    SLOW_STARTED.set()
    SLOW_MAY_END.wait(20)
    return HttpResponse(threading.current_thread().name)


async def async_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("async")


def sync_stream(request: HttpRequest) -> StreamingHttpResponse:
    return StreamingHttpResponse(iter([b"one ", b"two"]))


EVENTS_ENDED = threading.Event()


def events_view(request: HttpRequest) -> StreamingHttpResponse:
    """A synchronous view answering with an async iterator of events that never ends by itself."""

    async def events() -> AsyncIterator[bytes]:
        try:
            yield b"first\n"
            while True:
                await asyncio.sleep(0.05)
                yield b":\n"
        finally:
            EVENTS_ENDED.set()

    return StreamingHttpResponse(events(), content_type="text/event-stream")


urlpatterns = [
    path("sync/", sync_view),
    path("read/", reading_view),
    path("slow/", slow_view),
    path("async/", async_view),
    path("stream/", sync_stream),
    path("events/", events_view),
    *site_urlpatterns,  # the error pages name the site's addresses
]


def scope(path: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


async def get(application: SiteAsgiHandler, path: str) -> tuple[int, dict[bytes, bytes], bytes]:
    communicator = ApplicationCommunicator(application, scope(path))
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(10)
    body = b""
    while True:
        message = await communicator.receive_output(10)
        body += message.get("body", b"")
        if not message.get("more_body", False):
            break
    await communicator.wait(10)
    return start["status"], dict(start["headers"]), body


def served(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Runs the coroutine in an event loop of its own thread, as a server runs the application (not
    ``async_to_sync`` from the test's thread, which would send the synchronous code back to it)."""
    found: list[Any] = []
    thread = threading.Thread(target=lambda: found.append(asyncio.run(coroutine)))
    thread.start()
    thread.join(30)
    return found[0]


@pytest.fixture
def application(transactional_db: Any) -> Iterator[SiteAsgiHandler]:
    with override_settings(ROOT_URLCONF=__name__):
        yield SiteAsgiHandler()


def test_sync_views_run_on_the_event_loops_thread_and_may_read_the_database(application: SiteAsgiHandler) -> None:
    async def three() -> tuple[str, list[tuple[int, dict[bytes, bytes], bytes]]]:
        answers = [await get(application, path) for path in ("/sync/", "/read/", "/sync/")]
        return threading.current_thread().name, answers

    loop_thread, answers = served(three())
    assert [status for status, _, _ in answers] == [200, 200, 200]
    assert {body.decode() for _, _, body in answers} == {loop_thread, f"{loop_thread} 0"}


def test_a_slow_view_runs_off_the_event_loop_which_serves_another_request_meanwhile(
    application: SiteAsgiHandler,
) -> None:
    SLOW_STARTED.clear()
    SLOW_MAY_END.clear()

    async def both() -> tuple[str, bytes, bytes]:
        slow = asyncio.ensure_future(get(application, "/slow/"))
        await asyncio.get_running_loop().run_in_executor(None, SLOW_STARTED.wait, 20)
        _, _, quick = await get(application, "/sync/")  # while the slow one still runs
        SLOW_MAY_END.set()
        _, _, slow_body = await slow
        return threading.current_thread().name, quick, slow_body

    loop_thread, quick, slow = served(both())
    assert quick.decode() == loop_thread
    assert slow.decode() not in ("", loop_thread)


def test_async_views_run_in_the_event_loop(application: SiteAsgiHandler) -> None:
    status, _, body = served(get(application, "/async/"))
    assert (status, body) == (200, b"async")


def test_a_synchronous_stream_is_read_in_the_views_thread_without_a_warning(
    application: SiteAsgiHandler,
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status, _, body = served(get(application, "/stream/"))
    assert (status, body) == (200, b"one two")


def test_a_sync_views_async_events_are_sent_until_the_client_leaves(application: SiteAsgiHandler) -> None:
    """The push stream's way: the view runs on the loop's thread, its events are sent from the loop,
    and the client's disconnect ends them (the iterator closed), as under Django's own handler."""
    EVENTS_ENDED.clear()

    async def listen() -> tuple[int, bytes]:
        communicator = ApplicationCommunicator(application, scope("/events/"))
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(10)
        first = await communicator.receive_output(10)
        await communicator.receive_output(10)  # a heartbeat: still going
        await communicator.send_input({"type": "http.disconnect"})
        left = time.monotonic()
        await asyncio.wait_for(asyncio.shield(communicator.future), 3)  # ends by itself, soon
        assert time.monotonic() - left < 2
        return start["status"], first["body"]

    assert served(listen()) == (200, b"first\n")
    assert EVENTS_ENDED.is_set()


def test_an_unknown_address_is_a_404_of_the_sync_chain(application: SiteAsgiHandler) -> None:
    status, _, _ = served(get(application, "/nowhere/"))
    assert status == 404
