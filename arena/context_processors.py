"""What every page's header needs from hosted play: the "your move" count, read only when the
header shows it (one indexed query; docs/hosting.md)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

from .selectors import your_move_count


def hosted_play(request: HttpRequest) -> dict[str, Callable[[], int]]:
    def count() -> int:
        user = getattr(request, "user", None)
        return your_move_count(user) if user is not None else 0

    return {"your_move_count": count}
