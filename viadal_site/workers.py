"""gunicorn's worker for the ASGI application (``make serve``; push, issue 35).

uvicorn's own defaults, except three: its ``Server: uvicorn`` header is left out (as gunicorn's is,
gunicorn.conf.py); ``X-Forwarded-For`` is not read by the server, so that ``REMOTE_ADDR`` is the peer as
under gunicorn's own workers and the site alone decides which proxies to trust (``TRUSTED_PROXY_COUNT``,
common/client_ip.py); and no ASGI lifespan (Django has none).
"""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker


class AsgiWorker(UvicornWorker):
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "auto",
        "http": "auto",
        "lifespan": "off",
        "server_header": False,
        "proxy_headers": False,
    }
