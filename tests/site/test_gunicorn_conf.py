"""gunicorn.conf.py's worker hook: once a worker has loaded the site, what it loaded is frozen out of
the garbage collector's scans and young collections run less often (docs/decisions.md, "Builder
speed", fifth round)."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path

CONF = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"
DEFAULT = (700, 10, 10)  # CPython's thresholds at start-up


def test_a_worker_freezes_what_it_loaded_and_collects_young_objects_less_often():
    conf = runpy.run_path(str(CONF))
    threshold = gc.get_threshold()
    gc.set_threshold(*DEFAULT)  # a worker starts with Python's own; another test in this process may have changed it
    try:
        conf["post_worker_init"](None)
        assert gc.get_freeze_count() > 1000  # the modules, settings and URLs loaded so far
        assert gc.get_threshold() == (conf["YOUNG_THRESHOLD"], *DEFAULT[1:])
        assert conf["YOUNG_THRESHOLD"] > DEFAULT[0]
        garbage = []
        garbage.append(garbage)  # a cycle: still collected
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_the_asgi_worker_runs_the_compiled_parser_on_asyncios_loop():
    """``make serve``'s worker (viadal_site/workers.py) runs uvicorn's compiled httptools parser, which
    the project installs (pyproject.toml), on asyncio's own event loop, which serves the connections
    waiting with a request in turn (uvloop did not: bench/loop_fairness.py), with only its accepting
    changed (viadal_site/balanced_accept.py)."""
    import asyncio

    import uvicorn
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    from viadal_site.balanced_accept import BalancedAcceptLoop
    from viadal_site.workers import AsgiWorker

    config = uvicorn.Config(lambda *_args: None, **AsgiWorker.CONFIG_KWARGS)
    config.load()
    assert config.http_protocol_class is HttpToolsProtocol
    factory = config.get_loop_factory()
    assert factory is not None
    loop = factory()
    try:
        assert type(loop) is BalancedAcceptLoop
        assert type(loop).__mro__[1] is asyncio.SelectorEventLoop
    finally:
        loop.close()
