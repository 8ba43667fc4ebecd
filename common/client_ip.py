"""The reader's address, for the login throttle (django-axes) and the PDF render limit.

``REMOTE_ADDR`` unless ``TRUSTED_PROXY_COUNT`` reverse proxies stand in front of the app: each appends
the address it saw to ``X-Forwarded-For``, so the reader's address is the one the outermost trusted
proxy appended, ``TRUSTED_PROXY_COUNT`` places from the right. Anything further left was written by the
client and is never trusted (it would let a client pick a fresh address for every attempt).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < proxies:
        return remote  # fewer proxies than configured: the request did not come through them all
    return forwarded[-proxies]
