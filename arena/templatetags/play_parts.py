"""The play screen's parts written in Python (:mod:`arena.screen.parts_html`), for ``arena/match.html``."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from arena.screen import parts_html

register = template.Library()


@register.simple_tag(takes_context=True)
def status_part(context: Any) -> SafeString:
    """``{% partialdef status %}``'s HTML: the page's, with the context's ``oob``, ``fp`` and CSRF token."""
    return parts_html.status_part(
        context["page"], oob=bool(context.get("oob")), fp=context.get("fp", ""), csrf_token=context.get("csrf_token")
    )


@register.simple_tag(takes_context=True)
def board_part(context: Any) -> SafeString:
    """``{% partialdef board-layer %}``'s HTML: the page's (a seat's, or a replay's step), with the
    context's ``oob`` and ``fp``."""
    return parts_html.board_part(context["page"], oob=bool(context.get("oob")), fp=context.get("fp", ""))


@register.simple_tag(takes_context=True)
def choices_part(context: Any) -> SafeString:
    """``{% partialdef choices %}``'s HTML: the page's, with the context's ``oob``, ``fp`` and CSRF token."""
    return parts_html.choices_part(
        context["page"], oob=bool(context.get("oob")), fp=context.get("fp", ""), csrf_token=context.get("csrf_token")
    )


@register.simple_tag(takes_context=True)
def sides_part(context: Any) -> SafeString:
    """``{% partialdef sides %}``'s HTML: the page's, with the context's ``oob`` and ``fp``."""
    return parts_html.sides_part(context["page"], oob=bool(context.get("oob")), fp=context.get("fp", ""))


@register.simple_tag(takes_context=True)
def log_part(context: Any) -> SafeString:
    """``{% partialdef log %}``'s HTML: the page's, with the context's ``oob`` and ``fp``."""
    return parts_html.log_part(context["page"], oob=bool(context.get("oob")), fp=context.get("fp", ""))


@register.simple_tag(takes_context=True)
def poller_part(context: Any) -> SafeString:
    """``{% partialdef poller %}``'s HTML: the page's, with the context's ``oob``, ``fp`` and polling."""
    return parts_html.poller_part(
        context["page"],
        oob=bool(context.get("oob")),
        fp=context.get("fp", ""),
        push=bool(context.get("push")),
        poll_ms=context.get("poll_ms", ""),
        safety_ms=context.get("push_safety_ms", ""),
    )
