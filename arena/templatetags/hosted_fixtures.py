"""``{% hosted_match fixture as match %}``: a league fixture's hosted match, for the fixture's page."""

from __future__ import annotations

from django import template

from arena.models import Match
from arena.services.league_fixtures import hosted_match_of

register = template.Library()


@register.simple_tag
def hosted_match(fixture: object) -> Match | None:
    return hosted_match_of(fixture)  # type: ignore[arg-type]
