"""Links into the rules reference from templates.

{% load reference %}
<a href="{% entry_url 'skills' skill_id %}">…</a>
{% entry_link 'weapons' line.id line.name %}     the name as a link (plain text for an unknown id)
"""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from reference import links

register = template.Library()


@register.simple_tag
def entry_url(kind: str, entry_id: str | int) -> str:
    return links.entry_url(kind, entry_id)


@register.simple_tag
def entry_link(kind: str, entry_id: str | int | None, text: str) -> SafeString:
    return links.entry_link(kind, entry_id, text)


@register.simple_tag
def rule_code(code: str) -> SafeString:
    return links.rule_code_html(code)
