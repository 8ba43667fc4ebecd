"""The ASGI workers share new connections by load: each takes its share of those waiting, no more.

gunicorn's workers listen on one shared socket. asyncio's server, woken by a connection waiting
there, accepts every connection waiting (up to its backlog, 2,048 under uvicorn) in one go, and the
worker that wakes first takes them all. A connection kept alive then stays with the worker that
took it: a proxy's pooled connections, a browser's, a load tester's fifty may land forty on one
worker and ten on the other, and the forty queue behind each other while the other worker has time
to spare. Seen in the builder's bench: one run in four at half the requests a second, and in the
others a p99 a third above the p50 (docs/scale-out.md, rounds 12 to 14).

So each worker writes how many connections it holds into a small table the workers share (made by
gunicorn's master when it loads this module, before it forks them). Woken by connections waiting,
a worker reads how many wait (the listening socket's queue, Linux's ``TCP_INFO``) and takes its
share: the connections all workers hold and those waiting, divided by the workers, less what it
holds already. All of that share in one go: a worker's loop comes round to accepting only between
requests, so one connection a round would leave the last of fifty waiting for a second.

A worker whose share is nothing leaves the connections waiting for ``DEFER_SECONDS``, for a less
loaded one to take, and then takes one itself if they still wait: a busy worker, or the stale row
of a worker killed without clearing it, delays a connection by about that, and never stops one from
being accepted. Where the queue cannot be read (a Unix socket, another system), asyncio's own way.
"""

from __future__ import annotations

import asyncio
import ctypes
import math
import multiprocessing
import os
import socket
import struct
from asyncio import constants
from collections.abc import Callable, Iterable
from typing import Any

ROWS = 64  # more than any machine's workers; a worker beyond them is not balanced, only counted out
DEFER_SECONDS = 0.005  # about one builder request; a connection then lives for many
_TCP_LISTEN = 10  # Linux's state of a listening socket, the first byte of its TCP_INFO


def waiting_connections(sock: socket.socket) -> int | None:
    """How many connections wait in a listening TCP socket's queue: on Linux, ``TCP_INFO``'s
    ``tcpi_unacked`` of a listening socket (``ss`` shows it as Recv-Q). None where it cannot be read."""
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    except (OSError, AttributeError):  # a Unix socket; a system without TCP_INFO
        return None
    if len(info) < 28 or info[0] != _TCP_LISTEN:
        return None
    waiting: int = struct.unpack_from("I", info, 24)[0]
    return waiting


def share_to_take(held: int, others: list[int], waiting: int) -> int:
    """How many of the ``waiting`` connections a worker holding ``held`` takes, the other workers
    holding ``others``: its share of them all, less what it holds, within what waits."""
    share = math.ceil((held + sum(others) + waiting) / (len(others) + 1))
    return max(0, min(waiting, share - held))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process took the number: not ours, gone
        return False
    return True


class WorkerLoads:
    """Each worker's open connections: a row per worker (its pid, its count) in shared memory. Made
    before the workers are forked, so that all of them share it; a row is claimed under the lock, and
    each worker writes only its own count."""

    def __init__(self, rows: int = ROWS) -> None:
        self._pids = multiprocessing.RawArray(ctypes.c_int, rows)
        self._counts = multiprocessing.RawArray(ctypes.c_int, rows)
        self._lock = multiprocessing.Lock()

    def claim(self, pid: int) -> int | None:
        """A free row for worker ``pid`` (or the row of a worker that is gone), its count 0; None when
        every row is taken."""
        with self._lock:
            for row, owner in enumerate(self._pids):
                if owner == 0 or owner == pid or not _alive(owner):
                    self._pids[row] = pid
                    self._counts[row] = 0
                    return row
        return None

    def release(self, row: int, pid: int) -> None:
        with self._lock:
            if self._pids[row] == pid:
                self._pids[row] = 0
                self._counts[row] = 0

    def publish(self, row: int, count: int) -> None:
        self._counts[row] = count

    def others(self, row: int) -> list[int]:
        """The connections each other worker holds."""
        pids, counts = self._pids[:], self._counts[:]
        return [counts[other] for other, pid in enumerate(pids) if pid and other != row]


LOADS = WorkerLoads()  # made in gunicorn's master, which imports the worker class before forking


class CountedConnections(set[Any]):
    """uvicorn's set of a worker's open connections, telling its ``Balance`` of each change."""

    def __init__(self, changed: Callable[[], None], items: Iterable[Any] = ()) -> None:
        super().__init__(items)
        self._changed = changed

    def add(self, item: Any) -> None:
        super().add(item)
        self._changed()

    def discard(self, item: Any) -> None:
        super().discard(item)
        self._changed()

    def remove(self, item: Any) -> None:
        super().remove(item)
        self._changed()


class Balance:
    """One worker's side: its row in ``loads``, its open connections and those it has accepted whose
    protocol is not yet made."""

    def __init__(self, loads: WorkerLoads, pid: int) -> None:
        self.loads, self.pid = loads, pid
        self.row = loads.claim(pid)
        self.connections: set[Any] = CountedConnections(self.publish)
        self.in_flight = 0

    def count(self) -> int:
        return len(self.connections) + self.in_flight

    def publish(self) -> None:
        if self.row is not None:
            self.loads.publish(self.row, self.count())

    def to_take(self, waiting: int) -> int:
        """How many of the ``waiting`` connections this worker takes now (``share_to_take``)."""
        if self.row is None:
            return waiting
        return share_to_take(self.count(), self.loads.others(self.row), waiting)

    def release(self) -> None:
        if self.row is not None:
            self.loads.release(self.row, self.pid)
            self.row = None


class BalancedAcceptLoop(asyncio.SelectorEventLoop):
    """asyncio's loop, its servers taking their share of the connections waiting (``balance``, set by
    the worker once its server is made; without it, asyncio's own accepting)."""

    balance: Balance | None = None

    def _accept_connection(  # asyncio's private method, same arguments
        self,
        protocol_factory: Callable[[], asyncio.BaseProtocol],
        sock: socket.socket,
        sslcontext: Any = None,
        server: Any = None,
        backlog: int = 100,
        ssl_handshake_timeout: float = constants.SSL_HANDSHAKE_TIMEOUT,
        ssl_shutdown_timeout: float = constants.SSL_SHUTDOWN_TIMEOUT,
    ) -> None:
        arguments = (protocol_factory, sock, sslcontext, server, backlog, ssl_handshake_timeout, ssl_shutdown_timeout)
        balance = self.balance
        waiting = waiting_connections(sock) if balance is not None else None
        if balance is None or waiting is None:
            super()._accept_connection(*arguments)  # type: ignore[misc]
            return
        if waiting == 0:
            return  # another worker took them
        take = balance.to_take(waiting)
        if take == 0:
            self._remove_reader(sock.fileno())  # type: ignore[attr-defined]
            self.call_later(DEFER_SECONDS, self._accept_after_waiting, arguments)
            return
        for _ in range(take):
            if not self._accept_one(balance, arguments):
                return

    def _accept_after_waiting(self, arguments: tuple[Any, ...]) -> None:
        sock, server = arguments[1], arguments[3]
        if sock.fileno() < 0 or (server is not None and not server.is_serving()):
            return  # the server closed meanwhile
        self._add_reader(sock.fileno(), self._accept_connection, *arguments)  # type: ignore[attr-defined]
        if self.balance is not None:
            self._accept_one(self.balance, arguments)  # no other worker took it: this one does

    def _accept_one(self, balance: Balance, arguments: tuple[Any, ...]) -> bool:
        """Accepts one connection; False when none waited (another worker took it) or accepting
        failed (asyncio's own handling then takes over)."""
        protocol_factory, sock, sslcontext, server, _backlog, handshake_timeout, shutdown_timeout = arguments
        try:
            conn, address = sock.accept()
            conn.setblocking(False)
        except (BlockingIOError, InterruptedError, ConnectionAbortedError):
            return False
        except OSError:
            # out of descriptors or memory: asyncio's own handling (it pauses accepting a while)
            super()._accept_connection(*arguments)  # type: ignore[misc]
            return False
        balance.in_flight += 1
        balance.publish()
        self.create_task(
            self._made(
                balance,
                protocol_factory,
                conn,
                {"peername": address},
                sslcontext,
                server,
                handshake_timeout,
                shutdown_timeout,
            )
        )
        return True

    async def _made(self, balance: Balance, *arguments: Any) -> None:
        try:
            await self._accept_connection2(*arguments)  # type: ignore[attr-defined]
        finally:
            balance.in_flight -= 1
            balance.publish()
