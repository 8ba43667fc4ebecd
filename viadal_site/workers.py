"""gunicorn's worker for the ASGI application (``make serve``; push, issue 35).

uvicorn's own defaults, except these:

- its ``Server: uvicorn`` header is left out (as gunicorn's is, gunicorn.conf.py);
- ``X-Forwarded-For`` is not read by the server, so that ``REMOTE_ADDR`` is the peer as under
  gunicorn's own workers and the site alone decides which proxies to trust (``TRUSTED_PROXY_COUNT``,
  common/client_ip.py);
- no ASGI lifespan (Django has none);
- an idle connection is kept ``KEEP_ALIVE_SECONDS`` (75), not gunicorn's 2: a pushed page sends its
  next request seconds after its last, and with 2 s it often came just as the server closed the
  connection, and was reset (``make load`` counted these as errors). 75 s is longer than a proxy's
  usual idle timeout (nginx's and the common load balancers' 60 s), so the proxy, not the server,
  closes an idle connection, as it expects to;
- on shutdown it stops listening, then ends every open push stream at once
  (``arena.runtime.push.end_subscriptions``: each browser reconnects after its ``retry``, to a worker
  that stays) and closes the idle connections, so a worker stops in well under gunicorn's graceful
  timeout rather than being killed at its end; anything still running after
  ``GRACEFUL_SHUTDOWN_SECONDS`` is cancelled.
"""

from __future__ import annotations

import socket
import sys
from typing import Any, ClassVar

from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

KEEP_ALIVE_SECONDS = 75
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
        "loop": "auto",
        "http": "auto",
        "lifespan": "off",
        "server_header": False,
        "proxy_headers": False,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
    }

    async def _serve(self) -> None:  # uvicorn-worker's own, with the server above
        self.config.app = self.wsgi
        server = _Server(config=self.config)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
