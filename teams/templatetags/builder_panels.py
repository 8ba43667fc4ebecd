"""The builder's panels written in Python (``teams.builder_panels``), for the templates.

{% status_badge team %} a team's "Ready" or "Draft" badge
{% status_panel %}   the status card of the edit page (``team``, ``report``, ``edit``, ``oob``)
{% points_panel %}   the points card (``report``, ``oob``)
{% problems_panel %} the rules card (``report``, ``oob``)
{% announcement %}   a live check's outcome for the live region (``report``)
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from teams import builder_panels
from teams.models import Team

register = template.Library()


@register.simple_tag
def status_badge(team: Team) -> SafeString:
    return builder_panels.status_badge(team)


@register.simple_tag(takes_context=True)
def status_panel(context: dict[str, Any]) -> SafeString:
    return builder_panels.status_panel(
        context["request"], context["team"], context["report"], context.get("edit"), oob=bool(context.get("oob"))
    )


@register.simple_tag(takes_context=True)
def points_panel(context: dict[str, Any]) -> SafeString:
    return builder_panels.points_panel(context["report"], oob=bool(context.get("oob")))


@register.simple_tag(takes_context=True)
def problems_panel(context: dict[str, Any]) -> SafeString:
    return builder_panels.problems_panel(context["report"], oob=bool(context.get("oob")))


@register.simple_tag(takes_context=True)
def announcement(context: dict[str, Any]) -> SafeString:
    return builder_panels.announcement(context["report"])
