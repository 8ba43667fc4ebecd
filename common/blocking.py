"""Synchronous code run on an event loop's own thread, the loop waiting meanwhile (the site's ASGI
handler, ``viadal_site/asgi_handler.py``; docs/scale-out.md, "Round 9").

A request for a synchronous view, and a push stream's build, each run as a sync worker runs a request:
on the one thread, from start to end, nothing else of the process running meanwhile. Under the ASGI
server that thread is the event loop's. Handing the call to another thread instead cost two thread
wake-ups, a future and a copied context each time, and the two threads then took the interpreter's
lock from each other for the rest of the request.

Django refuses a database call from a thread whose event loop is running (``async_unsafe``): it would
block the loop. Here blocking it is the point, so for the call's length the thread is taken as having
no running loop. Nothing of the loop runs on this thread meanwhile, so nothing of it can see the
difference, and its ``asgiref`` locals of the thread (the database connections) are the thread's own,
as in a sync worker.

A view that takes long (rendering a PDF) is marked :func:`off_the_event_loop`; the handler runs it in
the process's thread for synchronous code instead, so that the event loop keeps serving the push
streams and the other requests meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

OFF_THE_EVENT_LOOP = "runs_off_the_event_loop"


def run_blocking(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)`` on this thread, whose event loop (if any) waits until it returns."""
    loop = asyncio._get_running_loop()
    if loop is None:
        return function(*args, **kwargs)
    asyncio._set_running_loop(None)
    try:
        return function(*args, **kwargs)
    finally:
        asyncio._set_running_loop(loop)


def off_the_event_loop(view: Callable[P, R]) -> Callable[P, R]:
    """Marks a synchronous view that takes long (seconds): under ASGI it runs in the thread for
    synchronous code, not on the event loop's. The mark survives Django's decorators (``functools.wraps``
    copies it), whichever order they are applied in."""
    setattr(view, OFF_THE_EVENT_LOOP, True)
    return view


def runs_off_the_event_loop(view: Callable[..., object]) -> bool:
    return bool(getattr(view, OFF_THE_EVENT_LOOP, False))
