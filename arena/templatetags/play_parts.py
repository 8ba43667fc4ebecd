"""The play screen's parts written in Python (:mod:`arena.screen.parts_html`), for ``arena/match.html``."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from arena.screen import parts_html

register = template.Library()


def _placed(context: Any) -> dict[str, Any]:
    """The page a part is written for, and whether it is swapped in by id (``oob``) with its fingerprint."""
    return {"page": context["page"], "oob": bool(context.get("oob")), "fp": context.get("fp", "")}


@register.simple_tag(takes_context=True)
def status_part(context: Any) -> SafeString:
    """``{% partialdef status %}``'s HTML, with the context's CSRF token."""
    return parts_html.status_part(**_placed(context), csrf_token=context.get("csrf_token"))


@register.simple_tag(takes_context=True)
def board_part(context: Any) -> SafeString:
    """``{% partialdef board-layer %}``'s HTML (a seat's page, or a replay's step)."""
    return parts_html.board_part(**_placed(context))


@register.simple_tag(takes_context=True)
def choices_part(context: Any) -> SafeString:
    """``{% partialdef choices %}``'s HTML, with the context's CSRF token."""
    return parts_html.choices_part(**_placed(context), csrf_token=context.get("csrf_token"))


@register.simple_tag(takes_context=True)
def sides_part(context: Any) -> SafeString:
    """``{% partialdef sides %}``'s HTML."""
    return parts_html.sides_part(**_placed(context))


@register.simple_tag(takes_context=True)
def log_part(context: Any) -> SafeString:
    """``{% partialdef log %}``'s HTML."""
    return parts_html.log_part(**_placed(context))


@register.simple_tag(takes_context=True)
def poller_part(context: Any) -> SafeString:
    """``{% partialdef poller %}``'s HTML, with the context's polling."""
    return parts_html.poller_part(
        **_placed(context),
        push=bool(context.get("push")),
        poll_ms=context.get("poll_ms", ""),
        safety_ms=context.get("push_safety_ms", ""),
    )
