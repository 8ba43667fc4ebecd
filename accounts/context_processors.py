"""What every page's header needs: how many things wait on the reader ("Waiting on you"), read only
when the header shows it, and once per page (two queries; accounts.inbox)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.http import HttpRequest

from .inbox import inbox_counts


def inbox(request: HttpRequest) -> dict[str, Callable[[], int]]:
    @cache
    def count() -> int:
        user = getattr(request, "user", None)
        return inbox_counts(user).total if user is not None else 0

    return {"inbox_count": count}
