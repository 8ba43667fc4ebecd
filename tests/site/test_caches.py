"""The caches of base.py: local memory and a folder without Redis, Django's RedisCache (with one pool of
connections per process, common/redis_cache.py) with REDIS_URL."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = "redis://127.0.0.1:6379/0"
# The server to talk to: make test-postgres exports the one it found or started.
LIVE_REDIS_URL = os.environ.get("REDIS_URL") or REDIS_URL


def base_caches(**env: str) -> dict[str, dict[str, object]]:
    environment = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CACHE_DIR"}}
    environment.update(DJANGO_SETTINGS_MODULE="viadal_site.settings.base", **env)
    script = (
        "import json; from django.conf import settings;"
        "print(json.dumps({alias: {k: str(v) for k, v in cache.items() if k != 'OPTIONS'} "
        "for alias, cache in settings.CACHES.items()}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def test_without_redis_the_default_cache_is_local_memory_and_the_sheets_a_folder(tmp_path):
    caches = base_caches(CACHE_DIR=str(tmp_path))
    assert caches["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert caches["sheets"]["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert caches["sheets"]["LOCATION"] == str(tmp_path / "sheets")


def test_with_redis_url_both_caches_are_djangos_redis_cache():
    caches = base_caches(REDIS_URL=REDIS_URL)
    for alias in ("default", "sheets"):
        assert caches[alias]["BACKEND"] == "common.redis_cache.SharedPoolRedisCache"
        assert caches[alias]["LOCATION"] == REDIS_URL
    assert caches["sheets"]["KEY_PREFIX"] == "sheets"


def redis_is_running() -> bool:
    from urllib.parse import urlsplit

    address = urlsplit(LIVE_REDIS_URL)
    try:
        socket.create_connection((address.hostname or "127.0.0.1", address.port or 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not redis_is_running(), reason="no Redis answers (make test-postgres starts one)")
def test_the_redis_cache_keeps_a_pdf_sized_value():
    from common.redis_cache import SharedPoolRedisCache

    cache = SharedPoolRedisCache(LIVE_REDIS_URL, {"KEY_PREFIX": f"viadal-test-{uuid.uuid4()}"})
    value = os.urandom(200_000)
    cache.set("sheet-pdf", value, timeout=30)
    try:
        assert cache.get("sheet-pdf") == value
    finally:
        cache.delete("sheet-pdf")


@pytest.mark.skipif(not redis_is_running(), reason="no Redis answers (make test-postgres starts one)")
def test_every_request_context_shares_one_connection_to_redis():
    """Under ASGI Django makes a cache object per request's context (asgiref's Local); each used to
    open its own connection. Now they share the process's pool: three contexts, one connection."""
    import contextvars

    from django.core.cache import caches
    from django.test import override_settings

    prefix = f"viadal-test-{uuid.uuid4()}"
    location = {"BACKEND": "common.redis_cache.SharedPoolRedisCache", "LOCATION": LIVE_REDIS_URL, "KEY_PREFIX": prefix}
    made = []

    def one_request() -> None:
        cache = caches["default"]
        made.append(cache)
        cache.set("count", len(made), timeout=30)
        assert cache.get("count") == len(made)

    with override_settings(CACHES={"default": location}):
        for _ in range(3):
            contextvars.Context().run(one_request)
        try:
            assert len({id(cache) for cache in made}) == 3  # Django's own: an object per context
            pools = {id(cache._cache._get_connection_pool(False)) for cache in made}
            assert len(pools) == 1
            (cache, *_) = made
            pool = cache._cache._get_connection_pool(False)
            assert len(pool._available_connections) + len(pool._in_use_connections) == 1
        finally:
            made[0].delete("count")
