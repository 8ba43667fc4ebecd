"""The login throttle's backend as the test settings use it (viadal_site/settings/test.py).

Django's test client logs in with ``client.login(username=…, password=…)``, which authenticates without a
request; django-axes refuses that outright (it needs the request's address to throttle). Under the test
settings only, a login without a request is passed on to ModelBackend unthrottled; every login through a
page (the test client's posts, the browser tests) has a request and is throttled as in production.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class TestClientAxesBackend(AxesStandaloneBackend):
    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
