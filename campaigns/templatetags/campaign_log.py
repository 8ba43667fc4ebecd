"""The league log in the reader's language: ``{% load campaign_log %}{{ event|event_text }}``."""

from __future__ import annotations

from django import template

from campaigns import log_text
from campaigns.models import CampaignEvent

register = template.Library()


@register.filter
def event_text(event: CampaignEvent) -> str:
    """A log line (a roll: its purpose) in the reader's language; see :mod:`campaigns.log_text`."""
    return log_text.event_text(event)
