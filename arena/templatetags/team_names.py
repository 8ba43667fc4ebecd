"""A stored team name in the reader's language where the app made the team (:mod:`arena.team_names`).

{% load team_names %}
{{ seat.team_name|team_label }}   Base team, seat 3 / Alapcsapat, 4. hely; a player's own name as written
"""

from __future__ import annotations

from django import template

from arena.team_names import team_label as _team_label

register = template.Library()


@register.filter
def team_label(stored: str) -> str:
    return _team_label(stored or "")
