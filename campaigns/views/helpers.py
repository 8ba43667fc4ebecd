"""What the league views share: the htmx request type and how a refused action is told (in the
reader's language: a rule's refusal carries both, the app's own is translated when raised)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from arena.engine.campaign.rule_error import CampaignRuleError
from common.i18n import problem_text
from games.league_protocol import LeagueRefusal

from ..league_errors import CampaignRosterError, LeagueError
from ..models import Entry, Fixture, League

REFUSALS = (CampaignRuleError, LeagueError, LeagueRefusal)


def refusal_text(error: Exception) -> str:
    """A refusal in the reader's language; a roster refusal with every problem after it."""
    if isinstance(error, CampaignRuleError):
        return problem_text(error)
    if isinstance(error, CampaignRosterError):
        return " ".join([str(error), *(f"{p.code}: {problem_text(p)}" for p in error.problems)])
    return str(error)


def tell_refusal(request: HttpRequest, error: Exception) -> None:
    messages.error(request, refusal_text(error))


def get_league(pk: int) -> League:
    return get_object_or_404(League.objects.select_related("organiser"), pk=pk)


def get_fixture(pk: int) -> Fixture:
    return get_object_or_404(
        Fixture.objects.select_related("league__organiser", "home__player", "away__player", "result"), pk=pk
    )


def get_entry(pk: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("league__organiser", "player"), pk=pk)
