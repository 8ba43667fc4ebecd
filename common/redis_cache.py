"""Django's Redis cache with one connection pool per process and server.

Django keeps its cache objects in an ``asgiref`` ``Local`` that is not thread-critical, so under
ASGI every request's context gets a new ``RedisCache``, with a new client and a new connection pool
of its own: each request connected to Redis anew (a name lookup, a socket, a handshake), which under
``make load`` was a tenth of the workers' CPU. Here the pools live in the process, shared by every
cache object with the same server and options (redis-py's pools are safe across threads), so a
request takes a connection that is already open. Everything else is Django's own.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_pools: dict[tuple[str, str], Any] = {}
_lock = threading.Lock()


class SharedPoolClient(RedisCacheClient):
    # Django's own attributes (not in its type stubs)
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: Any

    def _get_connection_pool(self, write: bool) -> Any:
        index: int = self._get_connection_pool_index(write)  # type: ignore[attr-defined]
        key = (self._servers[index], repr(sorted(self._pool_options.items(), key=lambda item: item[0])))
        pool = _pools.get(key)
        if pool is None:
            with _lock:
                pool = _pools.get(key)
                if pool is None:
                    pool = _pools[key] = self._pool_class.from_url(self._servers[index], **self._pool_options)
        return pool


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedPoolClient
