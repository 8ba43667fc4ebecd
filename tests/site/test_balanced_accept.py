"""The ASGI workers share new connections by load (viadal_site/balanced_accept.py): the share each
takes, the queue it reads, the table the workers share, and a real loop accepting from a real socket."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from viadal_site import balanced_accept
from viadal_site.balanced_accept import (
    Balance,
    BalancedAcceptLoop,
    WorkerLoads,
    share_to_take,
    waiting_connections,
)


@pytest.mark.parametrize(
    ("held", "others", "waiting", "taken"),
    [
        (0, [0], 50, 25),  # two idle workers, fifty connections at once: half each
        (0, [25], 25, 25),  # the other took its half first: this one takes the rest
        (25, [0], 10, 0),  # it holds more than its share already: it leaves them to the other
        (10, [12], 3, 3),  # 25 in all, 13 each at most: all three
        (20, [20], 1, 1),  # a tie: the first to wake takes it
        (0, [], 7, 7),  # the only worker takes them all
        (3, [0, 0, 0], 5, 0),  # four workers, eight connections: it already holds more than two
    ],
)
def test_a_worker_takes_its_share_of_all_the_connections_less_what_it_holds(held, others, waiting, taken):
    assert share_to_take(held, others, waiting) == taken


@pytest.fixture
def listening() -> Iterator[socket.socket]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    try:
        yield sock
    finally:
        sock.close()


def connect(sock: socket.socket, count: int) -> list[socket.socket]:
    return [socket.create_connection(sock.getsockname()) for _ in range(count)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the queue is read through Linux's TCP_INFO")
def test_the_waiting_connections_are_read_off_the_listening_sockets_queue(listening):
    clients = connect(listening, 3)
    try:
        assert waiting_connections(listening) == 3
        listening.accept()[0].close()
        assert waiting_connections(listening) == 2
    finally:
        for client in clients:
            client.close()


def test_a_socket_whose_queue_cannot_be_read_gives_none(tmp_path):
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(tmp_path / "socket"))
    unix.listen(8)
    try:
        assert waiting_connections(unix) is None
    finally:
        unix.close()


def test_each_worker_claims_a_row_and_sees_the_others_counts():
    loads = WorkerLoads(rows=4)
    first, second = loads.claim(os.getpid()), loads.claim(os.getppid())
    assert (first, second) == (0, 1)
    loads.publish(first, 7)
    loads.publish(second, 3)
    assert loads.others(first) == [3]
    assert loads.others(second) == [7]
    loads.release(second, os.getppid())
    assert loads.others(first) == []
    assert loads.claim(os.getppid()) == 1  # the freed row again


def test_the_row_of_a_worker_that_is_gone_is_claimed_again():
    loads = WorkerLoads(rows=1)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert loads.claim(gone.pid) == 0
    assert loads.claim(os.getpid()) == 0  # the only row, its worker gone (killed before releasing it)
    assert loads.claim(os.getppid()) is None  # the row of a live worker is his


def test_a_worker_beyond_the_tables_rows_takes_what_waits():
    loads = WorkerLoads(rows=1)
    loads.claim(os.getppid())
    balance = Balance(loads, os.getpid())
    assert balance.row is None
    assert balance.to_take(9) == 9


class _Accepted(asyncio.Protocol):
    def __init__(self, balance: Balance) -> None:
        self.balance = balance

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.balance.connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.balance.connections.discard(self)


def serve_for(listening: socket.socket, balance: Balance, seconds: float, until=None) -> None:
    """Runs a ``BalancedAcceptLoop`` serving ``listening`` for ``seconds`` (or until ``until()``)."""
    loop = BalancedAcceptLoop()
    loop.balance = balance

    async def run() -> None:
        # a duplicate: closing the server leaves the queue (the test's socket) open to read
        server = await loop.create_server(lambda: _Accepted(balance), sock=listening.dup())
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not (until and until()):
            await asyncio.sleep(0.002)
        server.close()
        for protocol in list(balance.connections):
            protocol.transport.close()
        await asyncio.sleep(0)

    try:
        loop.run_until_complete(run())
    finally:
        loop.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the queue is read through Linux's TCP_INFO")
def test_a_loop_takes_its_share_and_leaves_the_rest_for_the_less_loaded_worker(listening, monkeypatch):
    monkeypatch.setattr(balanced_accept, "DEFER_SECONDS", 60)  # the other worker never comes: keep waiting
    loads = WorkerLoads(rows=4)
    other = loads.claim(os.getppid())
    assert other is not None
    loads.publish(other, 0)
    balance = Balance(loads, os.getpid())
    clients = connect(listening, 10)
    held: list[int] = []

    def note_what_it_holds() -> bool:
        held.append(balance.count())
        return False

    try:
        serve_for(listening, balance, 0.5, until=note_what_it_holds)
        assert max(held) == 5  # its half of the ten, in one go
        assert waiting_connections(listening) == 5  # the other half still wait for the other worker
        assert loads.others(other) == [0]  # what it published: closed again at the end
    finally:
        for client in clients:
            client.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the queue is read through Linux's TCP_INFO")
def test_connections_the_other_workers_leave_waiting_are_taken_after_a_moment(listening, monkeypatch):
    """A busy (or vanished) less loaded worker delays a connection; it never strands it."""
    monkeypatch.setattr(balanced_accept, "DEFER_SECONDS", 0.01)
    loads = WorkerLoads(rows=4)
    loads.claim(os.getppid())  # holds nothing and never accepts
    balance = Balance(loads, os.getpid())
    clients = connect(listening, 6)
    try:
        serve_for(listening, balance, 5.0, until=lambda: balance.count() == 6)
        assert waiting_connections(listening) == 0
    finally:
        for client in clients:
            client.close()


def test_without_a_balance_the_loop_accepts_as_asyncio_does(listening):
    loop = BalancedAcceptLoop()
    accepted: list[asyncio.BaseTransport] = []

    class Protocol(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            accepted.append(transport)

    async def run() -> None:
        server = await loop.create_server(Protocol, sock=listening.dup())
        deadline = time.monotonic() + 2
        while len(accepted) < 4 and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
        server.close()
        for transport in accepted:
            transport.close()
        await asyncio.sleep(0)

    clients = connect(listening, 4)
    try:
        loop.run_until_complete(run())
    finally:
        loop.close()
        for client in clients:
            client.close()
    assert len(accepted) == 4
