"""What the league views share: the htmx request type and how a refused action is told."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from arena.engine.campaign.errors import CampaignRuleError

from ..errors import LeagueError
from ..models import Entry, Fixture, League

REFUSALS = (CampaignRuleError, LeagueError)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def tell_refusal(request: HttpRequest, error: Exception) -> None:
    messages.error(request, str(error))


def get_league(pk: int) -> League:
    return get_object_or_404(League.objects.select_related("organiser"), pk=pk)


def get_fixture(pk: int) -> Fixture:
    return get_object_or_404(Fixture.objects.select_related("league__organiser", "home__player", "away__player",
                                                            "result"), pk=pk)


def get_entry(pk: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("league__organiser", "player"), pk=pk)
