"""Whether a page offers the match's push stream (issue 35; docs/scale-out.md, "Push")."""

from __future__ import annotations

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest


def push_offered(request: HttpRequest) -> bool:
    """Whether a page built for this request tells the browser to open the stream: ``on``, or ``auto``
    where the request came through ASGI and Redis carries the notices between processes (without it a
    process hears only its own commits, not the other workers' nor the computer's worker's)."""
    mode = settings.VIADAL_PUSH
    return mode == "on" or (
        mode == "auto" and isinstance(request, ASGIRequest) and bool(settings.VIADAL_PUSH_REDIS_URL)
    )
