"""gunicorn's settings for Viadal; gunicorn reads this file from the folder it starts in.

    DJANGO_SETTINGS_MODULE=viadal_site.settings.prod gunicorn viadal_site.wsgi

Everything else comes from gunicorn's own defaults and environment (``GUNICORN_CMD_ARGS``, ``PORT``,
``WEB_CONCURRENCY`` for the number of workers).
"""

import gunicorn.http.wsgi

# gunicorn writes "Server: gunicorn" on every response and has no setting for it; the header tells an
# attacker which server (and so which advisories) to try. The well-known way is to change what gunicorn
# writes from its config file; here the header is left out altogether (tests/site/test_production.py
# checks it through a real gunicorn).
_default_headers = gunicorn.http.wsgi.Response.default_headers


def _default_headers_without_server(self):  # type: ignore[no-untyped-def]
    return [line for line in _default_headers(self) if not line.lower().startswith("server:")]


gunicorn.http.wsgi.Response.default_headers = _default_headers_without_server


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    """Once a worker has loaded the site: what it loaded is kept out of the garbage collector's sight,
    and the youngest generation is collected every 7,000 allocations rather than 700.

    The modules, settings, URLs and templates a worker loads live as long as it does; scanned in each
    full collection, they made those collections the slowest moments of a request (the tail of the
    latencies), and a request's thousands of short-lived objects ran the young collection several times
    a request. ``gc.freeze`` is the standard library's way for the first, a larger threshold for the
    second; garbage is still collected (docs/decisions.md, "Builder speed", fifth round)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])


YOUNG_THRESHOLD = 7_000
