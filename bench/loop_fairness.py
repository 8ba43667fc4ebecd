"""Whether an event loop serves in turn the connections waiting with a request, as the site's ASGI
worker needs (viadal_site/workers.py; docs/scale-out.md, round 11). Not a test.

The site's handler runs each request on the event loop's own thread, the loop waiting meanwhile
(common/blocking.py), so the order in which the loop takes up the waiting connections is the order
their requests are served in. This runs uvicorn with the worker's HTTP protocol on each loop asked for
(``asyncio``, the worker's, and ``uvloop`` when installed) in a process of its own, serving a bare ASGI
application that blocks its loop for ``--busy-ms`` per request as a page does; one client process
keeps ``--connections`` connections each sending its next request as soon as it has its answer. It
prints, per loop, the most requests of other connections served between two of one connection's (a
loop that serves in turn serves each of the others once: ``connections − 1``) and the requests'
p50 / p99 / worst latency.

    .venv/bin/python bench/loop_fairness.py
    .venv/bin/pip install uvloop && .venv/bin/python bench/loop_fairness.py --loops asyncio,uvloop
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.web_bench import free_port, wait_for  # noqa: E402

SERVER = """
import sys, time
import uvicorn

served = []
busy = float(sys.argv[3]) / 1000

async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    await receive()
    started = time.perf_counter()
    while time.perf_counter() - started < busy:  # the loop blocked, as the site's handler blocks it
        pass
    served.append(scope["client"][1])
    body = ",".join(map(str, served)).encode() if scope["path"] == "/order" else b"ok"
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), loop=sys.argv[2], http=sys.argv[4],
            log_level="warning", access_log=False, lifespan="off")
"""


async def _client(port: int, requests: int, latencies: list[float]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for _ in range(requests):
            started = time.perf_counter()
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            await reader.readuntil(b"\r\n\r\n")
            await reader.readexactly(2)  # "ok"
            latencies.append(time.perf_counter() - started)
    finally:
        writer.close()


async def _order(port: int) -> list[str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /order HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    text = (await reader.read()).decode()
    writer.close()
    return text.split("\r\n\r\n", 1)[1].split(",")


async def _load(port: int, connections: int, requests: int) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    await asyncio.gather(*(_client(port, requests, latencies) for _ in range(connections)))
    return latencies, await _order(port)


def measure(loop: str, http: str, connections: int, requests: int, busy_ms: float) -> dict[str, float]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port), loop, str(busy_ms), http], cwd=ROOT)
    try:
        wait_for(server, port)
        latencies, order = asyncio.run(_load(port, connections, requests))
    finally:
        server.terminate()
        server.wait(timeout=30)
    last: dict[str, int] = {}
    between = []
    for index, who in enumerate(order[:-1]):  # the last is the order's own request
        if who in last:
            between.append(index - last[who] - 1)
        last[who] = index
    latencies.sort()
    return {
        "most served between": max(between),
        "p50 ms": statistics.median(latencies) * 1000,
        "p99 ms": latencies[int(len(latencies) * 0.99)] * 1000,
        "worst ms": latencies[-1] * 1000,
    }


def main() -> None:
    from viadal_site.workers import AsgiWorker

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loops", default="asyncio,uvloop", help="the loops to compare (those installed)")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--requests", type=int, default=40, help="requests per connection")
    parser.add_argument("--busy-ms", type=float, default=2.0, help="the loop blocked per request")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    http = str(AsgiWorker.CONFIG_KWARGS.get("http", "auto"))
    print(f"the worker's loop: {AsgiWorker.CONFIG_KWARGS.get('loop')}; HTTP protocol {http}")
    print(f"{args.connections} connections × {args.requests} requests, the loop blocked {args.busy_ms} ms a request")
    for loop in [name.strip() for name in args.loops.split(",") if name.strip()]:
        if loop != "asyncio" and importlib.util.find_spec(loop) is None:
            print(f"{loop:<8} not installed")
            continue
        for _ in range(args.rounds):
            figures = measure(loop, http, args.connections, args.requests, args.busy_ms)
            print(
                f"{loop:<8} most served between two of one connection {figures['most served between']:>3.0f} "
                f"(in turn: {args.connections - 1}); latency p50 / p99 / worst "
                f"{figures['p50 ms']:.0f} / {figures['p99 ms']:.0f} / {figures['worst ms']:.0f} ms",
                flush=True,
            )


if __name__ == "__main__":
    main()
