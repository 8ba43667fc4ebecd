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
