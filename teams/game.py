"""Shuluri Viadal as the games registry knows it (registered by ``TeamsConfig.ready``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.registry import Feature, GameInfo, GameWords, OwnedThing


def owned_teams(owner: User) -> Sequence[OwnedThing]:
    """The owner's teams for the game-neutral pages: two queries whatever their number."""
    from .selectors import team_list_for  # the selectors read the models: imported once apps are ready

    return [
        OwnedThing(
            name=team.name,
            url=reverse("teams:detail", args=[team.pk]),
            ready=team.is_ready,
            status=str(team.get_status_display()),
            points=f"{costs.total} / {costs.budget}",
            updated=team.updated,
        )
        for team, costs in team_list_for(owner)
    ]


VIADAL = GameInfo(
    id="viadal",
    names={"hu": "Shuluri Viadal", "en": "Shuluri Viadal"},
    words=GameWords(
        team=_("Team"),
        teams=_("Teams"),
        your_teams=_("Your teams"),
        new_team=_("New team"),
        none_yet=_("No teams yet. Start from the base team, then change what you like."),
        summary=_(
            "Build your gladiator teams, print their character sheets and run leagues and campaigns of the "
            "Hungarian arena board game."
        ),
    ),
    features=frozenset({Feature.BUILDER, Feature.SHEETS, Feature.LEAGUES, Feature.CAMPAIGNS, Feature.HOSTING}),
    list_url="teams:list",
    create_url="teams:create",
    reference_url="reference:index",
    owned=owned_teams,
)
