"""Login throttling (django-axes) with a second, wider limit per address (issue 28).

django-axes counts failed logins per ``AXES_LOCKOUT_PARAMETERS`` and compares the largest count with
one ``AXES_FAILURE_LIMIT``: with ``[["username", "ip_address"]]`` one address could try a password
across any number of usernames, five each. :class:`AddressThrottleHandler` keeps that lockout (5 for
one username from one address) and adds one for the address alone: ``LOGIN_ADDRESS_FAILURE_LIMIT``
failures from one address, whatever the usernames, within the cool-off lock that address out for
everyone until the cool-off passes without another failure. Both counts are read from axes' own
``AccessAttempt`` rows (one per username and address), so any number of workers agree.
"""

from __future__ import annotations

import time
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import caches
from django.db.models import Sum
from django.http import HttpRequest

from common.client_ip import client_ip


def address_failures(request: HttpRequest) -> int:
    """Failed logins from the request's address within the cool-off, over every username."""
    address = getattr(request, "axes_ip_address", None) or client_ip(request)
    if not address:
        return 0
    if not hasattr(request, "axes_attempt_time"):
        request.axes_attempt_time = None  # type: ignore[attr-defined]
    attempts = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=get_cool_off_threshold(request))
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def address_locked(request: HttpRequest) -> bool:
    return address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT


class AddressThrottleHandler(AxesDatabaseHandler):
    """Axes' database handler, also locked when the address alone has failed too often."""

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        return bool(super().is_locked(request, credentials)) or address_locked(request)

    def user_login_failed(self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
        """Axes records the failure and flags a lockout by its own count; the address's count flags
        one too, so that the middleware answers with the lockout page (``AXES_LOCKOUT_CALLABLE``)."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is not None and not getattr(request, "axes_locked_out", False) and address_locked(request):
            request.axes_locked_out = True
            request.axes_credentials = credentials


def take_signup(request: HttpRequest) -> bool:
    """Count one sign-up post from the request's address in the current window (``SIGNUP_WINDOW``
    seconds); False past ``SIGNUP_LIMIT``. Kept in the cache every worker shares (``THROTTLE_CACHE``:
    Redis, or the file cache), so that probing usernames at sign-up is slow."""
    window = settings.SIGNUP_WINDOW
    bucket = int(time.time() // window)
    cache = caches[settings.THROTTLE_CACHE]
    key = f"signup-posts:{client_ip(request)}:{bucket}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)
        count = 1
    cache.touch(key, timeout=window)
    return count <= settings.SIGNUP_LIMIT
