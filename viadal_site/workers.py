"""gunicorn's worker for the ASGI application (``make serve``; push, issue 35).

Its HTTP protocol is uvicorn's "auto", the compiled httptools parser, which the project installs
(uvicorn's pure-Python h11 otherwise). Its event loop is asyncio's own, not uvloop: the site's handler
runs each request on the loop's thread, the loop waiting meanwhile, so the order in which the loop
takes up the connections that have a request waiting is the order they are served in. asyncio's loop
takes them in turn; uvloop let some connections wait round after round while others were served
(one worker, 50 connections each sending its next request as soon as it had its answer: the builder's
live check at 4 s p99 against asyncio's 0.22 s, for the same requests a second and the same CPU per
request; two workers: 640–830 ms against 132 ms; ``bench/loop_fairness.py`` shows it without the site,
docs/scale-out.md, round 11). Otherwise uvicorn's own defaults, except these:

- its ``Server: uvicorn`` header is left out (as gunicorn's is, gunicorn.conf.py);
- ``X-Forwarded-For`` is not read by the server, so that ``REMOTE_ADDR`` is the peer as under
  gunicorn's own workers and the site alone decides which proxies to trust (``TRUSTED_PROXY_COUNT``,
  common/client_ip.py);
- new connections are shared between the workers by load, each taking its share of those waiting
  (``viadal_site/balanced_accept.py``), not all of them by whichever worker wakes first;
- no ASGI lifespan (Django has none);
- on shutdown it stops listening, then ends every open push stream at once
  (``arena.runtime.push.end_subscriptions``: each browser reconnects after its ``retry``, to a worker
  that stays) and closes the idle connections, so a worker stops in well under gunicorn's graceful
  timeout rather than being killed at its end; anything still running after
  ``GRACEFUL_SHUTDOWN_SECONDS`` is cancelled.

An idle connection is kept for gunicorn's ``--keep-alive`` (2 s), as under its own workers. Longer
is worse without a proxy: a browser's connection stays with the worker that accepted it, and with
75 s a load of pushed players stayed on the workers as they first connected, one busy and one half
idle (``make load``, N = 100: 270 ms an action at p50 against 30). Behind a proxy that keeps its
connections to the app open, set it above the proxy's own idle timeout (README, "Deploying").
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from typing import Any, ClassVar

from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

from .balanced_accept import LOADS, Balance, BalancedAcceptLoop

GRACEFUL_SHUTDOWN_SECONDS = 10  # within gunicorn's graceful_timeout (30 s)


class _Server(Server):
    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # stop listening first: a stream that ends now must reconnect to another worker, not this one
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        from arena.runtime.push import end_subscriptions  # the site is loaded by now

        end_subscriptions()
        await super().shutdown(sockets)


class AsgiWorker(UvicornWorker):
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "viadal_site.balanced_accept:BalancedAcceptLoop",  # asyncio's, served in turn (above)
        "http": "auto",
        "lifespan": "off",
        "server_header": False,
        "proxy_headers": False,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
    }

    async def _serve(self) -> None:  # uvicorn-worker's own, with the server above
        self.config.app = self.wsgi
        server = _Server(config=self.config)
        self._install_sigquit_handler()
        loop = asyncio.get_running_loop()
        balance = None
        if isinstance(loop, BalancedAcceptLoop):  # new connections shared by load (balanced_accept.py)
            balance = loop.balance = Balance(LOADS, os.getpid())
            server.server_state.connections = balance.connections
        try:
            await server.serve(sockets=self.sockets)
        finally:
            if balance is not None:
                balance.release()
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
